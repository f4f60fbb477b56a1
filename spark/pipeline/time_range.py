"""The batch job: page views whose record timestamps (= event times) fall in [start_ms, end_ms), read with
spark.read.format("kafka") and startingOffsetsByTimestamp / endingOffsetsByTimestamp, counted per URL.

Kafka resolves each timestamp to the first offset whose timestamp is at or after it (ListOffsets by
timestamp); a partition with no such record starts or ends at its latest offset.
"""

from __future__ import annotations

import json

from pyspark.sql import DataFrame, SparkSession
from pyspark.sql import functions as F

from spark.pipeline.aggregation import parse_events
from spark.pipeline.events import PAGE_VIEW


def offsets_by_timestamp(topic: str, partitions: list[int], timestamp_ms: int) -> str:
    return json.dumps({topic: {str(partition): timestamp_ms for partition in partitions}})


def read_time_range(
    spark: SparkSession, bootstrap: str, topic: str, partitions: list[int], start_ms: int, end_ms: int
) -> DataFrame:
    return (
        spark.read.format("kafka")
        .option("kafka.bootstrap.servers", bootstrap)
        .option("subscribe", topic)
        .option("includeHeaders", "true")
        .option("startingOffsetsByTimestamp", offsets_by_timestamp(topic, partitions, start_ms))
        .option("endingOffsetsByTimestamp", offsets_by_timestamp(topic, partitions, end_ms))
        # A partition with no record at or after the timestamp: read to its end instead of failing.
        .option("startingOffsetsByTimestampStrategy", "latest")
        .load()
    )


def views_per_url(records: DataFrame) -> DataFrame:
    return (
        parse_events(records)
        .where(F.col("kind") == PAGE_VIEW)
        .groupBy("url")
        .agg(F.count("*").alias("views"), F.min("event_time").alias("first"), F.max("event_time").alias("last"))
        .orderBy("url")
    )
