"""Timed waits and idle deadlines for thousands of connections at once, in one heap of our own.

`trio.sleep` and a cancel scope's deadline both go through trio's deadline heap: a wait wakes its task by raising
Cancelled into it (an exception, a traceback and a reference cycle per wait), and every deadline moved or left
behind by a finished scope stays in that heap as a stale entry until its time (minutes, for an idle deadline)
or until trio prunes it. Thousands of slow connections waking once a second turn the first into garbage enough
to keep Python's cyclic collector running, whose full collections stop the event loop for longer than any
wake-up costs; the second keeps a dead scope of every closed connection alive, scattered through the heap, so
the memory a crowd of connections used is not returned after they close.

A `Pacer` keeps both kinds in one heap it owns: `sleep` parks a task and reschedules it when due, `watch` cancels
a scope (that has no deadline of its own) at a time that can be moved. Its loop (`run`, in the node's nursery)
wakes at most every TICK_S while anything is due and sleeps for good otherwise. An entry nobody wants any more (a
stopped watch, a moved deadline's old time, a cancelled sleep) stays in the heap until its time comes, which for
an idle deadline is connections.max.idle.ms away; every connection that waits for a request leaves such entries,
so the heap is rebuilt without them (`compact`) whenever they outnumber the wanted ones (and at least
COMPACT_AFTER are left): it holds at most twice what is wanted, plus COMPACT_AFTER, at an amortized constant cost
per entry. A sleep can still be cancelled like any other wait.
"""

from __future__ import annotations

import heapq
import itertools

import trio

_TASK, _SCOPE = 0, 1


class IdleWatch:
    """A scope cancelled at `deadline` unless moved; `stop()` when the scope ends. `FixedWatch` is the same with
    the scope's own trio deadline (for a connection that runs without a pacer)."""

    __slots__ = ("pacer", "scope", "entry")

    def __init__(self, pacer: Pacer, scope: trio.CancelScope, deadline: float) -> None:
        self.pacer = pacer
        self.scope = scope
        self.entry = pacer._push(deadline, _SCOPE, scope)

    @property
    def deadline(self) -> float:
        return self.entry[0]

    @deadline.setter
    def deadline(self, when: float) -> None:
        self.pacer._drop(self.entry)
        self.entry = self.pacer._push(when, _SCOPE, self.scope)

    def stop(self) -> None:
        self.pacer._drop(self.entry)


class FixedWatch:
    __slots__ = ("scope",)

    def __init__(self, scope: trio.CancelScope, deadline: float) -> None:
        self.scope = scope
        scope.deadline = deadline

    @property
    def deadline(self) -> float:
        return self.scope.deadline

    @deadline.setter
    def deadline(self, when: float) -> None:
        self.scope.deadline = when

    def stop(self) -> None:
        pass


class Pacer:
    TICK_S = 0.01  # the loop wakes at most this often; a wait ends up to this much late
    COMPACT_AFTER = 1024  # unwanted entries the heap may hold however few are wanted

    def __init__(self) -> None:
        self._due: list[list] = []  # [time, sequence, kind, task or scope; None once no longer wanted]
        self._unwanted = 0  # entries in _due whose target is None
        self._sequence = itertools.count()
        self._waiting = trio.Event()
        self._nap: trio.CancelScope | None = None  # the loop's sleep until the earliest entry is due
        self._next_tick = 0.0  # ... but not before this

    def _push(self, when: float, kind: int, target) -> list:
        entry = [when, next(self._sequence), kind, target]
        heapq.heappush(self._due, entry)
        self._waiting.set()
        if self._nap is not None and self._due[0] is entry:
            self._nap.deadline = min(self._nap.deadline, max(when, self._next_tick))
        return entry

    async def sleep(self, seconds: float) -> None:
        """Park the calling task for `seconds` (and up to TICK_S more)."""
        entry = self._push(trio.current_time() + seconds, _TASK, trio.lowlevel.current_task())

        def abort(_raise_cancel) -> trio.lowlevel.Abort:
            self._drop(entry)
            return trio.lowlevel.Abort.SUCCEEDED

        await trio.lowlevel.wait_task_rescheduled(abort)

    def watch(self, scope: trio.CancelScope, deadline: float) -> IdleWatch:
        """Cancel `scope` at `deadline` (movable through the returned watch; up to TICK_S late)."""
        return IdleWatch(self, scope, deadline)

    def _drop(self, entry: list) -> None:
        """`entry` is no longer wanted (a no-op once it was taken off the heap)."""
        if entry[3] is None:
            return
        entry[3] = None
        self._unwanted += 1
        if self._unwanted > max(self.COMPACT_AFTER, len(self._due) - self._unwanted):
            self.compact()

    def compact(self) -> None:
        """Drop the entries nobody waits for any more."""
        self._due = [entry for entry in self._due if entry[3] is not None]
        heapq.heapify(self._due)
        self._unwanted = 0

    async def run(self) -> None:
        while True:
            while not self._due:
                self._waiting = trio.Event()
                await self._waiting.wait()
            with trio.CancelScope(deadline=max(self._due[0][0], self._next_tick)) as self._nap:
                await trio.sleep_forever()
            self._nap = None
            now = trio.current_time()
            self._next_tick = now + self.TICK_S
            while self._due and self._due[0][0] <= now:
                entry = heapq.heappop(self._due)
                kind, target = entry[2], entry[3]
                if target is None:
                    self._unwanted -= 1
                    continue
                entry[3] = None  # off the heap: a later stop() or abort is a no-op
                if kind == _TASK:
                    trio.lowlevel.reschedule(target)
                else:
                    target.cancel()
