"""Replication throttles (Kafka's ReplicationQuotaManager, KIP-73): a byte-rate bound on replication traffic for
the partitions marked throttled, one quota for this broker as a leader (what it sends to followers) and one as a
follower (what its replica fetchers take in).

- The bound is this broker's own dynamic config `leader.replication.throttled.rate` /
  `follower.replication.throttled.rate` (bytes/s; unset: unbounded), as Kafka's BrokerConfigHandler reads it
  (only the per-broker resource counts, not the cluster default).
- The throttled partitions are a topic's `leader.replication.throttled.replicas` /
  `follower.replication.throttled.replicas`: `*` for all of its partitions, else `partition:broker` entries of
  which this broker keeps those naming itself.
- The rate is Kafka's SimpleRate over `replication.quota.window.num` samples of
  `replication.quota.window.size.seconds`: the bytes of the samples still in the window over the time since the
  oldest began (at least one sample's length). The quota is exceeded when that rate is above the bound.

Who asks (as Kafka's ReplicaManager and ReplicaFetcherThread do): the leader leaves out the records of a
throttled partition in a fetch from a follower outside the ISR while its quota is exceeded, and counts the bytes
it sends of throttled partitions; a follower leaves a throttled partition it has not caught up on out of its
fetches while its quota is exceeded, and counts the bytes it appends of throttled partitions.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping

from kbroker.metadata.image import MetadataImage

LEADER, FOLLOWER = "leader", "follower"
ALL_PARTITIONS = "*"
DEFAULT_WINDOW_NUM = 11
DEFAULT_WINDOW_SIZE_S = 1


def throttled_partitions(value: str | None, node_id: int) -> frozenset[int] | str:
    """The partitions a `*.replication.throttled.replicas` value throttles on `node_id` (ALL_PARTITIONS for *)."""
    value = (value or "").strip()
    if value == ALL_PARTITIONS:
        return ALL_PARTITIONS
    partitions = set()
    for entry in value.split(","):
        partition, _, broker = entry.strip().partition(":")
        if broker.strip().isdigit() and int(broker) == node_id and partition.strip().isdigit():
            partitions.add(int(partition))
    return frozenset(partitions)


class ReplicationQuota:
    """One side's quota; `update(image)` follows the configs, the fetch paths ask and record."""

    def __init__(self, side: str, node_id: int, time_ms: Callable[[], int], *,
                 window_num: int = DEFAULT_WINDOW_NUM, window_size_ms: int = DEFAULT_WINDOW_SIZE_S * 1000):
        self.side = side
        self.node_id = node_id
        self._time_ms = time_ms
        self.window_num = window_num
        self.window_size_ms = window_size_ms
        self.bound = math.inf
        self._throttled: Mapping[str, frozenset[int] | str] = {}
        self._samples: list[list[int]] = []  # [start ms, bytes]

    def __repr__(self) -> str:
        return f"ReplicationQuota({self.side}, {self.bound} B/s, {dict(self._throttled)})"

    def update(self, image: MetadataImage) -> None:
        rate = image.configs_of_broker(str(self.node_id)).get(f"{self.side}.replication.throttled.rate")
        try:
            self.bound = math.inf if rate is None else float(rate)
        except ValueError:
            self.bound = math.inf
        name = f"{self.side}.replication.throttled.replicas"
        throttled = {}
        for topic, configs in image.topic_configs.items():
            partitions = throttled_partitions(configs.get(name), self.node_id)
            if partitions:
                throttled[topic] = partitions
        self._throttled = throttled

    def is_throttled(self, topic: str, partition: int) -> bool:
        partitions = self._throttled.get(topic)
        return partitions is not None and (partitions == ALL_PARTITIONS or partition in partitions)

    def _purge(self, now: int) -> None:
        oldest_kept = now - self.window_num * self.window_size_ms
        while self._samples and self._samples[0][0] + self.window_size_ms <= oldest_kept:
            self._samples.pop(0)

    def rate(self) -> float:
        """Bytes per second over the samples in the window."""
        now = self._time_ms()
        self._purge(now)
        if not self._samples:
            return 0.0
        elapsed_ms = max(now - self._samples[0][0], self.window_size_ms)
        return sum(size for _, size in self._samples) * 1000 / elapsed_ms

    def is_quota_exceeded(self) -> bool:
        return self.bound != math.inf and self.rate() > self.bound

    def record(self, size: int) -> None:
        if size <= 0:
            return
        now = self._time_ms()
        self._purge(now)
        if self._samples and now - self._samples[-1][0] < self.window_size_ms:
            self._samples[-1][1] += size
        else:
            self._samples.append([now, size])


class ReplicationQuotas:
    """This broker's two replication quotas."""

    def __init__(self, node_id: int, time_ms: Callable[[], int], config=None):
        window_num = int((config.get("replication.quota.window.num") if config else None) or DEFAULT_WINDOW_NUM)
        window_s = int((config.get("replication.quota.window.size.seconds") if config else None)
                       or DEFAULT_WINDOW_SIZE_S)
        self.leader = ReplicationQuota(LEADER, node_id, time_ms, window_num=window_num,
                                       window_size_ms=window_s * 1000)
        self.follower = ReplicationQuota(FOLLOWER, node_id, time_ms, window_num=window_num,
                                         window_size_ms=window_s * 1000)

    def update(self, image: MetadataImage) -> None:
        self.leader.update(image)
        self.follower.update(image)
