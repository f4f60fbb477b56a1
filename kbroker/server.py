"""The broker's network side: trio TCP listeners, a task per connection while it is served, size-prefixed
frames, dispatch.

A connection reads one frame at a time (frames.FrameReader): a 4-byte signed size, checked against
`socket.request.max.bytes` and against the whole of `queued.max.request.bytes` BEFORE anything is allocated for
the frame (a size < 0, above the limit, or that could never fit the bound closes the connection, like Kafka's
NetworkReceive), then the frame's bytes into one buffer that grows with what arrives, never to the claimed size
ahead of it: small frames are assembled in a read-ahead buffer (one recv per burst of small requests), large
ones in an anonymous memory map whose pages become resident as recv writes them. The bytes held in frames
count against `queued.max.request.bytes` (request_memory.RequestMemory), which mutes the connections holding
the most while the bound is reached. The request header is decoded at the version the API's request class
names, the body by the generated request class, and the registered handler answers. The next frame is read
only after the response is sent (Kafka mutes the channel the same way), so responses leave in request order; a
handler returning NO_RESPONSE (acks=0 produce) sends nothing and keeps its place.

What closes a connection (one log line each): nothing received for `connections.max.idle.ms` (between frames or
in the middle of one, muted or not: Kafka expires connections by their last socket activity), a bad frame size,
a peer that takes no response bytes for as long, an unknown API key, a version outside the advertised range
(except ApiVersions, answered per KIP-511), a malformed header or body, and a handler exception (a bug, logged with its traceback). None of them stops the
server. A connection's socket is closed as soon as its task ends.

What a connection costs while it waits: no read-ahead buffer (it goes back to the pool before any wait; bytes
of a partial small frame are kept at their size), the received part of a large frame rounded up to a page, and
the Python objects of the task, socket and reader (a few KiB; bench/flood_bench.py measures it). A connection
that has waited PARK_AFTER_S for its next request with no byte of it received gives up its task, the larger part
of that, and is parked (parking.py) until its socket is readable, when a new task serves it; connections of TLS
listeners keep their tasks (the TLS layer may hold decrypted bytes that the socket no longer shows).

Responses go out as Writer chunks: runs of bytes with one `writev`, file regions (`wire.FileRegion`) with
`os.sendfile` straight from the segment file, so fetched record data never passes through Python. A region
whose pages would make `sendfile` wait (not cached, or the log's tail locked by an append that waits on
write-back: page_cache.would_wait) is sent from a worker thread, so that wait stops no other connection.

Socket calls are made directly on the non-blocking socket and wait (through trio) only when it is not ready;
a request that never had to wait ends with one checkpoint, so busy connections take turns. Accepted sockets
get Kafka's options: TCP_NODELAY, SO_KEEPALIVE, SO_SNDBUF = socket.send.buffer.bytes; listening sockets
SO_RCVBUF = socket.receive.buffer.bytes (-1 keeps the OS default for either).
"""

from __future__ import annotations

import errno
import gc
import heapq
import logging
import os
import socket
import ssl
import struct
from collections.abc import Callable, Iterable

import attrs
import trio

from kbroker import page_cache
from kbroker.allocator import trim_c_heap
from kbroker.api import api_versions, forwarding, sasl_errors
from kbroker.api.context import NO_RESPONSE, CloseConnection, RequestContext
from kbroker.api.registry import Registry
from kbroker.api.state import BrokerState
from kbroker.config import BrokerConfig, Listener
from kbroker.frames import ConnectionClosed, FramePool, FrameReader
from kbroker.network.connection_quotas import (
    ConnectionQuotas,
    ConnectionThrottled,
    TooManyConnections,
    setting_reader,
)
from kbroker.pacer import FixedWatch, Pacer
from kbroker.parking import PARK_AFTER_S, Parking
from kbroker.protocol import wire
from kbroker.protocol.messages import API_KEYS
from kbroker.protocol.messages.request_header import RequestHeader
from kbroker.quorum_config import inter_broker_listener_name
from kbroker.quota_throttle import charge, limit_fetch
from kbroker.request_memory import RequestMemory, resolve_limit
from kbroker.security import listener_security
from kbroker.security.delegation_tokens import TokenCredentials, TokenSettings, split_principal, token_hmac
from kbroker.security.listener_security import ListenerSecurity
from kbroker.security.principal import ANONYMOUS, NoMatchingRule, tls_principal
from kbroker.security.quota_manager import ClientQuotas
from kbroker.security.sasl.authenticator import FAILED, AuthenticationFailed, SaslAuthenticator
from kbroker.security.tls_io import TlsIO

log = logging.getLogger(__name__)

_SIZE = wire.INT32
_API_VERSIONS_KEY = api_versions.API_KEY
_SASL_HANDSHAKE_KEY = 17
_SASL_AUTHENTICATE_KEY = 36
# Request header v1 is a prefix of v2 (ClientId is never compact), so it names the client of any request.
_LOGGING_HEADER_VERSION = 1
UNAUTHENTICATED_PACE_S = 10.0  # frames.FrameReader pacing of slow large frames before SASL authentication


