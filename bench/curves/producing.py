"""One confluent-kafka producer sending a stream of (topic, value, partition) as fast as the broker takes it
(waiting on a full queue, never dropping), then flushing; any failed delivery fails the run."""

from __future__ import annotations

import time
from collections.abc import Iterable

from confluent_kafka import Producer

ANY_PARTITION = -1  # librdkafka's RD_KAFKA_PARTITION_UA: the partitioner chooses


def produce_all(config: dict, messages: Iterable[tuple[str, bytes, int]], flush_timeout_s: float = 600) -> float:
    """Seconds from the first produce() to the last delivery report."""
    producer = Producer(config)
    failures = []

    def delivered(err, _msg):
        if err is not None:
            failures.append(err)

    started = time.perf_counter()
    for topic, value, partition in messages:
        while True:
            try:
                producer.produce(topic, value, partition=partition, on_delivery=delivered)
                break
            except BufferError:
                producer.poll(0.01)
    left = producer.flush(flush_timeout_s)
    elapsed = time.perf_counter() - started
    if left or failures:
        raise RuntimeError(f"{left} undelivered, {len(failures)} failed (first: {failures[:1]})")
    return elapsed
