"""The console's writes as Kafka requests: a request (CreateTopics, DeleteTopics, ListOffsets, OffsetCommit) is
served by the node's own handler for its API key, or forwarded to the active controller when a client's would be
(kbroker.api.forwarding), exactly as the request of a client connected to the node's first listener would be, with
the client id CLIENT_ID and the principal User:ANONYMOUS. The one module of kbroker/http/ that reaches kbroker/api/,
as the node's composition root does."""

from __future__ import annotations

import logging
from collections.abc import Callable

from kbroker.api import forwarding
from kbroker.api.context import NO_RESPONSE, RequestContext
from kbroker.protocol.messages.request_header import RequestHeader

log = logging.getLogger(__name__)

CLIENT_ID = "kbroker-console"


class NoBroker(Exception):
    """This node serves no client requests (a controller-only node, or a broker not started yet)."""


class KafkaCalls:
    """Serves requests through `registry()` with `state()`, the node's broker state (None where there is none)."""

    def __init__(self, state: Callable[[], object], registry: Callable[[], object]) -> None:
        self.state = state
        self.registry = registry
        self.correlation = 0

    async def call(self, request, version: int, peer: tuple[str, int]):
        """The response to `request` (a generated request message) at `version`."""
        state, registry = self.state(), self.registry()
        if state is None or registry is None:
            raise NoBroker("this node serves no client requests")
        spec = registry.get(request.API_KEY)
        self.correlation += 1
        header = RequestHeader(request_api_key=request.API_KEY, request_api_version=version,
                               correlation_id=self.correlation, client_id=CLIENT_ID)
        listener = next(iter(state.bound), "")
        ctx = RequestContext(api_key=request.API_KEY, api_version=version, correlation_id=self.correlation,
                             client_id=CLIENT_ID, header=header, peer=peer, listener_name=listener,
                             security_protocol=state.config.security_protocol_map.get(listener, listener),
                             state=state, registry=registry)
        handle = forwarding.forward if forwarding.is_forwarded(ctx) else spec.handle
        response = await handle(ctx, request)
        if response is NO_RESPONSE:
            raise NoBroker(f"{type(request).__name__} got no response")
        return response