@attrs.frozen
class BoundListener:
    listener: Listener
    host: str
    port: int


class SocketIO:
    """Non-blocking calls on one connection's socket that give way to trio only when the socket is not ready.

    trio's own socket methods are checkpoints (a trip through the scheduler) even when the call succeeds at once;
    a request costs several of them. Here a call that can proceed proceeds, `wait_readable` and the sends park the
    task only when the socket is not ready, and `yielded` tells the connection whether it already gave way during
    the current request (else it checkpoints once, so one busy connection cannot starve the others).
    """

    __slots__ = ("sock", "fd", "yielded", "max_stall_s")

    def __init__(self, sock, max_stall_s: float = float("inf")) -> None:
        self.sock = sock
        self.fd = sock.fileno()
        self.yielded = False
        self.max_stall_s = max_stall_s  # a peer that takes no response bytes for this long is closed

    def peer_gone(self) -> bool:
        """Whether the peer reset the connection or closed its side (asked of a connection that is not reading)."""
        try:
            if self.sock.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR):
                return True
            state = self.sock.getsockopt(socket.IPPROTO_TCP, _TCP_INFO, 1)[0] if _TCP_INFO else None
        except OSError:
            return True
        return state in _TCP_PEER_GONE_STATES

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

    async def wait_readable(self) -> None:
        self.yielded = True
        await trio.lowlevel.wait_readable(self.sock)

    async def send_buffers(self, buffers: list) -> None:
        """Write the buffers in order (one writev per attempt)."""
        pending = [memoryview(b).cast("B") for b in buffers if len(b)]

        def attempt() -> bool:
            while pending:
                batch = pending[:_IOV_MAX]
                try:
                    sent = os.writev(self.fd, batch)
                except BlockingIOError:
                    return False
                except (ConnectionResetError, BrokenPipeError) as e:
                    raise ConnectionClosed(str(e)) from None
                full = sent < sum(len(view) for view in batch)
                while sent:
                    if sent >= len(pending[0]):
                        sent -= len(pending.pop(0))
                    else:
                        pending[0] = pending[0][sent:]
                        sent = 0
                if full:
                    return False
            return True

        await self._send_until_done(attempt)

    async def send_file_region(self, region: wire.FileRegion) -> None:
        """Send a file region with os.sendfile."""
        position, end = region.position, region.position + region.length

        def attempt() -> bool:
            nonlocal position
            if position == end:
                return True
            try:
                sent = os.sendfile(self.fd, region.fd, position, end - position)
            except BlockingIOError:
                return False
            except (ConnectionResetError, BrokenPipeError) as e:
                raise ConnectionClosed(str(e)) from None
            if sent == 0:
                raise wire.EncodeError(f"{region!r} ends past the end of its file")
            position += sent
            return position == end

        def would_wait() -> bool:
            return position < end and page_cache.would_wait(region.fd, position, end - 1)

        await self._send_until_done(attempt, would_wait)

    async def _send_until_done(self, attempt: Callable[[], bool], would_wait: Callable[[], bool] = lambda: False
                               ) -> None:
        """Run `attempt` (a non-blocking send that says whether everything is sent) until it is done, waiting for
        the socket between attempts.

        A partial send means the socket's buffer is full, so the next attempt waits for room rather than paying
        for a system call that fails with EAGAIN. A peer that makes the socket wait max_stall_s for room is closed;
        one cancel scope covers the whole send, its deadline moved on whenever the socket has room again, which
        costs much less than a scope per wait on a fetch that waits dozens of times. It moves as the receive side's
        idle deadline does (FrameReader._activity), in steps of IDLE_SLACK of the limit, here at most a second: a
        stalled peer is closed that much late at most, never early.
        """
        if await self._attempt(attempt, would_wait):
            return
        self.yielded = True
        late_by = min(self.max_stall_s * FrameReader.IDLE_SLACK, 1.0)
        with trio.CancelScope(deadline=trio.current_time() + self.max_stall_s) as stall:
            while True:
                await trio.lowlevel.wait_writable(self.sock)
                if await self._attempt(attempt, would_wait):
                    return
                room_at = trio.current_time()
                if stall.deadline < room_at + self.max_stall_s:
                    stall.deadline = room_at + self.max_stall_s + late_by
        raise CloseConnection(f"took no response bytes for connections.max.idle.ms ({self.max_stall_s * 1000:.0f} ms)")

    async def _attempt(self, attempt: Callable[[], bool], would_wait: Callable[[], bool]) -> bool:
        """One attempt, in a worker thread when `would_wait` says it would wait on the file system (the socket
        side never waits: it is non-blocking in the thread too)."""
        if not would_wait():
            return attempt()
        self.yielded = True
        return await trio.to_thread.run_sync(attempt)


_TCP_INFO = getattr(socket, "TCP_INFO", None)  # Linux: the first byte of struct tcp_info is the TCP state
_TCP_PEER_GONE_STATES = (7, 8)  # TCP_CLOSE, TCP_CLOSE_WAIT
_IOV_MAX = os.sysconf("SC_IOV_MAX") if hasattr(os, "sysconf") else 1024


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


