"""How the message browser shows the bytes of a key, a value or a header value: as text (UTF-8), as JSON (pretty
printed, when the bytes are UTF-8 text that parses as JSON) or as hex. What cannot be shown as asked falls back:
JSON that does not parse shows as text, bytes that are not UTF-8 show as hex. Each answer says how it was shown."""

from __future__ import annotations

import json

import attrs

TEXT, JSON, HEX = "text", "json", "hex"
FORMATS = (TEXT, JSON, HEX)


@attrs.frozen
class Shown:
    text: str | None  # None: a null key, value or header value
    how: str  # one of FORMATS, or "null"


NULL = Shown(None, "null")


def show(data: bytes | None, wanted: str) -> Shown:
    """`data` as `wanted` (one of FORMATS), or as what it falls back to."""
    if data is None:
        return NULL
    if wanted == HEX:
        return Shown(data.hex(" "), HEX)
    try:
        decoded = data.decode("utf-8")
    except UnicodeDecodeError:
        return Shown(data.hex(" "), HEX)
    if wanted == JSON:
        try:
            parsed = json.loads(decoded)
        except (ValueError, RecursionError):  # RecursionError: nested too deep to parse
            return Shown(decoded, TEXT)
        return Shown(json.dumps(parsed, indent=2, ensure_ascii=False), JSON)
    return Shown(decoded, TEXT)
