"""Size-prefixed frames on a trio stream, the client's side: encode a request (size, RequestHeader at the
version its class names, body) and receive response frames bounded by a maximum size.

A peer's size prefix is checked before anything is allocated for it, and the frame's buffer then grows only
as its bytes actually arrive (at most one receive chunk past the frame): a peer that claims a huge frame and
sends nothing costs nothing.
"""

from __future__ import annotations

import struct

import trio

from kbroker.protocol import wire
from kbroker.protocol.messages.request_header import RequestHeader

_SIZE = struct.Struct(">i")
RECEIVE_CHUNK = 256 * 1024


class FrameTooLarge(Exception):
    """The peer announced a frame outside [0, max_frame_bytes]."""


class TruncatedFrame(Exception):
    """The stream ended in the middle of a frame."""


def encode_request(request, version: int, correlation_id: int, client_id: str | None) -> bytes:
    header = RequestHeader(request_api_key=request.API_KEY, request_api_version=version,
                           correlation_id=correlation_id, client_id=client_id)
    writer = wire.Writer()
    writer.buf += b"\0\0\0\0"
    header.encode_into(writer, request.header_version(version))
    request.encode_into(writer, version)
    _SIZE.pack_into(writer.buf, 0, len(writer) - 4)
    return writer.getvalue()


class FrameReceiver:
    """Reads whole frames from `stream`; bytes past the current frame stay buffered for the next."""

    def __init__(self, stream: trio.abc.ReceiveStream, max_frame_bytes: int) -> None:
        self.stream = stream
        self.max_frame_bytes = max_frame_bytes
        self._buffer = bytearray()

    async def receive(self) -> memoryview | None:
        """The next frame's payload, or None when the stream ended cleanly between frames."""
        if not await self._fill(4):
            if self._buffer:
                raise TruncatedFrame(f"the stream ended inside a size prefix ({len(self._buffer)} of 4 bytes)")
            return None
        (size,) = _SIZE.unpack_from(self._buffer)
        if size < 0 or size > self.max_frame_bytes:
            raise FrameTooLarge(f"frame size {size} outside [0, {self.max_frame_bytes}]")
        del self._buffer[:4]
        if not await self._fill(size):
            raise TruncatedFrame(f"the stream ended after {len(self._buffer)} of {size} frame bytes")
        if len(self._buffer) == size:
            frame, self._buffer = self._buffer, bytearray()
        else:
            frame = self._buffer[:size]
            del self._buffer[:size]
        return memoryview(frame)

    async def _fill(self, size: int) -> bool:
        """Receive until `size` bytes are buffered; False if the stream ended first."""
        while len(self._buffer) < size:
            chunk = await self.stream.receive_some(RECEIVE_CHUNK)
            if not chunk:
                return False
            self._buffer += chunk
        return True