QUIET = memoryview(b"")  # Connection.read_frame: the connection is quiet and can be parked


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
                 registry: Registry, pool: FramePool | None = None, memory: RequestMemory | None = None,
                 pacer: Pacer | None = None, security: ListenerSecurity = listener_security.PLAINTEXT,
                 quotas: ClientQuotas | None = None) -> None:
        self.stream = stream
        self.quotas = quotas  # client quotas (quota_throttle.py); None on a controller listener
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
        self.client_software = ("unknown", "unknown")
        configure_accepted_socket(stream.socket, state.config["socket.send.buffer.bytes"])
        self.io = SocketIO(stream.socket, self.max_idle_s)
        self.security = security
        self.principal: tuple[str, str] = _split_principal(ANONYMOUS)
        self.token_authenticated = False
        self.authenticator = SaslAuthenticator(security.mechanisms, security.max_reauth_ms) \
            if security.mechanisms is not None else None
        self.pacer = pacer
        self.reader = FrameReader(self.io, pool, memory, pacer)
        self.reader.idle_s = self.max_idle_s
        if self.authenticator is not None:
            # Only a hostile client sends a large frame slowly before it authenticates (SASL tokens are small):
            # its bytes are taken ten times less often than a slow producer's.
            self.reader.pace_s = UNAUTHENTICATED_PACE_S
        self.last_active = trio.current_time()  # when its last request came (the least recent goes first)
        self.cancel_scope: trio.CancelScope | None = None  # its task's, while it has one
        self.parking: Parking | None = None  # where it goes once quiet (parking.py); None: it keeps its task
        self.idle_deadline = 0.0  # when connections.max.idle.ms runs out, while it waits for a request
        self.admitted_ip: str | None = None  # the address its client listener's connection limits counted
        self.tls_stream: trio.SSLStream | None = None

    @property
    def peer_text(self) -> str:
        return f"{self.peer[0]}:{self.peer[1]}"

    async def start_tls(self) -> bool:
        """TLS listeners: the handshake (within connections.max.idle.ms), then reads and writes through TLS and
        the principal from the client's certificate. False when the handshake failed (logged, to be closed)."""
        tls_stream = trio.SSLStream(self.stream, self.security.tls, server_side=True)
        with trio.move_on_after(self.max_idle_s) as idle:
            try:
                await tls_stream.do_handshake()
            except (trio.BrokenResourceError, trio.ClosedResourceError) as e:
                log.info("TLS handshake with %s on %s failed: %s", self.peer_text, self.bound.listener.name,
                         e.__cause__ or e)
                return False
        if idle.cancelled_caught:
            log.info("TLS handshake with %s did not finish within connections.max.idle.ms", self.peer_text)
            return False
        try:
            principal = tls_principal(tls_stream.getpeercert(), self.security.principal_mapper)
        except NoMatchingRule as e:
            log.info("closing TLS connection from %s: %s (ssl.principal.mapping.rules)", self.peer_text, e)
            return False
        if self.authenticator is None:
            self.principal = _split_principal(principal)
        self.tls_stream = tls_stream
        self.io = TlsIO(tls_stream, self.io, self.max_idle_s)
        self.reader.sock = self.io
        return True

    async def run(self) -> bool:
        """Serve the connection from its start until it closes (False) or goes quiet (True: park it)."""
        if self.security.tls is not None and not await self.start_tls():
            return False
        return await self.serve_frames()

    async def serve_frames(self) -> bool:
        """Serve requests until the connection closes (False) or has waited PARK_AFTER_S for the next one with
        none of its bytes received (True, when it has a parking)."""
        io = self.io
        try:
            while True:
                io.yielded = False
                frame = await self.read_frame()
                if frame is None:
                    return False
                if frame is QUIET:
                    return True
                self.last_active = trio.current_time()
                try:
                    await self.serve_frame(frame, trio.current_time())
                finally:
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
        except AuthenticationFailed as e:
            log.info("closing connection from %s on %s: %s", self.peer_text, self.bound.listener.name, e)
            if not e.delayed:
                # A frame size over sasl.server.max.receive.size fails the authentication too (Kafka's
                # SaslServerAuthenticator), so its close waits connection.failed.authentication.delay.ms as well:
                # a client reconnecting as soon as it is closed cannot cycle connections faster than that.
                await trio.sleep(self.security.failed_auth_delay_s)
        return False

    async def read_frame(self) -> memoryview | None:
        """The next request frame, or None when the peer closed, or went idle for connections.max.idle.ms
        (between frames or in the middle of one: Kafka expires a connection by its last socket activity), or QUIET
        when the connection can be parked: it has a parking and waited PARK_AFTER_S with no byte of a frame."""
        reader = self.reader
        size = None
        try:
            ready = reader.buffered >= 4 or reader.fill_nowait(4)
        except ConnectionClosed:
            return None
        if ready:
            size = self.checked_size(reader.read_size())
            if reader.has_small_frame(size):
                return reader.take_small_frame(size)  # the burst case: no wait, no deadline to set
        with trio.CancelScope() as idle:
            now = trio.current_time()
            deadline = self.idle_deadline = now + self.max_idle_s
            if not ready and not reader.buffered and self.parking is not None \
                    and self.max_idle_s > PARK_AFTER_S:
                deadline = now + PARK_AFTER_S  # moved on to the idle deadline once a byte comes (reader._activity)
            watch = self.pacer.watch(idle, deadline) if self.pacer is not None else FixedWatch(idle, deadline)
            reader.idle_watch = watch
            try:
                if not ready:
                    try:
                        await reader.fill(4)
                    except ConnectionClosed:
                        return None
                    size = self.checked_size(reader.read_size())
                return await reader.read_body(size)
            finally:
                watch.stop()
                reader.idle_watch = None
        if self.parking is not None and size is None and not reader.buffered \
                and trio.current_time() < self.idle_deadline:
            return QUIET
        self.log_idle_close(f", in the middle of a request of {size} bytes" if size is not None else "")
        return None

    def log_idle_close(self, midway: str = "") -> None:
        log.info("closing connection from %s: idle for more than connections.max.idle.ms (%d ms)%s",
                 self.peer_text, self.max_idle_s * 1000, midway)

    def checked_size(self, size: int) -> int:
        """A frame size the broker can read, or CloseConnection (Kafka's NetworkReceive checks the same)."""
        if self.authenticator is not None and not self.authenticator.complete \
                and not 0 <= size <= self.security.sasl_max_receive_size:
            raise AuthenticationFailed(f"invalid request size {size} before authentication "
                                       f"(sasl.server.max.receive.size is {self.security.sasl_max_receive_size})")
        if size < 0 or size > self.max_request_bytes:
            raise CloseConnection(f"invalid request size {size} (socket.request.max.bytes is "
                                  f"{self.max_request_bytes})")
        if not self.reader.memory.can_ever_fit(size):
            raise CloseConnection(f"request of {size} bytes can never fit in queued.max.request.bytes "
                                  f"({self.reader.memory.limit})")
        return size

    def _client_id_for_log(self, frame: memoryview) -> str | None:
        try:
            header, _ = RequestHeader.decode(frame, 0, _LOGGING_HEADER_VERSION)
        except wire.DecodeError:
            return None
        return header.client_id

    async def serve_frame(self, frame: memoryview, received: float) -> None:
        """Serve one request whose frame was read at `received` (trio time), counting it in RequestMetrics."""
        auth = self.authenticator
        if auth is not None:
            if auth.complete and len(frame) >= 2:
                now = trio.current_time()
                if wire.INT16.unpack_from(frame, 0)[0] == _SASL_HANDSHAKE_KEY and auth.may_reauthenticate(now):
                    log.debug("connection from %s re-authenticates", self.peer_text)
                    auth.begin_reauthentication(now)
                elif auth.session_expired(now):
                    raise CloseConnection(f"its SASL session expired (connections.max.reauth.ms) and it did not "
                                          f"re-authenticate, on listener {self.bound.listener.name}")
            if not auth.complete:
                await self.serve_unauthenticated(frame, received)
                return
        decoded = await self.decode_request(frame)
        if decoded is not None:
            await self.serve_request(*decoded, received, len(frame))

    async def serve_unauthenticated(self, frame: memoryview, received: float) -> None:
        """A frame of a SASL listener's connection that is not authenticated yet (security/sasl/authenticator.py)."""
        auth = self.authenticator
        try:
            if auth.expects_raw_token:  # SaslHandshake v0: a bare token, answered with a bare challenge
                challenge = auth.raw_token(bytes(frame), trio.current_time())
                await self.io.send_buffers([_SIZE.pack(len(challenge)), challenge])
            else:
                await self._serve_sasl_request(auth, frame, received)
        except AuthenticationFailed as failed:
            await trio.sleep(self.security.failed_auth_delay_s)  # Kafka delays the answer and the close alike
            failed.delayed = True
            if failed.response is not None:
                await send_chunks(self.io, encode_response(
                    failed.correlation_id, failed.response, failed.response_class, failed.api_version))
            raise
        if auth.complete:
            self.reader.pace_s = FrameReader.PACE_S
            self.principal = auth.principal
            self.token_authenticated = auth.token_authenticated
            log.debug("connection from %s authenticated with %s as %s:%s", self.peer_text, auth.mechanism,
                      *self.principal)

    async def _serve_sasl_request(self, auth: SaslAuthenticator, frame: memoryview, received: float) -> None:
        api_key = wire.INT16.unpack_from(frame, 0)[0] if len(frame) >= 4 else None
        if api_key is not None and auth.answers_illegal_state(api_key):
            await self._refuse_during_sasl_exchange(auth, frame, api_key)
        if api_key is None or not auth.accepts(api_key):
            raise CloseConnection(f"unexpected request (API key {api_key}) in SASL state {auth.state}, before "
                                  f"authentication on listener {self.bound.listener.name}")
        decoded = await self.decode_request(frame)
        if decoded is None:
            return  # ApiVersions at an unknown version, answered per KIP-511; the client retries
        spec, header, request = decoded
        if api_key == _API_VERSIONS_KEY:
            await self.serve_request(spec, header, request, received)
            auth.api_versions_answered()
            return
        try:
            if api_key == _SASL_HANDSHAKE_KEY:
                response = auth.handshake(header.request_api_version, request)
            else:
                response = auth.authenticate(request, header.request_api_version, trio.current_time())
        except AuthenticationFailed as failed:
            failed.correlation_id = header.correlation_id
            failed.response_class = spec.response_class
            failed.api_version = header.request_api_version
            raise
        await send_chunks(self.io, encode_response(header.correlation_id, response, spec.response_class,
                                                   header.request_api_version))

    async def _refuse_during_sasl_exchange(self, auth: SaslAuthenticator, frame: memoryview, api_key: int) -> None:
        """Another API's request between SaslHandshake v1 and the end of the exchange: Kafka answers it with the
        request's own error response carrying ILLEGAL_SASL_STATE, then closes (as for a failed authentication)."""
        decoded = await self.decode_request(frame)
        reason = f"unexpected request (API key {api_key}) during SASL authentication"
        if decoded is None:
            raise AuthenticationFailed(reason)
        spec, header, request = decoded
        failed = AuthenticationFailed(reason, sasl_errors.illegal_state_response(spec, request))
        failed.correlation_id = header.correlation_id
        failed.response_class = spec.response_class
        failed.api_version = header.request_api_version
        auth.state = FAILED
        raise failed

    async def decode_request(self, frame: memoryview):
        """(spec, header, request) of a frame; None when it was answered already (ApiVersions, KIP-511)."""
        if len(frame) < 4:
            raise CloseConnection(f"request of {len(frame)} bytes is too short for a request header")
        api_key, api_version = wire.INT16.unpack_from(frame, 0)[0], wire.INT16.unpack_from(frame, 2)[0]
        spec = self.registry.get(api_key)
        if spec is None:
            client = f"client id {self._client_id_for_log(frame)!r}"
            if api_key in API_KEYS:
                raise CloseConnection(f"{API_KEYS[api_key]} (API key {api_key}, version {api_version}, {client}) is "
                                      f"a Kafka API that kbroker does not serve on this listener (see "
                                      f"SKIPPED_FEATURES.md)")
            raise CloseConnection(f"unknown API key {api_key} (version {api_version}, {client})")
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
                    header.correlation_id, api_versions.unsupported_version_response(spec.min_version, spec.max_version),
                    spec.response_class, 0))
                return None
            raise CloseConnection(f"unsupported version {api_version} of API key {api_key} (supported "
                                  f"{spec.min_version}-{spec.max_version}), client id {header.client_id!r}")
        try:
            request, _ = request_class.decode(frame, body_pos, api_version)
        except wire.DecodeError as e:
            raise CloseConnection(f"malformed {request_class.__name__} v{api_version} from client id "
                                  f"{header.client_id!r}: {e}") from None
        return spec, header, request

    async def serve_request(self, spec, header, request, received: float, size: int = 0) -> None:
        api_key, api_version = header.request_api_key, header.request_api_version
        ctx = RequestContext(
            api_key=api_key, api_version=api_version, correlation_id=header.correlation_id,
            client_id=header.client_id, header=header, peer=self.peer,
            listener_name=self.bound.listener.name, security_protocol=self.bound.listener.security_protocol,
            state=self.state, registry=self.registry, principal=self.principal,
            token_authenticated=self.token_authenticated, client_software=self.client_software)
        if api_key == _API_VERSIONS_KEY and api_version >= 3:
            # Kafka's ClientInformation: what the client said it is, for client-telemetry selectors.
            self.client_software = (request.client_software_name, request.client_software_version)
        started = trio.current_time()
        try:
            handle = forwarding.forward if forwarding.is_forwarded(ctx) else spec.handle
            if self.quotas is not None:
                limit_fetch(self.quotas, ctx, request)
            response = await handle(ctx, request)
            throttled = None
            if self.quotas is not None:
                throttled = self._charge(ctx, request, response, size, started, spec)
                response = throttled.response
            if response is NO_RESPONSE:
                answered = trio.current_time()
                self._count(ctx, received, started, answered, answered)
                await self._mute(throttled)
                return
            chunks = encode_response(header.correlation_id, response, spec.response_class, api_version)
        except CloseConnection:
            raise
        except Exception:
            # A handler that raises is a bug: say so loudly, drop this connection, keep the broker up.
            log.exception("bug: %s failed serving %s; closing the connection", spec.module, ctx.describe())
            raise CloseConnection(f"internal error serving {ctx.describe()}") from None
        answered = trio.current_time()
        if throttled is not None and not throttled.respond_first:
            await self._mute(throttled)
        await send_chunks(self.io, chunks)
        self._count(ctx, received, started, answered, trio.current_time())
        if throttled is not None and throttled.respond_first:
            await self._mute(throttled)

    def _charge(self, ctx: RequestContext, request, response, size: int, started: float, spec):
        """Charge the request to its client's quotas (quota_throttle.py)."""
        now = trio.current_time()
        local_s = max(0.0, now - started - ctx.notes.remote_s)

        def response_size() -> int:
            chunks = encode_response(ctx.correlation_id, response, spec.response_class, ctx.api_version)
            return sum(len(chunk) for chunk in chunks)

        return charge(self.quotas, ctx, request, response, size, local_s, now * 1000.0, response_size)

    async def _mute(self, throttled) -> None:
        """Read nothing from this connection for the throttle time (Kafka mutes a throttled channel)."""
        if throttled is None or throttled.throttle_ms <= 0:
            return
        if self.pacer is not None:
            await self.pacer.sleep(throttled.throttle_ms / 1000.0)
        else:
            await trio.sleep(throttled.throttle_ms / 1000.0)

    def _count(self, ctx: RequestContext, received: float, started: float, answered: float, sent: float) -> None:
        stats, notes = self.state.request_stats, ctx.notes
        stats.served(ctx.api_key, ctx.api_version, received, started, answered, notes.remote_s, sent)
        if notes.also is not None:
            stats.served(notes.also, ctx.api_version, received, started, answered, notes.remote_s, sent)


