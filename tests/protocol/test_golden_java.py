"""Golden bytes: for every schema and version, our encoding equals what Kafka's own Java classes encode.

Hypothesis builds a few objects per (schema, version) (derandomized); each is encoded by us and, from its Kafka
JSON form (kafka_json.py), by Kafka 4.3.1's generated classes running in one JVM (tests/golden/java_golden.py,
built by `make java`). The bytes must be identical, our decoder must read Java's bytes back to an equal object,
and Java must decode our bytes to the same JSON. The jar missing fails the test under CI=true and skips it
otherwise.

Excluded content (none of it is a (schema, version) pair; every pair is compared):
- records fields are compared by bytes only: Kafka's JsonConverter writes records as an empty string, so the
  JSON that Java decodes is not compared for them.
- unknown tagged fields have no JSON form, so they are covered by the round-trip tests only.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from kafka_json import from_json, to_json
from strategies import case_id, message_strategy, schema_cases

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "golden"))
from java_golden import JavaGolden, jar_is_built, missing_jar_message  # noqa: E402

pytestmark = pytest.mark.java

CASES = schema_cases()
# Pairs compared in this process; the root conftest.py prints the count at the end of the session.
COVERED: set[tuple[str, str, int]] = set()


@pytest.fixture(scope="module")
def java():
    """One oracle JVM for all the golden tests of this module."""
    if not jar_is_built():
        if os.environ.get("CI") == "true":
            pytest.fail(missing_jar_message())
        pytest.skip(missing_jar_message())
    with JavaGolden() as golden:
        yield golden


def _without_records(spec, node, struct_name=None):
    """The JSON with records fields removed (Kafka's JsonConverter does not write their bytes)."""
    struct = spec.structs[struct_name or spec.name]
    out = dict(node)
    for f in struct.fields:
        key = f.name[0].lower() + f.name[1:]
        if key not in out or out[key] is None:
            continue
        if f.type == "records":
            del out[key]
        elif f.is_struct and f.is_array:
            out[key] = [_without_records(spec, item, f.type) for item in out[key]]
        elif f.is_struct:
            out[key] = _without_records(spec, out[key], f.type)
    return out


@pytest.mark.parametrize("case", CASES, ids=case_id)
@settings(
    derandomize=True,
    max_examples=4,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=st.data())
def test_same_bytes_as_kafka(java, case, data):
    spec, version = case
    obj = data.draw(message_strategy(spec, version))
    ours = obj.encode(version)
    json_obj = to_json(spec, obj, version)
    assert from_json(spec, json_obj, version) == obj
    theirs = java.encode(spec.schema_dir, spec.name, version, json_obj)
    assert ours.hex() == theirs.hex()
    decoded, end = type(obj).decode(memoryview(theirs), 0, version)
    assert end == len(theirs)
    assert decoded == obj
    assert _without_records(spec, java.decode(spec.schema_dir, spec.name, version, ours)) == _without_records(
        spec, json_obj
    )
    COVERED.add((spec.schema_dir, spec.name, version))
