"""Transactions survive kill -9 of a real `kbroker serve` process: round after round a transactional producer
(raw requests) writes a batch to each of two partitions and the broker is killed after the commit was
acknowledged, in the middle of the transaction, after an acknowledged abort, or right after the EndTxn commit
was sent (unanswered: the transaction may end either way). After the last restart a read_committed consumer
(confluent-kafka, assign mode) sees every acknowledged commit exactly once, nothing aborted or left open, and
each unanswered commit either whole on both partitions or not at all.

KBROKER_TXN_KILL_ROUNDS sets the number of kills (default 50, as issue #6 asks)."""

from __future__ import annotations

import os
import time

from compat_tests.py_clients import ck_read_to_end
from kbroker.protocol import records as R
from kbroker.protocol.blocking_client import KafkaConnection
from kbroker.protocol.messages.add_partitions_to_txn_request import (
    AddPartitionsToTxnRequest,
    AddPartitionsToTxnTopic,
)
from kbroker.protocol.messages.create_topics_request import (
    CreatableTopic,
    CreatableTopicConfig,
    CreateTopicsRequest,
)
from kbroker.protocol.messages.end_txn_request import EndTxnRequest
from kbroker.protocol.messages.init_producer_id_request import InitProducerIdRequest
from kbroker.protocol.messages.produce_request import PartitionProduceData, ProduceRequest, TopicProduceData
from kbroker.testing import start_broker_process

TXN_ID = "killed-producer"
TOPIC = "out"
ROUNDS = int(os.environ.get("KBROKER_TXN_KILL_ROUNDS", "50"))
PER_BATCH = 3
CONCURRENT_TRANSACTIONS = 51
OVERRIDES = {"transaction.state.log.num.partitions": 2}


def create_topics(conn) -> None:
    answer = conn.send(CreateTopicsRequest(timeout_ms=30000, topics=[
        CreatableTopic(name=TOPIC, num_partitions=2, replication_factor=1),
        CreatableTopic(name="__transaction_state", num_partitions=2, replication_factor=1,
                       configs=[CreatableTopicConfig(name="cleanup.policy", value="compact")])]), version=7)
    assert [t.error_code for t in answer.topics] == [0, 0], answer


def init(conn) -> tuple[int, int]:
    """InitProducerId, retried while a transaction left open by the previous round is being aborted."""
    for _ in range(100):
        answer = conn.send(InitProducerIdRequest(transactional_id=TXN_ID, transaction_timeout_ms=60000), version=4)
        if answer.error_code != CONCURRENT_TRANSACTIONS:
            assert answer.error_code == 0, answer
            return answer.producer_id, answer.producer_epoch
        time.sleep(0.05)
    raise AssertionError("InitProducerId kept answering CONCURRENT_TRANSACTIONS")


def write_batches(conn, pid: int, epoch: int, values: list[bytes]) -> None:
    """The same values to partitions 0 and 1, in one transaction."""
    added = conn.send(AddPartitionsToTxnRequest(
        v3_and_below_transactional_id=TXN_ID, v3_and_below_producer_id=pid, v3_and_below_producer_epoch=epoch,
        v3_and_below_topics=[AddPartitionsToTxnTopic(name=TOPIC, partitions=[0, 1])]), version=3)
    assert [r.partition_error_code for r in added.results_by_topic_v3_and_below[0].results_by_partition] == [0, 0]
    batch = bytes(R.build_batch([(1000, None, v) for v in values], producer_id=pid, producer_epoch=epoch,
                                base_sequence=0, transactional=True))
    answer = conn.send(ProduceRequest(transactional_id=TXN_ID, acks=-1, timeout_ms=30000, topic_data=[
        TopicProduceData(name=TOPIC, partition_data=[PartitionProduceData(index=p, records=batch)
                                                     for p in (0, 1)])]), version=9)
    assert [p.error_code for p in answer.responses[0].partition_responses] == [0, 0]


def end_request(pid: int, epoch: int, commit: bool) -> EndTxnRequest:
    return EndTxnRequest(transactional_id=TXN_ID, producer_id=pid, producer_epoch=epoch, committed=commit)


def end(conn, pid: int, epoch: int, commit: bool) -> None:
    answer = conn.send(end_request(pid, epoch, commit), version=3)
    assert answer.error_code == 0, answer


def test_transactions_end_committed_or_aborted_after_kill_9(tmp_path):
    log_dir = tmp_path / "logs"
    committed: list[list[bytes]] = []
    unanswered: list[list[bytes]] = []
    for round_ in range(ROUNDS):
        with start_broker_process(log_dir, OVERRIDES) as broker, KafkaConnection(broker.bootstrap) as conn:
            if round_ == 0:
                create_topics(conn)
            pid, epoch = init(conn)
            values = [f"round-{round_}-{i}".encode() for i in range(PER_BATCH)]
            write_batches(conn, pid, epoch, values)
            outcome = round_ % 4
            if outcome == 0:
                end(conn, pid, epoch, True)
                committed.append(values)
            elif outcome == 2:
                end(conn, pid, epoch, False)
            elif outcome == 3:
                conn.send_no_response(end_request(pid, epoch, True), version=3)
                unanswered.append(values)
            broker.kill()
    with start_broker_process(log_dir, OVERRIDES) as broker:
        with KafkaConnection(broker.bootstrap) as conn:
            init(conn)  # fences (and aborts) a transaction the last round left open
        seen = [ck_read_to_end(broker.bootstrap, TOPIC, (p,), isolation="read_committed") for p in (0, 1)]
        broker.terminate()
    assert seen[0] == seen[1], "a transaction is visible on one partition only"
    rounds_seen = [seen[0][i:i + PER_BATCH] for i in range(0, len(seen[0]), PER_BATCH)]
    assert [r for r in rounds_seen if r not in unanswered] == committed
    assert all(r in committed or r in unanswered for r in rounds_seen)
