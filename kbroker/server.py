"""The broker's network side: trio TCP listeners, one task per connection, size-prefixed frames, dispatch.

A connection reads one frame at a time: a 4-byte signed size, checked against `socket.request.max.bytes`
BEFORE anything is allocated for the frame (a size < 0 or above the limit closes the connection, like Kafka's
NetworkReceive), then exactly that many bytes into one buffer (small frames arrive through a per-connection
read-ahead buffer, so a burst of small requests costs one recv; large frames land in buffers reused from a
broker-wide pool once nothing views them any more). The request header is decoded at the version
the API's request class names, the body by the generated request class, and the registered handler answers.
The next frame is read only after the response is sent (Kafka mutes the channel the same way), so responses
leave in request order; a handler returning NO_RESPONSE (acks=0 produce) sends nothing and keeps its place.

What closes a connection (one log line each): no request for `connections.max.idle.ms`, a bad frame size, an
unknown API key, a version outside the advertised range (except ApiVersions, answered per KIP-511), a malformed
header or body, and a handler exception (a bug, logged with its traceback). None of them stops the server.

Responses go out as Writer chunks: runs of bytes with one `writev`, file regions (`wire.FileRegion`) with
`os.sendfile` straight from the segment file, so fetched record data never passes through Python.

Socket calls are made directly on the non-blocking socket and wait (through trio) only when it is not ready;
a request that never had to wait ends with one checkpoint, so busy connections take turns. Accepted sockets
get Kafka's options: TCP_NODELAY, SO_KEEPALIVE, SO_SNDBUF = socket.send.buffer.bytes; listening sockets
SO_RCVBUF = socket.receive.buffer.bytes (-1 keeps the OS default for either).
"""

from __future__ import annotations

import logging
import os
import socket
import struct
from collections.abc import Iterable

import attrs
import trio

from kbroker.api import api_versions
from kbroker.api.context import NO_RESPONSE, CloseConnection, RequestContext
from kbroker.api.registry import Registry
from kbroker.api.state import BrokerState
from kbroker.config import Listener
from kbroker.protocol import wire
from kbroker.protocol.messages.request_header import RequestHeader

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


class SocketIO:
    """Non-blocking calls on one connection's socket that give way to trio only when the socket is not ready.

    trio's own socket methods are checkpoints (a trip through the scheduler) even when the call succeeds at once;
    a request costs several of them. Here a call that can proceed proceeds, `wait_readable`/`wait_writable`
    park the task only when it cannot, and `yielded` tells the connection whether it already gave way during
    the current request (else it checkpoints once, so one busy connection cannot starve the others).
    """

    __slots__ = ("sock", "fd", "yielded")

    def __init__(self, sock) -> None:
        self.sock = sock
        self.fd = sock.fileno()
        self.yielded = False

    def recv_into_nowait(self, view: memoryview) -> int:
        """Bytes received into `view` now; 0 when none are waiting; ConnectionClosed on EOF or reset."""
        try:
            n = os.readv(self.fd, (view,))
        except BlockingIOError:
            return 0
        except OSError as e:  # reset, timed out, unreachable: the peer is gone either way
            raise ConnectionClosed(str(e)) from None
        if n == 0:
            raise ConnectionClosed("end of stream")
        return n

    async def recv_into(self, view: memoryview, nbytes: int) -> int:
        view = view[:nbytes]
        while True:
            n = self.recv_into_nowait(view)
            if n:
                return n
            self.yielded = True
            await trio.lowlevel.wait_readable(self.sock)

    async def send_buffers(self, buffers: list) -> None:
        """Write the buffers in order (one writev per attempt)."""
        pending = [memoryview(b).cast("B") for b in buffers if len(b)]
        while pending:
            try:
                sent = os.writev(self.fd, pending[:_IOV_MAX])
            except BlockingIOError:
                sent = 0
            except (ConnectionResetError, BrokenPipeError) as e:
                raise ConnectionClosed(str(e)) from None
            while sent and pending:
                if sent >= len(pending[0]):
                    sent -= len(pending.pop(0))
                else:
                    pending[0] = pending[0][sent:]
                    sent = 0
            if pending:
                self.yielded = True
                await trio.lowlevel.wait_writable(self.sock)

    async def send_file_region(self, region: wire.FileRegion) -> None:
        """Send a file region with os.sendfile, waiting for the socket only when its buffer is full."""
        position, remaining = region.position, region.length
        while remaining:
            try:
                sent = os.sendfile(self.fd, region.fd, position, remaining)
            except BlockingIOError:
                self.yielded = True
                await trio.lowlevel.wait_writable(self.sock)
                continue
            except (ConnectionResetError, BrokenPipeError) as e:
                raise ConnectionClosed(str(e)) from None
            if sent == 0:
                raise wire.EncodeError(f"{region!r} ends past the end of its file")
            position += sent
            remaining -= sent


