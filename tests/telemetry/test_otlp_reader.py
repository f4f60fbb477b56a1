"""The OTLP metrics protobuf reader: gauges, sums, attributes, resource, skipped kinds and malformed input."""

import pytest

from kbroker.telemetry import otlp


def test_decodes_gauges_and_sums(otlp_payload):
    payload = otlp_payload([
        ("org.apache.kafka.producer.record.send.rate", "gauge", 12.5, {"topic": "t1"}),
        ("org.apache.kafka.producer.record.send.total", "counter", 40, {}),
        ("org.apache.kafka.producer.buffer.available.bytes", "sum", -3, {"a": "b", "c": "d"}),
        ("some.histogram", "histogram", 0, {}),
    ], resource={"client_id": "app"})
    export = otlp.decode(payload)
    assert export.resource == (("client_id", "app"),)
    assert export.skipped == 1
    assert [(p.name, p.kind, p.attributes, p.value) for p in export.points] == [
        ("org.apache.kafka.producer.record.send.rate", "gauge", (("topic", "t1"),), 12.5),
        ("org.apache.kafka.producer.record.send.total", "counter", (), 40),
        ("org.apache.kafka.producer.buffer.available.bytes", "sum", (("a", "b"), ("c", "d")), -3),
    ]
    assert export.points[0].time_unix_nano == 1_700_000_000_000_000_000


def test_empty_payload_has_nothing():
    assert otlp.decode(b"") == otlp.Export((), (), 0)


@pytest.mark.parametrize("payload", [b"\x0a\x05ab", b"\x0a", b"\x0f", b"\xff" * 11, b"\x00\x00",
                                     b"\x0a\x04\x0a\x02\xff\xfe"])
def test_malformed_payloads_raise_otlp_error(payload):
    with pytest.raises(otlp.OtlpError):
        otlp.decode(payload)
