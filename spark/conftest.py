"""Fixtures of the Spark tests (spark/tests/): every test that asks for `broker` runs once against kbroker and
once against Apache Kafka 4.3.1, chosen with the same `--broker=kbroker|kafka|both` option as the compatibility
tests (compat_tests/conftest.py).

- `broker`: the shared broker of the session for the current kind (Kafka's defaults); tests use unique topics.
- `broker_factory(overrides)`: a separate broker of the current kind, stopped after the test.
- `spark`: one SparkSession (local[2]) for the whole run, with the stock Kafka connector.
- `topic`: a topic name unique to the test; `tmp_path` holds checkpoints and Parquet output.
"""

from __future__ import annotations

import os
import re
import uuid

import pytest

from compat_tests.brokers import BROKER_NAMES, KAFKA, start_broker
from compat_tests.kafka_dist import kafka_dist_is_built, missing_dist_message
from spark.pipeline.connector import ConnectorUnavailable, connector_jars


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "broker_kind" in metafunc.fixturenames:
        choice = metafunc.config.getoption("--broker")
        names = list(BROKER_NAMES) if choice == "both" else [choice]
        # Session scope groups the tests by broker, so each shared broker starts once.
        metafunc.parametrize("broker_kind", names, indirect=True, scope="session")


def skip_or_fail(message: str) -> None:
    """In CI (CI set), where `make test` fetches every dependency first, a missing one fails; elsewhere it
    skips."""
    if os.environ.get("CI"):
        pytest.fail(message)
    pytest.skip(message)


@pytest.fixture(scope="session")
def broker_kind(request: pytest.FixtureRequest) -> str:
    if request.param == KAFKA and not kafka_dist_is_built():
        skip_or_fail(missing_dist_message())
    return request.param


@pytest.fixture(scope="session")
def shared_broker(broker_kind: str):
    broker = start_broker(broker_kind)
    try:
        yield broker
    finally:
        broker.close()


@pytest.fixture
def broker(shared_broker):
    yield shared_broker
    shared_broker.check_alive()


@pytest.fixture
def broker_factory(broker_kind: str):
    started = []

    def start(overrides: dict[str, object] | None = None):
        started.append(start_broker(broker_kind, overrides))
        return started[-1]

    try:
        yield start
    finally:
        for each in started:
            each.close()


@pytest.fixture(scope="session")
def spark():
    try:
        connector_jars()
    except ConnectorUnavailable as error:
        skip_or_fail(str(error))
    from spark.pipeline.session import create_session

    session = create_session("kbroker-spark-tests")
    try:
        yield session
    finally:
        session.stop()


@pytest.fixture
def topic(request: pytest.FixtureRequest) -> str:
    readable = re.sub(r"[^a-zA-Z0-9._-]+", "-", request.node.name).strip("-")[:80]
    return f"{readable}-{uuid.uuid4().hex[:8]}"