class ConnectionCount:
    """Live connections, and the memory a crowd of them leaves behind.

    Python's cyclic collector walks every object it tracks on a full collection: with thousands of connections
    alive, each full collection stops the event loop for a few hundred ms. So once FREEZE_AFTER connections have
    opened since the last time, what is alive is frozen out of the collector's way (gc.freeze: objects still
    freed by their reference counts, only cycles wait). Once a crowd has ended (TRIM_AFTER connections ended, or
    TRIM_WHEN_NONE_LEFT once none is left) and closing has stopped for QUIET_S (`run`, in the node's nursery),
    everything is unfrozen and collected once, the frame pool's idle buffers and the pacer's stale entries are
    dropped, the C heap's freed pages go back to the OS (glibc keeps them otherwise), and what is still alive
    is frozen again."""

    FREEZE_AFTER = 1024  # connections opened since the last freeze
    TRIM_AFTER = 1024  # connections ended since the last trim
    TRIM_WHEN_NONE_LEFT = 64  # ... or this many, once no connection is left
    QUIET_S = 1.0

    def __init__(self, pool: FramePool | None = None, pacer: Pacer | None = None) -> None:
        self.pool = pool
        self.pacer = pacer
        self.live = 0
        self.ended = 0
        self.opened_since_freeze = 0
        self.ended_since_trim = 0
        self.trim_due = trio.Event()

    def opened(self) -> None:
        self.live += 1
        self.opened_since_freeze += 1
        if self.opened_since_freeze >= self.FREEZE_AFTER:
            self.opened_since_freeze = 0
            gc.freeze()

    def closed(self) -> None:
        self.live -= 1
        self.ended += 1
        self.ended_since_trim += 1
        if self.ended_since_trim >= (self.TRIM_WHEN_NONE_LEFT if self.live == 0 else self.TRIM_AFTER):
            self.trim_due.set()

    async def run(self) -> None:
        while True:
            await self.trim_due.wait()
            seen = -1
            while seen != self.ended:
                seen = self.ended
                await trio.sleep(self.QUIET_S)
            self.trim_due = trio.Event()
            self.ended_since_trim = 0
            if self.pool is not None:
                self.pool.release_idle()
            if self.pacer is not None:
                self.pacer.compact()
            gc.unfreeze()
            _return_freed_heap()
            gc.freeze()


