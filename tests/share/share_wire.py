"""Wire-level helpers of the share group tests: a member's ShareGroupHeartbeat, ShareFetch and ShareAcknowledge
on one partition, sent with the blocking test client."""

from __future__ import annotations

from kafka import KafkaAdminClient, KafkaProducer
from kafka.admin import NewTopic

from kbroker.protocol.messages.share_acknowledge_request import AcknowledgementBatch as AckBatch
from kbroker.protocol.messages.share_acknowledge_request import (
    AcknowledgePartition,
    AcknowledgeTopic,
    ShareAcknowledgeRequest,
)
from kbroker.protocol.messages.share_fetch_request import AcknowledgementBatch as FetchAckBatch
from kbroker.protocol.messages.share_fetch_request import FetchPartition, FetchTopic, ShareFetchRequest
from kbroker.protocol.messages.share_group_heartbeat_request import ShareGroupHeartbeatRequest

ACCEPT, RELEASE, REJECT = 1, 2, 3


def create_topic(bootstrap: str, name: str, partitions: int = 1) -> None:
    admin = KafkaAdminClient(bootstrap_servers=bootstrap)
    try:
        admin.create_topics([NewTopic(name, partitions, 1)])
    finally:
        admin.close()


def produce(bootstrap: str, topic: str, values: list[str]) -> None:
    producer = KafkaProducer(bootstrap_servers=bootstrap)
    try:
        for value in values:
            producer.send(topic, value.encode(), partition=0)
        producer.flush()
    finally:
        producer.close()


def join(conn, group: str, member: str, topic: str):
    return conn.send(ShareGroupHeartbeatRequest(group_id=group, member_id=member, member_epoch=0,
                                                subscribed_topic_names=[topic]), version=1)


def share_fetch(conn, group: str, member: str, epoch: int, topic_id, acks=(), max_wait_ms: int = 2000):
    partition = FetchPartition(partition_index=0, acknowledgement_batches=[
        FetchAckBatch(first_offset=a, last_offset=b, acknowledge_types=[t]) for a, b, t in acks])
    return conn.send(ShareFetchRequest(group_id=group, member_id=member, share_session_epoch=epoch,
                                       max_wait_ms=max_wait_ms, min_bytes=1, max_bytes=1 << 20, max_records=500,
                                       batch_size=500, topics=[FetchTopic(topic_id=topic_id, partitions=[partition])]),
                     version=2)


def share_acknowledge(conn, group: str, member: str, epoch: int, topic_id, acks):
    return conn.send(ShareAcknowledgeRequest(group_id=group, member_id=member, share_session_epoch=epoch, topics=[
        AcknowledgeTopic(topic_id=topic_id, partitions=[AcknowledgePartition(partition_index=0, acknowledgement_batches=[
            AckBatch(first_offset=a, last_offset=b, acknowledge_types=[t]) for a, b, t in acks])])]), version=2)


def acquired(response) -> list[tuple[int, int, int]]:
    """(first offset, last offset, delivery count) of every acquired range in a ShareFetch answer."""
    return [(r.first_offset, r.last_offset, r.delivery_count)
            for t in response.responses for p in t.partitions for r in p.acquired_records]


def partition_codes(response) -> list[int]:
    return [p.error_code for t in response.responses for p in t.partitions]
