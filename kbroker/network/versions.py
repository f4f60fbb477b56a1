"""API version negotiation: what a peer's ApiVersions response allows, intersected with what the generated
codecs can encode and the caller's cap, as Kafka's NodeApiVersions.latestUsableVersion does.

Also the ApiVersions handshake's own rules (KIP-511): the client first sends its highest ApiVersions version;
a peer that does not know it answers UNSUPPORTED_VERSION with a v0 body listing the ApiVersions range it
does support, and the client retries at the highest version both know (v0 when the peer lists none).
"""

from __future__ import annotations

from collections.abc import Iterable

import kbroker
from kbroker.network.errors import UnsupportedVersion
from kbroker.protocol import errors, messages, wire
from kbroker.protocol.messages.api_versions_request import ApiVersionsRequest
from kbroker.protocol.messages.api_versions_response import ApiVersionsResponse

CLIENT_SOFTWARE_NAME = "kbroker"
CLIENT_SOFTWARE_VERSION = kbroker.__version__
API_VERSIONS_KEY = ApiVersionsRequest.API_KEY


def own_range(request_class) -> tuple[int, int]:
    """The versions of `request_class` this side encodes; an unstable latest version is never sent."""
    highest = request_class.HIGHEST_VERSION - (1 if request_class.LATEST_VERSION_UNSTABLE else 0)
    return request_class.LOWEST_VERSION, highest


def api_versions_request() -> ApiVersionsRequest:
    return ApiVersionsRequest(client_software_name=CLIENT_SOFTWARE_NAME,
                              client_software_version=CLIENT_SOFTWARE_VERSION)


def handshake_retry_version(response: ApiVersionsResponse) -> int | None:
    """After an ApiVersions answer: None if it succeeded, else the version to retry at (KIP-511)."""
    if response.error_code != errors.UNSUPPORTED_VERSION.code:
        return None
    _, own_highest = own_range(ApiVersionsRequest)
    for entry in response.api_keys:
        if entry.api_key == API_VERSIONS_KEY:
            return max(0, min(entry.max_version, own_highest))
    return 0


def decode_api_versions_response(body, pos: int, version: int) -> ApiVersionsResponse:
    """ApiVersions responses to an unsupported version come back as v0 bodies: try `version`, then v0."""
    try:
        response, end = ApiVersionsResponse.decode(body, pos, version)
        if end == len(body):
            return response
    except wire.DecodeError:
        if version == 0:
            raise
    response, _ = ApiVersionsResponse.decode(body, pos, 0)
    return response


class PeerVersions:
    """The API version ranges a peer advertised in its ApiVersions response."""

    def __init__(self, ranges: Iterable[tuple[int, int, int]]) -> None:
        self.ranges: dict[int, tuple[int, int]] = {key: (low, high) for key, low, high in ranges}

    @classmethod
    def from_response(cls, response: ApiVersionsResponse) -> PeerVersions:
        return cls((entry.api_key, entry.min_version, entry.max_version) for entry in response.api_keys)

    def usable_version(self, request_class, cap: int | None = None) -> int:
        """The highest version both sides support, at most `cap` (UnsupportedVersion if there is none)."""
        name = messages.API_KEYS.get(request_class.API_KEY, str(request_class.API_KEY))
        peer = self.ranges.get(request_class.API_KEY)
        if peer is None:
            raise UnsupportedVersion(f"the peer does not support {name}")
        own_low, own_high = own_range(request_class)
        low = max(own_low, peer[0])
        high = min(own_high, peer[1], own_high if cap is None else cap)
        if high < low:
            raise UnsupportedVersion(f"no common {name} version: the peer supports {peer[0]}-{peer[1]}, "
                                     f"this client {own_low}-{own_high}" + ("" if cap is None else f" capped at {cap}"))
        return high
