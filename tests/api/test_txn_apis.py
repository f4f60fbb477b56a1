"""The transaction APIs on an in-process broker, with exact requests: InitProducerId with a transactional id,
AddPartitionsToTxn, transactional Produce and its verification (KIP-890 part 1), EndTxn and the markers it
writes, fencing, DescribeTransactions, ListTransactions, DescribeProducers, WriteTxnMarkers, and the state
surviving a restart."""

from __future__ import annotations

import time

import pytest

from kbroker.api.auto_create import creatable_topic
from kbroker.protocol import records as R
from kbroker.protocol.blocking_client import KafkaConnection
from kbroker.protocol.messages.add_offsets_to_txn_request import AddOffsetsToTxnRequest
from kbroker.protocol.messages.add_partitions_to_txn_request import (
    AddPartitionsToTxnRequest,
    AddPartitionsToTxnTopic,
    AddPartitionsToTxnTransaction,
)
from kbroker.protocol.messages.create_topics_request import CreatableTopic
from kbroker.protocol.messages.describe_producers_request import DescribeProducersRequest, TopicRequest
from kbroker.protocol.messages.describe_transactions_request import DescribeTransactionsRequest
from kbroker.protocol.messages.end_txn_request import EndTxnRequest
from kbroker.protocol.messages.init_producer_id_request import InitProducerIdRequest
from kbroker.protocol.messages.list_offsets_request import (
    ListOffsetsPartition,
    ListOffsetsRequest,
    ListOffsetsTopic,
)
from kbroker.protocol.messages.list_transactions_request import ListTransactionsRequest
from kbroker.protocol.messages.produce_request import PartitionProduceData, ProduceRequest, TopicProduceData
from kbroker.protocol.messages.write_txn_markers_request import (
    WritableTxnMarker,
    WritableTxnMarkerTopic,
    WriteTxnMarkersRequest,
)
from kbroker.testing import broker_config, run_broker_in_thread

NONE, NOT_COORDINATOR, NOT_ENOUGH_REPLICAS, UNKNOWN_TOPIC_OR_PARTITION = 0, 16, 19, 3
INVALID_PRODUCER_EPOCH, INVALID_TXN_STATE, INVALID_PRODUCER_ID_MAPPING = 47, 48, 49
CONCURRENT_TRANSACTIONS, OPERATION_NOT_ATTEMPTED, PRODUCER_FENCED = 51, 55, 90
TRANSACTIONAL_ID_NOT_FOUND, TRANSACTION_ABORTABLE, INVALID_REQUEST = 105, 120, 42
TXN_TOPIC = "__transaction_state"


def create_topics(broker, *topics: CreatableTopic) -> None:
    controller = broker.state.metadata.controller
    results = broker.call(broker.state.run_controller, controller.create_topics, list(topics))
    assert all(r.error.code == 0 for r in results), results


@pytest.fixture
def broker(tmp_path):
    with run_broker_in_thread(broker_config(tmp_path / "logs", {"transaction.state.log.num.partitions": 3})) as b:
        create_topics(b, CreatableTopic(name="t", num_partitions=2, replication_factor=1),
                      creatable_topic(b.config, TXN_TOPIC))
        yield b


@pytest.fixture
def conn(broker):
    with KafkaConnection(broker.bootstrap) as c:
        yield c


def init(conn, txn_id, version=4, producer=(-1, -1), timeout_ms=60000):
    answer = conn.send(InitProducerIdRequest(transactional_id=txn_id, transaction_timeout_ms=timeout_ms,
                                             producer_id=producer[0], producer_epoch=producer[1]), version=version)
    return answer.error_code, answer.producer_id, answer.producer_epoch


def add_partitions(conn, txn_id, pid, epoch, partitions, version=3):
    topics = {}
    for topic, p in partitions:
        topics.setdefault(topic, []).append(p)
    request = AddPartitionsToTxnRequest(
        v3_and_below_transactional_id=txn_id, v3_and_below_producer_id=pid, v3_and_below_producer_epoch=epoch,
        v3_and_below_topics=[AddPartitionsToTxnTopic(name=t, partitions=ps) for t, ps in topics.items()])
    answer = conn.send(request, version=version)
    return {(t.name, r.partition_index): r.partition_error_code
            for t in answer.results_by_topic_v3_and_below for r in t.results_by_partition}