def _return_freed_heap() -> None:
    gc.collect()  # an ended connection's task, socket and exception can sit in reference cycles until then
    trim_c_heap()


_ACCEPT_RESOURCE_ERRORS = {errno.EMFILE, errno.ENFILE, errno.ENOMEM, errno.ENOBUFS}


def _peer_host(stream: trio.SocketStream) -> str:
    try:
        return stream.socket.getpeername()[0]
    except OSError:
        return "?"


async def _close_after(stream: trio.SocketStream, delay_s: float) -> None:
    """Close a connection refused for its address's creation rate once its throttle time is over (Kafka keeps
    it open that long, so a client does not reconnect at once)."""
    await trio.sleep(delay_s)
    await stream.aclose()


def _is_parked(connection: Connection) -> bool:
    return connection.parking is not None and connection in connection.parking


def _split_principal(text: str) -> tuple[str, str]:
    kind, _, name = text.partition(":")
    return kind, name


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


async def open_listener(listener: Listener, receive_buffer_bytes: int, backlog: int = 50
                        ) -> tuple[list[trio.SocketListener], BoundListener]:
    """Bind one listener's sockets (a port 0 becomes one ephemeral port) with `backlog` pending connections
    (socket.listen.backlog.size, Kafka's 50 by default: a crowd reconnecting as fast as it is closed then waits
    in SYN retries, not in a queue of thousands that every new client has to wait behind)."""
    host = listener.host or None
    try:
        sockets = await trio.open_tcp_listeners(listener.port, host=host, backlog=backlog)
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


