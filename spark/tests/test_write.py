"""Spark's Kafka sink: writeStream with keys, headers and a topic per row; batch write with an explicit
partition column."""

from __future__ import annotations

from pyspark.sql import functions as F

from spark.pipeline.admin import create_topic
from spark.tests.helpers import Record, kafka_reader, produce


def read_back(spark, bootstrap: str, topic: str) -> list[tuple]:
    rows = (
        kafka_reader(spark, bootstrap, stream=False, subscribe=topic, includeHeaders="true")
        .load()
        .orderBy("partition", "offset")
        .collect()
    )
    return [
        (
            row.partition,
            None if row.key is None else bytes(row.key).decode(),
            bytes(row.value).decode(),
            [(h.key, None if h.value is None else bytes(h.value)) for h in row.headers or []],
        )
        for row in rows
    ]


def test_write_stream_with_keys_headers_and_a_topic_per_row(spark, broker, topic, tmp_path):
    source, evens, odds = f"{topic}-in", f"{topic}-even", f"{topic}-odd"
    for name in (source, evens, odds):
        create_topic(broker.bootstrap, name)
    produce(broker.bootstrap, source, [Record(str(n), key=f"k{n}") for n in range(6)])

    numbers = kafka_reader(spark, broker.bootstrap, stream=True, subscribe=source, startingOffsets="earliest").load()
    number = F.col("value").cast("string").cast("int")
    out = numbers.select(
        F.when(number % 2 == 0, F.lit(evens)).otherwise(F.lit(odds)).alias("topic"),
        F.col("key"),
        (number * 10).cast("string").alias("value"),
        F.array(
            F.struct(F.lit("source-offset").alias("key"), F.col("offset").cast("string").cast("binary").alias("value")),
            F.struct(F.lit("empty").alias("key"), F.lit(None).cast("binary").alias("value")),
        ).alias("headers"),
    )
    query = (
        out.writeStream.format("kafka")
        .option("kafka.bootstrap.servers", broker.bootstrap)
        .option("checkpointLocation", str(tmp_path / "checkpoint"))
        .trigger(availableNow=True)
        .start()
    )
    query.awaitTermination()

    def expected(numbers_):
        return [
            (0, f"k{n}", str(n * 10), [("source-offset", str(n).encode()), ("empty", None)]) for n in numbers_
        ]

    assert read_back(spark, broker.bootstrap, evens) == expected([0, 2, 4])
    assert read_back(spark, broker.bootstrap, odds) == expected([1, 3, 5])


def test_batch_write_with_partition_column_and_null_keys(spark, broker, topic):
    create_topic(broker.bootstrap, topic, partitions=3)
    rows = [(n % 3, None if n == 4 else f"key-{n}", f"value-{n}", [("n", str(n).encode())]) for n in range(6)]
    frame = spark.createDataFrame(
        rows, "partition INT, key STRING, value STRING, headers ARRAY<STRUCT<key: STRING, value: BINARY>>"
    )

    frame.write.format("kafka").option("kafka.bootstrap.servers", broker.bootstrap).option("topic", topic).save()

    # Two Spark tasks write concurrently: the order within a partition is not defined, the placement is.
    def by_partition_and_value(row):
        return row[0], row[2]

    expected = [(p, key, value, headers) for p, key, value, headers in rows]
    written = read_back(spark, broker.bootstrap, topic)
    assert sorted(written, key=by_partition_and_value) == sorted(expected, key=by_partition_and_value)
