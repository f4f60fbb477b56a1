"""A JWS in compact serialization (`header.payload.signature`, each part base64url), read the way Kafka reads it:
the header and payload decode to JSON objects. Parsing failures raise TokenRefused (status invalid_token)."""

from __future__ import annotations

import base64
import binascii
import json
from typing import Any

from kbroker.security.sasl.oauthbearer import TokenRefused


def b64url_decode(part: str) -> bytes:
    """Base64url with or without padding, as java.util.Base64's URL decoder; TokenRefused on anything else."""
    if "+" in part or "/" in part:
        raise TokenRefused("malformed Base64 URL encoded value")
    padded = part if "=" in part else part + "=" * (-len(part) % 4)
    try:
        return base64.b64decode(padded, altchars=b"-_", validate=True)
    except (binascii.Error, ValueError):
        raise TokenRefused("malformed Base64 URL encoded value") from None


def json_object(part: str) -> dict[str, Any]:
    """A base64url part decoded to a JSON object (anything else that parses is an object with no members, as
    Jackson's field iteration sees it)."""
    try:
        value = json.loads(b64url_decode(part))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
        raise TokenRefused("malformed JSON") from None
    return value if isinstance(value, dict) else {}


def split_compact(token: str) -> tuple[str, str, str]:
    parts = token.split(".")
    if len(parts) != 3:
        raise TokenRefused("JWS compact serializations must have 3 dot-separated Base64URL-encoded values")
    return parts[0], parts[1], parts[2]
