"""Metadata's PartitionsCache: a topic's answered partitions are built once per image (and per listener and
version rule), and a new image is answered from itself, never from what an earlier image said."""

from __future__ import annotations

import uuid

from kbroker.api.metadata import PartitionsCache
from kbroker.metadata.image import (
    BrokerRegistration,
    Endpoint,
    MetadataImage,
    PartitionRegistration,
    TopicImage,
)
from kbroker.protocol import errors

TOPIC_ID = uuid.uuid4()


def image_with(leader: int, replicas: tuple[int, ...] = (1, 2)) -> MetadataImage:
    brokers = {1: BrokerRegistration(1, 10, uuid.UUID(int=1), (Endpoint("PLAINTEXT", "127.0.0.1", 9092, 0),), (),
                                     None, False, False, ())}  # broker 2 is not registered: unreachable
    registration = PartitionRegistration(partition_id=0, replicas=replicas, isr=replicas, leader=leader,
                                         leader_epoch=leader, partition_epoch=leader)
    topic = TopicImage("t", TOPIC_ID, {0: registration})
    return MetadataImage(offset=1, epoch=1, brokers=brokers, topics_by_id={TOPIC_ID: topic},
                         topics_by_name={"t": topic})


def test_one_image_builds_a_topic_s_partitions_once_per_listener_and_version_rule():
    cache, image = PartitionsCache(), image_with(leader=1)
    topic = image.topic("t")
    first = cache.get(image, topic, "PLAINTEXT", 12)
    assert cache.get(image, topic, "PLAINTEXT", 12) is first
    assert cache.get(image, topic, "PLAINTEXT", 9) is first  # v6+ share one rule
    v0 = cache.get(image, topic, "PLAINTEXT", 0)
    assert v0 is not first
    # v0 leaves out the unreachable replica and says so; v6+ list it
    assert (v0[0].replica_nodes, v0[0].error_code) == ([1], errors.REPLICA_NOT_AVAILABLE.code)
    assert (first[0].replica_nodes, first[0].error_code) == ([1, 2], errors.NONE.code)
    other_listener = cache.get(image, topic, "INTERNAL", 12)
    assert other_listener[0].error_code == errors.LISTENER_NOT_FOUND.code


def test_a_new_image_is_answered_from_itself():
    cache = PartitionsCache()
    before = image_with(leader=1)
    assert cache.get(before, before.topic("t"), "PLAINTEXT", 12)[0].leader_epoch == 1
    after = image_with(leader=2)
    answered = cache.get(after, after.topic("t"), "PLAINTEXT", 12)[0]
    assert (answered.leader_epoch, answered.error_code) == (2, errors.LEADER_NOT_AVAILABLE.code)
