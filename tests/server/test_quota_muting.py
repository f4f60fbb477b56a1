"""A connection over its client quota (KIP-219), under trio's MockClock: the response goes out at once with
throttle_time_ms, and the next request on the connection is not read until the throttle time has passed; a
client with no quota is never held."""

from __future__ import annotations

import socket
import struct
from types import SimpleNamespace

import trio
import trio.testing

from kbroker.api.registry import ApiSpec, Registry
from kbroker.config import BrokerConfig
from kbroker.metrics.request_stats import RequestStats
from kbroker.pacer import Pacer
from kbroker.protocol.messages.metadata_request import MetadataRequest
from kbroker.protocol.messages.metadata_response import MetadataResponse
from kbroker.protocol.messages.request_header import RequestHeader
from kbroker.protocol.messages.response_header import ResponseHeader
from kbroker.security.quota_manager import ClientQuotas
from kbroker.server import BoundListener, Connection

METADATA, VERSION = 3, 12
HANDLER_S = 0.01  # each request's time in the handler (mock seconds)


async def _metadata(ctx, request) -> MetadataResponse:
    await trio.sleep(HANDLER_S)
    return MetadataResponse(throttle_time_ms=0, brokers=[], cluster_id=None, controller_id=-1, topics=[])


def _request(correlation_id: int, client_id: str) -> bytes:
    header = RequestHeader(request_api_key=METADATA, request_api_version=VERSION, correlation_id=correlation_id,
                           client_id=client_id)
    body = header.encode(MetadataRequest.header_version(VERSION)) + \
        MetadataRequest(topics=[], allow_auto_topic_creation=False).encode(VERSION)
    return struct.pack(">i", len(body)) + body


async def _read_response(sock) -> MetadataResponse:
    async def exactly(n: int) -> bytes:
        data = b""
        while len(data) < n:
            chunk = await sock.recv(n - len(data))
            assert chunk, "the broker closed the connection"
            data += chunk
        return data

    (size,) = struct.unpack(">i", await exactly(4))
    frame = await exactly(size)
    _, position = ResponseHeader.decode(frame, 0, MetadataResponse.header_version(VERSION))
    return MetadataResponse.decode(frame, position, VERSION)[0]


def _serve(quotas: dict, client_id: str) -> list[tuple[float, int]]:
    """Two pipelined Metadata requests; (mock time received, throttle_time_ms) of each response."""
    config = BrokerConfig.from_properties({"log.dirs": "/nonexistent", "listeners": "PLAINTEXT://127.0.0.1:0"})
    state = SimpleNamespace(config=config, request_stats=RequestStats(), controller_channel=None)
    registry = Registry.of([ApiSpec(METADATA, 0, VERSION, _metadata, "test")])

    async def main():
        listener = socket.create_server(("127.0.0.1", 0))
        client = trio.socket.from_stdlib_socket(socket.create_connection(listener.getsockname()))
        accepted = trio.socket.from_stdlib_socket(listener.accept()[0])
        listener.close()
        pacer = Pacer()
        connection = Connection(trio.SocketStream(accepted), BoundListener(config.listeners[0], "127.0.0.1", 0),
                                state, registry, pacer=pacer, quotas=ClientQuotas(lambda: quotas))
        received = []
        async with trio.open_nursery() as nursery:
            nursery.start_soon(pacer.run)
            nursery.start_soon(connection.run)
            await client.send(_request(1, client_id) + _request(2, client_id))
            for _ in range(2):
                response = await _read_response(client)
                received.append((trio.current_time(), response.throttle_time_ms))
            nursery.cancel_scope.cancel()
        client.close()
        return received

    return trio.run(main, clock=trio.testing.MockClock(autojump_threshold=0))


def test_the_response_leaves_at_once_and_the_connection_is_muted_for_the_throttle_time():
    (first_at, first_throttle), (second_at, second_throttle) = _serve(
        {(("client-id", "slow"),): {"request_percentage": 1e-9}}, "slow")
    assert first_throttle == 1000  # request throttling is capped at one quota window
    assert first_at < 1.0  # sent before the throttle ends
    assert second_at >= HANDLER_S + 1.0 + HANDLER_S  # the second request was read only once the mute ended
    assert second_throttle == 1000


def test_a_client_without_a_quota_is_not_held():
    (first_at, first_throttle), (second_at, second_throttle) = _serve(
        {(("client-id", "slow"),): {"request_percentage": 1e-9}}, "other")
    assert (first_throttle, second_throttle) == (0, 0)
    assert second_at < 2 * HANDLER_S + Pacer.TICK_S
