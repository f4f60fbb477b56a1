"""RemoveRaftVoter (key 81), v0, on a broker listener (`kafka-metadata-quorum --bootstrap-server ...
remove-controller`).

Kafka 4.3.1's broker forwards it to the active controller (KafkaApis: forwardToController); so does a kbroker
broker whose controller is remote (kbroker/api/forwarding.py, in an Envelope). On the single-voter node the local
quorum answers at once (SingleVoterRaft.voter_request): its only voter cannot be removed (VOTER_NOT_FOUND), nor
can any other id, and a static quorum refuses with UNSUPPORTED_VERSION (kraft.version 0)."""

from __future__ import annotations

import trio

from kbroker.api import authz, forwarding
from kbroker.api.context import RequestContext
from kbroker.protocol import errors

API_KEY = 81
MIN_VERSION = 0
MAX_VERSION = 0


async def handle(ctx: RequestContext, request):
    if not authz.cluster_allowed(ctx, authz.ALTER):  # as the controller checks it (Kafka's ControllerApis)
        return forwarding.error_response(API_KEY, request, errors.CLUSTER_AUTHORIZATION_FAILED.code)
    return await trio.to_thread.run_sync(ctx.state.metadata.raft.voter_request, request)
