"""The broker's network side: trio TCP listeners, one task per connection, size-prefixed frames, dispatch.

A connection reads one frame at a time: a 4-byte signed size, checked against `socket.request.max.bytes`
BEFORE anything is allocated for the frame (a size < 0 or above the limit closes the connection, like Kafka's
NetworkReceive), then exactly that many bytes into one buffer (small frames arrive through a per-connection
read-ahead buffer, so a burst of small requests costs one recv). The request header is decoded at the version
the API's request class names, the body by the generated request class, and the registered handler answers.
The next frame is read only after the response is sent (Kafka mutes the channel the same way), so responses
leave in request order; a handler returning NO_RESPONSE (acks=0 produce) sends nothing and keeps its place.

What closes a connection (one log line each): no request for `connections.max.idle.ms`, a bad frame size, an
unknown API key, a version outside the advertised range (except ApiVersions, answered per KIP-511), a malformed
header or body, and a handler exception (a bug, logged with its traceback). None of them stops the server.

Responses go out as Writer chunks: bytes with `send_all`, file regions (`wire.FileRegion`) with `os.sendfile`
straight from the segment file, so fetched record data never passes through Python.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Iterable
from functools import partial

import attrs
import trio

from kbroker.api import api_versions
from kbroker.api.context import NO_RESPONSE, CloseConnection, RequestContext
from kbroker.api.registry import Registry
from kbroker.api.state import BrokerState, Clock
from kbroker.config import BrokerConfig, Listener
from kbroker.protocol import wire
from kbroker.protocol.messages.request_header import RequestHeader
from kbroker.protocol.messages.response_header import ResponseHeader

log = logging.getLogger(__name__)

_SIZE = wire.INT32
_API_VERSIONS_KEY = api_versions.API_KEY
# Request header v1 is a prefix of v2 (ClientId is never compact), so it names the client of any request.
_LOGGING_HEADER_VERSION = 1


class ConnectionClosed(Exception):
    """The peer closed (or reset) the connection."""


@attrs.frozen
class BoundListener:
    listener: Listener
    host: str
    port: int


async def _recv_into(sock, view: memoryview) -> int:
    """One recv into `view`; ConnectionClosed on EOF or reset."""
    try:
        n = await sock.recv_into(view, len(view))
    except OSError as e:  # reset, timed out, unreachable: the peer is gone either way
        raise ConnectionClosed(str(e)) from None
    if n == 0:
        raise ConnectionClosed("end of stream")
    return n


class FrameReader:
    """Reads size-prefixed frames with one recv per burst of small requests.

    A fixed read-ahead buffer (allocated once per connection) takes whatever the socket has; each frame is
    copied out into a buffer of exactly its size, allocated only after its size passed the limit check, and
    the part of a big frame not yet received is read straight into that buffer.
    """

    READ_AHEAD = 32 * 1024

    def __init__(self, sock) -> None:
        self.sock = sock
        self.ahead = bytearray(self.READ_AHEAD)
        self.view = memoryview(self.ahead)
        self.start = 0  # buffered, unconsumed bytes are ahead[start:end]
        self.end = 0

    @property
    def buffered(self) -> int:
        return self.end - self.start

    async def fill(self, at_least: int) -> None:
        """Receive until `at_least` bytes are buffered (at most READ_AHEAD)."""
        if self.start and self.READ_AHEAD - self.start < at_least:
            self.ahead[:self.buffered] = self.view[self.start:self.end]
            self.end -= self.start
            self.start = 0
        while self.buffered < at_least:
            self.end += await _recv_into(self.sock, self.view[self.end:])

    def read_size(self) -> int:
        (size,) = _SIZE.unpack_from(self.ahead, self.start)
        self.start += 4
        return size

    async def read_body(self, size: int) -> memoryview:
        frame = memoryview(bytearray(size))
        taken = min(size, self.buffered)
        frame[:taken] = self.view[self.start:self.start + taken]
        self.start += taken
        if self.start == self.end:
            self.start = self.end = 0
        filled = taken
        while filled < size:
            filled += await _recv_into(self.sock, frame[filled:])
        return frame


async def send_file_region(sock, region: wire.FileRegion) -> None:
    """Send a file region with os.sendfile, waiting for the socket to be writable before each call."""
    out_fd = sock.fileno()
    position, remaining = region.position, region.length
    while remaining:
        await trio.lowlevel.wait_writable(sock)
        try:
            sent = os.sendfile(out_fd, region.fd, position, remaining)
        except BlockingIOError:
            continue
        except (ConnectionResetError, BrokenPipeError) as e:
            raise ConnectionClosed(str(e)) from None
        if sent == 0:
            raise wire.EncodeError(f"{region!r} ends past the end of its file")
        position += sent
        remaining -= sent


async def send_chunks(stream: trio.SocketStream, chunks: Iterable) -> None:
    """Send Writer chunks in order: adjacent byte chunks in one send, file regions with sendfile."""
    pending: list = []
    for chunk in chunks:
        if isinstance(chunk, wire.ExternalChunk):
            if pending:
                await stream.send_all(b"".join(pending))
                pending = []
            if isinstance(chunk, wire.FileRegion):
                await send_file_region(stream.socket, chunk)
            else:
                await stream.send_all(chunk.read_bytes())
        else:
            pending.append(chunk)
    if pending:
        await stream.send_all(pending[0] if len(pending) == 1 else b"".join(pending))


def encode_response(correlation_id: int, response, response_class, version: int) -> list:
    """Size prefix + response header + body, as Writer chunks (the size is patched in once known)."""
    writer = wire.Writer()
    writer.buf += b"\0\0\0\0"
    ResponseHeader(correlation_id=correlation_id).encode_into(writer, response_class.header_version(version))
    response.encode_into(writer, version)
    _SIZE.pack_into(writer.buf, 0, len(writer) - 4)
    return writer.chunks()


class Connection:
    """One client connection: read a frame, serve it, send the reply, repeat."""

    def __init__(self, stream: trio.SocketStream, bound: BoundListener, state: BrokerState,
                 registry: Registry) -> None:
        self.stream = stream
        self.bound = bound
        self.state = state
        self.registry = registry
        self.max_request_bytes = state.config["socket.request.max.bytes"]
        self.max_idle_s = state.config["connections.max.idle.ms"] / 1000
        try:
            host, port = stream.socket.getpeername()[:2]
        except OSError:
            host, port = "?", 0
        self.peer = (host, port)
        self.reader = FrameReader(stream.socket)

    @property
    def peer_text(self) -> str:
        return f"{self.peer[0]}:{self.peer[1]}"

    async def run(self) -> None:
        try:
            while True:
                frame = await self.read_frame()
                if frame is None:
                    return
                await self.serve_frame(frame)
        except ConnectionClosed as e:
            log.debug("connection from %s closed: %s", self.peer_text, e)
        except (trio.BrokenResourceError, trio.ClosedResourceError) as e:
            log.debug("connection from %s closed while sending: %s", self.peer_text, e)
        except CloseConnection as e:
            log.warning("closing connection from %s: %s", self.peer_text, e)

    async def read_frame(self) -> memoryview | None:
        """The next request frame, or None when the peer closed (or went idle) between frames."""
        reader = self.reader
        if reader.buffered < 4:
            # Between requests the connection is idle; Kafka closes it after connections.max.idle.ms.
            with trio.move_on_after(self.max_idle_s) as idle:
                try:
                    await reader.fill(4)
                except ConnectionClosed:
                    return None
            if idle.cancelled_caught:
                log.info("closing connection from %s: idle for more than connections.max.idle.ms (%d ms)",
                         self.peer_text, self.max_idle_s * 1000)
                return None
        size = reader.read_size()
        if size < 0 or size > self.max_request_bytes:
            raise CloseConnection(f"invalid request size {size} (socket.request.max.bytes is "
                                  f"{self.max_request_bytes})")
        return await reader.read_body(size)

    def _client_id_for_log(self, frame: memoryview) -> str | None:
        try:
            header, _ = RequestHeader.decode(frame, 0, _LOGGING_HEADER_VERSION)
        except wire.DecodeError:
            return None
        return header.client_id

    async def serve_frame(self, frame: memoryview) -> None:
        if len(frame) < 4:
            raise CloseConnection(f"request of {len(frame)} bytes is too short for a request header")
        api_key, api_version = wire.INT16.unpack_from(frame, 0)[0], wire.INT16.unpack_from(frame, 2)[0]
        spec = self.registry.get(api_key)
        if spec is None:
            raise CloseConnection(f"unknown API key {api_key} (version {api_version}, client id "
                                  f"{self._client_id_for_log(frame)!r})")
        request_class = spec.request_class
        try:
            header, body_pos = RequestHeader.decode(frame, 0, request_class.header_version(api_version))
        except wire.DecodeError as e:
            raise CloseConnection(f"malformed request header for API key {api_key} v{api_version}: {e}") from None
        if not spec.supports(api_version):
            if api_key == _API_VERSIONS_KEY:
                # KIP-511: answer with a v0 body so any client can read which versions to retry with.
                log.info("ApiVersions v%d from %s (client id %r) is unsupported; answering with the supported "
                         "range", api_version, self.peer_text, header.client_id)
                await send_chunks(self.stream, encode_response(
                    header.correlation_id, api_versions.unsupported_version_response(), spec.response_class, 0))
                return
            raise CloseConnection(f"unsupported version {api_version} of API key {api_key} (supported "
                                  f"{spec.min_version}-{spec.max_version}), client id {header.client_id!r}")
        try:
            request, _ = request_class.decode(frame, body_pos, api_version)
        except wire.DecodeError as e:
            raise CloseConnection(f"malformed {request_class.__name__} v{api_version} from client id "
                                  f"{header.client_id!r}: {e}") from None
        ctx = RequestContext(
            api_key=api_key, api_version=api_version, correlation_id=header.correlation_id,
            client_id=header.client_id, header=header, peer=self.peer,
            listener_name=self.bound.listener.name, security_protocol=self.bound.listener.security_protocol,
            state=self.state, registry=self.registry)
        try:
            response = await spec.handle(ctx, request)
            if response is NO_RESPONSE:
                return
            chunks = encode_response(header.correlation_id, response, spec.response_class, api_version)
        except CloseConnection:
            raise
        except Exception:
            # A handler that raises is a bug: say so loudly, drop this connection, keep the broker up.
            log.exception("bug: %s failed serving %s; closing the connection", spec.module, ctx.describe())
            raise CloseConnection(f"internal error serving {ctx.describe()}") from None
        await send_chunks(self.stream, chunks)


async def _open_listener(listener: Listener) -> tuple[list[trio.SocketListener], BoundListener]:
    host = listener.host or None
    try:
        sockets = await trio.open_tcp_listeners(listener.port, host=host)
    except OSError as e:
        raise OSError(e.errno, f"cannot bind listener {listener}: {e.strerror}") from e
    if listener.port == 0 and len(sockets) > 1:
        # An ephemeral port differs per address family; keep one socket so the listener has one port.
        for extra in sockets[1:]:
            await extra.aclose()
        sockets = sockets[:1]
    host_bound, port_bound = sockets[0].socket.getsockname()[:2]
    return sockets, BoundListener(listener, host_bound, port_bound)


class Broker:
    """The broker process: state, registry and listeners. `serve()` runs until cancelled."""

    def __init__(self, config: BrokerConfig, *, registry: Registry | None = None,
                 clock: Clock | None = None) -> None:
        self.config = config
        self.state = BrokerState(config, clock or Clock())
        self.registry = registry if registry is not None else Registry.discover()

    def _prepare_log_dirs(self) -> None:
        for log_dir in self.state.log_dirs:
            if not os.path.isdir(log_dir):
                log.info("log directory %s not found, creating it", log_dir)
                os.makedirs(log_dir, exist_ok=True)

    async def _serve_connection(self, bound: BoundListener, stream: trio.SocketStream) -> None:
        connection = Connection(stream, bound, self.state, self.registry)
        log.debug("connection from %s on %s", connection.peer_text, bound.listener.name)
        try:
            await connection.run()
        except Exception:
            # Whatever a client sends must not take the broker down: a failure here is a bug in this module,
            # logged with its traceback; only this connection is lost.
            log.exception("bug: connection from %s failed; closing it", connection.peer_text)

    async def serve(self, *, task_status=trio.TASK_STATUS_IGNORED) -> None:
        """Bind every listener, report the bound addresses with `task_status.started([BoundListener])`, then
        accept connections until cancelled."""
        self._prepare_log_dirs()
        opened = []
        try:
            for listener in self.config.listeners:
                opened.append(await _open_listener(listener))
        except BaseException:
            for sockets, _ in opened:
                for sock in sockets:
                    await sock.aclose()
            raise
        for _, bound in opened:
            self.state.bound[bound.listener.name] = (bound.host, bound.port)
            log.info("listening on %s (%s) at %s:%d", bound.listener, bound.listener.security_protocol,
                     bound.host, bound.port)
        log.info("serving %d APIs: %s", len(self.registry.specs),
                 ", ".join(f"{key}:{low}-{high}" for key, low, high in self.registry.ranges()))
        async with trio.open_nursery() as nursery:
            for sockets, bound in opened:
                nursery.start_soon(partial(trio.serve_listeners, partial(self._serve_connection, bound), sockets))
            task_status.started([bound for _, bound in opened])
