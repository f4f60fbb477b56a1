"""Fixtures of the Spark tests (spark/tests/): every test that asks for `broker` runs once against kbroker and
once against Apache Kafka 4.3.1, chosen with the same `--broker=kbroker|kafka|both` option as the compatibility
tests (compat_tests/conftest.py).

- `broker`, `broker_factory(overrides)`, `topic`: the compatibility tests' own (compat_tests/broker_fixtures.py).
- `spark`: one SparkSession (local[2]) for the whole run, with the stock Kafka connector.
- `tmp_path` holds checkpoints and Parquet output.
"""

from __future__ import annotations

import pytest

from compat_tests.broker_fixtures import (  # noqa: F401  (fixtures and the parametrizing hook)
    broker,
    broker_factory,
    broker_kind,
    pytest_generate_tests,
    shared_broker,
    skip_or_fail,
    topic,
)
from spark.pipeline.connector import ConnectorUnavailable, connector_jars


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
