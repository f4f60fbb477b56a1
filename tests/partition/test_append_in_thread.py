"""Partition.append_records_in_thread: a produced batch validated and written in a worker thread, ordered with
every other change to the log by the log's lock, and refused when leadership or the log moved meanwhile."""

import functools
import threading

import pytest
import trio

from kbroker.log.log import LogError
from kbroker.protocol import errors
from tests.partition.partition_helpers import batch, registration


def test_an_append_in_a_thread_assigns_offsets_and_moves_the_high_watermark(make_partition):
    partition = make_partition(registration(replicas=(1,)))

    async def main():
        first = await partition.append_records_in_thread(batch(3), required_acks=1)
        second = await partition.append_records_in_thread(batch(2), required_acks=-1)
        return first, second

    first, second = trio.run(main)
    assert (first.first_offset, first.last_offset, second.first_offset, second.last_offset) == (0, 2, 3, 4)
    assert partition.log_end_offset == 5 and partition.high_watermark == 5


def test_a_follower_refuses_before_any_thread_runs(make_partition):
    partition = make_partition(registration(leader=2))
    with pytest.raises(LogError) as refused:
        trio.run(lambda: partition.append_records_in_thread(batch(1), required_acks=1))
    assert refused.value.error_code == errors.NOT_LEADER_OR_FOLLOWER.code
    assert partition.log_end_offset == 0


def signal_entry(log_) -> threading.Event:
    """An event set when a worker thread enters `log_`'s append (where it then waits for the log's lock)."""
    entered = threading.Event()
    append_as_leader = log_.append_as_leader

    def entering(*args, **kwargs):
        entered.set()
        return append_as_leader(*args, **kwargs)

    log_.append_as_leader = entering
    return entered


def held_append(partition, during):
    """Run an append in a thread while this (the event loop's) thread holds the log's lock, so the worker waits
    for it; `during()` runs once the worker is inside the log's append; the append's error code."""
    log_ = partition.log
    entered = signal_entry(log_)

    async def main():
        code = []

        async def append():
            try:
                await partition.append_records_in_thread(batch(2), required_acks=1)
                code.append(errors.NONE.code)
            except LogError as exc:
                code.append(exc.error_code)

        async with trio.open_nursery() as nursery:
            with log_.lock:
                nursery.start_soon(append)
                while not entered.is_set():
                    await trio.sleep(0.001)
                during()
        return code[0]

    return trio.run(main)


def test_leadership_moving_during_the_write_answers_not_leader(make_partition):
    partition = make_partition(registration(replicas=(1, 2), isr=(1, 2)))

    def new_leader():
        partition.apply_registration(registration(leader=2, replicas=(1, 2), isr=(2,), leader_epoch=1,
                                                  partition_epoch=1))

    assert held_append(partition, new_leader) == errors.NOT_LEADER_OR_FOLLOWER.code


def test_a_log_retired_by_a_move_during_the_write_answers_not_leader(make_partition):
    partition = make_partition(registration(replicas=(1,)))
    replacement = make_partition(registration(replicas=(1,)), name="moved-0").log
    old = partition.log

    def moved():  # what LogDirMover._swap does under the old log's lock
        partition.log = replacement
        old.take_offline("moved")

    assert held_append(partition, moved) == errors.NOT_LEADER_OR_FOLLOWER.code
    assert old.log_end_offset == 0 and replacement.log_end_offset == 0


def test_a_request_cancelled_during_the_write_still_moves_the_high_watermark(make_partition):
    """The worker cannot be stopped, so the request waits for it (trio delivers the cancellation afterwards) and
    the write it made moves the high watermark."""
    partition = make_partition(registration(replicas=(1,)))
    log_ = partition.log
    entered = signal_entry(log_)

    async def main():
        with trio.CancelScope() as scope:
            async with trio.open_nursery() as nursery:
                with log_.lock:
                    nursery.start_soon(functools.partial(partition.append_records_in_thread, batch(2), required_acks=1))
                    while not entered.is_set():
                        await trio.sleep(0.001)
                    scope.cancel()

    trio.run(main)
    assert partition.log_end_offset == 2 and partition.high_watermark == 2