def produce(conn, txn_id, pid, epoch, seq, partition=0, version=9, values=(b"v",)):
    batch = bytes(R.build_batch([(1000, None, v) for v in values], producer_id=pid, producer_epoch=epoch,
                                base_sequence=seq, transactional=True))
    request = ProduceRequest(transactional_id=txn_id, acks=-1, timeout_ms=30000, topic_data=[
        TopicProduceData(name="t", partition_data=[PartitionProduceData(index=partition, records=batch)])])
    (answer,) = conn.send(request, version=version).responses[0].partition_responses
    return answer


def end(conn, txn_id, pid, epoch, commit, version=3):
    return conn.send(EndTxnRequest(transactional_id=txn_id, producer_id=pid, producer_epoch=epoch,
                                   committed=commit), version=version).error_code


def describe(conn, *txn_ids):
    return conn.send(DescribeTransactionsRequest(transactional_ids=list(txn_ids)), version=0).transaction_states


def stable_offset(conn, partition=0):
    request = ListOffsetsRequest(replica_id=-1, isolation_level=1, topics=[ListOffsetsTopic(
        name="t", partitions=[ListOffsetsPartition(partition_index=partition, timestamp=-1)])])
    return conn.send(request, version=5).topics[0].partitions[0].offset


def markers(broker, partition=0):
    log = broker.state.partitions.get("t", partition).log
    found = []
    for raw in log.read_batches():
        for batch in R.iter_batches(raw):
            if batch.is_control:
                found.append((batch.producer_id, batch.producer_epoch, batch.control_record().type))
    return found


def test_commit_writes_markers_and_moves_the_stable_offset(broker, conn):
    error, pid, epoch = init(conn, "tx-commit")
    assert (error, epoch) == (NONE, 0)
    assert add_partitions(conn, "tx-commit", pid, epoch, [("t", 0), ("t", 1)]) == {("t", 0): NONE, ("t", 1): NONE}
    assert produce(conn, "tx-commit", pid, epoch, 0, values=(b"a", b"b")).error_code == NONE
    assert stable_offset(conn) == 0
    (state,) = describe(conn, "tx-commit")
    assert (state.error_code, state.transaction_state, state.producer_id) == (NONE, "Ongoing", pid)
    assert [(t.topic, sorted(t.partitions)) for t in state.topics] == [("t", [0, 1])]
    assert state.transaction_start_time_ms > 0
    assert end(conn, "tx-commit", pid, epoch, True) == NONE
    assert markers(broker, 0) == [(pid, 0, R.CONTROL_COMMIT)]
    assert markers(broker, 1) == [(pid, 0, R.CONTROL_COMMIT)]
    assert stable_offset(conn) == 3
    (state,) = describe(conn, "tx-commit")
    assert (state.transaction_state, state.topics) == ("CompleteCommit", [])
    # A retried commit is answered NONE; an abort of the committed transaction is refused.
    assert end(conn, "tx-commit", pid, epoch, True) == NONE
    assert end(conn, "tx-commit", pid, epoch, False) == INVALID_TXN_STATE


def test_abort_is_indexed_for_read_committed(broker, conn):
    _, pid, epoch = init(conn, "tx-abort")
    add_partitions(conn, "tx-abort", pid, epoch, [("t", 0)])
    produce(conn, "tx-abort", pid, epoch, 0)
    assert end(conn, "tx-abort", pid, epoch, False) == NONE
    assert markers(broker) == [(pid, 0, R.CONTROL_ABORT)]
    log = broker.state.partitions.get("t", 0).log
    assert [(a.producer_id, a.first_offset) for a in log.collect_aborted_transactions(0, 2)] == [(pid, 0)]
    assert end(conn, "tx-abort", pid, epoch, True) == INVALID_TXN_STATE


