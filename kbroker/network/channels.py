"""The channel manager: one NodeClient per peer node id, all in one trio nursery, so that a caller only says
which node a request goes to (Kafka splits this between NetworkClient and its per-purpose channel managers:
NodeToControllerChannelManager, the raft's KafkaNetworkChannel, the fetchers' BlockingSend).

- `await channels.send(node_id, request, version_cap=None, timeout_ms=None)`: the response, or a
  NetworkError (errors.py).
- `channels.send_soon(node_id, request, reply_to, tag=...)`: returns at once; a task in the manager's nursery
  sends the request and puts a `Reply` (response or error, never both) on the `reply_to` memory channel.
  Raft sends Vote to every voter this way and never waits on a dead one.

`ChannelManager.run` owns the nursery (start it in the node's nursery with `nursery.start`);
`open_channel_manager` wraps that for tests and tools. `aclose()` closes every connection (requests in flight
fail with ConnectionLost) and cancels what is left, so nothing outlives the manager.
"""

from __future__ import annotations

import contextlib
import logging
import random
from collections.abc import AsyncIterator
from typing import Any

import attrs
import trio

from kbroker.network.connection import Connector, tcp_connect
from kbroker.network.directory import NodeDirectory
from kbroker.network.errors import ClientClosed, NetworkError
from kbroker.network.node_client import NodeClient
from kbroker.network.settings import ClientSettings

log = logging.getLogger(__name__)


@attrs.frozen
class Reply:
    """The outcome of a `send_soon`: `response` if it arrived, else `error`."""

    node_id: int
    request: Any
    response: Any = None
    error: NetworkError | None = None
    tag: Any = None


class ChannelManager:
    """Start with `await nursery.start(manager.run)` (or use `open_channel_manager`); stop with `aclose()`."""

    def __init__(self, directory: NodeDirectory, settings: ClientSettings, *,
                 connect: Connector = tcp_connect, rng: random.Random | None = None) -> None:
        self.directory = directory
        self.settings = settings
        self._connect = connect
        self._rng = rng or random.Random()
        self._nodes: dict[int, NodeClient] = {}
        self._nursery: trio.Nursery | None = None
        self._stopped = trio.Event()
        self._closed = False

    async def run(self, *, task_status=trio.TASK_STATUS_IGNORED) -> None:
        """Own the nursery of every connection's reader and every `send_soon` until `aclose()`."""
        async with trio.open_nursery() as nursery:
            self._nursery = nursery
            task_status.started(self)
            await self._stopped.wait()
            nursery.cancel_scope.cancel()

    def node(self, node_id: int) -> NodeClient:
        """The client of `node_id` (created on first use; its address comes from the directory)."""
        if self._closed or self._nursery is None:
            raise ClientClosed("the channel manager is not running")
        client = self._nodes.get(node_id)
        if client is None:
            client = self._nodes[node_id] = NodeClient(node_id, self.directory, self.settings, self._nursery,
                                                       connect=self._connect, rng=self._rng)
        return client

    async def send(self, node_id: int, request, *, version_cap: int | None = None,
                   timeout_ms: int | None = None):
        return await self.node(node_id).send(request, version_cap=version_cap, timeout_ms=timeout_ms)

    def send_soon(self, node_id: int, request, reply_to: trio.MemorySendChannel, *,
                  version_cap: int | None = None, timeout_ms: int | None = None, tag: Any = None) -> None:
        client = self.node(node_id)
        self._nursery.start_soon(self._send_and_reply, client, request, reply_to, version_cap, timeout_ms, tag)

    async def _send_and_reply(self, client: NodeClient, request, reply_to: trio.MemorySendChannel,
                              version_cap: int | None, timeout_ms: int | None, tag: Any) -> None:
        try:
            reply = Reply(client.node_id, request,
                          response=await client.send(request, version_cap=version_cap, timeout_ms=timeout_ms),
                          tag=tag)
        except NetworkError as exc:
            reply = Reply(client.node_id, request, error=exc, tag=tag)
        try:
            await reply_to.send(reply)
        except (trio.BrokenResourceError, trio.ClosedResourceError):
            log.debug("nobody takes the reply of node %d any more: %r", client.node_id, reply)

    async def disconnect(self, node_id: int) -> None:
        """Close and forget the node's connection (e.g. a voter or broker that left the cluster)."""
        client = self._nodes.pop(node_id, None)
        if client is not None:
            await client.aclose()

    async def aclose(self) -> None:
        """Close every connection (requests in flight fail with ConnectionLost) and cancel what is left
        (sends waiting out a backoff, replies not yet delivered); later sends raise ClientClosed."""
        self._closed = True
        nodes, self._nodes = self._nodes, {}
        for client in nodes.values():
            await client.aclose()
        self._stopped.set()


@attrs.frozen
class TxnChannels:
    """The transaction traffic between brokers, each kind on connections of its own (as Kafka's
    TransactionMarkerChannelManager and AddPartitionsToTxnManager have their own network clients): a
    WriteTxnMarkers request, or an AddPartitionsToTxn that verifies a partition, is answered once its write is on
    the ISR, so on the replica fetchers' connection it would park the sender's next Fetch behind it, when the
    sender is the very follower it waits for."""

    markers: ChannelManager
    verification: ChannelManager


@contextlib.asynccontextmanager
async def open_channel_manager(directory: NodeDirectory, settings: ClientSettings, *,
                               connect: Connector = tcp_connect,
                               rng: random.Random | None = None) -> AsyncIterator[ChannelManager]:
    """A running ChannelManager for the body of the `async with` (errors leave it inside an ExceptionGroup,
    as from any nursery)."""
    async with trio.open_nursery() as nursery:
        manager = await nursery.start(ChannelManager(directory, settings, connect=connect, rng=rng).run)
        try:
            yield manager
        finally:
            await manager.aclose()
