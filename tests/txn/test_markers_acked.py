"""A transaction marker on a partition leader counts as written only once the in-sync replicas have it, as
Kafka's acks=all append of markers: kbroker.txn.markers.write_marker_acked, used by the WriteTxnMarkers API and
by the coordinator for partitions it leads with followers."""

from __future__ import annotations

import uuid

import pytest
import trio
import trio.testing

from kbroker.log.config import LogConfig
from kbroker.log.log import Log
from kbroker.metadata.image import PartitionRegistration
from kbroker.partition.partition import Partition
from kbroker.protocol import errors
from kbroker.testing import virtual_ms
from kbroker.txn.markers import write_marker_acked

MARKER = dict(commit=True, producer_id=7, producer_epoch=0, coordinator_epoch=0)


class Partitions:
    def __init__(self, partition: Partition):
        self.partition = partition

    def get(self, topic, index):
        return self.partition if (topic, index) == ("t", 0) else None


@pytest.fixture
def leader(tmp_path):
    """Node 1 leads t-0 with node 2 in the ISR; min.insync.replicas 2."""
    log_ = Log.open(str(tmp_path / "t-0"), LogConfig(min_insync_replicas=2), clock=virtual_ms)
    partition = Partition("t", 0, uuid.UUID(int=7), log_, PartitionRegistration(0, (1, 2), (1, 2), 1, 0, 0),
                          node_id=1)
    yield partition
    log_.close()


def run(async_fn):
    return trio.run(async_fn, clock=trio.testing.MockClock(autojump_threshold=0))


def test_the_marker_is_answered_once_the_follower_has_it(leader):
    async def main():
        answers = []

        async def write():
            answers.append(await write_marker_acked(Partitions(leader), "t", 0, deadline=trio.current_time() + 30,
                                                    **MARKER))

        async with trio.open_nursery() as nursery:
            nursery.start_soon(write)
            await trio.sleep(5)
            assert answers == [] and leader.log_end_offset == 1 and leader.high_watermark == 0
            leader.update_follower_fetch_state(2, 1, 0, 1)
        return answers

    assert run(main) == [errors.NONE.code]


def test_a_marker_the_follower_never_takes_times_out(leader):
    async def main():
        return await write_marker_acked(Partitions(leader), "t", 0, deadline=trio.current_time() + 30, **MARKER)

    assert run(main) == errors.REQUEST_TIMED_OUT.code


def test_a_leader_under_min_insync_replicas_refuses_the_marker(leader):
    leader.apply_registration(PartitionRegistration(0, (1, 2), (1,), 1, 0, 1))

    async def main():
        return await write_marker_acked(Partitions(leader), "t", 0, deadline=trio.current_time() + 30, **MARKER)

    assert run(main) == errors.NOT_ENOUGH_REPLICAS.code
    assert leader.log_end_offset == 0
