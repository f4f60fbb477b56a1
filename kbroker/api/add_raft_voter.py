"""AddRaftVoter (key 80), v0-v1, on a broker listener (`kafka-metadata-quorum --bootstrap-server ...
add-controller`).

Kafka 4.3.1's broker forwards it to the active controller (KafkaApis: forwardToController), which hands it to its
KRaft leader; so does a kbroker broker whose controller is remote (kbroker/api/forwarding.py, in an Envelope). On
the single-voter node the local quorum answers (SingleVoterRaft.voter_request): its checks and errors are the
leader's (kbroker/raft/voter_changes.py); one it would start is answered REQUEST_TIMED_OUT, the new voter lagging
behind, since no controller can follow this node's log (it serves no controller listener; SKIPPED_FEATURES.md)."""

from __future__ import annotations

import trio

from kbroker.api import authz, forwarding
from kbroker.api.context import RequestContext
from kbroker.protocol import errors

API_KEY = 80
MIN_VERSION = 0
MAX_VERSION = 1


async def handle(ctx: RequestContext, request):
    if not authz.cluster_allowed(ctx, authz.ALTER):  # as the controller checks it (Kafka's ControllerApis)
        return forwarding.error_response(API_KEY, request, errors.CLUSTER_AUTHORIZATION_FAILED.code)
    return await trio.to_thread.run_sync(ctx.state.metadata.raft.voter_request, request)
