"""Partitions added (CreatePartitions) to a subscribed topic while a streaming query runs are picked up, and
read from their first offset."""

from __future__ import annotations

from spark.pipeline.admin import add_partitions, create_topic
from spark.tests.helpers import Record, kafka_reader, produce, wait_until


def test_partitions_added_while_the_query_runs_are_read_from_the_start(spark, broker, topic, tmp_path):
    create_topic(broker.bootstrap, topic, partitions=1)
    produce(broker.bootstrap, topic, [Record("p0-0", partition=0)])
    stream = kafka_reader(spark, broker.bootstrap, stream=True, subscribe=topic, startingOffsets="earliest").load()
    table = f"added_{tmp_path.name.replace('-', '_')}"
    query = (
        stream.writeStream.format("memory")
        .queryName(table)
        .option("checkpointLocation", str(tmp_path / "checkpoint"))
        .trigger(processingTime="500 milliseconds")
        .start()
    )
    try:
        wait_until(lambda: spark.table(table).count() == 1, "the first record", query)
        add_partitions(broker.bootstrap, topic, 3)
        produce(broker.bootstrap, topic, [Record(f"p{p}-{i}", partition=p) for p in (1, 2) for i in range(2)])
        wait_until(lambda: spark.table(table).count() == 5, "the records of the new partitions", query)
    finally:
        query.stop()

    rows = spark.table(table).orderBy("partition", "offset").collect()
    assert [(row.partition, row.offset, bytes(row.value).decode()) for row in rows] == [
        (0, 0, "p0-0"), (1, 0, "p1-0"), (1, 1, "p1-1"), (2, 0, "p2-0"), (2, 1, "p2-1")
    ]
