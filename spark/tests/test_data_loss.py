"""failOnDataLoss: when DeleteRecords moves a partition's log start past where a query stopped, the next run
fails with failOnDataLoss=true and skips to the new log start with failOnDataLoss=false."""

from __future__ import annotations

import pytest
from pyspark.errors import StreamingQueryException

from spark.pipeline.admin import create_topic, delete_records_before
from spark.tests.helpers import decoded, kafka_reader, produce, run_available_now, values


def resume(spark, broker, topic, output_dir, fail_on_data_loss: bool):
    stream = kafka_reader(
        spark, broker.bootstrap, stream=True, subscribe=topic, startingOffsets="earliest",
        failOnDataLoss=str(fail_on_data_loss).lower(),
    ).load()
    return run_available_now(stream, output_dir)


@pytest.fixture
def records_deleted_past_the_checkpoint(spark, broker, topic, tmp_path):
    """A query has read offsets 0-9; then 10-19 arrive and DeleteRecords moves the log start to 15."""
    create_topic(broker.bootstrap, topic)
    produce(broker.bootstrap, topic, values(10))
    rows, _ = resume(spark, broker, topic, tmp_path, fail_on_data_loss=True)
    assert len(rows) == 10
    produce(broker.bootstrap, topic, values(10, "later-"))
    assert delete_records_before(broker.bootstrap, topic, 0, 15) == 15
    return tmp_path


def test_fail_on_data_loss_true_fails_the_query(spark, broker, topic, records_deleted_past_the_checkpoint):
    with pytest.raises(StreamingQueryException) as failure:
        resume(spark, broker, topic, records_deleted_past_the_checkpoint, fail_on_data_loss=True)

    message = str(failure.value)
    assert "lost" in message and topic in message, message


def test_fail_on_data_loss_false_continues_from_the_new_log_start(
    spark, broker, topic, records_deleted_past_the_checkpoint
):
    rows, _ = resume(spark, broker, topic, records_deleted_past_the_checkpoint, fail_on_data_loss=False)

    assert decoded(rows) == [f"v{i}" for i in range(10)] + [f"later-{i}" for i in range(5, 10)]


def test_batch_read_from_earliest_starts_at_the_log_start(spark, broker, topic):
    create_topic(broker.bootstrap, topic)
    produce(broker.bootstrap, topic, values(8))
    delete_records_before(broker.bootstrap, topic, 0, 5)

    rows = kafka_reader(spark, broker.bootstrap, stream=False, subscribe=topic).load().orderBy("offset").collect()

    assert [(row.offset, bytes(row.value).decode()) for row in rows] == [(5, "v5"), (6, "v6"), (7, "v7")]
