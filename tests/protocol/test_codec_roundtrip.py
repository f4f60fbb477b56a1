"""Round trips of every generated message at every version, with Hypothesis objects built from the schemas.

For each (schema, version): encode -> decode gives an equal object and consumes every byte; every truncation of
the encoding raises DecodeError; unknown tagged fields survive a round trip (flexible versions) and are refused
at rigid versions.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import case_id, known_tags, message_class, message_strategy, schema_cases

from kbroker.protocol.codegen import SCHEMA_ROOT
from kbroker.protocol.wire import DecodeError, EncodeError, Writer

CASES = schema_cases()
SETTINGS = settings(
    derandomize=True,
    max_examples=5,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
# Truncations checked per encoding: all of them for short encodings, an even spread for long ones.
MAX_TRUNCATIONS = 48


def truncation_points(length: int) -> list[int]:
    if length <= MAX_TRUNCATIONS:
        return list(range(length))
    step = length / MAX_TRUNCATIONS
    return sorted({int(i * step) for i in range(MAX_TRUNCATIONS)} | {length - 1})


def test_every_schema_version_is_covered():
    schema_files = sorted(SCHEMA_ROOT.glob("*/*.json"))
    assert len(schema_files) == 280
    removed_apis = {p.stem for p in schema_files if '"validVersions": "none"' in p.read_text()}
    covered = {spec.file_stem for spec, _ in CASES}
    assert covered == {p.stem for p in schema_files} - removed_apis
    assert len(CASES) > 700


@pytest.mark.parametrize("case", CASES, ids=case_id)
@SETTINGS
@given(data=st.data())
def test_round_trip(case, data):
    spec, version = case
    obj = data.draw(message_strategy(spec, version))
    encoded = obj.encode(version)
    decoded, end = type(obj).decode(memoryview(encoded), 0, version)
    assert end == len(encoded)
    assert decoded == obj
    # The decoded object encodes to the same bytes (records come back as memoryviews).
    assert decoded.encode(version) == encoded
    for cut in truncation_points(len(encoded)):
        with pytest.raises(DecodeError):
            type(obj).decode(memoryview(encoded[:cut]), 0, version)


@pytest.mark.parametrize("case", CASES, ids=case_id)
@SETTINGS
@given(data=st.data())
def test_unknown_tagged_fields(case, data):
    spec, version = case
    obj = data.draw(message_strategy(spec, version))
    free_tags = [t for t in range(8) if t not in known_tags(spec, spec.name, version)] + [300]
    tags = sorted(data.draw(st.sets(st.sampled_from(free_tags), min_size=1, max_size=3)))
    obj.unknown_tagged_fields = [(tag, data.draw(st.binary(max_size=5))) for tag in tags]
    if version not in spec.flexible:
        with pytest.raises(EncodeError):
            obj.encode(version)
        return
    encoded = obj.encode(version)
    decoded, end = type(obj).decode(encoded, 0, version)
    assert end == len(encoded)
    assert decoded.unknown_tagged_fields == obj.unknown_tagged_fields
    assert decoded == obj
    assert decoded.encode(version) == encoded


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_defaults_encode_and_chunks_match(case):
    spec, version = case
    cls = message_class(spec)
    obj = cls()
    writer = Writer()
    obj.encode_into(writer, version)
    assert b"".join(bytes(c) for c in writer.chunks()) == obj.encode(version)
    assert cls.decode(obj.encode(version), 0, version)[0] == obj
