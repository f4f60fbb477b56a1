"""ApiVersions (key 18), v0-v4: the API version ranges of every registered handler, plus features in v3+.

Behaviour mirrors Kafka 4.3's KafkaApis.handleApiVersionsRequest:
- v3+ requests whose ClientSoftwareName/Version do not match `[a-zA-Z0-9](?:[a-zA-Z0-9\\-.]*[a-zA-Z0-9])?`
  get INVALID_REQUEST (42) with an empty ApiKeys list.
- A request at a version the broker does not know never reaches this handler: the server answers it with
  `unsupported_version_response()` (a v0 body, UNSUPPORTED_VERSION and just the ApiVersions range, KIP-511).
- Under --emulate-kafka the registry is narrowed to the emulated release (Registry.emulating): the API ranges
  come from it as they are, and its feature caps drop the features that release did not know and bound the
  supported ranges and finalized levels to that release's.
- ThrottleTimeMs is always 0.
- v3+ carries SupportedFeatures, FinalizedFeaturesEpoch and FinalizedFeatures (tagged). Below v4, features whose
  minimum supported version is 0 (and finalized levels of 0) are left out, as Kafka does for old clients.
"""

from __future__ import annotations

import re

from kbroker.api import features
from kbroker.api.context import RequestContext
from kbroker.protocol import errors
from kbroker.protocol.kafka_releases import intersect
from kbroker.protocol.messages.api_versions_response import (
    ApiVersion,
    ApiVersionsResponse,
    FinalizedFeatureKey,
    SupportedFeatureKey,
)

API_KEY = 18
MIN_VERSION = 0
MAX_VERSION = 4

_SOFTWARE_NAME_OR_VERSION = re.compile(r"[a-zA-Z0-9](?:[a-zA-Z0-9\-.]*[a-zA-Z0-9])?")


def is_valid_request(request, version: int) -> bool:
    if version < 3:
        return True
    return all(value is not None and _SOFTWARE_NAME_OR_VERSION.fullmatch(value)
               for value in (request.client_software_name, request.client_software_version))


def unsupported_version_response(min_version: int = MIN_VERSION, max_version: int = MAX_VERSION
                                 ) -> ApiVersionsResponse:
    """Kafka's ApiVersionsRequest.getErrorResponse(UNSUPPORTED_VERSION), with the ApiVersions range this
    listener advertises: encode it at v0."""
    return ApiVersionsResponse(
        error_code=errors.UNSUPPORTED_VERSION.code,
        api_keys=[ApiVersion(api_key=API_KEY, min_version=min_version, max_version=max_version)],
    )


def _capped(ranges: dict[str, tuple[int, int]], caps: dict[str, tuple[int, int]] | None
            ) -> dict[str, tuple[int, int]]:
    if caps is None:
        return ranges
    shared = {name: intersect(levels, caps[name]) for name, levels in ranges.items() if name in caps}
    return {name: levels for name, levels in shared.items() if levels is not None}


def build_response(ctx: RequestContext) -> ApiVersionsResponse:
    version = ctx.api_version
    hide_level_zero = version < 4
    caps = ctx.registry.features
    supported = [SupportedFeatureKey(name=name, min_version=low, max_version=high)
                 for name, (low, high) in sorted(_capped(features.SUPPORTED, caps).items())
                 if not (hide_level_zero and low == 0)]
    epoch, levels = ctx.state.finalized_feature_levels()
    if caps is not None:
        levels = {name: min(level, caps[name][1]) for name, level in levels.items() if name in caps}
    finalized = [FinalizedFeatureKey(name=name, max_version_level=level, min_version_level=level)
                 for name, level in sorted(levels.items())
                 if not (hide_level_zero and level == 0)]
    return ApiVersionsResponse(
        error_code=errors.NONE.code,
        api_keys=[ApiVersion(api_key=key, min_version=low, max_version=high)
                  for key, low, high in ctx.registry.ranges()],
        throttle_time_ms=0,
        supported_features=supported,
        finalized_features_epoch=epoch,
        finalized_features=finalized,
    )


async def handle(ctx: RequestContext, request) -> ApiVersionsResponse:
    if not is_valid_request(request, ctx.api_version):
        return ApiVersionsResponse(error_code=errors.INVALID_REQUEST.code, api_keys=[], throttle_time_ms=0)
    return build_response(ctx)
