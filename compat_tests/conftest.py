"""Shared fixtures of the compatibility tests: every test that asks for a broker runs once against kbroker and
once against Apache Kafka 4.3.1 (`--broker=kbroker|kafka|both`, default both).

- `broker`: the shared broker of the session for the current kind, Kafka's defaults; tests use unique topics
  (`topic` fixture). It is checked to be still running after every test.
- `broker_factory(overrides)`: a separate broker of the current kind with config overrides (e.g.
  auto.create.topics.enable=false), stopped after the test.
- `fresh_broker`: a broker of its own for one test, for tests that kill -9 and restart it.
- `kafka_tools`: requires the Kafka jars for tests that run Kafka's Java tools against either broker.
- `apache_kafka`: a fresh Apache Kafka for one test (the harness smoke test).
"""

from __future__ import annotations

import os
import re
import uuid

import pytest

from compat_tests.brokers import BROKER_NAMES, KAFKA, start_broker
from compat_tests.kafka_dist import ApacheKafka, kafka_dist_is_built, missing_dist_message


def selected_broker_names(config: pytest.Config) -> list[str]:
    choice = config.getoption("--broker")
    return list(BROKER_NAMES) if choice == "both" else [choice]


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "broker_kind" in metafunc.fixturenames:
        # Session scope groups the tests by broker, so each shared broker starts once.
        metafunc.parametrize("broker_kind", selected_broker_names(metafunc.config), indirect=True,
                             scope="session")


def require_kafka_dist() -> None:
    """Skips when `make java` has not assembled Apache Kafka; in CI (CI set), where `make test` builds it first,
    a missing distribution fails instead."""
    if not kafka_dist_is_built():
        if os.environ.get("CI"):
            pytest.fail(missing_dist_message())
        pytest.skip(missing_dist_message())


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


# Apache Kafka's restarted node waits for its previous registration to expire before it serves again; a short
# session (Kafka's own minimum heartbeat ratio kept) makes kill -9 tests quicker. kbroker ignores both.
FAST_REREGISTRATION = {"broker.session.timeout.ms": "3000", "broker.heartbeat.interval.ms": "500"}


@pytest.fixture
def fresh_broker(broker_factory):
    return broker_factory(FAST_REREGISTRATION)


@pytest.fixture
def kafka_tools() -> None:
    """Kafka's Java tools are needed (against either broker): skipped without `make java`, failed in CI."""
    require_kafka_dist()


@pytest.fixture
def topic(request: pytest.FixtureRequest) -> str:
    """A topic name unique to this test run: the test's name plus a random suffix, with no "." or "_" (Kafka
    warns about names that mix them)."""
    readable = re.sub(r"[^a-zA-Z0-9-]+", "-", request.node.name).strip("-")[:80]
    return f"{readable}-{uuid.uuid4().hex[:8]}"


@pytest.fixture
def apache_kafka(request: pytest.FixtureRequest):
    """A fresh single-node Apache Kafka for one test, with Kafka's defaults (not with --broker=kbroker)."""
    if KAFKA not in selected_broker_names(request.config):
        pytest.skip("Apache Kafka is not selected (--broker)")
    require_kafka_dist()
    with ApacheKafka() as kafka:
        yield kafka
