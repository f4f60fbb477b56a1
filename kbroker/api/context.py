"""What a request handler is handed and may hand back: the request context (who asked, at which version, on
which listener), the `NO_RESPONSE` marker a handler returns when Kafka sends nothing back (acks=0 produce), and
`CloseConnection`, which a handler raises when Kafka would drop the connection instead of answering (e.g. a
failed acks=0 produce)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from kbroker.metrics.request_stats import HandlerNotes

if TYPE_CHECKING:
    from kbroker.api.registry import Registry
    from kbroker.api.state import BrokerState, Clock
    from kbroker.config import BrokerConfig


class _NoResponse:
    __slots__ = ()

    def __repr__(self) -> str:
        return "NO_RESPONSE"


NO_RESPONSE: Any = _NoResponse()


class CloseConnection(Exception):
    """Close this connection without answering; the message says why, for the one log line."""


@attrs.frozen
class RequestContext:
    api_key: int
    api_version: int
    correlation_id: int
    client_id: str | None
    header: Any  # the decoded generated RequestHeader
    peer: tuple[str, int]
    listener_name: str
    security_protocol: str
    state: BrokerState
    registry: Registry
    # What the handler tells RequestMetrics (its remote time, another name to count it under).
    notes: HandlerNotes = attrs.field(factory=HandlerNotes)
    # (type, name) of the authenticated client: from its TLS certificate or SASL exchange, else User:ANONYMOUS
    principal: tuple[str, str] = ("User", "ANONYMOUS")
    # The principal authenticated with a delegation token (SCRAM tokenauth=true; carried through an Envelope).
    token_authenticated: bool = False
    # Sent by a broker inside an Envelope for its client (the controller listener's view).
    forwarded: bool = False
    # (client_software_name, client_software_version) from the connection's ApiVersions v3+ ("unknown" before).
    client_software: tuple[str, str] = ("unknown", "unknown")

    @property
    def config(self) -> BrokerConfig:
        return self.state.config

    @property
    def clock(self) -> Clock:
        return self.state.clock

    def describe(self) -> str:
        """The request in one phrase for log lines."""
        return (f"api key {self.api_key} v{self.api_version} (correlation id {self.correlation_id}) from "
                f"{self.peer[0]}:{self.peer[1]} client id {self.client_id!r}")
