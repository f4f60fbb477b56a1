"""A streaming query rides through a partition leader's kill -9 on a three-node cluster (RF 3,
min.insync.replicas 2): it keeps running with failOnDataLoss=true, reads what was produced while the leader was
down and after it came back, and its Parquet sink holds every acknowledged record exactly once."""

from __future__ import annotations

import pytest

from compat_tests.broker_fixtures import require_kafka_dist
from compat_tests.cluster.launcher import Cluster
from spark.tests.helpers import kafka_reader, ordered_rows, produce, values, wait_until

pytestmark = [pytest.mark.cluster, pytest.mark.java]

PARTITIONS = 3
BATCH = 100


@pytest.fixture
def cluster(broker_kind: str):
    require_kafka_dist()
    with Cluster(broker_kind) as started:
        yield started


def test_query_keeps_running_across_a_leader_kill(spark, cluster, topic, tmp_path):
    cluster.create_topic(topic, partitions=PARTITIONS)
    produce(cluster.bootstrap, topic, values(BATCH, "before-"))
    stream = kafka_reader(spark, cluster.bootstrap, stream=True, subscribe=topic, startingOffsets="earliest",
                          failOnDataLoss="true").load()
    data = tmp_path / "data"
    query = (
        stream.writeStream.format("parquet")
        .option("path", str(data))
        .option("checkpointLocation", str(tmp_path / "checkpoint"))
        .trigger(processingTime="500 milliseconds")
        .start()
    )

    def sink_count() -> int:
        return spark.read.schema(stream.schema).parquet(str(data)).count() if data.exists() else 0

    try:
        wait_until(lambda: sink_count() >= BATCH, "the first records in Parquet", query)
        leader = cluster.leader_of(topic, 0)
        cluster.kill(leader)
        produce(cluster.bootstrap, topic, values(BATCH, "leader-down-"))
        wait_until(lambda: sink_count() >= 2 * BATCH, "the records produced while the leader was down", query)
        cluster.restart(leader)
        cluster.wait_healthy(topic, PARTITIONS)
        produce(cluster.bootstrap, topic, values(BATCH, "after-"))
        wait_until(lambda: sink_count() >= 3 * BATCH, "the records produced after the restart", query)
        assert query.isActive and query.exception() is None
    finally:
        query.stop()

    written = [bytes(row.value).decode() for row in ordered_rows(spark.read.schema(stream.schema).parquet(str(data)))]
    expected = [f"{prefix}{i}" for prefix in ("before-", "leader-down-", "after-") for i in range(BATCH)]
    assert sorted(written) == sorted(expected)
