"""The transaction APIs: kbroker's answers next to Apache Kafka 4.3.1's for the same sequence of raw requests
(InitProducerId with a transactional id, AddPartitionsToTxn v1/v3/v5, transactional Produce v9-v12 and its
verification or implicit add, EndTxn v1-v5, TxnOffsetCommit v0-v5, AddOffsetsToTxn, DescribeTransactions, ListTransactions, DescribeProducers,
WriteTxnMarkers).

Producer ids differ between the brokers: answers name them relative to the id the scenario started with.
Kafka writes its markers after answering EndTxn, so the scenario waits for a transaction to be complete
before the next step (as a client backing off on CONCURRENT_TRANSACTIONS would)."""

from __future__ import annotations

import time

import pytest

from kbroker.api.auto_create import creatable_topic
from kbroker.protocol import records as R
from kbroker.protocol.messages.add_offsets_to_txn_request import AddOffsetsToTxnRequest
from kbroker.protocol.messages.add_partitions_to_txn_request import (
    AddPartitionsToTxnRequest,
    AddPartitionsToTxnTopic,
    AddPartitionsToTxnTransaction,
)
from kbroker.protocol.messages.describe_producers_request import DescribeProducersRequest, TopicRequest
from kbroker.protocol.messages.describe_transactions_request import DescribeTransactionsRequest
from kbroker.protocol.messages.end_txn_request import EndTxnRequest
from kbroker.protocol.messages.find_coordinator_request import FindCoordinatorRequest
from kbroker.protocol.messages.init_producer_id_request import InitProducerIdRequest
from kbroker.protocol.messages.list_transactions_request import ListTransactionsRequest
from kbroker.protocol.messages.produce_request import PartitionProduceData, ProduceRequest, TopicProduceData
from kbroker.protocol.messages.txn_offset_commit_request import (
    TxnOffsetCommitRequest,
    TxnOffsetCommitRequestPartition,
    TxnOffsetCommitRequestTopic,
)
from kbroker.protocol.messages.write_txn_markers_request import (
    WritableTxnMarker,
    WritableTxnMarkerTopic,
    WriteTxnMarkersRequest,
)

pytestmark = pytest.mark.java

RETRIABLE_WHILE_STARTING = {14, 15, 16}  # COORDINATOR_LOAD_IN_PROGRESS, COORDINATOR_NOT_AVAILABLE, NOT_COORDINATOR
CONCURRENT_TRANSACTIONS = 51
ATTEMPTS = 300


def ensure_coordinator(target, txn_id: str) -> None:
    """Make the transaction coordinator of `txn_id` ready: Kafka creates __transaction_state on
    FindCoordinator; kbroker's test broker gets the topic from its controller."""
    broker = target.running_broker
    if broker is not None:
        if broker.state.image.topic("__transaction_state") is None:
            controller = broker.state.metadata.controller
            broker.call(broker.state.run_controller, controller.create_topics,
                        [creatable_topic(broker.config, "__transaction_state")])
    else:
        target.send(FindCoordinatorRequest(key_type=1, coordinator_keys=[txn_id]), version=4)
    for _ in range(ATTEMPTS):
        answer = target.send(DescribeTransactionsRequest(transactional_ids=[txn_id]), version=0)
        if answer.transaction_states[0].error_code not in RETRIABLE_WHILE_STARTING:
            return
        time.sleep(0.1)
    raise AssertionError(f"no transaction coordinator for {txn_id} on {target.name}")


