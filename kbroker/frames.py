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
- A large frame that arrives slowly (below 64 KiB/s on average once a second has passed, not counting the time
  the broker kept it waiting) is read about once a second (`pace_s`; the server makes it 10 s on a SASL
  connection not yet authenticated), at a jittered time of its own, through the Pacer:
  thousands of connections trickling in step would otherwise all wake whenever their bytes arrive together.
- The read-ahead buffer exists only while bytes are buffered or a recv is being made: before the connection
  waits for its socket, the buffer goes back to the FramePool (what it held, a partial small frame, is kept in
  a bytes object of its exact size). An idle connection costs no buffer at all.

FramePool reuses large-frame maps whose pages are already resident (large produce requests do not fault and
zero their pages again) and the read-ahead buffers; what it keeps, lent out or free, is bounded by `max_bytes`.
"""

from __future__ import annotations

import mmap
import random

import trio

from kbroker.pacer import FixedWatch, IdleWatch, Pacer
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


class _Pace:
    """Whether a large frame is arriving slowly: below SLOW_BYTES_PER_S on average, counted from its first byte
    once SLOW_AFTER_S have passed, or, once slow, since the previous receive; the time the broker kept the
    connection waiting (muted, or queued for a receiving turn) does not count."""

    SLOW_AFTER_S = 1.0
    SLOW_BYTES_PER_S = 64 * 1024

    __slots__ = ("since", "since_bytes", "slow")

    def __init__(self, now: float, holding: int) -> None:
        self.since = now
        self.since_bytes = holding
        self.slow = False

    def exclude(self, seconds: float) -> None:
        self.since += seconds

    def is_slow(self, now: float, holding: int) -> bool:
        elapsed = now - self.since
        if elapsed < (0.0 if self.slow else self.SLOW_AFTER_S):
            return False
        self.slow = holding - self.since_bytes < self.SLOW_BYTES_PER_S * elapsed
        if self.slow:
            self.since, self.since_bytes = now, holding
        return self.slow


class FrameReader:
    """Reads one connection's frames (see the module docstring).

    `sock` needs `recv_into_nowait(view) -> int` (0 when nothing is waiting, ConnectionClosed at the end),
    `async wait_readable()` and `peer_gone() -> bool`: server.SocketIO, or a test double. `idle_watch` (a pacer
    watch on the connection's idle scope), when set, has its deadline kept at least `idle_s` past the last receive (connections.max.idle.ms counts from the
    last byte, mid-frame too). `pacer` parks slow senders between their receives (trio.sleep without one).
    """

    READ_AHEAD = 32 * 1024
    PEER_CHECK_S = 1.0
    IDLE_SLACK = 0.1
    PACE_S = 1.0  # a slow sender's bytes are taken every PACE_S, jittered by half of it either way
    random = random.Random()  # one for every reader (its state is 2.5 KiB); a test may give a reader its own

    def __init__(self, sock, pool: FramePool | None = None, memory: RequestMemory | None = None,
                 pacer: Pacer | None = None) -> None:
        self.sock = sock
        self.sleep = pacer.sleep if pacer is not None else trio.sleep
        self.pace_s = self.PACE_S  # the server sets a longer one while a SASL connection is not authenticated
        self.pool = pool if pool is not None else FramePool(read_ahead_size=self.READ_AHEAD)
        self.memory = memory if memory is not None else RequestMemory(_UNBOUNDED)
        self.ahead: bytearray | None = None
        self.view: memoryview | None = None
        self.start = 0  # buffered, unconsumed bytes are ahead[start:end]
        self.end = 0
        self.stash = b""  # what was buffered when the read-ahead buffer was given back
        self.holding = 0  # bytes of the large frame being received, counted in `memory`
        self.claimed = 0  # size of the frame being received
        self.idle_watch: IdleWatch | FixedWatch | None = None
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
        # The deadline moves only once it is nearer than idle_s, and then IDLE_SLACK of idle_s further: a
        # connection expires between idle_s and (1 + IDLE_SLACK) * idle_s after its last byte, and one that
        # sends a byte a second moves its deadline rarely (every move leaves a stale entry in a deadline heap).
        watch = self.idle_watch
        if watch is not None:
            now = trio.current_time()
            if watch.deadline < now + self.idle_s:
                watch.deadline = now + self.idle_s * (1 + self.IDLE_SLACK)

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
            pace = _Pace(trio.current_time(), self.holding)
            woken = True  # the task has just been through the scheduler: a free turn needs no further checkpoint
            while self.holding < size:
                if memory.allowance(self.holding) <= 0:
                    # Muted: only a connection that has bytes to give waits for memory (a silent one waits for
                    # its socket like any other), and it counts as idle meanwhile.
                    muted_at = trio.current_time()
                    await self._wait_readable()
                    while memory.allowance(self.holding) <= 0:
                        with trio.move_on_after(self.PEER_CHECK_S):
                            await memory.wait_for_room()
                        if sock.peer_gone():  # a muted connection does not read, so it would not see the end
                            raise ConnectionClosed("the peer went away while its connection was muted")
                    pace.exclude(trio.current_time() - muted_at)
                    woken = True
                    continue
                asked_at = trio.current_time()
                received, drained = await self._receive_in_turn(frame, size, woken)
                now = trio.current_time()
                pace.exclude(now - asked_at)  # waiting for a turn is the broker's slowness, not the sender's
                if received:
                    self._activity()
                if pace.is_slow(now, self.holding):
                    # A slow sender: its bytes are taken about once a second, at a time of its own, rather than
                    # whenever they arrive (thousands of connections trickling in step would otherwise wake
                    # together and hold up every other client for the whole crowd's turn).
                    await self.sleep(self.pace_s * self.random.uniform(0.5, 1.5))
                    woken = True
                elif drained:
                    await self._wait_readable()
                    woken = True
                else:
                    woken = False  # a full turn, or as much as the bound allows now: the others go first
        except BaseException:
            memory.end_frame(self.holding)
            self.holding = self.claimed = 0
            frame.release()
            self.pool.give_back(buf)
            raise
        self.holding = self.claimed = 0
        return frame

    async def _receive_in_turn(self, frame: memoryview, size: int, woken: bool) -> tuple[int, bool]:
        """Receive into the frame in one of RequestMemory's turns (at most RECEIVERS connections receive into
        large frames at once, FIFO, TURN_BYTES each, so however many send big frames the event loop goes round
        the other connections after a few MiB of copying); a task that has just come through the scheduler takes
        a free turn without going through it again. Bytes received, and whether the socket had no more."""
        turns = self.memory.receiving_turn()
        if woken:
            try:
                turns.acquire_nowait()
            except trio.WouldBlock:
                await turns.acquire()
        else:
            await turns.acquire()
        try:
            return self._receive_turn(frame, size)
        finally:
            turns.release()

    def _receive_turn(self, frame: memoryview, size: int) -> tuple[int, bool]:
        memory, sock = self.memory, self.sock
        received = 0
        while self.holding < size and received < memory.TURN_BYTES:
            room = memory.allowance(self.holding)
            if room <= 0:
                break
            n = sock.recv_into_nowait(
                frame[self.holding:self.holding + min(room, memory.TURN_BYTES - received, size - self.holding)])
            if not n:
                return received, True
            self.holding += n
            memory.received(n)
            received += n
        return received, False

    def release(self, frame: memoryview) -> None:
        """The request of `frame` is served: its bytes stop counting, a large frame's map may serve another."""
        buf = frame.obj
        size = len(frame)
        frame.release()
        if isinstance(buf, mmap.mmap):
            self.memory.end_frame(size)
            self.pool.give_back(buf)
