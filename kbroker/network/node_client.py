"""The client side of one peer node: its connection, opened on first use and re-opened after a failure.

Connection attempts follow Kafka's ClusterConnectionStates: after the n-th consecutive failure (a refused or
timed-out connect, a failed handshake, or an established connection that broke) the next attempt waits
`reconnect.backoff.ms * 2**(n-1)` with 20% jitter, capped at `reconnect.backoff.max.ms`; a successful
handshake resets the count. Unlike Kafka, a send during the backoff waits it out (within its own timeout)
rather than failing at once, and then makes the attempt itself; senders that were queued behind a failed
attempt fail with it instead of each dialling a dead peer again.

The address is read from the NodeDirectory at every send: when it changed, the old connection is closed.
"""

from __future__ import annotations

import logging
import math
import random

import trio

from kbroker.network.backoff import ReconnectBackoff
from kbroker.network.connection import Connection, Connector, open_connection, tcp_connect
from kbroker.network.directory import Address, NodeDirectory
from kbroker.network.errors import ClientClosed, ConnectionFailed, RequestTimedOut, UnknownNode
from kbroker.network.settings import ClientSettings
from kbroker.network.versions import PeerVersions

log = logging.getLogger(__name__)


class NodeClient:
    """Sends requests to one node; the connection's reader task runs in `nursery`."""

    def __init__(self, node_id: int, directory: NodeDirectory, settings: ClientSettings, nursery: trio.Nursery,
                 *, connect: Connector = tcp_connect, rng: random.Random | None = None) -> None:
        self.node_id = node_id
        self.directory = directory
        self.settings = settings
        self._nursery = nursery
        self._connect = connect
        self._backoff = ReconnectBackoff(settings.reconnect_backoff_ms, settings.reconnect_backoff_max_ms,
                                         rng or random.Random())
        self._connection: Connection | None = None
        self._connect_lock = trio.Lock()
        self._failures = 0
        self._next_attempt_at = -math.inf
        self._attempts = 0
        self._last_failure: ConnectionFailed | None = None
        self._closed = False

    def __repr__(self) -> str:
        return f"<NodeClient node {self.node_id} at {self.directory.get(self.node_id)}>"

    @property
    def connection(self) -> Connection | None:
        """The open connection, if any (None before the first send and after a failure)."""
        connection = self._connection
        return connection if connection is not None and not connection.closed else None

    async def send(self, request, *, version_cap: int | None = None, timeout_ms: int | None = None):
        """Send `request` at the highest version both sides support (at most `version_cap`) and return the
        decoded response. `timeout_ms` (default `request.timeout.ms`) bounds the whole call: waiting out a
        backoff, connecting, and the response."""
        deadline = self._deadline(timeout_ms)
        connection = await self._connected(deadline)
        return await connection.send(request, version_cap=version_cap, deadline=deadline)

    async def peer_versions(self, *, timeout_ms: int | None = None) -> PeerVersions:
        """The API versions the node advertised (connecting first if needed)."""
        return (await self._connected(self._deadline(timeout_ms))).versions

    def _deadline(self, timeout_ms: int | None) -> float:
        timeout_ms = self.settings.request_timeout_ms if timeout_ms is None else timeout_ms
        return trio.current_time() + timeout_ms / 1000

    async def _connected(self, deadline: float) -> Connection:
        connection = await self._current_connection()
        if connection is not None:
            return connection
        attempts_before = self._attempts
        with trio.move_on_at(deadline):
            async with self._connect_lock:
                connection = await self._current_connection()
                if connection is not None:
                    return connection
                if self._attempts != attempts_before and self._last_failure is not None:
                    raise ConnectionFailed(str(self._last_failure))
                await trio.sleep_until(self._next_attempt_at)
                return await self._attempt()
        raise RequestTimedOut(f"no connection to node {self.node_id} within the request timeout "
                              f"(reconnecting after {self._failures} failed attempts)")

    async def _current_connection(self) -> Connection | None:
        if self._closed:
            raise ClientClosed(f"the client of node {self.node_id} is closed")
        address = self.directory.get(self.node_id)
        connection = self._connection
        if address is None:
            if connection is not None:
                self._connection = None
                await connection.aclose(f"node {self.node_id} left the directory")
            raise UnknownNode(f"no address known for node {self.node_id}")
        if connection is None:
            return None
        if connection.closed:
            self._connection = None
            self._count_failure(connection.closed_at)
            return None
        if connection.address != address:
            self._connection = None
            log.info("node %d moved from %s to %s: closing the old connection", self.node_id,
                     connection.address, address)
            await connection.aclose(f"node {self.node_id} moved to {address}")
            self._failures, self._next_attempt_at = 0, -math.inf
            return None
        return connection

    async def _attempt(self) -> Connection:
        address: Address = self.directory.get(self.node_id)
        self._attempts += 1
        try:
            connection = await open_connection(address, self.settings, self._nursery, self._connect)
        except ConnectionFailed as exc:
            self._last_failure = exc
            self._count_failure(trio.current_time())
            log.info("node %d (%s) not reachable: %s; next attempt in %.0f ms", self.node_id, address, exc,
                     (self._next_attempt_at - trio.current_time()) * 1000)
            raise
        self._failures, self._last_failure = 0, None
        self._connection = connection
        return connection

    def _count_failure(self, at: float) -> None:
        self._failures += 1
        self._next_attempt_at = at + self._backoff.delay_ms(self._failures) / 1000

    async def aclose(self) -> None:
        """Close the connection (requests in flight fail with ConnectionLost); later sends raise ClientClosed."""
        self._closed = True
        connection, self._connection = self._connection, None
        if connection is not None:
            await connection.aclose(f"the client of node {self.node_id} was closed")
