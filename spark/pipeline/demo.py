"""`python -m spark.pipeline.demo [--bootstrap 127.0.0.1:9092] [--events 2000]`: the pipeline end to end.

1. creates a fresh events topic (3 partitions) and aggregates topic, named after this run;
2. produces page views spread over five minutes of event time (ten minutes ago), then the end-of-stream marker;
3. runs the streaming job with trigger availableNow (it stops once it has read what was there at its start),
   printing each micro-batch's progress;
4. prints the per-window aggregates from Parquet, checks that the Kafka topic holds the same windows and that
   both match counts computed from the generated events;
5. runs the batch job over a two-minute slice of event time and checks its counts the same way.
Exits 0 when everything matched, 1 otherwise.
"""

from __future__ import annotations

import argparse
import collections
import sys
import tempfile
import time
import uuid
from pathlib import Path

from spark.pipeline.admin import create_topic, partition_ids
from spark.pipeline.aggregation import AggregationSettings, read_aggregates_from_kafka, start_aggregation
from spark.pipeline.events import end_of_stream_marker, generate_page_views, produce_events
from spark.pipeline.progress import print_progress
from spark.pipeline.session import create_session
from spark.pipeline.time_range import read_time_range, views_per_url

WINDOW_MS = 60_000
WATERMARK_DELAY_MS = 30_000
SPAN_MS = 5 * 60_000


def expected_window_counts(events) -> dict[tuple[int, str], int]:
    counts: dict[tuple[int, str], int] = collections.Counter()
    for event in events:
        counts[(event.event_time_ms - event.event_time_ms % WINDOW_MS, event.url)] += 1
    return dict(counts)


def check(label: str, actual, expected) -> bool:
    if actual == expected:
        print(f"OK   {label}")
        return True
    missing = {k: v for k, v in expected.items() if actual.get(k) != v}
    extra = {k: v for k, v in actual.items() if k not in expected}
    print(f"FAIL {label}: differs for {len(missing)} expected entries {list(missing.items())[:5]}, "
          f"{len(extra)} unexpected {list(extra.items())[:5]}")
    return False


def run(bootstrap: str, event_count: int, output_dir: Path) -> bool:
    run_id = uuid.uuid4().hex[:8]
    events_topic, aggregates_topic = f"page-views-{run_id}", f"page-view-counts-{run_id}"
    print(f"broker {bootstrap}; topics {events_topic} -> {aggregates_topic}; output {output_dir}")
    create_topic(bootstrap, events_topic, partitions=3)
    create_topic(bootstrap, aggregates_topic, partitions=1)

    now_ms = int(time.time() * 1000)
    start_ms = now_ms - now_ms % WINDOW_MS - 10 * 60_000
    events = generate_page_views(event_count, start_ms, SPAN_MS)
    produced = produce_events(bootstrap, events_topic, events)
    produce_events(bootstrap, events_topic, [end_of_stream_marker(events[-1].event_time_ms, WINDOW_MS,
                                                                  WATERMARK_DELAY_MS)])
    print(f"produced {produced} page views (+1 end-of-stream marker) to {events_topic}")

    spark = create_session("kbroker-page-view-demo")
    try:
        print_progress(spark)
        settings = AggregationSettings(
            bootstrap=bootstrap,
            events_topic=events_topic,
            aggregates_topic=aggregates_topic,
            output_dir=output_dir,
            window=f"{WINDOW_MS // 1000} seconds",
            watermark_delay=f"{WATERMARK_DELAY_MS // 1000} seconds",
            max_offsets_per_trigger=max(1, event_count // 4),
        )
        for query in start_aggregation(spark, settings):
            query.awaitTermination()

        expected = expected_window_counts(events)
        from_parquet = spark.read.parquet(str(settings.parquet_dir)).orderBy("window_start", "url")
        print(f"\naggregates ({from_parquet.count()} rows, from {settings.parquet_dir}):")
        from_parquet.show(n=200, truncate=False)
        ok = check("Parquet aggregates match the generated events", keyed(from_parquet.collect()), expected)
        from_kafka = read_aggregates_from_kafka(spark, bootstrap, aggregates_topic).collect()
        ok &= check(f"Kafka topic {aggregates_topic} matches the generated events", keyed(from_kafka), expected)

        range_start, range_end = start_ms + 60_000, start_ms + 3 * 60_000
        print(f"\nbatch job: page views with event time in [{range_start}, {range_end}) ms")
        in_range = views_per_url(
            read_time_range(spark, bootstrap, events_topic, partition_ids(bootstrap, events_topic),
                            range_start, range_end)
        )
        in_range.show(truncate=False)
        expected_in_range = collections.Counter(
            e.url for e in events if range_start <= e.event_time_ms < range_end
        )
        ok &= check("time-range counts match the generated events",
                    {row.url: row.views for row in in_range.collect()}, dict(expected_in_range))
        return ok
    finally:
        spark.stop()


def keyed(rows) -> dict[tuple[int, str], int]:
    return {(int(row.window_start.timestamp() * 1000), row.url): row.views for row in rows}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bootstrap", default="127.0.0.1:9092")
    parser.add_argument("--events", type=int, default=2000)
    parser.add_argument("--output-dir", type=Path, default=None,
                        help="Parquet output and checkpoints (default: a new temporary directory)")
    args = parser.parse_args(argv)
    output_dir = args.output_dir or Path(tempfile.mkdtemp(prefix="kbroker-spark-demo-"))
    ok = run(args.bootstrap, args.events, output_dir)
    print("\ndemo " + ("succeeded" if ok else "FAILED"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
