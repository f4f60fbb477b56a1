"""Page-view events: what one looks like, its JSON form on Kafka, a deterministic generator and a producer.

A record on the events topic: key = the user (so one user's views stay in order on one partition), value = the
event as JSON, record timestamp = the event time (CreateTime), headers = where it came from and its schema
version. The generator ends the stream with one end-of-stream marker whose event time lies past the last window
plus the watermark delay, so a bounded run closes and emits every window (append mode emits a window only once
the watermark has passed its end).
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable
from dataclasses import dataclass

from confluent_kafka import Producer
from pyspark.sql.types import LongType, StringType, StructField, StructType

PAGE_VIEW = "page_view"
END_OF_STREAM = "end_of_stream"
SCHEMA_VERSION = "1"

URLS = ("/", "/products", "/products/42", "/cart", "/checkout", "/help")

# The JSON value as Spark parses it (from_json).
EVENT_SCHEMA = StructType(
    [
        StructField("kind", StringType()),
        StructField("user", StringType()),
        StructField("url", StringType()),
        StructField("event_time_ms", LongType()),
    ]
)


@dataclass(frozen=True)
class PageView:
    kind: str
    user: str
    url: str
    event_time_ms: int
    source: str = "generator"

    def key(self) -> bytes:
        return self.user.encode()

    def value(self) -> bytes:
        return json.dumps(
            {"kind": self.kind, "user": self.user, "url": self.url, "event_time_ms": self.event_time_ms},
            separators=(",", ":"),
        ).encode()

    def headers(self) -> list[tuple[str, bytes]]:
        return [("source", self.source.encode()), ("schema-version", SCHEMA_VERSION.encode())]


def generate_page_views(count: int, start_ms: int, span_ms: int, users: int = 20, seed: int = 7) -> list[PageView]:
    """`count` page views with event times in [start_ms, start_ms + span_ms), in event-time order, the same for
    the same arguments."""
    rng = random.Random(seed)
    times = sorted(start_ms + rng.randrange(span_ms) for _ in range(count))
    return [PageView(PAGE_VIEW, f"user-{rng.randrange(users):03d}", rng.choice(URLS), t) for t in times]


def end_of_stream_marker(last_event_ms: int, window_ms: int, watermark_delay_ms: int) -> PageView:
    """An event late enough to push the watermark past every window that holds a page view."""
    return PageView(END_OF_STREAM, "", "", last_event_ms + window_ms + watermark_delay_ms + 1)


def produce_events(bootstrap: str, topic: str, events: Iterable[PageView], *, partition: int | None = None) -> int:
    """Writes the events to `topic` and waits until Kafka acknowledged every one; returns how many."""
    producer = Producer({"bootstrap.servers": bootstrap, "linger.ms": 5, "enable.idempotence": True})
    failures: list[str] = []

    def on_delivery(error, message) -> None:
        if error is not None:
            failures.append(f"{message.topic()}[{message.partition()}]: {error}")

    produced = 0
    for event in events:
        extra = {} if partition is None else {"partition": partition}
        producer.produce(
            topic,
            key=event.key(),
            value=event.value(),
            headers=event.headers(),
            timestamp=event.event_time_ms,
            on_delivery=on_delivery,
            **extra,
        )
        producer.poll(0)
        produced += 1
    remaining = producer.flush(60)
    if remaining or failures:
        raise RuntimeError(f"{remaining} events not acknowledged; failures: {failures[:5]}")
    return produced

