"""A streaming query survives its broker being killed (SIGKILL) and restarted mid-stream: resumed from its
checkpoint, the Parquet sink holds every input record exactly once."""

from __future__ import annotations

from spark.pipeline.admin import create_topic
from spark.tests.helpers import kafka_reader, produce, run_available_now, values, wait_until

# A restarted Kafka waits for its killed predecessor's registration to expire: 3 s instead of 9.
FAST_REREGISTRATION = {"broker.session.timeout.ms": 3000, "broker.heartbeat.interval.ms": 500}


def test_query_resumes_from_checkpoint_after_the_broker_is_killed(spark, broker_factory, topic, tmp_path):
    broker = broker_factory(FAST_REREGISTRATION)
    create_topic(broker.bootstrap, topic, partitions=2)
    produce(broker.bootstrap, topic, values(50, "first-"))
    stream = kafka_reader(spark, broker.bootstrap, stream=True, subscribe=topic, startingOffsets="earliest").load()
    data = tmp_path / "data"
    running = (
        stream.writeStream.format("parquet")
        .option("path", str(data))
        .option("checkpointLocation", str(tmp_path / "checkpoint"))
        .trigger(processingTime="500 milliseconds")
        .start()
    )
    try:
        wait_until(lambda: spark.read.schema(stream.schema).parquet(str(data)).count() == 50,
                   "the first records in Parquet", running)
        broker.kill()
        broker.restart()
        produce(broker.bootstrap, topic, values(50, "second-"))
    finally:
        running.stop()

    rows, _ = run_available_now(stream, tmp_path)

    written = sorted(bytes(row.value).decode() for row in rows)
    assert written == sorted([f"first-{i}" for i in range(50)] + [f"second-{i}" for i in range(50)])
