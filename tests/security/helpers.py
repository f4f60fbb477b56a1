"""Helpers of the security tests: a registry whose Metadata handler records each request's principal, and raw
request frames."""

from __future__ import annotations

import struct

from kbroker.api.registry import ApiSpec, Registry


def recording_registry(seen: list, api_key: int = 3) -> Registry:
    registry = Registry.discover()
    original = registry.get(api_key)

    async def handle(ctx, request):
        seen.append(ctx.principal)
        return await original.handle(ctx, request)

    specs = dict(registry.specs)
    specs[api_key] = ApiSpec(api_key, original.min_version, original.max_version, handle, original.module)
    return Registry(specs)


def request_frame(api_key: int, version: int, body: bytes, correlation_id: int = 1, client_id: bytes = b"test",
                  flexible: bool = False) -> bytes:
    header = struct.pack(">hhih", api_key, version, correlation_id, len(client_id)) + client_id
    if flexible:
        header += b"\0"  # no tagged fields
    payload = header + body
    return struct.pack(">i", len(payload)) + payload


def api_versions_request(correlation_id: int = 1) -> bytes:
    return request_frame(18, 0, b"", correlation_id)
