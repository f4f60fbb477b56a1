"""Hypothesis strategies for generated messages, driven by the schema JSON (parsed by kbroker.protocol.codegen).

`message_strategy(spec, version)` builds a valid object for that version: only fields present in the version are
set (the others keep their defaults), null only where the version allows it, short strings without surrogates,
arrays of 0-3 elements, short bytes, finite floats. Also the helpers that map a schema to its generated class.
"""

from __future__ import annotations

import functools
import importlib
import uuid

from hypothesis import strategies as st

from kbroker.protocol.codegen import FieldSpec, MessageSpec, load_schemas

INT_RANGES = {
    "int8": (-(2**7), 2**7 - 1),
    "int16": (-(2**15), 2**15 - 1),
    "uint16": (0, 2**16 - 1),
    "int32": (-(2**31), 2**31 - 1),
    "uint32": (0, 2**32 - 1),
    "int64": (-(2**63), 2**63 - 1),
}
MAX_STRING_CHARS = 200
MAX_ARRAY = 3

_text = st.text(alphabet=st.characters(exclude_categories=("Cs",)), max_size=MAX_STRING_CHARS)
_uuids = st.one_of(st.just(uuid.UUID(int=0)), st.integers(0, 2**128 - 1).map(lambda i: uuid.UUID(int=i)))


@functools.cache
def all_schemas() -> tuple[MessageSpec, ...]:
    return tuple(load_schemas())


def schema_cases() -> list[tuple[MessageSpec, int]]:
    """Every (schema, version) pair, for parametrized tests."""
    return [(spec, version) for spec in all_schemas() for version in spec.versions]


def case_id(case: tuple[MessageSpec, int]) -> str:
    spec, version = case
    return f"{spec.schema_dir}/{spec.name}-v{version}"


def message_module(spec: MessageSpec):
    return importlib.import_module(f"kbroker.protocol.messages.{spec.module}")


def message_class(spec: MessageSpec, struct_name: str | None = None):
    return getattr(message_module(spec), struct_name or spec.name)


def primitive_strategy(type_name: str) -> st.SearchStrategy:
    if type_name in INT_RANGES:
        lo, hi = INT_RANGES[type_name]
        return st.integers(lo, hi)
    if type_name == "bool":
        return st.booleans()
    if type_name == "float64":
        return st.floats(allow_nan=False, allow_infinity=False)
    if type_name == "string":
        return _text
    if type_name == "bytes":
        return st.binary(max_size=16)
    if type_name == "records":
        return st.binary(max_size=32)
    if type_name == "uuid":
        return _uuids
    raise ValueError(type_name)


def field_strategy(spec: MessageSpec, f: FieldSpec, version: int) -> st.SearchStrategy:
    if f.is_struct:
        element = struct_strategy(spec, f.type, version)
    else:
        element = primitive_strategy(f.type)
    value = st.lists(element, max_size=MAX_ARRAY) if f.is_array else element
    if version in f.nullable:
        value = st.one_of(st.none(), value)
    return value


def struct_strategy(spec: MessageSpec, struct_name: str, version: int) -> st.SearchStrategy:
    cls = message_class(spec, struct_name)
    fields = {
        f.attr: field_strategy(spec, f, version)
        for f in spec.structs[struct_name].fields
        if version in f.versions
    }
    return st.fixed_dictionaries(fields).map(lambda kwargs: cls(**kwargs))


_message_strategies: dict[tuple[str, str, int], st.SearchStrategy] = {}


def message_strategy(spec: MessageSpec, version: int) -> st.SearchStrategy:
    key = (spec.schema_dir, spec.file_stem, version)
    if key not in _message_strategies:
        _message_strategies[key] = struct_strategy(spec, spec.name, version)
    return _message_strategies[key]


def known_tags(spec: MessageSpec, struct_name: str, version: int) -> set[int]:
    return {f.tag for f in spec.structs[struct_name].fields if version in f.versions and version in f.tagged}