_IOV_MAX = os.sysconf("SC_IOV_MAX") if hasattr(os, "sysconf") else 1024


class FramePool:
    """Buffers for large request frames, reused instead of allocated (and zero-filled) for every request.

    A buffer goes back to the pool only when no view of it is alive any more (a resize attempt raises
    BufferError while one is): a handler that kept a view of its request (e.g. of produced records) keeps the
    buffer to itself. At most `max_bytes` are kept.
    """

    MIN_FRAME = 64 * 1024
    GRANULE = 128 * 1024

    def __init__(self, max_bytes: int = 32 * 1024 * 1024) -> None:
        self.max_bytes = max_bytes
        self.free: list[bytearray] = []
        self.held = 0

    def take(self, size: int) -> bytearray:
        for i, buf in enumerate(self.free):
            if len(buf) >= size:
                del self.free[i]
                self.held -= len(buf)
                return buf
        return bytearray(-(-size // self.GRANULE) * self.GRANULE)

    def give_back(self, buf: bytearray) -> None:
        try:
            buf.append(0)
        except BufferError:
            return  # still viewed by whoever kept part of the request
        del buf[-1]
        if self.held + len(buf) <= self.max_bytes:
            self.free.append(buf)
            self.held += len(buf)


class FrameReader:
    """Reads size-prefixed frames with one recv per burst of small requests.

    A fixed read-ahead buffer (allocated once per connection) takes whatever the socket has; each frame is
    copied out into a buffer of its own, allocated (or, for large frames, taken from the FramePool) only after
    its size passed the limit check, and the part of a big frame not yet received is read straight into that
    buffer. `sock` needs `async recv_into(view, nbytes)` (SocketIO, or a test double).
    """

    READ_AHEAD = 32 * 1024

    def __init__(self, sock, pool: FramePool | None = None) -> None:
        self.sock = sock
        self.pool = pool
        self.ahead = bytearray(self.READ_AHEAD)
        self.view = memoryview(self.ahead)
        self.start = 0  # buffered, unconsumed bytes are ahead[start:end]
        self.end = 0

    @property
    def buffered(self) -> int:
        return self.end - self.start

    def _compact(self, at_least: int) -> None:
        if self.start and self.READ_AHEAD - self.start < at_least:
            self.ahead[:self.buffered] = self.view[self.start:self.end]
            self.end -= self.start
            self.start = 0

    def fill_nowait(self, at_least: int) -> bool:
        """Take what the socket has now (SocketIO only); whether `at_least` bytes are buffered."""
        self._compact(at_least)
        if self.end < self.READ_AHEAD:
            self.end += self.sock.recv_into_nowait(self.view[self.end:])
        return self.buffered >= at_least

    async def fill(self, at_least: int) -> None:
        """Receive until `at_least` bytes are buffered (at most READ_AHEAD)."""
        self._compact(at_least)
        while self.buffered < at_least:
            self.end += await self.sock.recv_into(self.view[self.end:], self.READ_AHEAD - self.end)

    def read_size(self) -> int:
        (size,) = _SIZE.unpack_from(self.ahead, self.start)
        self.start += 4
        return size

    async def read_body(self, size: int) -> memoryview:
        """The frame of `size` bytes; from the pool when large (give it back with `release`)."""
        if self.pool is not None and size >= FramePool.MIN_FRAME:
            frame = memoryview(self.pool.take(size))[:size]
        else:
            frame = memoryview(bytearray(size))
        taken = min(size, self.buffered)
        frame[:taken] = self.view[self.start:self.start + taken]
        self.start += taken
        if self.start == self.end:
            self.start = self.end = 0
        filled = taken
        while filled < size:
            filled += await self.sock.recv_into(frame[filled:], size - filled)
        return frame

    def release(self, frame: memoryview) -> None:
        """The request of `frame` is served: a pooled buffer may serve the next large frame."""
        buf = frame.obj
        frame.release()
        if self.pool is not None and len(buf) >= FramePool.MIN_FRAME:
            self.pool.give_back(buf)


async def send_chunks(io: SocketIO, chunks: Iterable) -> None:
    """Send Writer chunks in order: runs of byte chunks with one writev, file regions with sendfile."""
    pending: list = []
    for chunk in chunks:
        if isinstance(chunk, wire.ExternalChunk):
            if pending:
                await io.send_buffers(pending)
                pending = []
            if isinstance(chunk, wire.FileRegion):
                await io.send_file_region(chunk)
            else:
                await io.send_buffers([chunk.read_bytes()])
        else:
            pending.append(chunk)
    if pending:
        await io.send_buffers(pending)


_RESPONSE_HEADER_V0 = struct.Struct(">ii")  # size, correlation id
_RESPONSE_HEADER_V1 = struct.Struct(">iiB")  # size, correlation id, no tagged fields


def encode_response(correlation_id: int, response, response_class, version: int) -> list:
    """Size prefix + response header + body, as Writer chunks (the size is patched in once known)."""
    writer = wire.Writer()
    header = _RESPONSE_HEADER_V1 if response_class.header_version(version) >= 1 else _RESPONSE_HEADER_V0
    writer.buf += header.pack(0, correlation_id, 0) if header is _RESPONSE_HEADER_V1 else header.pack(0, correlation_id)
    response.encode_into(writer, version)
    _SIZE.pack_into(writer.buf, 0, len(writer) - 4)
    return writer.chunks()


class Connection:
    """One client connection: read a frame, serve it, send the reply, repeat."""

    def __init__(self, stream: trio.SocketStream, bound: BoundListener, state: BrokerState,
                 registry: Registry, pool: FramePool | None = None) -> None:
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
        configure_accepted_socket(stream.socket, state.config["socket.send.buffer.bytes"])
        self.io = SocketIO(stream.socket)
        self.reader = FrameReader(self.io, pool)

    @property
    def peer_text(self) -> str:
        return f"{self.peer[0]}:{self.peer[1]}"

    async def run(self) -> None:
        io = self.io
        try:
            while True:
                io.yielded = False
                frame = await self.read_frame()
                if frame is None:
                    return
                await self.serve_frame(frame)
                self.reader.release(frame)
                del frame
                if not io.yielded:
                    await trio.lowlevel.checkpoint()
        except ConnectionClosed as e:
            log.debug("connection from %s closed: %s", self.peer_text, e)
        except (trio.BrokenResourceError, trio.ClosedResourceError) as e:
            log.debug("connection from %s closed while sending: %s", self.peer_text, e)
        except CloseConnection as e:
            log.warning("closing connection from %s: %s", self.peer_text, e)

    async def read_frame(self) -> memoryview | None:
        """The next request frame, or None when the peer closed (or went idle) between frames."""
        reader = self.reader
        try:
            ready = reader.buffered >= 4 or reader.fill_nowait(4)
        except ConnectionClosed:
            return None
        if not ready:
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
                await send_chunks(self.io, encode_response(
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
        await send_chunks(self.io, chunks)


def configure_accepted_socket(sock, send_buffer_bytes: int) -> None:
    """Kafka's options for an accepted connection: no Nagle delay, keepalive, and SO_SNDBUF from
    socket.send.buffer.bytes unless it is -1 (the OS default, with its autotuning)."""
    try:
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)
        if send_buffer_bytes != -1:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, send_buffer_bytes)
    except OSError as e:  # the peer may already be gone; reading will say so
        log.debug("cannot set socket options: %s", e)


async def open_listener(listener: Listener, receive_buffer_bytes: int
                        ) -> tuple[list[trio.SocketListener], BoundListener]:
    """Bind one listener's sockets (a port 0 becomes one ephemeral port)."""
    host = listener.host or None
    try:
        sockets = await trio.open_tcp_listeners(listener.port, host=host)
    except OSError as e:
        raise OSError(e.errno, f"cannot bind listener {listener} (listeners): {e.strerror}") from e
    if receive_buffer_bytes != -1:
        # Set on the listening socket, as Kafka does, so accepted sockets start with it (and TCP's window
        # scale is chosen for it during the handshake).
        for sock in sockets:
            sock.socket.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer_bytes)
    if listener.port == 0 and len(sockets) > 1:
        # An ephemeral port differs per address family; keep one socket so the listener has one port.
        for extra in sockets[1:]:
            await extra.aclose()
        sockets = sockets[:1]
    host_bound, port_bound = sockets[0].socket.getsockname()[:2]
    return sockets, BoundListener(listener, host_bound, port_bound)


async def serve_connection(stream: trio.SocketStream, bound: BoundListener, state: BrokerState, registry: Registry,
                           pool: FramePool | None = None) -> None:
    """Serve one accepted connection until it closes."""
    connection = Connection(stream, bound, state, registry, pool)
    log.debug("connection from %s on %s", connection.peer_text, bound.listener.name)
    try:
        await connection.run()
    except Exception:
        # Whatever a client sends must not take the broker down: a failure here is a bug in this module,
        # logged with its traceback; only this connection is lost.
        log.exception("bug: connection from %s failed; closing it", connection.peer_text)
