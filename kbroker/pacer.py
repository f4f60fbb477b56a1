"""Timed waits for thousands of connections at once, without a cancel scope (and its Cancelled exception) per wait.

`trio.sleep` sets a cancel-scope deadline and wakes the task by raising Cancelled into it: an exception, a
traceback and a reference cycle per wait. Thousands of slow connections each waking once a second turn that into
garbage enough to keep Python's cyclic collector running, and its full collections stop the event loop for
longer than any single wake-up costs. A `Pacer` keeps the waiting tasks in one heap and reschedules the due ones
from its own loop (`run`, started in the node's nursery), which wakes at most every TICK_S while any task waits
and sleeps for good otherwise. A wait can still be cancelled like any other (the connection's idle scope, a
closing server).
"""

from __future__ import annotations

import heapq
import itertools

import trio


class Pacer:
    TICK_S = 0.01  # the loop wakes at most this often; a wait ends up to this much late

    def __init__(self) -> None:
        self._due: list[list] = []  # [wake time, sequence, task or None once the wait was cancelled]
        self._sequence = itertools.count()
        self._waiting = trio.Event()
        self._nap: trio.CancelScope | None = None  # the loop's sleep until the earliest wait is due
        self._next_tick = 0.0  # ... but not before this

    async def sleep(self, seconds: float) -> None:
        """Park the calling task for `seconds` (and up to TICK_S more)."""
        entry = [trio.current_time() + seconds, next(self._sequence), trio.lowlevel.current_task()]
        heapq.heappush(self._due, entry)
        self._waiting.set()
        if self._nap is not None and self._due[0] is entry:
            self._nap.deadline = min(self._nap.deadline, max(entry[0], self._next_tick))

        def abort(_raise_cancel) -> trio.lowlevel.Abort:
            entry[2] = None
            return trio.lowlevel.Abort.SUCCEEDED

        await trio.lowlevel.wait_task_rescheduled(abort)

    async def run(self) -> None:
        due = self._due
        while True:
            while not due:
                self._waiting = trio.Event()
                await self._waiting.wait()
            with trio.CancelScope(deadline=max(due[0][0], self._next_tick)) as self._nap:
                await trio.sleep_forever()
            self._nap = None
            now = trio.current_time()
            self._next_tick = now + self.TICK_S
            while due and due[0][0] <= now:
                task = heapq.heappop(due)[2]
                if task is not None:
                    trio.lowlevel.reschedule(task)
