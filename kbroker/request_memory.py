"""The broker-wide bound on request bytes held in memory (`queued.max.request.bytes`), and the muting it drives.

Kafka bounds requests with a MemoryPool: a frame's whole claimed size is allocated before its body is read, and a
connection that cannot get it is muted until memory is freed. kbroker never allocates ahead of the bytes
(server.FrameReader grows a frame with what arrives), so what is counted here is what was actually received into
frames that are still being read or served.

The rule a connection follows before each receive into a frame (`allowance`):
- while less than half of the limit is held, any connection may take what is left of that half;
- past it, a connection may still grow up to its fair share, `limit / connections holding a frame`, so a few
  connections that hold much (and may have stalled) cannot keep the others from finishing their frames;
- never past the limit, which is a hard bound on the bytes counted here.
A connection denied bytes while its socket has some waiting is muted (`wait_for_room`) until enough is freed to
change the answer. Muted connections keep their place in connections.max.idle.ms: a connection that holds part
of a frame and sends nothing is closed when it expires, so stalled partial frames cannot hold the pool forever;
one whose peer has gone (reset or closed) is closed within a second.

Receiving into large frames also takes turns (`receiving_turn`): at most RECEIVERS connections at once, FIFO,
TURN_BYTES each, so thousands of connections sending big frames as fast as they can keep the event loop busy for
a few MiB at a time, and small requests (read through the read-ahead buffer, outside these turns) get through.
"""

from __future__ import annotations

import logging
import os

import trio

log = logging.getLogger(__name__)

# `queued.max.request.bytes` <= 0 (Kafka's default -1 means unbounded) resolves to this share of the machine's
# memory, at most AUTOMATIC_CAP_BYTES, and at least socket.request.max.bytes so that every frame the size check
# lets through can fit. The cap is the heap Kafka's start script gives a broker by default (-Xmx1G), which bounds
# every request Kafka holds: on a large machine kbroker then holds no more request bytes than Kafka could.
AUTOMATIC_SHARE_OF_MEMORY = 1 / 8
AUTOMATIC_CAP_BYTES = 1 << 30


def physical_memory_bytes() -> int:
    """The machine's memory, or the cgroup (v2) memory limit when that is lower."""
    total = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    try:
        with open("/sys/fs/cgroup/memory.max") as f:
            limit = f.read().strip()
    except OSError:
        return total
    return min(total, int(limit)) if limit.isdigit() else total


def resolve_limit(queued_max_request_bytes: int, socket_request_max_bytes: int) -> int:
    """The bound in bytes that `queued.max.request.bytes` names (see AUTOMATIC_SHARE_OF_MEMORY for <= 0)."""
    if queued_max_request_bytes > 0:
        return queued_max_request_bytes
    share = min(int(physical_memory_bytes() * AUTOMATIC_SHARE_OF_MEMORY), AUTOMATIC_CAP_BYTES)
    return max(share, socket_request_max_bytes)


class RequestMemory:
    """Bytes received into request frames not yet released, across every connection of the broker."""

    RECEIVERS = 8  # connections receiving into large frames at once
    TURN_BYTES = 1024 * 1024  # what one of them receives before it queues again

    def __init__(self, limit: int) -> None:
        if limit <= 0:
            raise ValueError(f"request memory limit must be positive, not {limit}")
        self.limit = limit
        self.held = 0
        self.holders = 0  # frames being received or served that count here
        self.muted = 0  # connections waiting in wait_for_room now
        self._room = trio.lowlevel.ParkingLot()
        self._receivers = trio.Semaphore(self.RECEIVERS)

    def receiving_turn(self) -> trio.Semaphore:
        """Held while a connection receives into a large frame (FIFO: every connection gets its turn)."""
        return self._receivers

    def can_ever_fit(self, size: int) -> bool:
        return size <= self.limit

    def allowance(self, holding: int) -> int:
        """How many more bytes a frame that holds `holding` may receive now (0: mute it)."""
        free = self.limit - self.held
        if free <= 0:
            return 0
        shared = self.limit // 2 - self.held
        fair = self.limit // max(1, self.holders) - holding
        return min(free, max(shared, fair, 0))

    def start_frame(self) -> None:
        self.holders += 1

    def received(self, nbytes: int) -> None:
        self.held += nbytes

    def end_frame(self, holding: int) -> None:
        """A frame's bytes are freed (served, or its connection closed)."""
        before = self.held
        self.held -= holding
        self.holders -= 1
        # Wake the muted only when the answer can have changed for them: the held bytes fell below the limit or
        # below its shared half. (Frames ending in between would wake thousands of muted connections for nothing.)
        if len(self._room) and (self.held < self.limit <= before or self.held < self.limit // 2 <= before
                                or self.holders == 0):
            self._room.unpark_all()

    async def wait_for_room(self) -> None:
        """Park a muted connection until memory is freed; the caller asks `allowance` again."""
        self.muted += 1
        try:
            await self._room.park()
        finally:
            self.muted -= 1
