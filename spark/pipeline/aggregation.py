"""The streaming job: page views from Kafka -> views and distinct users per URL and event-time window, written
to a Kafka topic and to Parquet, each sink with its own checkpoint.

Windows are tumbling, aligned to the epoch; the watermark trails the highest event time seen by
`watermark_delay`, and append mode emits a window once the watermark has passed its end, so every window is
written exactly once to each sink (Parquet is exactly-once across restarts; the Kafka sink is at-least-once).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pyspark.sql import DataFrame, SparkSession
from pyspark.sql import functions as F
from pyspark.sql.streaming import StreamingQuery

from spark.pipeline.events import EVENT_SCHEMA, PAGE_VIEW


@dataclass(frozen=True)
class AggregationSettings:
    bootstrap: str
    events_topic: str
    aggregates_topic: str
    output_dir: Path
    window: str = "1 minute"
    watermark_delay: str = "30 seconds"
    max_offsets_per_trigger: int | None = None
    available_now: bool = True
    processing_interval: str = "1 second"

    @property
    def parquet_dir(self) -> Path:
        return self.output_dir / "aggregates.parquet"

    def checkpoint_dir(self, sink: str) -> Path:
        return self.output_dir / "checkpoints" / sink


def read_events(spark: SparkSession, settings: AggregationSettings) -> DataFrame:
    reader = (
        spark.readStream.format("kafka")
        .option("kafka.bootstrap.servers", settings.bootstrap)
        .option("subscribe", settings.events_topic)
        .option("startingOffsets", "earliest")
        .option("includeHeaders", "true")
    )
    if settings.max_offsets_per_trigger is not None:
        reader = reader.option("maxOffsetsPerTrigger", str(settings.max_offsets_per_trigger))
    return reader.load()


def parse_events(records: DataFrame) -> DataFrame:
    """Kafka records -> one row per event with its event time; the source header rides along."""
    event = F.from_json(F.col("value").cast("string"), EVENT_SCHEMA).alias("event")
    source = F.filter("headers", lambda header: header["key"] == "source")
    return records.select(
        event,
        F.element_at(source, 1)["value"].cast("string").alias("source"),
        F.col("partition"),
        F.col("offset"),
    ).select(
        "event.kind",
        "event.user",
        "event.url",
        F.timestamp_millis("event.event_time_ms").alias("event_time"),
        "source",
    )


def windowed_counts(events: DataFrame, window: str, watermark_delay: str) -> DataFrame:
    """Views and approximate distinct users per (window, url). The end-of-stream marker must reach the
    watermark operator, so it is not filtered out before it (Spark pushes filters that do not touch the
    event-time column below withWatermark): it counts as no view, and its group, with no views, is dropped
    after the aggregation."""
    is_page_view = F.col("kind") == PAGE_VIEW
    return (
        events.withWatermark("event_time", watermark_delay)
        .groupBy(F.window("event_time", window).alias("window"), "url")
        .agg(
            F.count(F.when(is_page_view, True)).alias("views"),
            F.approx_count_distinct(F.when(is_page_view, F.col("user"))).alias("users"),
        )
        .where(F.col("views") > 0)
        .select(
            F.col("window.start").alias("window_start"),
            F.col("window.end").alias("window_end"),
            "url",
            "views",
            "users",
        )
    )


def as_kafka_records(aggregates: DataFrame) -> DataFrame:
    """key = url, value = the aggregate as JSON, a header naming the producer of the record."""
    return aggregates.select(
        F.col("url").alias("key"),
        F.to_json(F.struct(*aggregates.columns)).alias("value"),
        F.array(F.struct(F.lit("producer").alias("key"), F.lit(b"page-view-counts").alias("value"))).alias(
            "headers"
        ),
    )


def start_aggregation(spark: SparkSession, settings: AggregationSettings) -> list[StreamingQuery]:
    """Starts the two queries (to Kafka, to Parquet); the caller awaits or stops them."""
    aggregates = windowed_counts(
        parse_events(read_events(spark, settings)), settings.window, settings.watermark_delay
    )

    def with_trigger(writer):
        if settings.available_now:
            return writer.trigger(availableNow=True)
        return writer.trigger(processingTime=settings.processing_interval)

    to_kafka = with_trigger(
        as_kafka_records(aggregates)
        .writeStream.queryName("page-view-counts-to-kafka")
        .format("kafka")
        .outputMode("append")
        .option("kafka.bootstrap.servers", settings.bootstrap)
        .option("topic", settings.aggregates_topic)
        .option("checkpointLocation", str(settings.checkpoint_dir("kafka")))
    ).start()
    to_parquet = with_trigger(
        aggregates.writeStream.queryName("page-view-counts-to-parquet")
        .format("parquet")
        .outputMode("append")
        .option("path", str(settings.parquet_dir))
        .option("checkpointLocation", str(settings.checkpoint_dir("parquet")))
    ).start()
    return [to_kafka, to_parquet]


def read_aggregates_from_kafka(spark: SparkSession, bootstrap: str, topic: str) -> DataFrame:
    """The aggregates topic as a batch DataFrame of (window_start, window_end, url, views, users)."""
    value_schema = "window_start TIMESTAMP, window_end TIMESTAMP, url STRING, views LONG, users LONG"
    return (
        spark.read.format("kafka")
        .option("kafka.bootstrap.servers", bootstrap)
        .option("subscribe", topic)
        .option("startingOffsets", "earliest")
        .load()
        .select(F.from_json(F.col("value").cast("string"), value_schema).alias("aggregate"))
        .select("aggregate.*")
    )
