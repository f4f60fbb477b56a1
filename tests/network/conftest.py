"""The network client's tests against real brokers use the compatibility tests' fixtures: each runs against a
kbroker subprocess and Apache Kafka 4.3.1 (`--broker=kbroker|kafka|both`)."""

from compat_tests.broker_fixtures import (  # noqa: F401  (fixtures and the parametrizing hook)
    broker,
    broker_factory,
    broker_kind,
    pytest_generate_tests,
    shared_broker,
    topic,
)
