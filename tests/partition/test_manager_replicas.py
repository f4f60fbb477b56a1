"""PartitionManager with replicated partitions: logs for partitions this node follows, roles following the
image, the followed partitions handed to the fetchers, ISR expiry, and the high watermark kept across a
restart in replication-offset-checkpoint."""

from __future__ import annotations

import uuid

import pytest

from kbroker.log.checkpoints import REPLICATION_OFFSET_CHECKPOINT, log_dir_checkpoint
from kbroker.metadata.image import MetadataImage, PartitionRegistration, TopicImage
from kbroker.partition.manager import PartitionManager
from kbroker.protocol import records as R
from kbroker.testing import broker_config

TOPIC_ID = uuid.UUID(int=99)
NOW_MS = 1_700_000_000_000


class Clock:
    def __init__(self):
        self.now = NOW_MS

    def __call__(self):
        return self.now


def image_of(*registrations):
    topic = TopicImage("t", TOPIC_ID, {r.partition_id: r for r in registrations})
    return MetadataImage(offset=1, epoch=1, topics_by_id={TOPIC_ID: topic}, topics_by_name={"t": topic})


def batch(n, epoch):
    return R.build_batch([(NOW_MS + i, None, b"x") for i in range(n)], partition_leader_epoch=epoch)


class Fetchers:
    """Records what the manager asks the replica fetchers to follow."""

    def __init__(self):
        self.updates = []

    def update(self, image, followers):
        self.updates.append({key: p.leader for key, p in followers.items()})


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
def start(tmp_path, clock):
    made = []

    def start_manager(image, **overrides):
        config = broker_config(str(tmp_path / "logs"), {"node.id": 1, **overrides})
        manager = PartitionManager(config, time_ms=clock)
        manager.replica_fetchers = Fetchers()
        manager.startup(image)
        made.append(manager)
        return manager

    yield start_manager
    for manager in made:
        manager.shutdown()


def test_followed_partitions_get_logs_and_go_to_the_fetchers(start):
    manager = start(image_of(PartitionRegistration(0, (2, 1), (2, 1), 2, 0, 0),
                             PartitionRegistration(1, (1, 2), (1, 2), 1, 0, 0)))
    follower, leader = manager.get("t", 0), manager.get("t", 1)
    assert not follower.is_leader and leader.is_leader
    assert manager.replica_fetchers.updates[-1] == {("t", 0): 2}
    manager.apply_image(image_of(PartitionRegistration(0, (2, 1), (1,), 1, 1, 1),
                                 PartitionRegistration(1, (1, 2), (1, 2), 1, 0, 0)))
    assert follower.is_leader and manager.replica_fetchers.updates[-1] == {}


def test_high_watermark_survives_a_restart(start, tmp_path):
    image = image_of(PartitionRegistration(0, (2, 1), (2, 1), 2, 0, 0))
    manager = start(image)
    follower = manager.get("t", 0)
    follower.append_as_follower(batch(4, 0))
    follower.update_follower_high_watermark(3)
    manager.shutdown()
    assert log_dir_checkpoint(manager.log_dirs[0], REPLICATION_OFFSET_CHECKPOINT).read() == {("t", 0): 3}
    again = start(image)
    assert again.get("t", 0).high_watermark == 3
    assert again.get("t", 0).log_end_offset == 4


def test_lagging_followers_are_expired_only_in_a_cluster(start, clock):
    manager = start(image_of(PartitionRegistration(0, (1, 2), (1, 2), 1, 0, 0)), **{"replica.lag.time.max.ms": 100})
    clock.now += 1000
    assert manager.shrink_isrs() == 0  # no AlterPartition channel: a single node never proposes
    proposed = []

    class Channel:
        def submit(self, item, on_result):
            proposed.append(item.new_isr)
            return True

    manager.alter_partition = Channel()
    assert manager.shrink_isrs() == 1
    assert proposed == [(1,)]