class Scenario:
    def __init__(self, target, name: str):
        self.target = target
        self.txn = f"{name}-txn"
        self.topic = f"{name}-t"
        self.base_pid = None
        self.seen: list = []

    def pid(self, producer_id: int):
        if producer_id < 0:
            return producer_id
        if self.base_pid is None:
            self.base_pid = producer_id
        return ("pid", producer_id - self.base_pid)

    def note(self, step: str, value) -> None:
        self.seen.append((step, value))

    def init(self, version=4, producer=(-1, -1), timeout_ms=60000, txn=None):
        """InitProducerId, retried while Kafka waits for its first producer-id block."""
        for _ in range(ATTEMPTS):
            answer = self.target.send(InitProducerIdRequest(
                transactional_id=txn or self.txn, transaction_timeout_ms=timeout_ms, producer_id=producer[0],
                producer_epoch=producer[1]), version=version)
            if answer.error_code not in RETRIABLE_WHILE_STARTING:
                return answer.error_code, answer.producer_id, answer.producer_epoch
            time.sleep(0.1)
        raise AssertionError(f"InitProducerId kept failing: {answer}")

    def init_until_done(self, **kw):
        for _ in range(ATTEMPTS):
            error, pid, epoch = self.init(**kw)
            if error != CONCURRENT_TRANSACTIONS:
                return error, pid, epoch
            time.sleep(0.05)
        raise AssertionError("InitProducerId kept answering CONCURRENT_TRANSACTIONS")

    def add(self, pid, epoch, partitions, version=3, txn=None):
        request = AddPartitionsToTxnRequest(
            v3_and_below_transactional_id=self.txn if txn is None else txn, v3_and_below_producer_id=pid,
            v3_and_below_producer_epoch=epoch,
            v3_and_below_topics=[AddPartitionsToTxnTopic(name=t, partitions=ps) for t, ps in partitions])
        answer = self.target.send(request, version=version)
        return sorted((t.name, r.partition_index, r.partition_error_code)
                      for t in answer.results_by_topic_v3_and_below for r in t.results_by_partition)

    def produce(self, pid, epoch, seq, version=9, partition=0):
        batch = bytes(R.build_batch([(1000, None, b"x")], producer_id=pid, producer_epoch=epoch,
                                    base_sequence=seq, transactional=True))
        request = ProduceRequest(transactional_id=self.txn, acks=-1, timeout_ms=30000, topic_data=[TopicProduceData(
            name=self.topic, partition_data=[PartitionProduceData(index=partition, records=batch)])])
        (answer,) = self.target.send(request, version=version).responses[0].partition_responses
        return answer.error_code, answer.error_message

    def end(self, pid, epoch, commit, version=3):
        return self.target.send(EndTxnRequest(transactional_id=self.txn, producer_id=pid, producer_epoch=epoch,
                                              committed=commit), version=version).error_code

    def describe(self, *txn_ids):
        answer = self.target.send(DescribeTransactionsRequest(transactional_ids=list(txn_ids or [self.txn])),
                                  version=0)
        return [(s.error_code, s.transactional_id, s.transaction_state, s.transaction_timeout_ms,
                 self.pid(s.producer_id) if s.error_code == 0 else s.producer_id, s.producer_epoch,
                 sorted((t.topic, sorted(t.partitions)) for t in s.topics)) for s in answer.transaction_states]

    def wait_complete(self):
        for _ in range(ATTEMPTS):
            state = self.describe()[0][2]
            if state not in ("PrepareCommit", "PrepareAbort"):
                return state
            time.sleep(0.05)
        raise AssertionError("the transaction did not complete")


