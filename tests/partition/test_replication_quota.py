"""Replication throttles: which partitions a `*.replication.throttled.replicas` value throttles on a broker, the
bound from the broker's own dynamic config, the sampled rate (Kafka's SimpleRate) and when the quota is
exceeded."""

import math

from kbroker.metadata.image import MetadataImage
from kbroker.partition.replication_quota import (
    ALL_PARTITIONS,
    ReplicationQuota,
    ReplicationQuotas,
    throttled_partitions,
)


class Clock:
    def __init__(self):
        self.now = 1_000_000

    def __call__(self):
        return self.now


def test_throttled_partitions_of_a_broker():
    assert throttled_partitions("*", 2) == ALL_PARTITIONS
    assert throttled_partitions(" * ", 2) == ALL_PARTITIONS
    assert throttled_partitions("0:1,0:2, 1:2,3:3", 2) == {0, 1}
    assert throttled_partitions("0:1", 2) == frozenset()
    assert throttled_partitions("", 2) == frozenset()
    assert throttled_partitions(None, 2) == frozenset()


def test_the_bound_and_partitions_follow_the_image():
    image = MetadataImage(
        broker_configs={"": {"leader.replication.throttled.rate": "5"},
                        "2": {"follower.replication.throttled.rate": "1000"}},
        topic_configs={"a": {"follower.replication.throttled.replicas": "0:2,1:3"},
                       "b": {"follower.replication.throttled.replicas": "*",
                             "leader.replication.throttled.replicas": "0:2"}})
    quotas = ReplicationQuotas(2, Clock())
    quotas.update(image)
    assert quotas.follower.bound == 1000
    assert quotas.leader.bound == math.inf  # the cluster default is not read, as in Kafka
    assert quotas.follower.is_throttled("a", 0) and not quotas.follower.is_throttled("a", 1)
    assert quotas.follower.is_throttled("b", 7)
    assert quotas.leader.is_throttled("b", 0) and not quotas.leader.is_throttled("a", 0)
    quotas.update(MetadataImage())
    assert quotas.follower.bound == math.inf and not quotas.follower.is_throttled("b", 7)


def test_the_rate_over_the_samples():
    clock = Clock()
    quota = ReplicationQuota("follower", 1, clock, window_num=11, window_size_ms=1000)
    quota.bound = 1000
    assert quota.rate() == 0 and not quota.is_quota_exceeded()
    quota.record(900)
    assert quota.rate() == 900 and not quota.is_quota_exceeded()  # at least one window's length
    quota.record(200)
    assert quota.is_quota_exceeded()
    clock.now += 1500
    assert quota.rate() == 1100 / 1.5 and not quota.is_quota_exceeded()
    quota.record(1100)  # a second sample
    assert quota.rate() == 2200 / 1.5 and quota.is_quota_exceeded()
    clock.now += 13_000  # both samples have left the window
    assert quota.rate() == 0 and not quota.is_quota_exceeded()


def test_unbounded_is_never_exceeded():
    quota = ReplicationQuota("leader", 1, Clock())
    quota.record(10**12)
    assert not quota.is_quota_exceeded()
