"""Generated codecs for the schemas in schemas/raft/ (kbroker.protocol.codegen).

message_class(schema type, api key) imports one module on first use.
"""

import importlib

_CLASSES: dict[tuple[str, int], tuple[str, str]] = {
}


def message_class(schema_type: str, api_key: int):
    """The class of a keyed message, e.g. ("metadata", 2) (KeyError when there is none)."""
    module, name = _CLASSES[(schema_type, api_key)]
    return getattr(importlib.import_module(f'{__name__}.{module}'), name)


def api_keys(schema_type: str) -> list[int]:
    """The api keys of the keyed messages of one schema type, ascending."""
    return sorted(key for kind, key in _CLASSES if kind == schema_type)
