"""Fixtures of the group coordinator unit tests: a coordinator over one real `__consumer_offsets` log in a tmp
dir, driven in virtual time (trio.testing.MockClock, autojump)."""

from __future__ import annotations

import uuid

import pytest
import trio
import trio.testing

from kbroker.group.coordinator import GroupCoordinator
from kbroker.log.log import Log
from kbroker.metadata.topic_names import GROUP_METADATA_TOPIC
from kbroker.testing import broker_config

NODE_ID = 1


class HostedOffsetsPartition:
    """The slice of kbroker.partition.Partition the coordinator uses, over a real Log."""

    def __init__(self, directory: str, index: int, wall_clock):
        self.index = index
        self.leader = NODE_ID
        self.leader_epoch = 0
        self.topic_id = uuid.UUID(int=50)
        self.log = Log.open(directory, clock=wall_clock, topic=GROUP_METADATA_TOPIC, partition=index)

    def append_records(self, records, *, required_acks: int, origin: str):
        return self.log.append_as_leader(records, self.leader_epoch, origin=origin)

    def append_control_marker(self, control_type: int, *, producer_id: int, producer_epoch: int,
                              coordinator_epoch: int):
        return self.log.append_control_marker(control_type, producer_id=producer_id, producer_epoch=producer_epoch,
                                              coordinator_epoch=coordinator_epoch, leader_epoch=self.leader_epoch)


class HostedPartitions:
    def __init__(self, tmp_path, wall_clock):
        self.tmp_path = tmp_path
        self.wall_clock = wall_clock
        self.partition = self._open()

    def _open(self) -> HostedOffsetsPartition:
        return HostedOffsetsPartition(str(self.tmp_path / f"{GROUP_METADATA_TOPIC}-0"), 0, self.wall_clock)

    def get(self, topic: str, partition: int):
        return self.partition if topic == GROUP_METADATA_TOPIC and partition == 0 else None

    def reopen(self) -> None:
        """Close and reopen the log, as a broker restart does."""
        self.partition.log.close()
        self.partition = self._open()


class WallClock:
    def __init__(self, start_ms: int = 1_700_000_000_000):
        self.now = start_ms

    def __call__(self) -> int:
        return self.now


class Harness:
    def __init__(self, tmp_path, **overrides):
        settings = {"group.initial.rebalance.delay.ms": 1000, **overrides}
        self.config = broker_config(tmp_path / "unused-logs", settings)
        self.wall = WallClock()
        self.partitions = HostedPartitions(tmp_path, self.wall)

    def coordinator(self) -> GroupCoordinator:
        return GroupCoordinator(self.config, self.partitions, node_id=NODE_ID, partition_count=lambda: 1,
                                now_ms=self.wall)


@pytest.fixture
def harness(tmp_path):
    made = []

    def make(**overrides) -> Harness:
        h = Harness(tmp_path, **overrides)
        made.append(h)
        return h

    yield make
    for h in made:
        h.partitions.partition.log.close()


def run_virtual(async_fn, *args):
    """Run `async_fn` under trio with a virtual clock that jumps whenever every task sleeps."""
    return trio.run(async_fn, *args, clock=trio.testing.MockClock(autojump_threshold=0))
