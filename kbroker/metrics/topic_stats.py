"""Kafka's BrokerTopicMetrics for this broker: per-topic and all-topic counts of messages and bytes appended by
produce requests, bytes sent to consumers, and produce and fetch requests (total and failed), each counted once
per partition of a request, as Kafka's ReplicaManager counts them; and for all topics the bytes replicated from
leaders (the replica fetchers count them) and to followers. Owned by the node's BrokerState; produce.py,
fetch.py and the replica fetchers count, kbroker/http/ reads."""

from __future__ import annotations

from collections.abc import Iterable

FIELDS = ("messages_in", "bytes_in", "bytes_out", "total_produce", "failed_produce", "total_fetch",
          "failed_fetch")


class TopicCounters:
    __slots__ = FIELDS

    def __init__(self) -> None:
        for name in FIELDS:
            setattr(self, name, 0)


class BrokerTopicStats:
    def __init__(self) -> None:
        self.all_topics = TopicCounters()
        self.topics: dict[str, TopicCounters] = {}
        # Kafka counts replication traffic for all topics only.
        self.replication_bytes_in = 0  # appended by this node's replica fetchers
        self.replication_bytes_out = 0  # sent to followers in fetch responses

    def topic(self, name: str) -> TopicCounters:
        counters = self.topics.get(name)
        if counters is None:
            counters = self.topics[name] = TopicCounters()
        return counters

    def produced(self, topic: str, size: int, messages: int) -> None:
        """A batch of `messages` records, `size` bytes, appended to a partition of `topic` as its leader."""
        counters = self.topic(topic)
        counters.total_produce += 1
        counters.bytes_in += size
        counters.messages_in += messages
        every = self.all_topics
        every.total_produce += 1
        every.bytes_in += size
        every.messages_in += messages

    def produce_failed(self, topic: str) -> None:
        counters = self.topic(topic)
        counters.total_produce += 1
        counters.failed_produce += 1
        self.all_topics.total_produce += 1
        self.all_topics.failed_produce += 1

    def fetched(self, topic: str, size: int, failed: bool) -> None:
        """One partition of `topic` answered to a consumer: `size` bytes of records sent, or a failed read."""
        counters = self.topic(topic)
        every = self.all_topics
        counters.total_fetch += 1
        every.total_fetch += 1
        if failed:
            counters.failed_fetch += 1
            every.failed_fetch += 1
        elif size:
            counters.bytes_out += size
            every.bytes_out += size

    def replicated_in(self, size: int) -> None:
        self.replication_bytes_in += size

    def forget_except(self, topics: Iterable[str]) -> None:
        """Drop the counters of topics no longer in `topics` (Kafka removes a deleted topic's metrics)."""
        keep = set(topics)
        for name in [name for name in self.topics if name not in keep]:
            del self.topics[name]
