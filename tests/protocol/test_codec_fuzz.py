"""Hostile input for every decoder: corrupted encodings either decode or raise DecodeError, nothing else.

For each (schema, version) a valid encoding is corrupted (bytes overwritten, inserted or cut) and decoded.
IndexError, struct.error, UnicodeDecodeError, MemoryError or any other exception escaping is a failure.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import case_id, message_strategy, schema_cases

from kbroker.protocol.wire import DecodeError

CASES = schema_cases()


@st.composite
def corrupted(draw, encoded: bytes) -> bytes:
    data = bytearray(encoded)
    for _ in range(draw(st.integers(1, 3))):
        action = draw(st.sampled_from(["overwrite", "insert", "cut"]))
        at = draw(st.integers(0, len(data)))
        if action == "overwrite" and at < len(data):
            data[at] = draw(st.sampled_from([0x00, 0x01, 0x7F, 0x80, 0xFF, draw(st.integers(0, 255))]))
        elif action == "insert":
            data[at:at] = draw(st.binary(min_size=1, max_size=4))
        else:
            del data[at:at + draw(st.integers(1, 4))]
    return bytes(data)


@pytest.mark.parametrize("case", CASES, ids=case_id)
@settings(
    derandomize=True,
    max_examples=4,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=st.data())
def test_corrupted_input_raises_only_decode_error(case, data):
    spec, version = case
    obj = data.draw(message_strategy(spec, version))
    bad = data.draw(corrupted(obj.encode(version)))
    try:
        decoded, end = type(obj).decode(memoryview(bad), 0, version)
    except DecodeError:
        return
    assert 0 <= end <= len(bad)
    # Whatever decoded is a well-formed object: it encodes, and that encoding is stable (compared as bytes, since
    # corrupted float64 fields may decode to NaN).
    again = decoded.encode(version)
    redecoded, end = type(obj).decode(memoryview(again), 0, version)
    assert end == len(again)
    assert redecoded.encode(version) == again
