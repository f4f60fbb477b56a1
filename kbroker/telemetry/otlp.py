"""A small reader of the OTLP metrics protobuf a client pushes (opentelemetry.proto.collector.metrics.v1.
ExportMetricsServiceRequest): resource attributes, and each Gauge or Sum data point's metric name, attributes and
value. Histograms, exponential histograms and summaries (which Kafka's clients do not push) are counted, not read.

Only the protobuf wire format is needed (varints, fixed 64-bit, length-delimited), so this reads it directly
instead of pulling in a protobuf runtime. Malformed input raises OtlpError.
"""

from __future__ import annotations

import struct

import attrs

_DOUBLE = struct.Struct("<d")
_INT64 = struct.Struct("<q")

# Field numbers from opentelemetry/proto/metrics/v1/metrics.proto and common/v1/common.proto.
_EXPORT_RESOURCE_METRICS = 1
_RM_RESOURCE, _RM_SCOPE_METRICS = 1, 2
_RESOURCE_ATTRIBUTES = 1
_SM_METRICS = 2
_METRIC_NAME, _METRIC_GAUGE, _METRIC_SUM = 1, 5, 7
_METRIC_OTHER = (9, 10, 11)  # histogram, exponential histogram, summary
_SUM_POINTS, _SUM_TEMPORALITY, _SUM_MONOTONIC = 1, 2, 3
_GAUGE_POINTS = 1
_POINT_TIME, _POINT_DOUBLE, _POINT_INT, _POINT_ATTRIBUTES = 3, 4, 6, 7
_KV_KEY, _KV_VALUE = 1, 2
_ANY_STRING, _ANY_BOOL, _ANY_INT, _ANY_DOUBLE = 1, 2, 3, 4


class OtlpError(ValueError):
    """The payload is not a well-formed ExportMetricsServiceRequest."""


@attrs.frozen
class DataPoint:
    name: str
    kind: str  # "gauge", or "counter" for a monotonic Sum, "sum" for another Sum
    attributes: tuple[tuple[str, str], ...]
    value: float
    time_unix_nano: int


@attrs.frozen
class Export:
    resource: tuple[tuple[str, str], ...]
    points: tuple[DataPoint, ...]
    skipped: int  # metrics of kinds this reader leaves out


def _fields(buf: memoryview):
    """(field number, wire type, value) of each field: an int for varint and fixed types, a memoryview for
    length-delimited ones."""
    pos, end = 0, len(buf)
    while pos < end:
        key, pos = _varint(buf, pos)
        number, wire = key >> 3, key & 7
        if number == 0:
            raise OtlpError("field number 0")
        if wire == 0:
            value, pos = _varint(buf, pos)
        elif wire == 1:
            if pos + 8 > end:
                raise OtlpError("truncated fixed64")
            value, pos = int.from_bytes(buf[pos:pos + 8], "little"), pos + 8
        elif wire == 2:
            length, pos = _varint(buf, pos)
            if pos + length > end:
                raise OtlpError("truncated length-delimited field")
            value, pos = buf[pos:pos + length], pos + length
        elif wire == 5:
            if pos + 4 > end:
                raise OtlpError("truncated fixed32")
            value, pos = int.from_bytes(buf[pos:pos + 4], "little"), pos + 4
        else:
            raise OtlpError(f"unsupported wire type {wire}")
        yield number, wire, value


def _varint(buf: memoryview, pos: int) -> tuple[int, int]:
    result = shift = 0
    while True:
        if pos >= len(buf):
            raise OtlpError("truncated varint")
        byte = buf[pos]
        pos += 1
        result |= (byte & 0x7F) << shift
        if not byte & 0x80:
            return result, pos
        shift += 7
        if shift > 63:
            raise OtlpError("varint longer than 10 bytes")


def _text(value) -> str:
    if not isinstance(value, memoryview):
        raise OtlpError("expected a string field")
    try:
        return bytes(value).decode()
    except UnicodeDecodeError:
        raise OtlpError("string field is not UTF-8") from None


def _any_value(buf: memoryview) -> str:
    for number, _, value in _fields(buf):
        if number == _ANY_STRING:
            return _text(value)
        if number == _ANY_BOOL:
            return "true" if value else "false"
        if number == _ANY_INT:
            return str(value - (1 << 64) if value >= 1 << 63 else value)
        if number == _ANY_DOUBLE:
            return repr(_DOUBLE.unpack(value.to_bytes(8, "little"))[0])
    return ""


def _attributes(values: list[memoryview]) -> tuple[tuple[str, str], ...]:
    pairs = []
    for kv in values:
        key, text = "", ""
        for number, _, value in _fields(kv):
            if number == _KV_KEY:
                key = _text(value)
            elif number == _KV_VALUE and isinstance(value, memoryview):
                text = _any_value(value)
        pairs.append((key, text))
    return tuple(pairs)


def _point(name: str, kind: str, buf: memoryview) -> DataPoint:
    value: float = 0
    time_ns = 0
    attributes = []
    for number, wire, field in _fields(buf):
        if number == _POINT_DOUBLE and wire == 1:
            value = _DOUBLE.unpack(field.to_bytes(8, "little"))[0]
        elif number == _POINT_INT and wire == 1:
            value = _INT64.unpack(field.to_bytes(8, "little"))[0]
        elif number == _POINT_TIME and wire == 1:
            time_ns = field
        elif number == _POINT_ATTRIBUTES and isinstance(field, memoryview):
            attributes.append(field)
    return DataPoint(name, kind, _attributes(attributes), value, time_ns)


def _metric(buf: memoryview, points: list[DataPoint]) -> bool:
    """Adds the metric's points; False when it is of a kind this reader leaves out."""
    name = ""
    body, kind = None, None
    for number, _, value in _fields(buf):
        if number == _METRIC_NAME:
            name = _text(value)
        elif number == _METRIC_GAUGE:
            body, kind = value, "gauge"
        elif number == _METRIC_SUM:
            body, kind = value, "sum"
        elif number in _METRIC_OTHER:
            return False
    if body is None:
        return False
    raw = []
    for number, _, value in _fields(body):
        if number == _GAUGE_POINTS and isinstance(value, memoryview):  # Gauge and Sum: data_points = 1
            raw.append(value)
        elif kind == "sum" and number == _SUM_MONOTONIC and value:
            kind = "counter"
    points += [_point(name, kind, p) for p in raw]
    return True


def decode(payload: bytes | memoryview) -> Export:
    """The resource attributes and data points of an ExportMetricsServiceRequest."""
    resource: list[memoryview] = []
    points: list[DataPoint] = []
    skipped = 0
    for number, _, rm in _fields(memoryview(payload)):
        if number != _EXPORT_RESOURCE_METRICS or not isinstance(rm, memoryview):
            continue
        for rm_number, _, value in _fields(rm):
            if rm_number == _RM_RESOURCE and isinstance(value, memoryview):
                resource += [kv for n, _, kv in _fields(value) if n == _RESOURCE_ATTRIBUTES]
            elif rm_number == _RM_SCOPE_METRICS and isinstance(value, memoryview):
                for sm_number, _, metric in _fields(value):
                    if sm_number == _SM_METRICS and isinstance(metric, memoryview) and not _metric(metric, points):
                        skipped += 1
    return Export(_attributes(resource), tuple(points), skipped)