def run_scenario(target, name: str) -> list:
    target.create_topic(f"{name}-t", partitions=2)
    s = Scenario(target, name)
    ensure_coordinator(target, s.txn)
    error, pid, epoch = s.init()
    s.note("init", (error, s.pid(pid), epoch))
    s.note("describe empty", s.describe())
    s.note("add with unknown", s.add(pid, epoch, [(s.topic, [0, 5]), (f"{name}-missing", [0])]))
    s.note("add unknown id", s.add(pid, epoch, [(s.topic, [0])], txn=f"{name}-never"))
    s.note("add empty id", s.add(pid, epoch, [(s.topic, [0])], txn=""))
    s.note("add wrong pid", s.add(pid + 1, epoch, [(s.topic, [0])]))
    s.note("add stale epoch v1", s.add(pid, epoch + 1, [(s.topic, [0])], version=1))
    s.note("add stale epoch v3", s.add(pid, epoch + 1, [(s.topic, [0])]))
    s.note("end on empty", s.end(pid, epoch, True))
    s.note("produce unverified v10", s.produce(pid, epoch, 0, version=10))
    s.note("produce unverified v11", s.produce(pid, epoch, 0, version=11))
    s.note("add", s.add(pid, epoch, [(s.topic, [0])]))
    s.note("add again", s.add(pid, epoch, [(s.topic, [0])]))
    s.note("produce other partition", s.produce(pid, epoch, 0, version=11, partition=1))
    s.note("produce", s.produce(pid, epoch, 0))
    s.note("produce stale epoch", s.produce(pid, epoch + 1, 1))
    s.note("describe ongoing", s.describe())
    producers = target.send(DescribeProducersRequest(topics=[TopicRequest(name=s.topic, partition_indexes=[0, 1, 9])]),
                            version=0)
    s.note("describe producers", [(p.partition_index, p.error_code, [
        (s.pid(a.producer_id), a.producer_epoch, a.last_sequence, a.coordinator_epoch, a.current_txn_start_offset)
        for a in p.active_producers]) for p in producers.topics[0].partitions])
    s.note("end wrong pid", s.end(pid + 1, epoch, True))
    s.note("end stale epoch v1", s.end(pid, epoch + 1, True, version=1))
    s.note("commit", s.end(pid, epoch, True))
    s.note("complete", s.wait_complete())
    s.note("commit again", s.end(pid, epoch, True))
    s.note("abort committed", s.end(pid, epoch, False))
    s.note("add offsets", target.send(AddOffsetsToTxnRequest(
        transactional_id=s.txn, producer_id=pid, producer_epoch=epoch, group_id=f"{name}-group"),
        version=2).error_code)
    s.note("describe offsets", s.describe())
    s.note("abort", s.end(pid, epoch, False, version=4))
    s.note("complete abort", s.wait_complete())
    error, _, epoch2 = s.init(producer=(pid, epoch))
    s.note("init bump", (error, epoch2))
    s.note("init retry", s.init(producer=(pid, epoch))[0::2])
    s.note("init fenced", s.init(producer=(pid, epoch - 1 if epoch else 5))[0::2])
    s.note("init fenced v3", s.init(producer=(pid, epoch - 1 if epoch else 5), version=3)[0::2])
    s.note("add new epoch", s.add(pid, epoch2, [(s.topic, [1])]))
    s.note("produce new epoch", s.produce(pid, epoch2, 0, partition=1))
    s.note("init while ongoing", s.init()[0])
    error, _, epoch3 = s.init_until_done()
    s.note("init after fence", (error, epoch3 - epoch2))
    s.note("produce fenced", s.produce(pid, epoch2, 1, partition=1))
    s.note("describe after fence", s.describe())
    s.note("describe unknown", s.describe(f"{name}-nobody", ""))
    listed = target.send(ListTransactionsRequest(state_filters=["Empty", "Bogus"], producer_id_filters=[pid]),
                         version=1)
    s.note("list", (listed.error_code, [(t.transactional_id, t.transaction_state) for t in listed.transaction_states],
                    listed.unknown_state_filters))
    markers = target.send(WriteTxnMarkersRequest(markers=[WritableTxnMarker(
        producer_id=pid, producer_epoch=epoch3 - 1, transaction_result=True, coordinator_epoch=0,
        topics=[WritableTxnMarkerTopic(name=s.topic, partition_indexes=[0, 7]),
                WritableTxnMarkerTopic(name=f"{name}-missing", partition_indexes=[0])])]), version=1)
    # Kafka answers partitions in hash order: compare them sorted.
    s.note("write markers stale", sorted((t.name, p.partition_index, p.error_code)
                                         for t in markers.markers[0].topics for p in t.partitions))
    verify = target.send(AddPartitionsToTxnRequest(transactions=[AddPartitionsToTxnTransaction(
        transactional_id=s.txn, producer_id=pid, producer_epoch=epoch3, verify_only=True,
        topics=[AddPartitionsToTxnTopic(name=s.topic, partitions=[0])])]), version=5)
    s.note("verify only", (verify.error_code, [(t.name, r.partition_index, r.partition_error_code)
                                               for x in verify.results_by_transaction for t in x.topic_results
                                               for r in t.results_by_partition]))
    group = f"{name}-group2"

    def offsets(version, topics, group_id=group, epoch=epoch3, **member):
        """TxnOffsetCommit, retried while Kafka's group coordinator loads the new partition."""
        for _ in range(ATTEMPTS):
            answer = target.send(TxnOffsetCommitRequest(
                transactional_id=s.txn, group_id=group_id, producer_id=pid, producer_epoch=epoch, **member,
                topics=[TxnOffsetCommitRequestTopic(name=t, partitions=[
                    TxnOffsetCommitRequestPartition(partition_index=0, committed_offset=1, committed_metadata="m")])
                    for t in topics]), version=version)
            codes = [(t.name, p.partition_index, p.error_code) for t in answer.topics for p in t.partitions]
            if not any(code in RETRIABLE_WHILE_STARTING for *_, code in codes):
                return codes
            time.sleep(0.1)
        raise AssertionError(f"TxnOffsetCommit kept failing: {codes}")

    # Apache Kafka is shared by the session, so whether __consumer_offsets exists yet depends on the tests that
    # ran before: make sure it does on both brokers.
    target.ensure_group_coordinator(group)
    s.note("txn offsets not added v3", offsets(3, [s.topic]))
    s.note("txn offsets not added v4", offsets(4, [s.topic]))
    s.note("add offsets 2", target.send(AddOffsetsToTxnRequest(
        transactional_id=s.txn, producer_id=pid, producer_epoch=epoch3, group_id=group), version=3).error_code)
    s.note("txn offsets", offsets(4, [s.topic, f"{name}-missing"]))
    s.note("txn offsets v0", offsets(0, [s.topic]))
    s.note("txn offsets stale epoch", offsets(4, [s.topic], epoch=epoch3 - 1))
    s.note("txn offsets empty group", offsets(4, [s.topic], group_id=""))
    s.note("txn offsets unknown member", offsets(4, [s.topic], generation_id=3, member_id="nobody"))
    s.note("txn offsets commit", s.end(pid, epoch3, True))
    s.note("txn offsets complete", s.wait_complete())
    return [(step, _without_names(value, name)) for step, value in s.seen]


