"""The broker fixtures that the compatibility tests (compat_tests/) and the Spark tests (spark/tests/) share:
every test that asks for `broker` runs once per broker kind chosen with `--broker=kbroker|kafka|both`.

- `broker`: the shared broker of the session for the current kind, Kafka's defaults; it is checked to be
  still running after every test.
- `broker_factory(overrides)`: a separate broker of the current kind with config overrides, stopped after
  the test.
- `topic`: a topic name unique to the test.

Each conftest imports these names, so pytest sees them as its own fixtures and hooks.
"""

from __future__ import annotations

import os
import re
import uuid

import pytest

from compat_tests.brokers import BROKER_NAMES, KAFKA, start_broker
from compat_tests.kafka_dist import kafka_dist_is_built, missing_dist_message


def selected_broker_names(config: pytest.Config) -> list[str]:
    choice = config.getoption("--broker")
    return list(BROKER_NAMES) if choice == "both" else [choice]


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "broker_kind" in metafunc.fixturenames:
        # Session scope groups the tests by broker, so each shared broker starts once.
        metafunc.parametrize("broker_kind", selected_broker_names(metafunc.config), indirect=True,
                             scope="session")


def skip_or_fail(message: str) -> None:
    """A missing dependency fails in CI (CI set), where `make test` fetches every dependency first; elsewhere
    it skips."""
    if os.environ.get("CI"):
        pytest.fail(message)
    pytest.skip(message)


def require_kafka_dist() -> None:
    """Apache Kafka assembled by `make java` is needed."""
    if not kafka_dist_is_built():
        skip_or_fail(missing_dist_message())


@pytest.fixture(scope="session")
def broker_kind(request: pytest.FixtureRequest) -> str:
    if request.param == KAFKA:
        require_kafka_dist()
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
    """Starts brokers of the current kind with the given config overrides; all stop after the test."""
    started = []

    def start(overrides: dict[str, object] | None = None):
        started.append(start_broker(broker_kind, overrides))
        return started[-1]

    try:
        yield start
    finally:
        for each in started:
            each.close()


@pytest.fixture
def topic(request: pytest.FixtureRequest) -> str:
    """The test's name plus a random suffix, with no "." or "_" (Kafka warns about names that mix them)."""
    readable = re.sub(r"[^a-zA-Z0-9-]+", "-", request.node.name).strip("-")[:80]
    return f"{readable}-{uuid.uuid4().hex[:8]}"
