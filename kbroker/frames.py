"""Reading size-prefixed request frames off a connection, with memory that follows the bytes actually received.

A frame is never allocated at its claimed size ahead of its bytes (a client that claims 100 MiB and sends 98
bytes costs the broker 98 bytes, rounded up to a page):
- A small frame (at most READ_AHEAD bytes) is assembled in the connection's read-ahead buffer, then copied out
  into a buffer of exactly its size. One recv takes a whole burst of small requests.
- A large frame is received straight into an anonymous private memory map of its size: the map costs address
  space only, and the kernel makes a page resident when recv writes into it, so the frame grows with what
  arrives and is still one contiguous buffer (the handler gets one memoryview, nothing is copied). Each
  receive asks the broker-wide RequestMemory (`queued.max.request.bytes`) how much it may take, and waits
  (muted) when the answer is nothing; receiving happens in turns that RequestMemory hands out.
- The read-ahead buffer exists only while bytes are buffered or a recv is being made: before the connection
  waits for its socket, the buffer goes back to the FramePool (what it held, a partial small frame, is kept in
  a bytes object of its exact size). An idle connection costs no buffer at all.

FramePool reuses large-frame maps whose pages are already resident (large produce requests do not fault and
zero their pages again) and the read-ahead buffers; what it keeps, lent out or free, is bounded by `max_bytes`.
"""

from __future__ import annotations

import mmap

import trio

from kbroker.protocol import wire
from kbroker.request_memory import RequestMemory

_SIZE = wire.INT32
_UNBOUNDED = 1 << 62
_NO_HUGE_PAGES = getattr(mmap, "MADV_NOHUGEPAGE", None)


class ConnectionClosed(Exception):
    """The peer closed (or reset) the connection."""


