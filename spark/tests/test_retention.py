"""failOnDataLoss when retention, not DeleteRecords, moves the log start past a query's checkpoint: the next run
fails with failOnDataLoss=true; the same checkpoint with failOnDataLoss=false continues at the new log start."""

from __future__ import annotations

import time

import pytest
from pyspark.errors import StreamingQueryException

from spark.pipeline.admin import create_topic, log_start_offset, set_topic_config
from spark.tests.helpers import Record, decoded, kafka_reader, produce, run_available_now, values, wait_until

# The broker looks for segments past retention every half second instead of every five minutes, from the start
# (Kafka waits log.initial.task.delay.ms, 30 s, before its first look).
RETENTION_CHECK = {"log.retention.check.interval.ms": 500, "log.initial.task.delay.ms": 0}
# Records an hour old roll a new segment on every append (the active segment is older than segment.ms); they
# stay until retention.ms drops below an hour.
TOPIC_CONFIG = {"segment.ms": "1000", "message.timestamp.type": "CreateTime"}


def test_fail_on_data_loss_after_retention_deleted_unread_records(spark, broker_factory, topic, tmp_path):
    broker = broker_factory(RETENTION_CHECK)
    create_topic(broker.bootstrap, topic, config=TOPIC_CONFIG)
    hour_ago_ms = int(time.time() * 1000) - 3_600_000

    def resume(fail_on_data_loss: bool):
        stream = kafka_reader(
            spark, broker.bootstrap, stream=True, subscribe=topic, startingOffsets="earliest",
            failOnDataLoss=str(fail_on_data_loss).lower(),
        ).load()
        return run_available_now(stream, tmp_path)[0]

    produce(broker.bootstrap, topic, values(5, "old-", timestamp_ms=hour_ago_ms))
    assert len(resume(fail_on_data_loss=True)) == 5
    produce(broker.bootstrap, topic, values(5, "unread-", timestamp_ms=hour_ago_ms))
    produce(broker.bootstrap, topic, [Record("fresh")])  # rolls the hour-old segments away from the active one
    set_topic_config(broker.bootstrap, topic, {"retention.ms": "600000"})
    wait_until(lambda: log_start_offset(broker.bootstrap, topic, 0) == 10, "retention to delete offsets 0-9")

    with pytest.raises(StreamingQueryException) as failure:
        resume(fail_on_data_loss=True)
    assert "lost" in str(failure.value)

    assert decoded(resume(fail_on_data_loss=False)) == [f"old-{i}" for i in range(5)] + ["fresh"]
