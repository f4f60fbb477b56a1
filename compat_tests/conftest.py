"""Shared fixtures of the compatibility tests: every test that asks for a broker runs once against kbroker and
once against Apache Kafka 4.3.1 (`--broker=kbroker|kafka|both`, default both).

- `broker`, `broker_factory(overrides)`, `topic`: shared with the Spark tests (compat_tests/broker_fixtures.py).
- `fresh_broker`: a broker of its own for one test, for tests that kill -9 and restart it.
- `kafka_tools`: requires the Kafka jars for tests that run Kafka's Java tools against either broker.
- `apache_kafka`: a fresh Apache Kafka for one test (the harness smoke test).
- the `cluster` marker: tests that start a three-node cluster (compat_tests/test_cluster_faults.py);
  `-m "not cluster"` leaves them out.
"""

from __future__ import annotations

import pytest

from compat_tests.broker_fixtures import (  # noqa: F401  (fixtures and the parametrizing hook)
    broker,
    broker_factory,
    broker_kind,
    pytest_generate_tests,
    require_kafka_dist,
    selected_broker_names,
    shared_broker,
    topic,
)
from compat_tests.brokers import KAFKA
from compat_tests.kafka_dist import ApacheKafka

# Apache Kafka's restarted node waits for its previous registration to expire before it serves again; a short
# session (Kafka's own minimum heartbeat ratio kept) makes kill -9 tests quicker. kbroker ignores both.
FAST_REREGISTRATION = {"broker.session.timeout.ms": "3000", "broker.heartbeat.interval.ms": "500"}


@pytest.fixture
def fresh_broker(broker_factory):  # noqa: F811 (the fixture, requested by name)
    return broker_factory(FAST_REREGISTRATION)


@pytest.fixture
def kafka_tools() -> None:
    """Kafka's Java tools are needed (against either broker): skipped without `make java`, failed in CI."""
    require_kafka_dist()


@pytest.fixture
def apache_kafka(request: pytest.FixtureRequest):
    """A fresh single-node Apache Kafka for one test, with Kafka's defaults (not with --broker=kbroker)."""
    if KAFKA not in selected_broker_names(request.config):
        pytest.skip("Apache Kafka is not selected (--broker)")
    require_kafka_dist()
    with ApacheKafka() as kafka:
        yield kafka
