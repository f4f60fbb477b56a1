"""Fixtures for tests that compare against the Java golden oracle (see java_golden.py)."""

import os

import pytest
from java_golden import JavaGolden, jar_is_built, missing_jar_message


@pytest.fixture(scope="session")
def java_golden():
    """One oracle JVM for the whole session. Skips when the jar is not built, except in CI, where `make test`
    builds it first and a missing jar is a failure."""
    if not jar_is_built():
        if os.environ.get("CI"):
            pytest.fail(missing_jar_message())
        pytest.skip(missing_jar_message())
    with JavaGolden() as golden:
        yield golden
