"""readStream / read options of Spark's Kafka source: subscribe, subscribePattern, assign, startingOffsets
(earliest, latest, per-partition JSON), startingOffsetsByTimestamp, endingOffsets, maxOffsetsPerTrigger,
includeHeaders, minPartitions, and the timestamp columns."""

from __future__ import annotations

import json
import time

import pytest

from spark.pipeline.admin import create_topic
from spark.tests.helpers import Record, decoded, kafka_reader, produce, run_available_now, values, wait_until


def per_partition(bootstrap: str, topic: str, partitions: int, count: int) -> None:
    """`count` records "p<partition>-<i>" into each partition."""
    produce(bootstrap, topic, [Record(f"p{p}-{i}", partition=p) for p in range(partitions) for i in range(count)])


def test_subscribe_reads_every_partition_in_offset_order(spark, broker, topic, tmp_path):
    create_topic(broker.bootstrap, topic, partitions=3)
    per_partition(broker.bootstrap, topic, 3, 4)
    stream = kafka_reader(spark, broker.bootstrap, stream=True, subscribe=topic, startingOffsets="earliest").load()
    assert stream.columns == ["key", "value", "topic", "partition", "offset", "timestamp", "timestampType"]

    rows, _ = run_available_now(stream, tmp_path)

    assert [(row.topic, row.partition, row.offset) for row in rows] == [
        (topic, p, i) for p in range(3) for i in range(4)
    ]
    assert decoded(rows) == [f"p{p}-{i}" for p in range(3) for i in range(4)]
    assert {row.timestampType for row in rows} == {0}  # CreateTime


def test_assign_reads_only_the_assigned_partitions(spark, broker, topic):
    create_topic(broker.bootstrap, topic, partitions=3)
    per_partition(broker.bootstrap, topic, 3, 2)

    rows = (
        kafka_reader(spark, broker.bootstrap, stream=False, assign=json.dumps({topic: [0, 2]}))
        .load()
        .orderBy("partition", "offset")
        .collect()
    )

    assert decoded(rows) == ["p0-0", "p0-1", "p2-0", "p2-1"]


def test_subscribe_pattern_picks_up_a_topic_created_while_the_query_runs(spark, broker, topic, tmp_path):
    first, later = f"{topic}-first", f"{topic}-later"
    create_topic(broker.bootstrap, first)
    produce(broker.bootstrap, first, values(2, "first-"))
    stream = kafka_reader(
        spark, broker.bootstrap, stream=True, subscribePattern=f"{topic}-.*", startingOffsets="earliest"
    ).load()
    query = (
        stream.writeStream.format("memory")
        .queryName(f"pattern_{tmp_path.name.replace('-', '_')}")
        .option("checkpointLocation", str(tmp_path / "checkpoint"))
        .trigger(processingTime="500 milliseconds")
        .start()
    )
    table = query.name
    try:
        wait_until(lambda: spark.table(table).count() == 2, "the first topic's records", query)
        create_topic(broker.bootstrap, later)
        produce(broker.bootstrap, later, values(3, "later-"))
        wait_until(lambda: spark.table(table).count() == 5, "the later topic's records", query)
    finally:
        query.stop()

    rows = spark.table(table).orderBy("topic", "offset").collect()
    assert [(row.topic, bytes(row.value).decode()) for row in rows] == [
        (first, "first-0"), (first, "first-1"), (later, "later-0"), (later, "later-1"), (later, "later-2")
    ]


def test_starting_offsets_per_partition_json(spark, broker, topic, tmp_path):
    create_topic(broker.bootstrap, topic, partitions=2)
    per_partition(broker.bootstrap, topic, 2, 5)
    starting = json.dumps({topic: {"0": 3, "1": -2}})  # -2: earliest

    rows, _ = run_available_now(
        kafka_reader(spark, broker.bootstrap, stream=True, subscribe=topic, startingOffsets=starting).load(),
        tmp_path,
    )

    assert decoded(rows) == ["p0-3", "p0-4"] + [f"p1-{i}" for i in range(5)]


def test_starting_offsets_latest_reads_only_what_comes_after_the_first_start(spark, broker, topic, tmp_path):
    create_topic(broker.bootstrap, topic)
    produce(broker.bootstrap, topic, values(3, "before-"))

    def run_once():
        stream = kafka_reader(spark, broker.bootstrap, stream=True, subscribe=topic, startingOffsets="latest")
        return run_available_now(stream.load(), tmp_path)[0]

    assert run_once() == []
    produce(broker.bootstrap, topic, values(2, "after-"))
    # The same checkpoint: the query resumes at the offsets "latest" meant when it first started.
    assert decoded(run_once()) == ["after-0", "after-1"]


