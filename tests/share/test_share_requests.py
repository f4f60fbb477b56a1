"""ShareGroupHeartbeat, ShareFetch and ShareAcknowledge against an in-process kbroker, at the wire level: a member
joins and gets the topic's partitions, acquires records, acknowledges them, and sees what a share group
promises (accepted records are not delivered again, released ones are, with their delivery count raised;
session epochs are checked)."""

from __future__ import annotations

import uuid

import pytest
from kafka import KafkaAdminClient, KafkaProducer
from kafka.admin import NewTopic

from kbroker.protocol import errors
from kbroker.protocol.blocking_client import KafkaConnection
from kbroker.protocol.messages.share_acknowledge_request import AcknowledgementBatch as AckBatchA
from kbroker.protocol.messages.share_acknowledge_request import (
    AcknowledgePartition,
    AcknowledgeTopic,
    ShareAcknowledgeRequest,
)
from kbroker.protocol.messages.share_fetch_request import FetchPartition, FetchTopic, ShareFetchRequest
from kbroker.protocol.messages.share_group_describe_request import ShareGroupDescribeRequest
from kbroker.protocol.messages.share_group_heartbeat_request import ShareGroupHeartbeatRequest
from kbroker.testing import broker_config, run_broker_in_thread

ACCEPT, RELEASE, REJECT = 1, 2, 3


@pytest.fixture
def broker(tmp_path):
    config = broker_config(tmp_path / "logs", {"group.share.record.lock.duration.ms": 1000,
                                               "group.share.min.record.lock.duration.ms": 1000})
    with run_broker_in_thread(config) as running:
        yield running


def _bootstrap(broker) -> str:
    return f"{broker.host}:{broker.port}"


def _topic(broker, name: str, partitions: int = 1) -> uuid.UUID:
    admin = KafkaAdminClient(bootstrap_servers=_bootstrap(broker))
    try:
        admin.create_topics([NewTopic(name, partitions, 1)])
    finally:
        admin.close()
    return broker.state.image.topic(name).topic_id


def _produce(broker, topic: str, values: list[str]) -> None:
    producer = KafkaProducer(bootstrap_servers=_bootstrap(broker))
    try:
        for value in values:
            producer.send(topic, value.encode(), partition=0)
        producer.flush()
    finally:
        producer.close()


def _join(conn, group: str, member: str, topic: str):
    return conn.send(ShareGroupHeartbeatRequest(group_id=group, member_id=member, member_epoch=0,
                                                subscribed_topic_names=[topic]), version=1)


def _fetch(conn, group, member, epoch, topic_id, acks=(), max_wait_ms=2000):
    from kbroker.protocol.messages.share_fetch_request import AcknowledgementBatch
    partition = FetchPartition(partition_index=0, acknowledgement_batches=[
        AcknowledgementBatch(first_offset=a, last_offset=b, acknowledge_types=[t]) for a, b, t in acks])
    return conn.send(ShareFetchRequest(group_id=group, member_id=member, share_session_epoch=epoch,
                                       max_wait_ms=max_wait_ms, min_bytes=1, max_bytes=1 << 20, max_records=500,
                                       batch_size=500, topics=[FetchTopic(topic_id=topic_id, partitions=[partition])]),
                     version=2)


def _ack(conn, group, member, epoch, topic_id, acks):
    return conn.send(ShareAcknowledgeRequest(group_id=group, member_id=member, share_session_epoch=epoch, topics=[
        AcknowledgeTopic(topic_id=topic_id, partitions=[AcknowledgePartition(partition_index=0, acknowledgement_batches=[
            AckBatchA(first_offset=a, last_offset=b, acknowledge_types=[t]) for a, b, t in acks])])]), version=2)


def _acquired(response):
    return [(r.first_offset, r.last_offset, r.delivery_count)
            for t in response.responses for p in t.partitions for r in p.acquired_records]


def test_join_fetch_accept_release_and_redelivery(broker):
    topic_id = _topic(broker, "queue")
    member = "member-a"
    with KafkaConnection(_bootstrap(broker)) as conn:
        joined = _join(conn, "g", member, "queue")
        assert joined.error_code == 0 and joined.member_epoch == 1
        assert [(tp.topic_id, tp.partitions) for tp in joined.assignment.topic_partitions] == [(topic_id, [0])]
        first = _fetch(conn, "g", member, 0, topic_id, max_wait_ms=0)  # opens the session, starts at the end
        assert first.error_code == 0 and _acquired(first) == []
        _produce(broker, "queue", [f"v{i}" for i in range(5)])
        second = _fetch(conn, "g", member, 1, topic_id)
        assert _acquired(second) == [(0, 4, 1)]
        assert second.acquisition_lock_timeout_ms == 1000
        acked = _ack(conn, "g", member, 2, topic_id, [(0, 1, ACCEPT), (2, 2, REJECT), (3, 4, RELEASE)])
        assert [p.error_code for t in acked.responses for p in t.partitions] == [0]
        again = _fetch(conn, "g", member, 3, topic_id)
        assert _acquired(again) == [(3, 4, 2)]
        # Acknowledging a record it does not hold is INVALID_RECORD_STATE.
        refused = _ack(conn, "g", member, 4, topic_id, [(0, 0, ACCEPT)])
        assert [p.error_code for t in refused.responses for p in t.partitions] == [errors.INVALID_RECORD_STATE.code]
        # A stale epoch is refused for the whole request.
        stale = _fetch(conn, "g", member, 2, topic_id)
        assert stale.error_code == errors.INVALID_SHARE_SESSION_EPOCH.code
        described = conn.send(ShareGroupDescribeRequest(group_ids=["g", "nope"]), version=1)
        g, nope = described.groups
        assert (g.error_code, g.group_state, [m.member_id for m in g.members]) == (0, "Stable", [member])
        assert nope.error_code == errors.GROUP_ID_NOT_FOUND.code


def test_expired_lock_redelivers_to_another_member(broker):
    topic_id = _topic(broker, "queue2")
    with KafkaConnection(_bootstrap(broker)) as a, KafkaConnection(_bootstrap(broker)) as b:
        assert _join(a, "g2", "a", "queue2").error_code == 0
        assert _join(b, "g2", "b", "queue2").error_code == 0
        _fetch(a, "g2", "a", 0, topic_id, max_wait_ms=0)
        _fetch(b, "g2", "b", 0, topic_id, max_wait_ms=0)
        _produce(broker, "queue2", ["x"])
        assert _acquired(_fetch(a, "g2", "a", 1, topic_id)) == [(0, 0, 1)]
        # b waits: the record comes to it once a's lock (1 s) expired.
        assert _acquired(_fetch(b, "g2", "b", 1, topic_id, max_wait_ms=10_000)) == [(0, 0, 2)]
        late = _ack(a, "g2", "a", 2, topic_id, [(0, 0, ACCEPT)])
        assert [p.error_code for t in late.responses for p in t.partitions] == [errors.INVALID_RECORD_STATE.code]

