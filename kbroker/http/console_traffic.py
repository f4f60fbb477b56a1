"""GET /console/traffic.json: the node's BrokerTopicMetrics counters that the console's charts draw (bytes in, bytes
out, messages in), for all topics and per topic, with the monotonic time in seconds they were read at. They are
the very counters /metrics exports as kafka_server_brokertopicmetrics_{bytesin,bytesout,messagesin}_total
(families_traffic.topic_counters sums them for both); the script (/console.js) turns the differences between two
polls into rates. At most LIMIT topics are listed, by name, with the whole count."""

from __future__ import annotations

import json
import time
from collections.abc import Callable

from kbroker.http.families_traffic import topic_counters
from kbroker.http.server import Page

LIMIT = 1000
CONTENT_TYPE = "application/json"
FIELDS = ("bytes_in", "bytes_out", "messages_in")


def _values(counters) -> dict[str, int]:
    return {field: getattr(counters, field) for field in FIELDS}


class TrafficPage:
    """Reads the counters of `states()` (the node's BrokerStates, asked at each request)."""

    def __init__(self, states: Callable[[], list], clock: Callable[[], float] = time.monotonic,
                 limit: int = LIMIT) -> None:
        self.states = states
        self.clock = clock
        self.limit = limit

    def document(self) -> dict:
        states = self.states()
        image_topics = next((set(s.image.topics_by_name) for s in states
                             if s.partitions is not None and s.metadata is not None), None)
        totals, per_topic = topic_counters(states, image_topics)
        names = sorted(per_topic)
        return {"time_s": self.clock(), "node": _values(totals),
                "topics": {name: _values(per_topic[name]) for name in names[:self.limit]},
                "topics_total": len(names)}

    async def page(self) -> Page:
        return Page(json.dumps(self.document(), separators=(",", ":")).encode(), CONTENT_TYPE)
