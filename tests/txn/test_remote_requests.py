"""The coordinator's and the partition leader's requests to another broker in a cluster: WriteTxnMarkers
(remote_markers.py) and AddPartitionsToTxn VerifyOnly (remote_verification.py), against a channel that records
the request and answers as the other broker would, or fails as an unreachable one does."""

from __future__ import annotations

import trio

from kbroker.network import NetworkError
from kbroker.protocol import errors
from kbroker.protocol.messages.add_partitions_to_txn_response import (
    AddPartitionsToTxnPartitionResult,
    AddPartitionsToTxnResponse,
    AddPartitionsToTxnResult,
    AddPartitionsToTxnTopicResult,
)
from kbroker.protocol.messages.write_txn_markers_response import (
    WritableTxnMarkerPartitionResult,
    WritableTxnMarkerResult,
    WritableTxnMarkerTopicResult,
    WriteTxnMarkersResponse,
)
from kbroker.txn.remote_markers import write_remote_markers
from kbroker.txn.remote_verification import verify_on_coordinator


class Channel:
    def __init__(self, answer):
        self.answer = answer
        self.sent: list[tuple[int, object]] = []

    async def send(self, node_id, request):
        self.sent.append((node_id, request))
        if isinstance(self.answer, Exception):
            raise self.answer
        return self.answer


def markers_response(codes: dict[tuple[str, int], int], producer_id: int = 7) -> WriteTxnMarkersResponse:
    topics: dict[str, list] = {}
    for (topic, index), code in codes.items():
        topics.setdefault(topic, []).append(WritableTxnMarkerPartitionResult(partition_index=index, error_code=code))
    return WriteTxnMarkersResponse(markers=[WritableTxnMarkerResult(producer_id=producer_id, topics=[
        WritableTxnMarkerTopicResult(name=name, partitions=results) for name, results in topics.items()])])


def test_markers_the_leader_wrote_or_whose_partition_is_gone_are_settled_the_others_retried():
    channel = Channel(markers_response({("a", 0): errors.NONE.code, ("a", 1): errors.NOT_LEADER_OR_FOLLOWER.code,
                                        ("b", 0): errors.UNKNOWN_TOPIC_OR_PARTITION.code}))
    settled = trio.run(lambda: write_remote_markers(channel, 2, [("a", 0), ("a", 1), ("b", 0)], commit=True,
                                                    producer_id=7, producer_epoch=3, coordinator_epoch=5))
    assert settled == {("a", 0), ("b", 0)}
    [(node, request)] = channel.sent
    [marker] = request.markers
    assert node == 2 and (marker.producer_id, marker.producer_epoch, marker.transaction_result,
                          marker.coordinator_epoch) == (7, 3, True, 5)
    assert {(t.name, tuple(t.partition_indexes)) for t in marker.topics} == {("a", (0, 1)), ("b", (0,))}


def test_no_marker_is_settled_when_the_leader_did_not_answer():
    channel = Channel(NetworkError("connection refused"))
    assert trio.run(lambda: write_remote_markers(channel, 2, [("a", 0)], commit=False, producer_id=7,
                                                 producer_epoch=3, coordinator_epoch=5)) == set()


def verify_response(code: int, top_level: int = errors.NONE.code) -> AddPartitionsToTxnResponse:
    return AddPartitionsToTxnResponse(error_code=top_level, results_by_transaction=[AddPartitionsToTxnResult(
        transactional_id="t", topic_results=[AddPartitionsToTxnTopicResult(name="a", results_by_partition=[
            AddPartitionsToTxnPartitionResult(partition_index=1, partition_error_code=code)])])])


def verify(channel) -> int:
    return trio.run(lambda: verify_on_coordinator(channel, 3, "t", 7, 2, "a", 1))


def test_verification_on_the_coordinator_broker_is_a_verify_only_request_for_the_one_partition():
    channel = Channel(verify_response(errors.TRANSACTION_ABORTABLE.code))
    assert verify(channel) == errors.TRANSACTION_ABORTABLE.code
    [(node, request)] = channel.sent
    [txn] = request.transactions
    assert node == 3 and txn.verify_only and (txn.transactional_id, txn.producer_id, txn.producer_epoch) == ("t", 7, 2)
    assert [(t.name, t.partitions) for t in txn.topics] == [("a", [1])]
    assert verify(Channel(verify_response(errors.NONE.code))) == errors.NONE.code


def test_verification_fails_retriably_without_an_answer_and_takes_a_response_level_error():
    assert verify(Channel(NetworkError("timed out"))) == errors.NETWORK_EXCEPTION.code
    assert verify(None) == errors.NETWORK_EXCEPTION.code  # no inter-broker channels (not replicating)
    assert verify(Channel(verify_response(errors.NONE.code, top_level=errors.CLUSTER_AUTHORIZATION_FAILED.code))) \
        == errors.CLUSTER_AUTHORIZATION_FAILED.code


def test_a_transaction_version_2_write_asks_the_coordinator_broker_to_add_the_partition():
    channel = Channel(verify_response(errors.NONE.code))
    assert trio.run(lambda: verify_on_coordinator(channel, 3, "t", 7, 2, "a", 1, add=True)) == errors.NONE.code
    [(node, request)] = channel.sent
    [txn] = request.transactions
    assert node == 3 and not txn.verify_only and [(t.name, t.partitions) for t in txn.topics] == [("a", [1])]


def test_markers_name_their_transaction_version():
    channel = Channel(WriteTxnMarkersResponse(markers=[]))
    trio.run(lambda: write_remote_markers(channel, 2, [("a", 0)], commit=True, producer_id=7, producer_epoch=4,
                                          coordinator_epoch=5, transaction_version=2))
    [(_, request)] = channel.sent
    assert [(m.producer_epoch, m.transaction_version) for m in request.markers] == [(4, 2)]
