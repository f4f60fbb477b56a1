"""Small helpers of the Spark tests: write records with a plain Kafka producer, run a stream to its end,
collect what a memory sink or a running query has seen."""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from confluent_kafka import Producer
from pyspark.sql import DataFrame, SparkSession
from pyspark.sql.streaming import StreamingQuery

WAIT_TIMEOUT_S = 90.0


@dataclass
class Record:
    value: str
    key: str | None = None
    partition: int | None = None
    timestamp_ms: int | None = None
    headers: list[tuple[str, bytes | None]] = field(default_factory=list)


def produce(bootstrap: str, topic: str, records: Iterable[Record]) -> None:
    """Writes the records in order and waits until the broker acknowledged all of them."""
    producer = Producer({"bootstrap.servers": bootstrap, "linger.ms": 0, "enable.idempotence": True})
    errors: list[str] = []

    def on_delivery(error, message) -> None:
        if error is not None:
            errors.append(str(error))

    for record in records:
        optional = {}
        if record.partition is not None:
            optional["partition"] = record.partition
        if record.timestamp_ms is not None:
            optional["timestamp"] = record.timestamp_ms
        if record.headers:
            optional["headers"] = record.headers
        producer.produce(topic, value=record.value, key=record.key, on_delivery=on_delivery, **optional)
    remaining = producer.flush(60)
    assert remaining == 0 and not errors, f"{remaining} records unacknowledged, errors {errors[:3]}"


def values(count: int, prefix: str = "v", **fields) -> list[Record]:
    return [Record(f"{prefix}{i}", **fields) for i in range(count)]


def kafka_reader(spark: SparkSession, bootstrap: str, *, stream: bool, **options: str):
    reader = spark.readStream if stream else spark.read
    reader = reader.format("kafka").option("kafka.bootstrap.servers", bootstrap)
    for name, value in options.items():
        reader = reader.option(name, value)
    return reader


def run_available_now(records: DataFrame, output_dir: Path | None = None) -> tuple[list, StreamingQuery]:
    """Runs a streaming DataFrame with trigger availableNow until it has read what was there when it started.

    Without `output_dir`: into a memory sink, returning the rows of this run. With it: into a Parquet sink in
    output_dir/data with its checkpoint in output_dir/checkpoint, so a later run resumes where this one stopped,
    returning every row the sink holds. Rows come ordered by partition and offset; the finished query too."""
    writer = records.writeStream.trigger(availableNow=True)
    if output_dir is None:
        name = f"stream_{uuid.uuid4().hex}"
        query = writer.format("memory").queryName(name).start()
        query.awaitTermination()
        return ordered_rows(records.sparkSession.table(name)), query
    data = str(output_dir / "data")
    query = (
        writer.format("parquet")
        .option("path", data)
        .option("checkpointLocation", str(output_dir / "checkpoint"))
        .start()
    )
    query.awaitTermination()
    return ordered_rows(records.sparkSession.read.schema(records.schema).parquet(data)), query


def ordered_rows(frame: DataFrame) -> list:
    if {"partition", "offset"} <= set(frame.columns):
        frame = frame.orderBy("partition", "offset")
    return frame.collect()


def wait_until(condition: Callable[[], bool], what: str, query: StreamingQuery | None = None,
               timeout_s: float = WAIT_TIMEOUT_S) -> None:
    """Polls `condition` until it holds; fails with `what` after `timeout_s` or as soon as `query` died."""
    deadline = time.monotonic() + timeout_s
    while not condition():
        if query is not None and query.exception() is not None:
            raise AssertionError(f"query failed while waiting for {what}: {query.exception()}")
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout_s} s waiting for {what}")
        time.sleep(0.2)


def decoded(rows, column: str = "value") -> list[str]:
    return [bytes(row[column]).decode() if row[column] is not None else None for row in rows]
