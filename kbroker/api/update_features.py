"""UpdateFeatures (key 57), v0-v2: change finalized feature levels (`kafka-features upgrade / downgrade / disable`).

A Kafka broker forwards it to the active controller; the combined kbroker node runs it on its own controller
(`update_features`, shared with the controller listener's handler). The controller's checks and records are
kbroker/metadata/feature_control.py; the response is built as Kafka 4.3.1's QuorumController.updateFeatures does:
- a failure: the top-level error and message only (no per-feature results, at any version);
- a success: error 0 with a null message and, for v0-v1, one result per feature update in the request, error 0
  with the message "NONE" (Errors.NONE.message()). v2 carries no results.
The upgrade type is the field's own (its default, UPGRADE, at v0, whose AllowDowngrade the controller does not
read), and TimeoutMs is not checked: Kafka's ControllerApis gives this request no deadline.
"""

from __future__ import annotations

from kbroker.api import authz
from kbroker.api.context import RequestContext
from kbroker.metadata.feature_control import FeatureUpdate
from kbroker.protocol import errors
from kbroker.protocol.messages.update_features_response import UpdatableFeatureResult, UpdateFeaturesResponse

API_KEY = 57
MIN_VERSION = 0
MAX_VERSION = 2


def failing(code: int, message: str | None) -> UpdateFeaturesResponse:
    """Kafka's UpdateFeaturesRequest.getErrorResponse: the error alone, no results."""
    return UpdateFeaturesResponse(throttle_time_ms=0, error_code=code, error_message=message, results=[])


async def handle(ctx: RequestContext, request) -> UpdateFeaturesResponse:
    if not authz.cluster_allowed(ctx, authz.ALTER):
        return failing(errors.CLUSTER_AUTHORIZATION_FAILED.code, errors.CLUSTER_AUTHORIZATION_FAILED.message)
    return await update_features(request, ctx.api_version, ctx.state.metadata.controller, ctx.state.run_controller)


async def update_features(request, api_version: int, controller, run) -> UpdateFeaturesResponse:
    """The response to `request`, its levels changed by `run(controller.update_features, ...)`."""
    updates = [FeatureUpdate(u.feature, u.max_version_level, u.upgrade_type) for u in request.feature_updates]
    verdict = await run(controller.update_features, updates, validate_only=request.validate_only)
    if verdict.code != errors.NONE.code:
        return failing(verdict.code, verdict.message)
    results = [] if api_version > 1 else [
        UpdatableFeatureResult(feature=u.feature, error_code=errors.NONE.code, error_message="NONE")
        for u in request.feature_updates]
    return UpdateFeaturesResponse(throttle_time_ms=0, error_code=errors.NONE.code, error_message=None,
                                  results=results)
