"""Shared fixtures of the compatibility tests."""

import os

import pytest

from compat_tests.kafka_dist import ApacheKafka, kafka_dist_is_built, missing_dist_message


def require_kafka_dist() -> None:
    """Skips when `make java` has not assembled Apache Kafka; in CI (CI set), where `make test` builds it first,
    a missing distribution fails instead."""
    if not kafka_dist_is_built():
        if os.environ.get("CI"):
            pytest.fail(missing_dist_message())
        pytest.skip(missing_dist_message())


@pytest.fixture
def apache_kafka():
    """A fresh single-node Apache Kafka for one test, with Kafka's defaults."""
    require_kafka_dist()
    with ApacheKafka() as kafka:
        yield kafka
