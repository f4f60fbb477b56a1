"""Generated objects <-> the JSON of Kafka's generated `<Message>JsonConverter` classes.

Kafka's converters name each key after the schema field with its first letter lower-cased ("ThrottleTimeMs" ->
"throttleTimeMs"), write int64 as numbers, bytes and records as base64, uuids as Kafka's Uuid.toString
(url-safe base64 without padding). `to_json` writes what Kafka's `write` writes: the fields the version has,
tagged fields only when they differ from their default. `from_json` reads like Kafka's `read`: a missing key
takes the field's default. Unknown tagged fields have no JSON form.
"""

from __future__ import annotations

import base64
import uuid

from strategies import message_class

from kbroker.protocol.codegen import FieldSpec, MessageSpec, default_value


def json_key(f: FieldSpec) -> str:
    return f.name[0].lower() + f.name[1:]


def uuid_to_json(value: uuid.UUID) -> str:
    return base64.urlsafe_b64encode(value.bytes).rstrip(b"=").decode()


def uuid_from_json(text: str) -> uuid.UUID:
    return uuid.UUID(bytes=base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)))


def _is_default(spec: MessageSpec, f: FieldSpec, value) -> bool:
    if f.is_struct and not f.is_array and not f.default_is_null:
        return value == message_class(spec, f.type)()
    if f.type in ("bytes", "records") and not f.is_array and value is not None and not f.default_is_null:
        return len(value) == 0
    return value == default_value(f)


def _value_to_json(spec: MessageSpec, f: FieldSpec, value, version: int, element: bool = False):
    if value is None:
        return None
    if f.is_array and not element:
        return [_value_to_json(spec, f, item, version, element=True) for item in value]
    if f.is_struct:
        return to_json(spec, value, version, f.type)
    if f.type == "uuid":
        return uuid_to_json(value)
    if f.type in ("bytes", "records"):
        return base64.b64encode(bytes(value)).decode()
    if f.type == "float64":
        return float(value)
    return value


def to_json(spec: MessageSpec, obj, version: int, struct_name: str | None = None) -> dict:
    struct = spec.structs[struct_name or spec.name]
    node = {}
    for f in struct.fields:
        if version not in f.versions:
            continue
        value = getattr(obj, f.attr)
        if version in f.tagged and _is_default(spec, f, value):
            continue
        node[json_key(f)] = _value_to_json(spec, f, value, version)
    return node


def _value_from_json(spec: MessageSpec, f: FieldSpec, node, version: int, element: bool = False):
    if node is None:
        return None
    if f.is_array and not element:
        return [_value_from_json(spec, f, item, version, element=True) for item in node]
    if f.is_struct:
        return from_json(spec, node, version, f.type)
    if f.type == "uuid":
        return uuid_from_json(node)
    if f.type in ("bytes", "records"):
        return base64.b64decode(node)
    if f.type == "float64":
        return float(node)
    return node


def from_json(spec: MessageSpec, node: dict, version: int, struct_name: str | None = None):
    name = struct_name or spec.name
    kwargs = {}
    for f in spec.structs[name].fields:
        key = json_key(f)
        if key in node:
            kwargs[f.attr] = _value_from_json(spec, f, node[key], version)
    return message_class(spec, name)(**kwargs)