def run_tv2_scenario(target, name: str) -> list:
    """Transaction version 2 as a Java 4.x client speaks it (both brokers finalize transaction.version 2 at
    format): Produce v12 adds partitions, TxnOffsetCommit v5 adds the group, EndTxn v5 bumps the epoch."""
    target.create_topic(f"{name}-t", partitions=2)
    s = Scenario(target, name)
    ensure_coordinator(target, s.txn)

    def end(pid, epoch, commit):
        answer = target.send(EndTxnRequest(transactional_id=s.txn, producer_id=pid, producer_epoch=epoch,
                                           committed=commit), version=5)
        return answer.error_code, s.pid(answer.producer_id), answer.producer_epoch - epoch

    error, pid, epoch = s.init(version=5)
    s.note("init", (error, s.pid(pid)))
    s.note("commit empty", end(pid, epoch, True))
    s.note("produce adds", s.produce(pid, epoch, 0, version=12))
    s.note("produce adds other", s.produce(pid, epoch, 0, version=12, partition=1))
    s.note("produce stale epoch", s.produce(pid, epoch - 1 if epoch else epoch + 3, 1, version=12))
    s.note("describe ongoing", [d[:4] + d[5:] for d in s.describe()])
    s.note("commit", end(pid, epoch, True))
    s.note("complete", s.wait_complete())
    producers = target.send(DescribeProducersRequest(topics=[TopicRequest(name=s.topic, partition_indexes=[0, 1])]),
                            version=0)
    s.note("markers' epochs", [(p.partition_index, [a.producer_epoch - epoch for a in p.active_producers])
                               for p in producers.topics[0].partitions])
    s.note("commit retried", end(pid, epoch, True))
    s.note("abort retried", end(pid, epoch, False))
    s.note("commit again", end(pid, epoch + 1, True))
    s.note("empty abort", end(pid, epoch + 1, False))
    s.note("empty abort complete", s.wait_complete())
    s.note("empty abort retried", end(pid, epoch + 1, False))
    s.note("commit after abort", end(pid, epoch + 2, True))
    s.note("fenced", end(pid, epoch + 7, False))
    s.note("wrong pid", end(pid + 1, epoch + 2, False))
    group = f"{name}-group"
    target.ensure_group_coordinator(group)
    for _ in range(ATTEMPTS):
        answer = target.send(TxnOffsetCommitRequest(
            transactional_id=s.txn, group_id=group, producer_id=pid, producer_epoch=epoch + 2,
            topics=[TxnOffsetCommitRequestTopic(name=s.topic, partitions=[
                TxnOffsetCommitRequestPartition(partition_index=0, committed_offset=1, committed_metadata="m")])]),
            version=5)
        codes = [(t.name, p.partition_index, p.error_code) for t in answer.topics for p in t.partitions]
        if not any(code in RETRIABLE_WHILE_STARTING for *_, code in codes):
            break
        time.sleep(0.1)
    s.note("txn offsets add the group", codes)
    s.note("describe with group", [(d[2], sorted(t for t, _ in d[6])) for d in s.describe()])
    s.note("commit offsets", end(pid, epoch + 2, True))
    s.note("offsets complete", s.wait_complete())
    markers = target.send(WriteTxnMarkersRequest(markers=[WritableTxnMarker(
        producer_id=pid, producer_epoch=epoch + 1, transaction_result=True, coordinator_epoch=0, transaction_version=2,
        topics=[WritableTxnMarkerTopic(name=s.topic, partition_indexes=[0])])]), version=2)
    s.note("tv2 marker at an old epoch", [(p.partition_index, p.error_code)
                                          for t in markers.markers[0].topics for p in t.partitions])
    return [(step, _without_names(value, name)) for step, value in s.seen]


def _without_names(value, name):
    if isinstance(value, str):
        return value.replace(name, "<name>")
    if isinstance(value, (list, tuple)):
        return type(value)(_without_names(v, name) for v in value)
    return value


def test_transaction_apis_match_kafka(kbroker_target, kafka_target, unique_name):
    kafka = run_scenario(kafka_target, unique_name)
    ours = run_scenario(kbroker_target, unique_name)
    for our, theirs in zip(ours, kafka, strict=True):
        assert our == theirs


def test_transaction_version_2_apis_match_kafka(kbroker_target, kafka_target, unique_name):
    kafka = run_tv2_scenario(kafka_target, unique_name)
    # what makes it transactions v2: each end bumps the epoch, the markers carry the bumped one
    assert ("commit", (0, ("pid", 0), 1)) in kafka and ("empty abort", (0, ("pid", 0), 1)) in kafka
    assert ("markers' epochs", [(0, [1]), (1, [1])]) in kafka
    ours = run_tv2_scenario(kbroker_target, unique_name)
    for our, theirs in zip(ours, kafka, strict=True):
        assert our == theirs