def test_produce_verification(broker, conn):
    _, pid, epoch = init(conn, "tx-verify")
    refused = produce(conn, "tx-verify", pid, epoch, 0, version=10)
    assert (refused.error_code, refused.error_message) == (INVALID_TXN_STATE,
                                                           "Partition was not added to the transaction")
    assert produce(conn, "tx-verify", pid, epoch, 0, version=11).error_code == TRANSACTION_ABORTABLE
    add_partitions(conn, "tx-verify", pid, epoch, [("t", 1)])
    assert produce(conn, "tx-verify", pid, epoch, 0, version=11).error_code == TRANSACTION_ABORTABLE
    assert produce(conn, "tx-verify", pid, epoch, 0, partition=1, version=11).error_code == NONE
    assert produce(conn, "tx-verify", pid + 1000, 0, 0, partition=1).error_code == INVALID_PRODUCER_ID_MAPPING
    assert produce(conn, "tx-verify", pid, epoch + 1, 0, partition=1).error_code == INVALID_PRODUCER_EPOCH
    assert produce(conn, "unknown-id", pid, epoch, 0, partition=0).error_code == INVALID_PRODUCER_ID_MAPPING
    assert stable_offset(conn) == 0


def test_fencing_by_a_new_producer(broker, conn):
    _, pid, epoch0 = init(conn, "tx-fence")
    assert init(conn, "tx-fence") == (NONE, pid, 1)
    assert add_partitions(conn, "tx-fence", pid, 0, [("t", 0)]) == {("t", 0): PRODUCER_FENCED}
    assert add_partitions(conn, "tx-fence", pid, 0, [("t", 0)], version=1) == {("t", 0): INVALID_PRODUCER_EPOCH}
    assert add_partitions(conn, "tx-fence", pid + 1, 1, [("t", 0)]) == {("t", 0): INVALID_PRODUCER_ID_MAPPING}
    assert end(conn, "tx-fence", pid, 0, True) == PRODUCER_FENCED
    assert end(conn, "tx-fence", pid, 0, True, version=1) == INVALID_PRODUCER_EPOCH
    assert end(conn, "tx-fence", pid, 1, True) == INVALID_TXN_STATE  # Empty
    # A new producer while a transaction is open: the transaction is aborted under a bumped epoch first.
    add_partitions(conn, "tx-fence", pid, 1, [("t", 0)])
    produce(conn, "tx-fence", pid, 1, 0)
    assert init(conn, "tx-fence") == (CONCURRENT_TRANSACTIONS, -1, -1)
    assert markers(broker) == [(pid, 2, R.CONTROL_ABORT)]
    assert init(conn, "tx-fence") == (NONE, pid, 3)
    assert produce(conn, "tx-fence", pid, 1, 1).error_code == INVALID_PRODUCER_EPOCH
    # v3+: the producer names itself; a stale epoch is fenced, a retry of the last bump gets the same epoch.
    assert init(conn, "tx-fence", producer=(pid, 3)) == (NONE, pid, 4)
    assert init(conn, "tx-fence", producer=(pid, 3)) == (NONE, pid, 4)
    assert init(conn, "tx-fence", producer=(pid, 1)) == (PRODUCER_FENCED, -1, -1)
    assert init(conn, "tx-fence", producer=(pid, 1), version=3) == (INVALID_PRODUCER_EPOCH, -1, -1)
    assert init(conn, "tx-fence", producer=(pid + 7, 4)) == (PRODUCER_FENCED, -1, -1)


def test_add_partitions_errors(broker, conn):
    _, pid, epoch = init(conn, "tx-add")
    assert add_partitions(conn, "tx-add", pid, epoch, [("t", 0), ("t", 9), ("nope", 0)]) == {
        ("t", 0): OPERATION_NOT_ATTEMPTED, ("t", 9): UNKNOWN_TOPIC_OR_PARTITION,
        ("nope", 0): UNKNOWN_TOPIC_OR_PARTITION}
    assert add_partitions(conn, "never-initialized", 5, 0, [("t", 0)]) == {("t", 0): INVALID_PRODUCER_ID_MAPPING}
    assert add_partitions(conn, "", 5, 0, [("t", 0)]) == {("t", 0): INVALID_REQUEST}
    answer = conn.send(AddOffsetsToTxnRequest(transactional_id="tx-add", producer_id=pid, producer_epoch=epoch,
                                              group_id="g"), version=3)
    assert answer.error_code == NONE
    (state,) = describe(conn, "tx-add")
    assert [t.topic for t in state.topics] == ["__consumer_offsets"]


