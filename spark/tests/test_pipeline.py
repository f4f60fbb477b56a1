"""The page-view pipeline of spark/pipeline end to end: windowed counts in Parquet and on the aggregates topic
equal counts computed from the generated events; a second run from the same checkpoints adds the new windows
exactly once; the batch job's time range holds exactly the events of that range."""

from __future__ import annotations

import collections
import time

from spark.pipeline.admin import create_topic, partition_ids
from spark.pipeline.aggregation import AggregationSettings, read_aggregates_from_kafka, start_aggregation
from spark.pipeline.events import end_of_stream_marker, generate_page_views, produce_events
from spark.pipeline.time_range import read_time_range, views_per_url

WINDOW_MS = 10_000
DELAY_MS = 5_000


def expected_counts(events) -> dict[tuple[int, str], int]:
    counts: dict[tuple[int, str], int] = collections.Counter()
    for event in events:
        counts[(event.event_time_ms - event.event_time_ms % WINDOW_MS, event.url)] += 1
    return dict(counts)


def keyed(rows) -> dict[tuple[int, str], int]:
    keys = [(int(row.window_start.timestamp() * 1000), row.url) for row in rows]
    assert len(keys) == len(set(keys)), "a window was written twice"
    return {key: row.views for key, row in zip(keys, rows, strict=True)}


def test_windowed_counts_reach_parquet_and_kafka_exactly_once_across_runs(spark, broker, topic, tmp_path):
    events_topic, aggregates_topic = f"{topic}-events", f"{topic}-counts"
    create_topic(broker.bootstrap, events_topic, partitions=2)
    create_topic(broker.bootstrap, aggregates_topic)
    settings = AggregationSettings(
        bootstrap=broker.bootstrap, events_topic=events_topic, aggregates_topic=aggregates_topic,
        output_dir=tmp_path, window="10 seconds", watermark_delay="5 seconds", max_offsets_per_trigger=70,
    )
    now_ms = int(time.time() * 1000)
    first_start = now_ms - now_ms % WINDOW_MS - 120_000
    first = generate_page_views(120, first_start, 40_000, seed=1)
    second = generate_page_views(80, first_start + 60_000, 30_000, seed=2)

    def run(events):
        produce_events(broker.bootstrap, events_topic, events)
        produce_events(broker.bootstrap, events_topic,
                       [end_of_stream_marker(events[-1].event_time_ms, WINDOW_MS, DELAY_MS)])
        for query in start_aggregation(spark, settings):
            query.awaitTermination()
        return keyed(spark.read.parquet(str(settings.parquet_dir)).collect())

    assert run(first) == expected_counts(first)
    assert run(second) == expected_counts(first + second)
    from_kafka = read_aggregates_from_kafka(spark, broker.bootstrap, aggregates_topic).collect()
    assert keyed(from_kafka) == expected_counts(first + second)

    range_start, range_end = first_start + 10_000, first_start + 30_000
    in_range = views_per_url(
        read_time_range(spark, broker.bootstrap, events_topic, partition_ids(broker.bootstrap, events_topic),
                        range_start, range_end)
    ).collect()
    assert {row.url: row.views for row in in_range} == collections.Counter(
        event.url for event in first + second if range_start <= event.event_time_ms < range_end
    )
