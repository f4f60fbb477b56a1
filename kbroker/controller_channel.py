"""The broker's channel to the active controller (Kafka's NodeToControllerChannelManager with the controller
lookup of RaftControllerNodeProvider, and the envelope of ForwardingManager / EnvelopeUtils).

    channel = ControllerChannel(channels, voters=lambda: quorum.node.voters, leader=lambda: quorum.leader_id)
    response = await channel.send(AllocateProducerIdsRequest(...))       # None: no controller answered in time
    data = await channel.forward(request_bytes, principal=..., client_address=...)

The active controller is the leader of the metadata quorum as this node's quorum client knows it (`leader()`,
-1 while unknown), reached at the controller-listener endpoint the quorum client found for it (Kafka's
RaftControllerNodeProvider): the `channels` share the quorum client's address book, which holds the static
voters of controller.quorum.voters, or, in a dynamic quorum (KIP-853), the voters' endpoints of the latest
VotersRecord and the leader's endpoint from its Fetch responses. `voters()` is the quorum's current voter set.
A request goes to the leader; when the controller cannot be reached, or answers NOT_CONTROLLER at the top level of
its response (a standby, a leader not yet activated, or one that just lost the election), the channel waits
`retry_backoff_ms` and tries the controller the quorum names then, or, while the quorum names none or one that
refused since it named it, each voter that has not refused (none while an observer of a dynamic quorum has not
learned them yet: then it waits), until the request's timeout (Kafka retries the same way until the request's
deadline). `send` returns the response, or None once the timeout passed.

`forward` wraps a client's request (its frame as received: header and body) in an EnvelopeRequest (key 58) with
the client's principal, serialized as Kafka's DefaultKafkaPrincipalBuilder does (DefaultPrincipalData, version
prefixed), and the client's IP address bytes, and returns the envelope's response data (the response header and
body, for the caller to decode at the client's version). An envelope error other than NOT_CONTROLLER raises
ForwardingFailed (Kafka answers the client UNKNOWN_SERVER_ERROR then).
"""

from __future__ import annotations

import ipaddress
import logging
from collections.abc import Callable, Iterable

import trio

from kbroker.network import ChannelManager, NetworkError
from kbroker.protocol import errors, wire
from kbroker.protocol.messages.default_principal_data import DefaultPrincipalData
from kbroker.protocol.messages.envelope_request import EnvelopeRequest

log = logging.getLogger(__name__)

ANONYMOUS = ("User", "ANONYMOUS")  # KafkaPrincipal.ANONYMOUS: every PLAINTEXT client's principal
_PRINCIPAL_DATA_VERSION = DefaultPrincipalData.HIGHEST_VERSION


class ForwardingFailed(Exception):
    """The controller refused the envelope itself (not the request inside it)."""

    def __init__(self, error_code: int):
        super().__init__(f"the controller answered the envelope with {errors.for_code(error_code).name}")
        self.error_code = error_code


def serialize_principal(principal_type: str, name: str, token_authenticated: bool = False) -> bytes:
    """DefaultKafkaPrincipalBuilder.serialize: a 2-byte version, then DefaultPrincipalData at that version."""
    writer = wire.Writer()
    writer.buf += wire.INT16.pack(_PRINCIPAL_DATA_VERSION)
    DefaultPrincipalData(type=principal_type, name=name, token_authenticated=token_authenticated).encode_into(
        writer, _PRINCIPAL_DATA_VERSION)
    return writer.getvalue()


def address_bytes(host: str) -> bytes:
    """InetAddress.getAddress of the client's address: 4 bytes for IPv4, 16 for IPv6."""
    return ipaddress.ip_address(host.split("%")[0]).packed


class ControllerChannel:
    def __init__(self, channels: ChannelManager, voters: Callable[[], Iterable[int]], leader: Callable[[], int], *,
                 request_timeout_ms: int = 30000, retry_backoff_ms: int = 100) -> None:
        self.channels = channels
        self._voters = voters
        self._leader = leader
        self.request_timeout_ms = request_timeout_ms
        self.retry_backoff_ms = retry_backoff_ms
        self._refused: set[int] = set()  # nodes that refused or failed since the quorum last named a leader
        self._refused_under = -1  # the leader the quorum named when they did
        self._next_voter = 0

    @property
    def voters(self) -> list[int]:
        return sorted(self._voters())

    def controller_id(self) -> int:
        """The node the next request goes to; -1 while the quorum names neither a leader nor a voter."""
        leader = self._leader()
        if leader != self._refused_under:
            self._refused.clear()
        if leader >= 0 and leader not in self._refused:
            return leader
        voters = self.voters
        candidates = [v for v in voters if v not in self._refused] or voters
        if not candidates:
            return -1
        voter = candidates[self._next_voter % len(candidates)]
        self._next_voter += 1
        return voter

    async def send(self, request, *, timeout_ms: int | None = None):
        """The active controller's response to `request`, or None when none came within the timeout."""
        deadline = trio.current_time() + (self.request_timeout_ms if timeout_ms is None else timeout_ms) / 1000
        while (remaining := deadline - trio.current_time()) > 0:
            node_id = self.controller_id()
            if node_id < 0:
                log.debug("%s: no controller known yet", type(request).__name__)
                await trio.sleep(min(self.retry_backoff_ms / 1000, max(0.0, deadline - trio.current_time())))
                continue
            try:
                response = await self.channels.send(node_id, request, timeout_ms=max(1, int(remaining * 1000)))
            except NetworkError as exc:
                log.debug("%s to controller %d failed: %s", type(request).__name__, node_id, exc)
            else:
                if getattr(response, "error_code", errors.NONE.code) != errors.NOT_CONTROLLER.code:
                    self._refused.clear()
                    return response
                log.debug("%s: node %d is not the active controller", type(request).__name__, node_id)
            self._refused.add(node_id)
            self._refused_under = self._leader()
            await trio.sleep(min(self.retry_backoff_ms / 1000, max(0.0, deadline - trio.current_time())))
        return None

    async def forward(self, request_data: bytes, *, client_host: str, principal: tuple[str, str] = ANONYMOUS,
                      timeout_ms: int | None = None, token_authenticated: bool = False) -> bytes | None:
        """The response data (header and body) of the client request `request_data`, forwarded in an
        EnvelopeRequest; None when no controller answered within the timeout."""
        envelope = EnvelopeRequest(request_data=request_data, request_principal=serialize_principal(
                                       *principal, token_authenticated=token_authenticated),
                                   client_host_address=address_bytes(client_host))
        response = await self.send(envelope, timeout_ms=timeout_ms)
        if response is None:
            return None
        if response.error_code != errors.NONE.code:
            raise ForwardingFailed(response.error_code)
        return bytes(response.response_data or b"")