def test_add_partitions_v4_verify_only(broker, conn):
    _, pid, epoch = init(conn, "tx-v4")
    add_partitions(conn, "tx-v4", pid, epoch, [("t", 0)])
    request = AddPartitionsToTxnRequest(transactions=[
        AddPartitionsToTxnTransaction(transactional_id="tx-v4", producer_id=pid, producer_epoch=epoch,
                                      verify_only=True, topics=[AddPartitionsToTxnTopic(name="t", partitions=[0, 1])]),
        AddPartitionsToTxnTransaction(transactional_id="tx-v4", producer_id=pid, producer_epoch=epoch + 1,
                                      verify_only=True, topics=[AddPartitionsToTxnTopic(name="t", partitions=[0])]),
    ])
    answer = conn.send(request, version=5)
    assert answer.error_code == NONE
    results = [{(t.name, r.partition_index): r.partition_error_code for t in txn.topic_results
                for r in t.results_by_partition} for txn in answer.results_by_transaction]
    assert results == [{("t", 0): NONE, ("t", 1): TRANSACTION_ABORTABLE}, {("t", 0): PRODUCER_FENCED}]


def test_describe_and_list(broker, conn):
    _, pid, epoch = init(conn, "tx-list-a")
    _, pid_b, _ = init(conn, "tx-list-b")
    add_partitions(conn, "tx-list-a", pid, epoch, [("t", 0)])
    unknown, empty = describe(conn, "nobody", "")
    assert (unknown.error_code, empty.error_code) == (TRANSACTIONAL_ID_NOT_FOUND, INVALID_REQUEST)

    def listed(version=1, **filters):
        answer = conn.send(ListTransactionsRequest(**filters), version=version)
        return answer.error_code, sorted((s.transactional_id, s.transaction_state) for s in answer.transaction_states), \
            answer.unknown_state_filters

    assert listed() == (NONE, [("tx-list-a", "Ongoing"), ("tx-list-b", "Empty")], [])
    assert listed(state_filters=["Ongoing", "Bogus"]) == (NONE, [("tx-list-a", "Ongoing")], ["Bogus"])
    assert listed(state_filters=["Bogus"]) == (NONE, [], ["Bogus"])
    assert listed(producer_id_filters=[pid_b]) == (NONE, [("tx-list-b", "Empty")], [])
    assert listed(duration_filter=3_600_000) == (NONE, [("tx-list-b", "Empty")], [])
    assert listed(version=2, transactional_id_pattern="tx-list-.") == listed()
    assert listed(version=2, transactional_id_pattern="tx-list") == (NONE, [], [])
    assert listed(version=2, transactional_id_pattern="(")[0] == 128


def test_describe_producers(broker, conn):
    _, pid, epoch = init(conn, "tx-producers")
    add_partitions(conn, "tx-producers", pid, epoch, [("t", 0)])
    produce(conn, "tx-producers", pid, epoch, 0, values=(b"1", b"2"))
    answer = conn.send(DescribeProducersRequest(topics=[TopicRequest(name="t", partition_indexes=[0, 1, 7])]),
                       version=0)
    p0, p1, p7 = answer.topics[0].partitions
    assert [(s.producer_id, s.producer_epoch, s.last_sequence, s.current_txn_start_offset, s.last_timestamp)
            for s in p0.active_producers] == [(pid, epoch, 1, 0, 1000)]
    assert (p1.error_code, p1.active_producers) == (NONE, [])
    assert p7.error_code == UNKNOWN_TOPIC_OR_PARTITION


def test_write_txn_markers(broker, conn):
    _, pid, epoch = init(conn, "tx-markers")
    add_partitions(conn, "tx-markers", pid, epoch, [("t", 0)])
    produce(conn, "tx-markers", pid, epoch, 0)
    request = WriteTxnMarkersRequest(markers=[WritableTxnMarker(
        producer_id=pid, producer_epoch=epoch, transaction_result=False, coordinator_epoch=0,
        topics=[WritableTxnMarkerTopic(name="t", partition_indexes=[0]),
                WritableTxnMarkerTopic(name="nope", partition_indexes=[0])])])
    (result,) = conn.send(request, version=1).markers
    assert [(t.name, [(p.partition_index, p.error_code) for p in t.partitions]) for t in result.topics] == [
        ("t", [(0, NONE)]), ("nope", [(0, UNKNOWN_TOPIC_OR_PARTITION)])]
    assert markers(broker) == [(pid, epoch, R.CONTROL_ABORT)]
    stale = WriteTxnMarkersRequest(markers=[WritableTxnMarker(
        producer_id=pid, producer_epoch=epoch - 1, transaction_result=True, coordinator_epoch=0,
        topics=[WritableTxnMarkerTopic(name="t", partition_indexes=[0])])])
    assert conn.send(stale, version=2).markers[0].topics[0].partitions[0].error_code == INVALID_PRODUCER_EPOCH


