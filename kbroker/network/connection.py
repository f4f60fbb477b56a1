"""One open, negotiated connection to a peer node: the ApiVersions handshake, then pipelined requests.

`open_connection` dials the peer, starts the connection's reader task in the caller's nursery and runs the
handshake (KIP-511 fallback included, see versions.py), all within `connection.setup.timeout.ms`. Then
`request(...)` writes a frame under the next correlation id and waits for its response; up to
`max_in_flight` requests are on the wire at once. The peer answers in order (a Kafka broker mutes a
connection until it has answered), so each response must carry the correlation id of the oldest request in
flight; it is decoded with the response header version of its API and version (v0 for ApiVersions).

Anything that breaks the connection (end of stream, an I/O error, a frame bigger than `max_response_bytes`,
a response out of order or undecodable, a request that timed out, a send interrupted midway) closes it and
fails every request in flight with ConnectionLost. A timed-out request raises RequestTimedOut; a caller
cancelled from outside leaves its request in flight, and its response is read and dropped.
"""

from __future__ import annotations

import functools
import logging
import math
import struct
from collections.abc import Awaitable, Callable

import attrs
import trio

from kbroker.network.directory import Address
from kbroker.network.errors import ConnectionFailed, ConnectionLost, NetworkError, RequestTimedOut
from kbroker.network.framing import FrameReceiver, FrameTooLarge, TruncatedFrame, encode_request
from kbroker.network.settings import ClientSettings
from kbroker.network.versions import (
    PeerVersions,
    api_versions_request,
    decode_api_versions_response,
    handshake_retry_version,
    own_range,
)
from kbroker.protocol import errors, messages, wire
from kbroker.protocol.messages.api_versions_request import ApiVersionsRequest
from kbroker.protocol.messages.response_header import ResponseHeader

log = logging.getLogger(__name__)

_CORRELATION_ID = struct.Struct(">i")
_MAX_CORRELATION_ID = 2**31 - 1

Connector = Callable[[Address], Awaitable[trio.abc.Stream]]


async def tcp_connect(address: Address) -> trio.abc.Stream:
    return await trio.open_tcp_stream(address.host, address.port)


class _ProtocolViolation(Exception):
    """The peer sent a response this connection cannot accept."""


@attrs.define(eq=False)
class _InFlight:
    api_name: str
    header_version: int
    decode: Callable[[memoryview, int], object]
    done: trio.Event = attrs.field(factory=trio.Event)
    registered: bool = False  # given a correlation id and (being) written
    response: object = None
    error: NetworkError | None = None


