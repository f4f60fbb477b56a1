"""/console/traffic.json (kbroker.http.console_traffic): the BrokerTopicMetrics counters /metrics exports (bytes in,
bytes out, messages in), summed over the node's states, for all topics and per topic (only topics of the metadata
image), with the time they were read at; topics beyond the limit are counted, not listed."""

from __future__ import annotations

import json

import trio

from kbroker.http.console_traffic import TrafficPage
from kbroker.http.families_traffic import topic_families
from kbroker.metadata.image import MetadataImage
from kbroker.metrics.topic_stats import BrokerTopicStats


class _State:
    def __init__(self, topics=()) -> None:
        self.topic_stats = BrokerTopicStats()
        self.partitions = {} if topics else None
        self.metadata = object() if topics else None
        self.image = MetadataImage(topics_by_name={name: None for name in topics})


def _count(stats: BrokerTopicStats, topic: str, bytes_in: int, bytes_out: int, messages: int) -> None:
    for counters in (stats.all_topics, stats.topics.setdefault(topic, type(stats.all_topics)())):
        counters.bytes_in += bytes_in
        counters.bytes_out += bytes_out
        counters.messages_in += messages


def test_the_counters_of_every_state_per_topic_and_in_all():
    broker, controller = _State(("a", "b")), _State()
    _count(broker.topic_stats, "a", 100, 30, 2)
    _count(broker.topic_stats, "b", 50, 0, 1)
    _count(broker.topic_stats, "gone", 7, 7, 7)  # a topic no longer in the image: dropped, as /metrics drops it
    _count(controller.topic_stats, "a", 1, 2, 3)
    page = TrafficPage(lambda: [broker, controller], clock=lambda: 12.5)
    doc = json.loads(trio.run(page.page).body)
    assert doc["time_s"] == 12.5
    assert doc["node"] == {"bytes_in": 158, "bytes_out": 39, "messages_in": 13}
    assert doc["topics"] == {"a": {"bytes_in": 101, "bytes_out": 32, "messages_in": 5},
                             "b": {"bytes_in": 50, "bytes_out": 0, "messages_in": 1}}
    assert doc["topics_total"] == 2
    # the same counters as /metrics exports
    families = {f.name: f for f in topic_families([broker, controller], {"a", "b"})}
    assert families["kafka_server_brokertopicmetrics_bytesin_total"].samples[:2] == [
        ("", (), 158), ("", (("topic", "a"),), 101)]


def test_topics_beyond_the_limit_are_counted_not_listed():
    state = _State(("a", "b", "c"))
    for name in ("c", "a", "b"):
        _count(state.topic_stats, name, 1, 1, 1)
    doc = TrafficPage(lambda: [state], limit=2).document()
    assert list(doc["topics"]) == ["a", "b"] and doc["topics_total"] == 3