class ConnectionServer:
    """What every connection of a node shares: the frame pool, the bound on request bytes held
    (queued.max.request.bytes), the pacer of slow senders (its `run` goes in the node's nursery) and the count of
    live connections. `serve(bound, stream)` serves one accepted connection until it closes."""

    def __init__(self, config: BrokerConfig, state: BrokerState, registry: Registry) -> None:
        self.state = state
        self.registry = registry
        self.frame_pool = FramePool(read_ahead_size=FrameReader.READ_AHEAD)
        self.pacer = Pacer()
        self.connections = ConnectionCount(self.frame_pool, self.pacer)
        self.request_memory = RequestMemory(resolve_limit(config["queued.max.request.bytes"],
                                                          config["socket.request.max.bytes"]))
        self.quotas = ClientQuotas(self._client_quotas, config["quota.window.num"],
                                   config["quota.window.size.seconds"])
        self.controller_listeners = set(config.controller_listener_names)
        # Built at start, so that a listener kbroker cannot secure fails the node rather than its clients.
        self.token_settings = TokenSettings.from_config(config)
        self.token_credentials = TokenCredentials()
        self.security = {listener.name: listener_security.for_listener(config, listener, self.scram_credential,
                                                                       self.token_credential)
                         for listener in config.listeners}
        self.jwks_loaded = trio.Event()  # OAUTHBEARER's JWKS read once: its listeners' connections wait for it
        client_listeners = [listener.name for listener in config.listeners
                            if listener.name not in self.controller_listeners]
        protected = inter_broker_listener_name(config) if len(client_listeners) > 1 else None
        self.limits = ConnectionQuotas(setting_reader(config, self._dynamic_broker_configs), self._client_quotas,
                                       protected, config["quota.window.num"], config["quota.window.size.seconds"])
        self.live: dict[str, dict[Connection, None]] = {}  # admitted connections per listener

    def _dynamic_broker_configs(self) -> list:
        state = self.state
        if state.metadata is None and state.active_controller is None:
            return []
        image = state.image
        return [image.configs_of_broker(str(state.config.node_id)), image.configs_of_broker("")]

    def _client_quotas(self):
        state = self.state
        if state.metadata is None and state.active_controller is None:
            return {}
        return state.image.client_quotas

    def scram_credential(self, user: str, mechanism):
        """A user's SCRAM credential for a mechanism, from the node's current metadata image."""
        return self.state.image.scram_credentials.get(user, {}).get(mechanism.type)

    def token_credential(self, token_id: str, mechanism):
        """A delegation token's SCRAM credential for a mechanism, its owner's name and its expiry (epoch ms), from
        the node's current metadata image and delegation.token.secret.key (None: tokens disabled, or no such
        token)."""
        secret = self.token_settings.secret
        tokens = self.state.image.delegation_tokens
        token = tokens.get(token_id) if secret is not None else None
        if token is None:
            return None
        self.token_credentials.retain(tokens)
        credential = self.token_credentials.credential(token_id, mechanism, token_hmac(secret, token_id))
        return credential, split_principal(token.owner)[1], token.expiry_timestamp

    async def run(self) -> None:
        """The background work of the connections: pacing slow senders, trimming memory after a crowd."""
        async with trio.open_nursery() as nursery:
            nursery.start_soon(self.pacer.run)
            nursery.start_soon(self.connections.run)
            for security in self.security.values():
                for source in security.key_sources:
                    await trio.to_thread.run_sync(source.load)  # a worker thread: the loop never waits on it
                    nursery.start_soon(source.run)  # OAUTHBEARER's JWKS refresh
            self.jwks_loaded.set()

    async def serve_listener(self, bound: BoundListener, sockets: list[trio.SocketListener]) -> None:
        """Accept and serve one listener's connections until cancelled; a client listener's connections are
        admitted by the node's connection limits first (network/connection_quotas.py). Quiet connections of a
        listener without TLS wait for their next request parked (parking.py), with no task of their own."""
        async with trio.open_nursery() as nursery:
            parking = None
            if self.security.get(bound.listener.name, listener_security.PLAINTEXT).tls is None and Parking.available:
                parking = Parking(self._resume, self._end)
                nursery.start_soon(parking.run, nursery)
            for listening in sockets:
                nursery.start_soon(self._accept_loop, bound, listening, nursery, parking)

    async def _accept_loop(self, bound: BoundListener, listening: trio.SocketListener,
                           nursery: trio.Nursery, parking: Parking | None) -> None:
        name = bound.listener.name
        limited = name not in self.controller_listeners
        while True:
            try:
                stream = await listening.accept()
            except OSError as e:
                if e.errno not in _ACCEPT_RESOURCE_ERRORS:
                    raise
                log.error("listener %s cannot accept a connection (%s); trying again in 100 ms", name, e)
                await trio.sleep(0.1)
                continue
            if not limited:
                nursery.start_soon(self.serve, bound, stream, parking)
                continue
            await self.limits.wait_for_slot(name)
            host = _peer_host(stream)
            try:
                ip = self.limits.admit(name, host)
            except ConnectionThrottled as throttled:
                log.debug("closing connection from %s on %s in %d ms: %s", host, name, throttled.throttle_ms,
                          throttled)
                nursery.start_soon(_close_after, stream, throttled.throttle_ms / 1000.0)
                continue
            except TooManyConnections as refused:
                self.limits.release(name, refused.ip)
                log.info("rejected connection from %s on %s: %s (max.connections.per.ip)", host, name, refused)
                await stream.aclose()
                continue
            nursery.start_soon(self.serve, bound, stream, parking, ip)
            self._close_least_recent_over_limit()

    def _close_least_recent_over_limit(self) -> None:
        """While the protected listener's connections hold the node past max.connections, close the least
        recently active connection of the other listeners (Kafka's Processor closes one per poll)."""
        limits = self.limits
        if limits.total <= limits.broker_max_connections():
            return  # the usual case: no scan of the live connections
        # A connection has a task (with its cancel scope) or is parked, except between its parking's letting go
        # of it and its new task's start: it is left alone then.
        connections = [connection for name, live in self.live.items() if limits.over_broker_limit(name)
                       for connection in live]
        closing = sum(1 for connection in connections
                      if connection.cancel_scope is not None and connection.cancel_scope.cancel_called)
        excess = limits.total - closing - limits.broker_max_connections()
        if excess <= 0:
            return
        open_ones = [connection for connection in connections if _is_parked(connection) or (
            connection.cancel_scope is not None and not connection.cancel_scope.cancel_called)]
        for victim in heapq.nsmallest(excess, open_ones, key=lambda connection: connection.last_active):
            log.info("closing the least recently active connection, from %s on %s: the node holds more than "
                     "max.connections (%d)", victim.peer_text, victim.bound.listener.name,
                     limits.broker_max_connections())
            if victim.cancel_scope is not None:
                victim.cancel_scope.cancel()
            else:
                victim.parking.evict(victim)

    async def serve(self, bound: BoundListener, stream: trio.SocketStream, parking: Parking | None = None,
                    admitted_ip: str | None = None) -> None:
        """Serve an accepted connection (`admitted_ip`: the address the listener's connection limits counted it
        under) until it closes or is parked."""
        self.connections.opened()
        connection = Connection(stream, bound, self.state, self.registry, self.frame_pool, self.request_memory,
                                self.pacer, self.security.get(bound.listener.name, listener_security.PLAINTEXT),
                                None if bound.listener.name in self.controller_listeners else self.quotas)
        connection.parking = parking
        connection.admitted_ip = admitted_ip
        log.debug("connection from %s on %s", connection.peer_text, bound.listener.name)
        if admitted_ip is not None:
            self.live.setdefault(bound.listener.name, {})[connection] = None
        await self._drive(connection, resumed=False)

    async def _resume(self, connection: Connection) -> None:
        """Serve a connection its parking let go of (its socket became readable)."""
        await self._drive(connection, resumed=True)

    async def _drive(self, connection: Connection, resumed: bool) -> None:
        """The task of a connection: serve it until it closes, then close it, or until it is quiet, then park it."""
        parked = False
        try:
            with trio.CancelScope() as connection.cancel_scope:
                if resumed:
                    quiet = await connection.serve_frames()
                else:
                    if connection.security.key_sources:
                        await self.jwks_loaded.wait()  # a token is checked against the keys: none are held before
                    quiet = await connection.run()
                while quiet:
                    if connection.parking.park(connection, connection.idle_deadline):
                        parked = True
                        return
                    connection.parking = None  # refused by the kernel: it keeps a task from now on
                    quiet = await connection.serve_frames()
        except Exception:
            # Whatever a client sends must not take the broker down: a failure here is a bug in this module,
            # logged with its traceback; only this connection is lost.
            log.exception("bug: connection from %s failed; closing it", connection.peer_text)
        finally:
            connection.cancel_scope = None
            if not parked:
                tls_stream = connection.tls_stream
                if tls_stream is not None:
                    with trio.move_on_after(1):  # close_notify, but never wait long for a peer that is gone
                        try:
                            await tls_stream.aclose()
                        except (trio.BrokenResourceError, ssl.SSLError, OSError) as e:
                            log.debug("TLS close with %s: %s", connection.peer_text, e)
                self._end(connection, None)

    def _end(self, connection: Connection, why: str | None) -> None:
        """A connection is over: its socket is closed now (not when the garbage collector gets to it), its place
        in the connection limits is free. `why` is the parking's reason for closing a parked one."""
        if why == "idle":
            connection.log_idle_close()
        name = connection.bound.listener.name
        if connection.admitted_ip is not None:
            self.live.get(name, {}).pop(connection, None)
            self.limits.release(name, connection.admitted_ip)
        self.connections.closed()
        connection.stream.socket.close()
