"""A connection's I/O through TLS (trio.SSLStream), with the interface of server.SocketIO.

The frame reader asks for bytes without waiting (`recv_into_nowait`) and waits with `wait_readable`: here
`wait_readable` receives one decrypted chunk (at most RECEIVE_BYTES) from the TLS stream and keeps it, and
`recv_into_nowait` hands it out. Responses are written through the stream; a file region (Fetch's record data,
which plaintext listeners send with os.sendfile) is read from its file in chunks of at most REGION_CHUNK bytes,
in a worker thread (a cold page cache would otherwise stall the event loop), and each chunk written through
TLS before the next is read, so a fetch of any size holds one chunk at a time.
"""

from __future__ import annotations

import os

import trio

from kbroker.api.context import CloseConnection
from kbroker.frames import ConnectionClosed
from kbroker.protocol import wire

RECEIVE_BYTES = 64 * 1024
REGION_CHUNK = 256 * 1024
_COALESCE = 64 * 1024


class TlsIO:
    """Non-blocking-style reads and stall-bounded writes over one TLS stream (see the module docstring)."""

    def __init__(self, stream: trio.SSLStream, raw, max_stall_s: float = float("inf")) -> None:
        self.stream = stream
        self.raw = raw  # server.SocketIO of the underlying socket: peer_gone
        self.max_stall_s = max_stall_s
        self.yielded = False
        self._pending = memoryview(b"")
        self._eof = False

    def peer_gone(self) -> bool:
        return self.raw.peer_gone()

    def recv_into_nowait(self, view: memoryview) -> int:
        if not self._pending:
            if self._eof:
                raise ConnectionClosed("end of stream")
            return 0
        n = min(len(view), len(self._pending))
        view[:n] = self._pending[:n]
        self._pending = self._pending[n:]
        return n

    async def wait_readable(self) -> None:
        self.yielded = True
        if self._pending or self._eof:
            return
        try:
            data = await self.stream.receive_some(RECEIVE_BYTES)
        except (trio.BrokenResourceError, trio.ClosedResourceError) as e:
            raise ConnectionClosed(f"TLS stream broken: {e}") from None
        if data:
            self._pending = memoryview(data)
        else:
            self._eof = True

    async def _send(self, data) -> None:
        self.yielded = True
        with trio.move_on_after(self.max_stall_s) as stalled:
            try:
                await self.stream.send_all(data)
            except (trio.BrokenResourceError, trio.ClosedResourceError) as e:
                raise ConnectionClosed(f"TLS stream broken: {e}") from None
        if stalled.cancelled_caught:
            raise CloseConnection(f"took no response bytes for connections.max.idle.ms "
                                  f"({self.max_stall_s * 1000:.0f} ms)")

    async def send_buffers(self, buffers: list) -> None:
        """Write the buffers in order, small ones joined so they share TLS records."""
        batch: list = []
        size = 0
        for buf in buffers:
            if not len(buf):
                continue
            if len(buf) >= _COALESCE:
                if batch:
                    await self._send(b"".join(batch))
                    batch, size = [], 0
                await self._send(buf)
                continue
            batch.append(buf)
            size += len(buf)
            if size >= _COALESCE:
                await self._send(b"".join(batch))
                batch, size = [], 0
        if batch:
            await self._send(b"".join(batch))

    async def send_file_region(self, region: wire.FileRegion) -> None:
        position, remaining = region.position, region.length
        while remaining:
            chunk = await trio.to_thread.run_sync(os.pread, region.fd, min(remaining, REGION_CHUNK), position)
            if not chunk:
                raise wire.EncodeError(f"{region!r} ends past the end of its file")
            await self._send(chunk)
            position += len(chunk)
            remaining -= len(chunk)
