"""The share coordinator's RPCs at the wire level against an in-process kbroker: Initialize, Read, Write,
ReadSummary and Delete of one share-partition's state, with the state and leader epoch fencing."""

from __future__ import annotations

import uuid

import pytest

from kbroker.protocol import errors
from kbroker.protocol.blocking_client import KafkaConnection
from kbroker.protocol.messages import delete_share_group_state_request as D
from kbroker.protocol.messages import initialize_share_group_state_request as I
from kbroker.protocol.messages import read_share_group_state_request as R
from kbroker.protocol.messages import read_share_group_state_summary_request as S
from kbroker.protocol.messages import write_share_group_state_request as W
from kbroker.testing import broker_config, run_broker_in_thread

TOPIC_ID = uuid.UUID("7e57ab1e-0000-4000-8000-000000000001")
GROUP = "g"


@pytest.fixture
def conn(tmp_path):
    with run_broker_in_thread(broker_config(tmp_path / "logs")) as broker:
        with KafkaConnection(f"{broker.host}:{broker.port}") as connection:
            yield connection


def _codes(response) -> list[int]:
    return [p.error_code for r in response.results for p in r.partitions]


def _read(conn, leader_epoch: int = 0):
    response = conn.send(R.ReadShareGroupStateRequest(group_id=GROUP, topics=[R.ReadStateData(
        topic_id=TOPIC_ID, partitions=[R.PartitionData(partition=0, leader_epoch=leader_epoch)])]), version=0)
    return response.results[0].partitions[0]


def _write(conn, state_epoch: int, leader_epoch: int, start_offset: int, batches):
    return conn.send(W.WriteShareGroupStateRequest(group_id=GROUP, topics=[W.WriteStateData(
        topic_id=TOPIC_ID, partitions=[W.PartitionData(
            partition=0, state_epoch=state_epoch, leader_epoch=leader_epoch, start_offset=start_offset,
            state_batches=[W.StateBatch(first_offset=a, last_offset=b, delivery_state=s, delivery_count=c)
                           for a, b, s, c in batches])])]), version=1)


def test_initialize_read_write_summary_delete(conn):
    assert _read(conn).error_code == errors.UNKNOWN_TOPIC_OR_PARTITION.code
    initialized = conn.send(I.InitializeShareGroupStateRequest(group_id=GROUP, topics=[I.InitializeStateData(
        topic_id=TOPIC_ID, partitions=[I.PartitionData(partition=0, state_epoch=1, start_offset=10)])]), version=0)
    assert _codes(initialized) == [0]
    read = _read(conn, leader_epoch=3)
    assert (read.error_code, read.state_epoch, read.start_offset, read.state_batches) == (0, 1, 10, [])

    assert _codes(_write(conn, 1, 3, 10, [(10, 14, 2, 1), (15, 19, 0, 2)])) == [0]
    assert _codes(_write(conn, 1, 3, 12, [(15, 16, 4, 3)])) == [0]  # an update over part of the window
    read = _read(conn, leader_epoch=3)
    assert read.start_offset == 12
    assert [(b.first_offset, b.last_offset, b.delivery_state, b.delivery_count) for b in read.state_batches] == \
        [(12, 14, 2, 1), (15, 16, 4, 3), (17, 19, 0, 2)]

    assert _codes(_write(conn, 0, 3, 12, [])) == [errors.FENCED_STATE_EPOCH.code]
    assert _codes(_write(conn, 1, 2, 12, [])) == [errors.FENCED_LEADER_EPOCH.code]
    assert _read(conn, leader_epoch=1).error_code == errors.FENCED_LEADER_EPOCH.code

    summary = conn.send(S.ReadShareGroupStateSummaryRequest(group_id=GROUP, topics=[S.ReadStateSummaryData(
        topic_id=TOPIC_ID, partitions=[S.PartitionData(partition=0, leader_epoch=3)])]), version=1)
    p = summary.results[0].partitions[0]
    assert (p.error_code, p.state_epoch, p.leader_epoch, p.start_offset, p.delivery_complete_count) == \
        (0, 1, 3, 12, 5)

    deleted = conn.send(D.DeleteShareGroupStateRequest(group_id=GROUP, topics=[D.DeleteStateData(
        topic_id=TOPIC_ID, partitions=[D.PartitionData(partition=0)])]), version=0)
    assert _codes(deleted) == [0]
    assert _read(conn).error_code == errors.UNKNOWN_TOPIC_OR_PARTITION.code


def test_find_coordinator_for_share_state_keys(conn):
    from kbroker.kafka_uuid import kafka_uuid_string
    from kbroker.protocol.messages.find_coordinator_request import FindCoordinatorRequest

    key = f"{GROUP}:{kafka_uuid_string(TOPIC_ID)}:0"
    answers = []
    for _ in range(2):  # the first asks for __share_group_state to be created
        answers = conn.send(FindCoordinatorRequest(key_type=2, coordinator_keys=[key, "bad-key", ":x:0"]),
                            version=6).coordinators
    assert [c.error_code for c in answers] == [0, errors.INVALID_REQUEST.code, errors.INVALID_REQUEST.code]
    assert answers[0].node_id == 1
    old = conn.send(FindCoordinatorRequest(key_type=2, coordinator_keys=[key]), version=5).coordinators
    assert [c.error_code for c in old] == [errors.INVALID_REQUEST.code]
