"""The controller mutation quota of one CreateTopics, DeleteTopics or CreatePartitions request (KIP-599): the
node's buckets (security/controller_mutation_quota.py), made on first use from the metadata image's client quotas
and `controller.quota.window.num` x `controller.quota.window.size.seconds`, for the request's user and client id."""

from __future__ import annotations

from kbroker.api.context import RequestContext
from kbroker.security.controller_mutation_quota import ControllerMutationQuotas, MutationQuota


def for_request(ctx: RequestContext) -> MutationQuota:
    state = ctx.state
    if state.controller_mutation_quotas is None:
        def quotas_of():
            if state.metadata is None and state.active_controller is None:
                return {}
            return state.image.client_quotas

        config = state.config
        state.controller_mutation_quotas = ControllerMutationQuotas(
            quotas_of, int(config.get("controller.quota.window.num") or 11),
            int(config.get("controller.quota.window.size.seconds") or 1))
    return state.controller_mutation_quotas.for_request(ctx.api_key, ctx.api_version, ctx.principal[1],
                                                        ctx.client_id or "")