class FramePool:
    """Memory maps for large frames and read-ahead buffers, reused instead of mapped (or allocated) again.

    A large-frame map taken from the pool stays counted against `max_bytes` while it is lent, so the resident
    pages the pool brings to frames are bounded whatever the connections holding them do. A map goes back to
    the pool only when no view of it is alive any more (resizing raises BufferError while one is): a handler
    that kept a view of its request keeps the map to itself, and the map is unmapped when that view dies.
    """

    GRANULE = 128 * 1024
    MAX_READ_AHEAD_KEPT = 64

    def __init__(self, max_bytes: int = 32 * 1024 * 1024, read_ahead_size: int = 32 * 1024) -> None:
        self.max_bytes = max_bytes
        self.read_ahead_size = read_ahead_size
        self.free: list[mmap.mmap] = []
        self.kept = 0  # bytes of maps the pool keeps, free or lent
        self.lent: set[int] = set()  # ids of the lent maps counted in `kept`
        self.read_aheads: list[bytearray] = []

    def take(self, size: int) -> mmap.mmap:
        for i, buf in enumerate(self.free):
            if len(buf) >= size:
                del self.free[i]
                self.lent.add(id(buf))
                return buf
        buf = mmap.mmap(-1, -(-size // self.GRANULE) * self.GRANULE, flags=mmap.MAP_PRIVATE)
        if _NO_HUGE_PAGES is not None:
            buf.madvise(_NO_HUGE_PAGES)  # a 2 MiB page per touched frame would defeat growing with the bytes
        return buf

    def give_back(self, buf: mmap.mmap) -> None:
        if id(buf) in self.lent:
            self.lent.discard(id(buf))
            self.kept -= len(buf)
        try:
            buf.resize(len(buf))
        except BufferError:
            return  # still viewed by whoever kept part of the request: unmapped when that view dies
        if self.kept + len(buf) <= self.max_bytes:
            self.free.append(buf)
            self.kept += len(buf)
        else:
            buf.close()

    def release_idle(self) -> None:
        """Unmap the free maps and drop the kept read-ahead buffers (after a crowd of connections ended, so
        what a flood made resident does not stay); lent ones are untouched."""
        for buf in self.free:
            self.kept -= len(buf)
            buf.close()
        self.free.clear()
        self.read_aheads.clear()

    def take_read_ahead(self) -> bytearray:
        return self.read_aheads.pop() if self.read_aheads else bytearray(self.read_ahead_size)

    def give_back_read_ahead(self, buf: bytearray) -> None:
        if len(self.read_aheads) < self.MAX_READ_AHEAD_KEPT:
            self.read_aheads.append(buf)


class FrameReader:
    """Reads one connection's frames (see the module docstring).

    `sock` needs `recv_into_nowait(view) -> int` (0 when nothing is waiting, ConnectionClosed at the end),
    `async wait_readable()` and `peer_gone() -> bool`: server.SocketIO, or a test double. `idle_scope`, when set, has its deadline moved
    `idle_s` past every receive (connections.max.idle.ms counts from the last byte, mid-frame too).
    """

    READ_AHEAD = 32 * 1024
    PEER_CHECK_S = 1.0

    def __init__(self, sock, pool: FramePool | None = None, memory: RequestMemory | None = None) -> None:
        self.sock = sock
        self.pool = pool if pool is not None else FramePool(read_ahead_size=self.READ_AHEAD)
        self.memory = memory if memory is not None else RequestMemory(_UNBOUNDED)
        self.ahead: bytearray | None = None
        self.view: memoryview | None = None
        self.start = 0  # buffered, unconsumed bytes are ahead[start:end]
        self.end = 0
        self.stash = b""  # what was buffered when the read-ahead buffer was given back
        self.holding = 0  # bytes of the large frame being received, counted in `memory`
        self.claimed = 0  # size of the frame being received
        self.idle_scope: trio.CancelScope | None = None
        self.idle_s = 0.0

    @property
    def buffered(self) -> int:
        return self.end - self.start if self.ahead is not None else len(self.stash)

    def _take_read_ahead(self) -> None:
        self.ahead = self.pool.take_read_ahead()
        self.view = memoryview(self.ahead)
        self.start, self.end = 0, len(self.stash)
        if self.stash:
            self.ahead[:self.end] = self.stash
            self.stash = b""

    def give_back_read_ahead(self) -> None:
        """Before waiting: keep only the buffered bytes (in a bytes object of their size), not the buffer."""
        if self.ahead is None:
            return
        self.stash = bytes(self.view[self.start:self.end])
        self.view.release()
        self.pool.give_back_read_ahead(self.ahead)
        self.ahead = self.view = None

    def _activity(self) -> None:
        if self.idle_scope is not None:
            self.idle_scope.deadline = trio.current_time() + self.idle_s

    async def _wait_readable(self) -> None:
        self.give_back_read_ahead()
        await self.sock.wait_readable()

    def fill_nowait(self, at_least: int) -> bool:
        """Take what the socket has now; whether `at_least` bytes (at most READ_AHEAD) are buffered."""
        if self.ahead is None:
            self._take_read_ahead()
        elif self.start and self.READ_AHEAD - self.start < at_least:
            self.ahead[:self.buffered] = self.view[self.start:self.end]
            self.end -= self.start
            self.start = 0
        if self.end < self.READ_AHEAD:
            received = self.sock.recv_into_nowait(self.view[self.end:])
            if received:
                self.end += received
                self._activity()
        return self.buffered >= at_least

    async def fill(self, at_least: int) -> None:
        """Receive until `at_least` bytes (at most READ_AHEAD) are buffered."""
        while self.buffered < at_least and not self.fill_nowait(at_least):
            await self._wait_readable()

    def read_size(self) -> int:
        if self.ahead is None:
            self._take_read_ahead()
        (size,) = _SIZE.unpack_from(self.ahead, self.start)
        self.start += 4
        return size

    def has_small_frame(self, size: int) -> bool:
        return size <= self.READ_AHEAD and self.buffered >= size

    def take_small_frame(self, size: int) -> memoryview:
        """A small frame that is wholly buffered, copied out into a buffer of its own."""
        if self.ahead is None:
            self._take_read_ahead()
        frame = memoryview(bytearray(self.view[self.start:self.start + size]))
        self.start += size
        if self.start == self.end:
            self.start = self.end = 0
        return frame

    async def read_body(self, size: int) -> memoryview:
        """The frame of `size` bytes (give it back with `release` once served)."""
        if size <= self.READ_AHEAD:
            await self.fill(size)
            return self.take_small_frame(size)
        return await self._read_large(size)

    async def _read_large(self, size: int) -> memoryview:
        memory, sock = self.memory, self.sock
        buf = self.pool.take(size)
        frame = memoryview(buf)[:size]
        memory.start_frame()
        self.claimed, self.holding = size, 0
        try:
            taken = min(size, self.buffered)
            if taken:
                if self.ahead is None:
                    self._take_read_ahead()
                frame[:taken] = self.view[self.start:self.start + taken]
                self.start += taken
                if self.start == self.end:
                    self.start = self.end = 0
                self.holding = taken
                memory.received(taken)
            while self.holding < size:
                if memory.allowance(self.holding) <= 0:
                    # Muted: only a connection that has bytes to give waits for memory (a silent one waits for
                    # its socket like any other), and it counts as idle meanwhile.
                    await self._wait_readable()
                    while memory.allowance(self.holding) <= 0:
                        with trio.move_on_after(self.PEER_CHECK_S):
                            await memory.wait_for_room()
                        if sock.peer_gone():  # a muted connection does not read, so it would not see the end
                            raise ConnectionClosed("the peer went away while its connection was muted")
                    continue
                # A turn: at most RequestMemory.RECEIVERS connections receive into large frames at once (the others
                # queue, parked), each for at most TURN_BYTES, so however many connections send big frames the
                # event loop goes round the other connections after a few MiB of copying.
                async with memory.receiving_turn():
                    received = self._receive_turn(frame, size)
                if received:
                    self._activity()
                else:
                    await self._wait_readable()
        except BaseException:
            memory.end_frame(self.holding)
            self.holding = self.claimed = 0
            frame.release()
            self.pool.give_back(buf)
            raise
        self.holding = self.claimed = 0
        return frame

    def _receive_turn(self, frame: memoryview, size: int) -> int:
        """Receive what the socket has into the frame, within the bound and one turn; bytes received."""
        memory, sock = self.memory, self.sock
        received = 0
        while self.holding < size and received < memory.TURN_BYTES:
            room = memory.allowance(self.holding)
            if room <= 0:
                break
            n = sock.recv_into_nowait(
                frame[self.holding:self.holding + min(room, memory.TURN_BYTES - received, size - self.holding)])
            if not n:
                break
            self.holding += n
            memory.received(n)
            received += n
        return received

    def release(self, frame: memoryview) -> None:
        """The request of `frame` is served: its bytes stop counting, a large frame's map may serve another."""
        buf = frame.obj
        size = len(frame)
        frame.release()
        if isinstance(buf, mmap.mmap):
            self.memory.end_frame(size)
            self.pool.give_back(buf)
