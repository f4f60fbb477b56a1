"""An in-process test double of a peer node: trio tasks that read Kafka request frames from in-memory streams,
decode them with the generated codecs and answer as each test scripts, so that failures (a peer that never
answers, closes mid-request, sends a garbage frame size or answers out of order) happen exactly when the test
says, in virtual time.

`FakePeer.connect` is the network client's Connector: every call opens a new in-memory connection served by a
session task in the peer's nursery (or raises ConnectionRefusedError while `refusing`); `serve_tcp()` also
listens on a real 127.0.0.1 port. `handlers` maps an
API key to `async def handler(session, header, request)`; ApiVersions and Metadata have defaults.
"""

from __future__ import annotations

import contextlib
import functools
import random
import socket
import struct
from collections.abc import AsyncIterator, Awaitable, Callable

import trio
import trio.testing

from kbroker.network import Address, ChannelManager, ClientSettings, NodeDirectory, open_channel_manager
from kbroker.network.framing import FrameReceiver
from kbroker.protocol import errors, messages
from kbroker.protocol.messages.api_versions_response import ApiVersion, ApiVersionsResponse
from kbroker.protocol.messages.metadata_response import MetadataResponse, MetadataResponseTopic
from kbroker.protocol.messages.request_header import RequestHeader
from kbroker.server import encode_response

_KEY_AND_VERSION = struct.Struct(">hh")

DEFAULT_RANGES = {18: (0, 4), 3: (0, 13), 60: (0, 2)}


class PeerSession:
    """One client connection as the peer sees it."""

    def __init__(self, peer: FakePeer, stream: trio.abc.Stream) -> None:
        self.peer = peer
        self.stream = stream

    async def reply(self, header: RequestHeader, response, *, correlation_id: int | None = None) -> None:
        response_class = messages.response_class(header.request_api_key)
        version = header.request_api_version
        if header.request_api_key == 18 and response.error_code == errors.UNSUPPORTED_VERSION.code:
            version = 0
        chunks = encode_response(header.correlation_id if correlation_id is None else correlation_id,
                                 response, response_class, version)
        await self.send_raw(b"".join(bytes(chunk) for chunk in chunks))

    async def send_raw(self, data: bytes) -> None:
        await self.stream.send_all(data)

    async def close(self) -> None:
        await self.stream.aclose()

    async def serve(self) -> None:
        receiver = FrameReceiver(self.stream, 1 << 20)
        try:
            while (frame := await receiver.receive()) is not None:
                api_key, version = _KEY_AND_VERSION.unpack_from(frame, 0)
                request_class = messages.request_class(api_key)
                if api_key == 18 and version > self.peer.ranges[18][1]:
                    # KIP-511: a header v1 read is enough to answer an ApiVersions version we do not know.
                    header, _ = RequestHeader.decode(frame, 0, 1)
                    self.peer.received.append(header)
                    await self.reply(header, ApiVersionsResponse(
                        error_code=errors.UNSUPPORTED_VERSION.code,
                        api_keys=[ApiVersion(api_key=18, min_version=self.peer.ranges[18][0],
                                             max_version=self.peer.ranges[18][1])]))
                    continue
                header, pos = RequestHeader.decode(frame, 0, request_class.header_version(version))
                request, _ = request_class.decode(frame, pos, version)
                self.peer.received.append(header)
                await self.peer.handlers[api_key](self, header, request)
        except (trio.ClosedResourceError, trio.BrokenResourceError):
            pass
        finally:
            self.peer.sessions_ended += 1
            await trio.aclose_forcefully(self.stream)


Handler = Callable[[PeerSession, RequestHeader, object], Awaitable[None]]


class FakePeer:
    def __init__(self, nursery: trio.Nursery, ranges: dict[int, tuple[int, int]] | None = None) -> None:
        self.nursery = nursery
        self.ranges = dict(DEFAULT_RANGES if ranges is None else ranges)
        self.refusing = False
        self.connections = 0
        self.sessions_ended = 0
        self.received: list[RequestHeader] = []
        self.handlers: dict[int, Handler] = {18: answer_api_versions, 3: echo_metadata}

    async def serve_tcp(self) -> Address:
        """Also accept real TCP connections on 127.0.0.1 (until the peer's nursery ends); where they go."""
        async def session(stream):
            self.connections += 1
            await PeerSession(self, stream).serve()

        listeners = await self.nursery.start(functools.partial(trio.serve_tcp, session, 0, host="127.0.0.1"))
        return Address("127.0.0.1", listeners[0].socket.getsockname()[1])

    async def connect(self, address) -> trio.abc.Stream:
        await trio.lowlevel.checkpoint()
        if self.refusing:
            raise ConnectionRefusedError(111, f"{address} refused (fake peer)")
        self.connections += 1
        client_end, peer_end = trio.testing.memory_stream_pair()
        self.nursery.start_soon(PeerSession(self, peer_end).serve)
        return client_end


async def answer_api_versions(session: PeerSession, header: RequestHeader, request) -> None:
    await session.reply(header, ApiVersionsResponse(
        api_keys=[ApiVersion(api_key=key, min_version=low, max_version=high)
                  for key, (low, high) in sorted(session.peer.ranges.items())]))


def metadata_answer(request) -> MetadataResponse:
    """Every topic asked for, unknown: enough for a test to see which request a response answers."""
    return MetadataResponse(topics=[MetadataResponseTopic(error_code=errors.UNKNOWN_TOPIC_OR_PARTITION.code,
                                                          name=topic.name) for topic in request.topics or ()])


async def echo_metadata(session: PeerSession, header: RequestHeader, request) -> None:
    await session.reply(header, metadata_answer(request))


# --- running a client against the fake peer in virtual time ------------------------------------------------

PEER_ID = 1
PEER_ADDRESS = Address("peer.test", 9092)


def run_virtual(async_fn, *args):
    """Run `async_fn` under trio with a virtual clock that jumps whenever every task sleeps."""
    return trio.run(async_fn, *args, clock=trio.testing.MockClock(autojump_threshold=0))


def client_settings(**overrides) -> ClientSettings:
    return ClientSettings(**{"client_id": "network-test", **overrides})


@contextlib.asynccontextmanager
async def peer_and_channels(*, ranges: dict[int, tuple[int, int]] | None = None,
                            settings: ClientSettings | None = None,
                            connect=None) -> AsyncIterator[tuple[FakePeer, ChannelManager]]:
    """A FakePeer known as node PEER_ID, and a running ChannelManager dialling it (or `connect(peer)`)."""
    async with trio.open_nursery() as nursery:
        peer = FakePeer(nursery, ranges)
        directory = NodeDirectory({PEER_ID: PEER_ADDRESS})
        async with open_channel_manager(directory, settings or client_settings(),
                                        connect=peer.connect if connect is None else connect(peer),
                                        rng=random.Random(7)) as channels:
            yield peer, channels
        nursery.cancel_scope.cancel()


async def never_answer(session: PeerSession, header: RequestHeader, request) -> None:
    await trio.sleep_forever()


def unused_port() -> int:
    """A 127.0.0.1 port nothing listens on (a dead peer)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]
