"""Counting the tasks of a broker's connections (a parked connection has none: kbroker/parking.py)."""

from __future__ import annotations

import time

import trio

from kbroker.server import ConnectionServer

PARK_AFTER_S = 0.2  # what the parking tests make server.PARK_AFTER_S, so they do not wait long for a park
SETTLE_S = 10.0  # at most this long for connections to park (a loaded machine)
_CONNECTION_TASKS = {ConnectionServer.serve.__code__, ConnectionServer._resume.__code__}


def connection_tasks(broker) -> int:
    """How many connections of an in-process broker (testing.run_broker_in_thread) have a task now."""

    async def count() -> int:
        def walk(task) -> int:
            own = 1 if getattr(task.coro, "cr_code", None) in _CONNECTION_TASKS else 0
            return own + sum(walk(child) for nursery in task.child_nurseries for child in nursery.child_tasks)

        return walk(trio.lowlevel.current_root_task())

    return broker.call(count)


def wait_for_tasks(broker, expected: int) -> int:
    """The count of connection tasks once it is `expected`, or after SETTLE_S."""
    deadline = time.monotonic() + SETTLE_S
    while (tasks := connection_tasks(broker)) != expected and time.monotonic() < deadline:
        time.sleep(0.05)
    return tasks