def test_state_survives_a_restart(tmp_path):
    config = broker_config(tmp_path / "logs", {"transaction.state.log.num.partitions": 3})
    with run_broker_in_thread(config) as b:
        create_topics(b, CreatableTopic(name="t", num_partitions=1, replication_factor=1),
                      creatable_topic(b.config, TXN_TOPIC))
        with KafkaConnection(b.bootstrap) as c:
            _, pid, epoch = init(c, "tx-restart")
            add_partitions(c, "tx-restart", pid, epoch, [("t", 0)])
            produce(c, "tx-restart", pid, epoch, 0)
    with run_broker_in_thread(config) as b, KafkaConnection(b.bootstrap) as c:
        (state,) = describe(c, "tx-restart")
        assert (state.transaction_state, state.producer_id, state.producer_epoch) == ("Ongoing", pid, epoch)
        assert stable_offset(c) == 0
        assert end(c, "tx-restart", pid, epoch, True) == NONE
        assert stable_offset(c) == 2
        assert init(c, "tx-restart") == (NONE, pid, epoch + 1)


def test_not_coordinator_without_the_topic(kafka_broker):
    with KafkaConnection(kafka_broker.bootstrap) as c:
        assert init(c, "tx") == (NOT_COORDINATOR, -1, -1)
        assert describe(c, "tx")[0].error_code == NOT_COORDINATOR


def test_verification_can_be_disabled(tmp_path):
    config = broker_config(tmp_path / "logs", {"transaction.state.log.num.partitions": 1,
                                               "transaction.partition.verification.enable": "false"})
    with run_broker_in_thread(config) as b, KafkaConnection(b.bootstrap) as c:
        create_topics(b, CreatableTopic(name="t", num_partitions=1, replication_factor=1),
                      creatable_topic(b.config, TXN_TOPIC))
        _, pid, epoch = init(c, "tx-unverified")
        # Without verification a batch to a partition the transaction never added is appended (Kafka < 3.6).
        assert produce(c, "tx-unverified", pid, epoch, 0, version=11).error_code == NONE
        assert stable_offset(c) == 0


def test_coordinator_task_aborts_expired_transactions_in_a_running_broker(tmp_path):
    """The coordinator's `run` in the broker's nursery: a transaction older than its timeout is aborted in the
    background and its producer fenced."""
    import trio

    from kbroker.node import Node

    config = broker_config(tmp_path / "logs", {
        "transaction.state.log.num.partitions": 1,
        "transaction.abort.timed.out.transaction.cleanup.interval.ms": 20})
    broker = Node(config)

    def client(bootstrap):
        with KafkaConnection(bootstrap) as c:
            _, pid, epoch = init(c, "tx-expiring", timeout_ms=1)
            add_partitions(c, "tx-expiring", pid, epoch, [("t", 0)])
            produce(c, "tx-expiring", pid, epoch, 0)
            for _ in range(3000):  # until the background abort happened (at most 30 s)
                (state,) = describe(c, "tx-expiring")
                if state.transaction_state == "CompleteAbort":
                    break
                time.sleep(0.01)
            assert (state.transaction_state, state.producer_epoch) == ("CompleteAbort", epoch + 1)
            assert end(c, "tx-expiring", pid, epoch, True) == PRODUCER_FENCED
            assert stable_offset(c) == 2

    async def main():
        async with trio.open_nursery() as nursery:
            (bound,) = await nursery.start(broker.serve)
            controller = broker.state.metadata.controller
            await broker.state.run_controller(controller.create_topics, [
                CreatableTopic(name="t", num_partitions=1, replication_factor=1),
                creatable_topic(config, TXN_TOPIC)])
            await trio.to_thread.run_sync(client, f"{bound.host}:{bound.port}")
            nursery.cancel_scope.cancel()

    trio.run(main)