def test_starting_offsets_by_timestamp(spark, broker, topic, tmp_path):
    create_topic(broker.bootstrap, topic, partitions=2)
    base_ms = int(time.time() * 1000) - 60_000
    produce(
        broker.bootstrap,
        topic,
        [Record(f"p{p}-{i}", partition=p, timestamp_ms=base_ms + i * 1000) for p in range(2) for i in range(6)],
    )
    # Partition 0 from the first record at or after base+3.5 s (offset 4); partition 1 from base (offset 0).
    starting = json.dumps({topic: {"0": base_ms + 3500, "1": base_ms}})

    rows, _ = run_available_now(
        kafka_reader(
            spark, broker.bootstrap, stream=True, subscribe=topic, startingOffsetsByTimestamp=starting
        ).load(),
        tmp_path,
    )

    assert decoded(rows) == ["p0-4", "p0-5"] + [f"p1-{i}" for i in range(6)]
    assert [int(row.timestamp.timestamp() * 1000) for row in rows[:2]] == [base_ms + 4000, base_ms + 5000]


def test_batch_time_range_by_timestamp(spark, broker, topic):
    create_topic(broker.bootstrap, topic)
    base_ms = int(time.time() * 1000) - 60_000
    produce(broker.bootstrap, topic, [Record(f"v{i}", timestamp_ms=base_ms + i * 1000) for i in range(10)])

    rows = (
        kafka_reader(
            spark,
            broker.bootstrap,
            stream=False,
            subscribe=topic,
            startingTimestamp=str(base_ms + 2000),
            endingOffsetsByTimestamp=json.dumps({topic: {"0": base_ms + 6500}}),
        )
        .load()
        .orderBy("offset")
        .collect()
    )

    assert decoded(rows) == ["v2", "v3", "v4", "v5", "v6"]


def test_batch_starting_and_ending_offsets(spark, broker, topic):
    create_topic(broker.bootstrap, topic, partitions=2)
    per_partition(broker.bootstrap, topic, 2, 8)

    rows = (
        kafka_reader(
            spark,
            broker.bootstrap,
            stream=False,
            subscribe=topic,
            startingOffsets=json.dumps({topic: {"0": 2, "1": -2}}),
            endingOffsets=json.dumps({topic: {"0": 6, "1": -1}}),  # -1: latest
        )
        .load()
        .orderBy("partition", "offset")
        .collect()
    )

    assert decoded(rows) == [f"p0-{i}" for i in range(2, 6)] + [f"p1-{i}" for i in range(8)]


def test_max_offsets_per_trigger_splits_the_backlog_into_batches(spark, broker, topic, tmp_path):
    create_topic(broker.bootstrap, topic)
    produce(broker.bootstrap, topic, values(25))

    rows, query = run_available_now(
        kafka_reader(
            spark, broker.bootstrap, stream=True, subscribe=topic, startingOffsets="earliest",
            maxOffsetsPerTrigger="10",
        ).load(),
        tmp_path,
    )

    assert decoded(rows) == [f"v{i}" for i in range(25)]
    batch_sizes = [progress["numInputRows"] for progress in query.recentProgress if progress["numInputRows"]]
    assert batch_sizes == [10, 10, 5]


def test_include_headers_keeps_order_duplicates_and_null_values(spark, broker, topic):
    create_topic(broker.bootstrap, topic)
    headers = [("trace", b"abc"), ("dup", b"1"), ("dup", b"2"), ("empty", b""), ("none", None)]
    produce(broker.bootstrap, topic, [Record("with", headers=headers), Record("without")])
    reader = kafka_reader(spark, broker.bootstrap, stream=False, subscribe=topic)

    with_headers = reader.option("includeHeaders", "true").load().orderBy("offset").collect()
    assert "headers" not in kafka_reader(spark, broker.bootstrap, stream=False, subscribe=topic).load().columns

    assert [(h.key, None if h.value is None else bytes(h.value)) for h in with_headers[0].headers] == headers
    assert not with_headers[1].headers


def test_min_partitions_splits_one_kafka_partition_into_several_tasks(spark, broker, topic):
    create_topic(broker.bootstrap, topic)
    produce(broker.bootstrap, topic, values(40))

    frame = kafka_reader(spark, broker.bootstrap, stream=False, subscribe=topic, minPartitions="4").load()

    assert frame.rdd.getNumPartitions() == 4
    assert decoded(frame.orderBy("offset").collect()) == [f"v{i}" for i in range(40)]


@pytest.mark.parametrize("timestamp_type", ["CreateTime", "LogAppendTime"])
def test_timestamp_type_follows_the_topic_config(spark, broker, topic, timestamp_type):
    create_topic(broker.bootstrap, topic, config={"message.timestamp.type": timestamp_type})
    old_ms = int(time.time() * 1000) - 3_600_000
    produce(broker.bootstrap, topic, [Record("v", timestamp_ms=old_ms)])

    (row,) = kafka_reader(spark, broker.bootstrap, stream=False, subscribe=topic).load().collect()

    stored_ms = int(row.timestamp.timestamp() * 1000)
    if timestamp_type == "CreateTime":
        assert (row.timestampType, stored_ms) == (0, old_ms)
    else:
        assert row.timestampType == 1 and stored_ms > old_ms
