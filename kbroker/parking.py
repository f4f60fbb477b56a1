"""Idle client connections held with no task of their own: one epoll set per listener, one task watching it.

A trio task waiting for its socket costs its coroutine frames, the cancel scopes around the wait and their
cancel statuses: several KiB per connection, which is most of what an idle connection costs the broker. Kafka's
network threads hold every connection in a selector and nothing else; this does the same for connections that
have gone quiet. A connection that has waited PARK_AFTER_S for its next request with not one byte of it
received ends its task (server.Connection.read_frame says so) and is parked here: its socket goes into the
listener's epoll set, and its Connection object (socket, frame reader, SASL state, client name) is all it keeps.
When the socket becomes readable (a request, the peer's close, a reset) the connection is unparked and a new
task serves it, in the listener's nursery, from where it left off.

connections.max.idle.ms goes on counting while a connection is parked: the deadline a parked connection is
closed at is the one its task would have closed it at (`idle_since` + connections.max.idle.ms, where
`idle_since` is when it began to wait), never earlier. Connections park PARK_AFTER_S after they begin to wait,
give or take the pacer's tick, and every connection of a listener has the same idle limit, so their deadlines
come in nearly the order they parked in: the parked set is kept in that order (an OrderedDict, first parked
first), and the watching task sleeps until the first one's deadline. One parked a tick later than another with
an earlier deadline is closed at most that tick late.

A connection's own task is never cancelled while parked (it has none): `evict` closes a parked connection at
once (the server's max.connections enforcement), and the parked connections still here when the listener stops
are closed by `run` as it ends. What ends a connection, parked or not, is the server's `end` callback.
"""

from __future__ import annotations

import logging
import select
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import Any

import trio

log = logging.getLogger(__name__)

PARK_AFTER_S = 1.0
_MAX_EVENTS = 1024
_WATCHED = getattr(select, "EPOLLIN", 0) | getattr(select, "EPOLLRDHUP", 0)


class Parking:
    """The parked connections of one listener. `run` (in the listener's nursery, the one that `resume` tasks are
    started in) watches them; `park` hands over a connection whose task has ended; `evict` closes a parked one.

    `resume(connection)` serves an unparked connection (a task of its own); `end(connection, why)` closes one for
    good, `why` being "idle" (connections.max.idle.ms passed), "evicted" or "stopped" (the listener stopped); it is
    sync, as it runs in `run`'s finally too."""

    available = hasattr(select, "epoll")

    def __init__(self, resume: Callable[[Any], Awaitable[None]], end: Callable[[Any, str], None]) -> None:
        self._resume = resume
        self._end = end
        self._epoll = select.epoll() if self.available else None
        self._parked: OrderedDict[int, tuple[Any, float]] = OrderedDict()  # fd -> (connection, idle deadline)
        self._nursery: trio.Nursery | None = None
        self._nap: trio.CancelScope | None = None

    def __contains__(self, connection) -> bool:
        entry = self._parked.get(connection.io.fd)
        return entry is not None and entry[0] is connection

    def park(self, connection, idle_deadline: float) -> bool:
        """Hold `connection` (its task has ended) until its socket is readable or `idle_deadline` (trio time)
        passes. False when it cannot be parked (no epoll here, not running, or the kernel refused the socket):
        the caller goes on serving it with a task."""
        if self._epoll is None or self._nursery is None:
            return False
        fd = connection.io.fd
        try:
            self._epoll.register(fd, _WATCHED)
        except OSError as e:  # ENOMEM, ENOSPC (fs.epoll.max_user_watches): served with a task, as before
            log.warning("cannot park idle connection from %s (%s); it keeps its task", connection.peer_text, e)
            return False
        self._parked[fd] = (connection, idle_deadline)
        if self._nap is not None and idle_deadline < self._nap.deadline:
            self._nap.deadline = idle_deadline
        return True

    def evict(self, connection) -> None:
        """Close a parked connection now."""
        self._unpark(connection.io.fd)
        self._end(connection, "evicted")

    def _unpark(self, fd: int):
        connection, _ = self._parked.pop(fd)
        try:
            self._epoll.unregister(fd)
        except OSError:  # closed under us (a bug elsewhere); nothing is watched any more either way
            log.debug("fd %d was no longer registered when unparked", fd)
        return connection

    async def run(self, nursery: trio.Nursery) -> None:
        """Watch the parked connections until cancelled; then close those still parked."""
        if self._epoll is None:
            return
        self._nursery = nursery
        try:
            while True:
                first_deadline = next(iter(self._parked.values()))[1] if self._parked else float("inf")
                with trio.CancelScope(deadline=first_deadline) as self._nap:
                    await trio.lowlevel.wait_readable(self._epoll)
                self._nap = None
                self._unpark_readable()
                self._close_expired(trio.current_time())
        finally:
            self._nursery = self._nap = None
            while self._parked:
                fd = next(iter(self._parked))
                self._end(self._unpark(fd), "stopped")
            self._epoll.close()

    def _unpark_readable(self) -> None:
        while True:
            ready = self._epoll.poll(0, _MAX_EVENTS)
            for fd, _events in ready:
                self._nursery.start_soon(self._resume, self._unpark(fd))
            if len(ready) < _MAX_EVENTS:
                return

    def _close_expired(self, now: float) -> None:
        while self._parked:
            fd, (connection, deadline) = next(iter(self._parked.items()))
            if deadline > now:
                return
            self._unpark(fd)
            self._end(connection, "idle")
