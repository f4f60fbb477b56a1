"""Applying records to images: immutability, partition changes, removals, and the image written as records."""

from __future__ import annotations

import uuid

import pytest

from kbroker.metadata.image import (
    BROKER_RESOURCE,
    TOPIC_RESOURCE,
    MetadataImage,
    apply_records,
    image_records,
)
from kbroker.protocol.messages.metadata.broker_registration_change_record import (
    BrokerRegistrationChangeRecord,
)
from kbroker.protocol.messages.metadata.config_record import ConfigRecord
from kbroker.protocol.messages.metadata.feature_level_record import FeatureLevelRecord
from kbroker.protocol.messages.metadata.partition_change_record import PartitionChangeRecord
from kbroker.protocol.messages.metadata.partition_record import PartitionRecord
from kbroker.protocol.messages.metadata.producer_ids_record import ProducerIdsRecord
from kbroker.protocol.messages.metadata.register_broker_record import BrokerEndpoint, RegisterBrokerRecord
from kbroker.protocol.messages.metadata.register_controller_record import (
    ControllerEndpoint,
    ControllerFeature,
    RegisterControllerRecord,
)
from kbroker.protocol.messages.metadata.remove_topic_record import RemoveTopicRecord
from kbroker.protocol.messages.metadata.topic_record import TopicRecord

TOPIC_ID = uuid.UUID(int=12345)


def base_records():
    return [
        FeatureLevelRecord(name="metadata.version", feature_level=30),
        RegisterBrokerRecord(broker_id=1, broker_epoch=5, incarnation_id=uuid.UUID(int=7), fenced=True,
                             end_points=[BrokerEndpoint(name="PLAINTEXT", host="h", port=1, security_protocol=0)]),
        BrokerRegistrationChangeRecord(broker_id=1, broker_epoch=5, fenced=-1),
        RegisterControllerRecord(controller_id=3000, incarnation_id=uuid.UUID(int=8), end_points=[
            ControllerEndpoint(name="CONTROLLER", host="c", port=9093, security_protocol=0)],
            features=[ControllerFeature(name="metadata.version", min_supported_version=7, max_supported_version=30)]),
        TopicRecord(name="t", topic_id=TOPIC_ID),
        ConfigRecord(resource_type=TOPIC_RESOURCE, resource_name="t", name="retention.ms", value="10"),
        ConfigRecord(resource_type=BROKER_RESOURCE, resource_name="", name="min.insync.replicas", value="1"),
        PartitionRecord(partition_id=0, topic_id=TOPIC_ID, replicas=[1], isr=[1], leader=1, leader_epoch=0,
                        partition_epoch=0),
        ProducerIdsRecord(broker_id=1, broker_epoch=5, next_producer_id=2000),
    ]


def test_apply_builds_a_new_image_and_leaves_the_old_one():
    empty = MetadataImage()
    image = apply_records(empty, base_records(), 8, 1)
    assert empty.topics_by_name == {} and empty.features == {}
    assert image.offset == 8 and image.metadata_version == 30
    assert not image.brokers[1].fenced and image.brokers[1].endpoint("PLAINTEXT").host == "h"
    assert image.partition("t", 0).leader == 1
    assert dict(image.configs_of_topic("t")) == {"retention.ms": "10"}
    assert dict(image.configs_of_broker("")) == {"min.insync.replicas": "1"}
    assert image.next_producer_id == 2000
    controller = image.controllers[3000]
    assert (controller.incarnation_id, controller.endpoint("CONTROLLER").port, controller.supported_features) == \
        (uuid.UUID(int=8), 9093, (("metadata.version", 7, 30),))
    again = apply_records(image, [RegisterControllerRecord(controller_id=3000, incarnation_id=uuid.UUID(int=9))], 9, 1)
    assert again.controllers[3000].incarnation_id == uuid.UUID(int=9) and again.controllers[3000].endpoints == ()
    assert image.controllers[3000].incarnation_id == uuid.UUID(int=8)
    with pytest.raises(TypeError):
        image.topics_by_name["x"] = None


def test_partition_change_bumps_epochs():
    image = apply_records(MetadataImage(), base_records(), 8, 1)
    changed = apply_records(image, [PartitionChangeRecord(partition_id=0, topic_id=TOPIC_ID, isr=[1, 2])], 9, 1)
    p = changed.partition("t", 0)
    assert (p.isr, p.leader, p.leader_epoch, p.partition_epoch) == ((1, 2), 1, 0, 1)
    moved = apply_records(changed, [PartitionChangeRecord(partition_id=0, topic_id=TOPIC_ID, leader=-1)], 10, 1)
    p = moved.partition("t", 0)
    assert (p.leader, p.leader_epoch, p.partition_epoch) == (-1, 1, 2)
    assert image.partition("t", 0).partition_epoch == 0


def test_remove_topic_drops_its_configs():
    image = apply_records(MetadataImage(), base_records(), 8, 1)
    removed = apply_records(image, [RemoveTopicRecord(topic_id=TOPIC_ID)], 9, 1)
    assert removed.topic("t") is None and removed.topic_by_id(TOPIC_ID) is None
    assert "t" not in removed.topic_configs
    assert dict(removed.configs_of_broker("")) == {"min.insync.replicas": "1"}


def test_config_delete_and_feature_removal():
    image = apply_records(MetadataImage(), base_records(), 8, 1)
    image = apply_records(image, [
        ConfigRecord(resource_type=TOPIC_RESOURCE, resource_name="t", name="retention.ms", value=None),
        FeatureLevelRecord(name="metadata.version", feature_level=0)], 10, 1)
    assert "t" not in image.topic_configs and image.metadata_version == 0


def test_records_for_unknown_topics_are_rejected():
    with pytest.raises(ValueError):
        apply_records(MetadataImage(), [PartitionRecord(partition_id=0, topic_id=TOPIC_ID)], 0, 1)
    with pytest.raises(ValueError):
        apply_records(MetadataImage(), [RemoveTopicRecord(topic_id=TOPIC_ID)], 0, 1)


def test_image_written_as_records_reads_back_equal():
    image = apply_records(MetadataImage(), base_records(), 8, 1)
    records = list(image_records(image))
    assert type(records[0].message) is FeatureLevelRecord
    assert apply_records(MetadataImage(), records, 8, 1) == image