class Connection:
    """A connection whose reader task runs in a nursery owned by whoever opened it (`open_connection`)."""

    def __init__(self, stream: trio.abc.Stream, address: Address, settings: ClientSettings) -> None:
        self.stream = stream
        self.address = address
        self.settings = settings
        self.versions: PeerVersions | None = None
        self.closed_reason: str | None = None
        self.closed_at: float | None = None  # trio time
        self._receiver = FrameReceiver(stream, settings.max_response_bytes)
        self._in_flight: dict[int, _InFlight] = {}  # insertion order is send order
        self._send_lock = trio.Lock()
        self._slots = trio.Semaphore(settings.max_in_flight)
        self._last_correlation_id = -1

    def __repr__(self) -> str:
        return f"<Connection to {self.address}{' closed' if self.closed else ''}>"

    @property
    def closed(self) -> bool:
        return self.closed_reason is not None

    @property
    def in_flight(self) -> int:
        return len(self._in_flight)

    # --- sending ------------------------------------------------------------------------------------------

    async def send(self, request, *, version_cap: int | None = None, deadline: float = math.inf):
        """`request` at the highest version both sides support (at most `version_cap`); its response."""
        version = self.versions.usable_version(type(request), version_cap)
        return await self.request(request, version, deadline=deadline)

    async def request(self, request, version: int, *, deadline: float = math.inf,
                      decode: Callable[[memoryview, int], object] | None = None):
        """`request` at exactly `version`; its response, or ConnectionLost / RequestTimedOut."""
        response_class = messages.response_class(request.API_KEY)
        if decode is None:
            decode = functools.partial(_decode_body, response_class, version)
        entry = _InFlight(messages.API_KEYS[request.API_KEY], response_class.header_version(version), decode)
        with trio.move_on_at(deadline) as timer:
            async with self._slots:
                await self._write(request, version, entry)
                await entry.done.wait()
        if timer.cancelled_caught and entry.response is None:  # a response that made it in time still counts
            reason = f"{entry.api_name} request to {self.address} timed out"
            if entry.registered and not entry.done.is_set():  # its late answer would hold up every later one
                await self.aclose(reason)
            raise RequestTimedOut(reason)
        if entry.error is not None:
            raise entry.error
        return entry.response

    async def _write(self, request, version: int, entry: _InFlight) -> None:
        async with self._send_lock:
            if self.closed:
                raise ConnectionLost(self.closed_reason)
            correlation_id = self._last_correlation_id = (self._last_correlation_id + 1) % _MAX_CORRELATION_ID
            frame = encode_request(request, version, correlation_id, self.settings.client_id)
            self._in_flight[correlation_id] = entry
            entry.registered = True
            try:
                await self.stream.send_all(frame)
            except (trio.BrokenResourceError, trio.ClosedResourceError, OSError) as exc:
                await self.aclose(self.closed_reason or f"sending to {self.address} failed: {exc!r}")
            except BaseException:
                # Cancelled midway: part of the frame may be on the wire, so nothing after it can be framed.
                await self.aclose(f"a {entry.api_name} request to {self.address} was interrupted while sending")
                raise

    # --- receiving ----------------------------------------------------------------------------------------

    async def run_reader(self) -> None:
        """Receive and deliver responses until the connection closes (the reader task)."""
        reason = None
        try:
            while (frame := await self._receiver.receive()) is not None:
                self._deliver(frame)
            reason = f"{self.address} closed the connection"
        except (FrameTooLarge, TruncatedFrame, _ProtocolViolation) as exc:
            reason = f"bad response from {self.address}: {exc}"
            log.warning("closing the connection to %s: %s", self.address, exc)
        except (trio.BrokenResourceError, OSError) as exc:
            reason = f"connection to {self.address} broken: {exc!r}"
        except trio.ClosedResourceError:
            reason = self.closed_reason or f"connection to {self.address} closed"
        finally:
            if reason is not None and not self.closed and self._in_flight:
                log.info("%s with %d requests in flight", reason, len(self._in_flight))
            self._fail_in_flight(reason or f"connection to {self.address} shut down")
            await trio.aclose_forcefully(self.stream)

    def _deliver(self, frame: memoryview) -> None:
        if len(frame) < 4:
            raise _ProtocolViolation(f"a {len(frame)}-byte response frame has no correlation id")
        (correlation_id,) = _CORRELATION_ID.unpack_from(frame, 0)
        expected = next(iter(self._in_flight), None)
        if expected is None:
            raise _ProtocolViolation(f"a response (correlation id {correlation_id}) with no request in flight")
        if correlation_id != expected:
            raise _ProtocolViolation(f"response correlation id {correlation_id}, expected {expected}")
        entry = self._in_flight[correlation_id]
        try:
            _, pos = ResponseHeader.decode(frame, 0, entry.header_version)
            response = entry.decode(frame, pos)
        except wire.DecodeError as exc:
            raise _ProtocolViolation(f"{entry.api_name} response: {exc}") from exc
        del self._in_flight[correlation_id]
        entry.response = response
        entry.done.set()

    # --- closing ------------------------------------------------------------------------------------------

    def _fail_in_flight(self, reason: str) -> None:
        if self.closed_reason is None:
            self.closed_reason = reason
            self.closed_at = trio.current_time()
        in_flight, self._in_flight = self._in_flight, {}
        for entry in in_flight.values():
            entry.error = ConnectionLost(f"{entry.api_name} request failed: {self.closed_reason}")
            entry.done.set()

    async def aclose(self, reason: str = "closed by this node") -> None:
        """Close now: requests in flight fail with ConnectionLost(reason); the reader task ends."""
        self._fail_in_flight(reason)
        await trio.aclose_forcefully(self.stream)

    # --- the handshake ------------------------------------------------------------------------------------

    async def handshake(self) -> None:
        """ApiVersions at our highest version, once more at the peer's if it answers UNSUPPORTED_VERSION."""
        version = own_range(ApiVersionsRequest)[1]
        for _ in range(2):
            decode = functools.partial(_decode_api_versions, version)
            response = await self.request(api_versions_request(), version, decode=decode)
            retry = handshake_retry_version(response)
            if retry is None or retry >= version:
                break
            version = retry
        if response.error_code != errors.NONE.code:
            raise ConnectionFailed(f"ApiVersions v{version} to {self.address} failed with "
                                   f"{errors.for_code(response.error_code)}")
        self.versions = PeerVersions.from_response(response)


def _decode_body(response_class, version: int, frame: memoryview, pos: int):
    return response_class.decode(frame, pos, version)[0]


def _decode_api_versions(version: int, frame: memoryview, pos: int):
    return decode_api_versions_response(frame, pos, version)


async def open_connection(address: Address, settings: ClientSettings, nursery: trio.Nursery,
                          connect: Connector = tcp_connect) -> Connection:
    """Dial `address`, start the reader in `nursery`, negotiate versions; ConnectionFailed on any failure."""
    connection = None
    try:
        with trio.fail_after(settings.connection_setup_timeout_ms / 1000):
            stream = await connect(address)
            connection = Connection(stream, address, settings)
            nursery.start_soon(connection.run_reader)
            await connection.handshake()
        return connection
    except trio.TooSlowError:
        reason = f"connection setup to {address} timed out"
    except (OSError, NetworkError) as exc:
        reason = f"cannot connect to {address}: {exc}"
    except BaseException:
        if connection is not None:
            await connection.aclose("connection setup interrupted")
        raise
    if connection is not None:
        await connection.aclose(reason)
    raise ConnectionFailed(reason)
