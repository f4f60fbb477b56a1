"""Transaction traffic between brokers travels on connections of its own, never behind a replica's Fetch.

A broker answers the requests of one connection in order, and a request that writes transaction state
(AddPartitionsToTxn, which a partition leader sends the coordinator's broker for a transactions-v2 producer, or
WriteTxnMarkers, which the coordinator sends the leaders) is answered once the write is on the in-sync replicas.
When such a request went on the connection of the sender's replica fetchers, and the sender is itself a follower
of what it waits for, its next Fetch queued behind the request that waited for it: nothing moved until the
receiver dropped it from the ISR (replica.lag.time.max.ms) or the Fetch timed out (replica.socket.timeout.ms).
Both are a minute here, so with shared connections each of the copier's transactions would wait about a minute;
the copy is given far less in all (a guard against a hang, not a speed check). Kafka 4.3.1's
TransactionalMessageCopier is the transactions-v2 client (compat_tests/cluster/copiers.py)."""

from __future__ import annotations

import confluent_kafka
import pytest

from compat_tests.broker_fixtures import require_kafka_dist
from compat_tests.cluster.copiers import Copier, wait_all_done
from compat_tests.cluster.launcher import Cluster
from compat_tests.py_clients import ck_read_to_end

pytestmark = [pytest.mark.cluster, pytest.mark.java]

SLOW_TO_GIVE_UP = {"replica.lag.time.max.ms": "60000", "replica.socket.timeout.ms": "60000"}
RECORDS = 600  # three of the copier's transactions of 200
GUARD_S = 120


def test_a_transactional_copy_does_not_wait_behind_the_fetchers(tmp_path):
    require_kafka_dist()
    with Cluster("kbroker", overrides=SLOW_TO_GIVE_UP, work_dir=tmp_path / "cluster") as cluster:
        source, sink = "copy-in", "copy-out"
        cluster.create_topic(source, partitions=1)
        cluster.create_topic(sink, partitions=1)
        producer = confluent_kafka.Producer({"bootstrap.servers": cluster.bootstrap, "acks": "all"})
        values = [f"value-{i}".encode() for i in range(RECORDS)]
        for value in values:
            producer.produce(source, value=value, partition=0)
        assert producer.flush(GUARD_S) == 0
        copier = Copier(cluster.bootstrap, source, sink, 0, "beside-fetches", tmp_path)
        copier.start()
        try:
            wait_all_done([copier], GUARD_S)
        finally:
            copier.stop()
        assert copier.restarts == 0
        copied = ck_read_to_end(cluster.bootstrap, sink, (0,), isolation="read_committed", at_least=RECORDS)
        assert sorted(copied) == sorted(values)
