"""Options shared by every test directory: `--broker` picks which broker the compatibility and Spark tests run
against (kbroker, Apache Kafka 4.3.1, or both)."""

import pytest

from compat_tests.brokers import BROKER_NAMES


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--broker", choices=[*BROKER_NAMES, "both"], default="both",
                     help="which broker the compatibility and Spark tests run against (default: both)")
