"""A minimal OTLP ExportMetricsServiceRequest encoder for the telemetry tests (fixture `otlp_payload`)."""

import struct

import pytest


def _varint(n: int) -> bytes:
    out = bytearray()
    while True:
        byte = n & 0x7F
        n >>= 7
        out.append(byte | (0x80 if n else 0))
        if not n:
            return bytes(out)


def _field(number: int, data: bytes) -> bytes:
    return _varint(number << 3 | 2) + _varint(len(data)) + data


def _fixed(number: int, raw: bytes) -> bytes:
    return _varint(number << 3 | 1) + raw


def _kv(key: str, value: str) -> bytes:
    return _field(1, key.encode()) + _field(2, _field(1, value.encode()))


def _point(value, labels, time_ns=1_700_000_000_000_000_000) -> bytes:
    body = _fixed(3, struct.pack("<Q", time_ns))
    body += _fixed(4, struct.pack("<d", value)) if isinstance(value, float) else _fixed(6, struct.pack("<q", value))
    for k, v in labels.items():
        body += _field(7, _kv(k, v))
    return body


def build(metrics, resource=None) -> bytes:
    """`metrics`: (name, kind, value, labels) with kind "gauge", "counter" (monotonic Sum), "sum" or "histogram"."""
    encoded = b""
    for name, kind, value, labels in metrics:
        body = _field(1, name.encode())
        points = _field(1, _point(value, labels))
        if kind == "gauge":
            body += _field(5, points)
        elif kind in ("counter", "sum"):
            body += _field(7, points + _varint(2 << 3) + _varint(1) + (_varint(3 << 3) + _varint(1)
                                                                      if kind == "counter" else b""))
        else:
            body += _field(9, b"")
        encoded += _field(2, body)
    resource_body = b"".join(_field(1, _kv(k, v)) for k, v in (resource or {}).items())
    return _field(1, _field(1, resource_body) + _field(2, _field(1, _field(1, b"scope")) + encoded))


@pytest.fixture(scope="session")
def otlp_payload():
    return build
