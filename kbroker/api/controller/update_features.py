"""UpdateFeatures (key 57), v0-v2, on the controller listener: forwarded by a broker in an Envelope, or sent by an
admin client with `bootstrap.controllers` (`kafka-features --bootstrap-controller`). The active controller runs
the broker handler's flow (kbroker/api/update_features.py); any other node answers NOT_CONTROLLER."""

from __future__ import annotations

from kbroker.api import authz
from kbroker.api.context import RequestContext
from kbroker.api.controller import run_on_active_controller
from kbroker.api.update_features import failing, update_features
from kbroker.protocol import errors
from kbroker.protocol.messages.update_features_response import UpdateFeaturesResponse

API_KEY = 57
MIN_VERSION = 0
MAX_VERSION = 2


async def handle(ctx: RequestContext, request) -> UpdateFeaturesResponse:
    if not authz.cluster_allowed(ctx, authz.ALTER):
        return failing(errors.CLUSTER_AUTHORIZATION_FAILED.code, errors.CLUSTER_AUTHORIZATION_FAILED.message)
    return await run_on_active_controller(
        ctx, lambda controller, run: update_features(request, ctx.api_version, controller, run), failing)
