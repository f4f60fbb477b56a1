"""The metadata views the metadata APIs answer from: what a listener sees of brokers and partitions
(kbroker.metadata.listener_view), a topic's effective configs with sources (topic_config_view), and the
authorized-operations bitfields (acl_operations)."""

import uuid

from kbroker.config import BrokerConfig
from kbroker.metadata import acl_operations, listener_view
from kbroker.metadata.image import BrokerRegistration, Endpoint, MetadataImage, PartitionRegistration
from kbroker.metadata.topic_config_view import (
    DEFAULT_CONFIG,
    DYNAMIC_BROKER_CONFIG,
    DYNAMIC_DEFAULT_BROKER_CONFIG,
    DYNAMIC_TOPIC_CONFIG,
    STATIC_BROKER_CONFIG,
    effective_topic_configs,
)
from kbroker.metadata.topic_configs import TOPIC_CONFIG_KEYS
from kbroker.security.acls import CLUSTER, TOPIC
from kbroker.security.authorizer import all_operations

NONE, LEADER_NOT_AVAILABLE, REPLICA_NOT_AVAILABLE, LISTENER_NOT_FOUND = 0, 5, 9, 72
DIR_A, DIR_B = uuid.UUID(int=1000), uuid.UUID(int=2000)


def broker(broker_id, *, listeners=("PLAINTEXT",), fenced=False, log_dirs=(DIR_A,)):
    return BrokerRegistration(
        broker_id=broker_id, epoch=10, incarnation_id=uuid.UUID(int=broker_id),
        endpoints=tuple(Endpoint(name, f"host{broker_id}", 9000 + broker_id, 0) for name in listeners),
        supported_features=(), rack=f"rack{broker_id}", fenced=fenced, in_controlled_shutdown=False,
        log_dirs=log_dirs)


def image(*brokers):
    return MetadataImage(brokers={b.broker_id: b for b in brokers})


def partition(replicas, leader, isr=None, directories=()):
    return PartitionRegistration(partition_id=0, replicas=tuple(replicas), isr=tuple(isr or replicas),
                                 leader=leader, leader_epoch=4, partition_epoch=7, directories=tuple(directories))


def test_brokers_are_listed_per_listener_without_fenced_ones_unless_asked():
    cluster = image(broker(3), broker(1), broker(2, fenced=True), broker(4, listeners=("OTHER",)))
    assert [(n.node_id, n.port) for n in listener_view.broker_nodes(cluster, "PLAINTEXT")] == [(1, 9001), (3, 9003)]
    with_fenced = listener_view.broker_nodes(cluster, "PLAINTEXT", include_fenced=True)
    assert [(n.node_id, n.fenced, n.rack) for n in with_fenced] == [(1, False, "rack1"), (2, True, "rack2"),
                                                                    (3, False, "rack3")]
    assert [n.node_id for n in listener_view.broker_nodes(cluster, "OTHER")] == [4]


def test_controller_id_is_an_alive_broker():
    assert listener_view.controller_id(image(broker(2, fenced=True), broker(5))) == 5
    assert listener_view.controller_id(image(broker(2, fenced=True))) == -1


def test_controller_id_is_drawn_from_every_alive_broker():
    cluster = image(broker(1), broker(2, fenced=True), broker(3), broker(4))
    offered = []
    listener_view.controller_id(cluster, choose=lambda alive: offered.extend(alive) or alive[-1])
    assert sorted(offered) == [1, 3, 4]
    assert {listener_view.controller_id(cluster) for _ in range(200)} == {1, 3, 4}


def test_a_healthy_partition():
    view = listener_view.partition_view(image(broker(1), broker(2)), partition([1, 2], 1), "PLAINTEXT")
    assert (view.error_code, view.leader_id, view.leader_epoch, view.replicas, view.isr, view.offline_replicas) == (
        NONE, 1, 4, [1, 2], [1, 2], [])


def test_offline_replicas_unregistered_fenced_listenerless_or_lost_directory():
    cluster = image(broker(1), broker(2, fenced=True), broker(3, listeners=("OTHER",)), broker(4, log_dirs=(DIR_B,)))
    registration = partition([1, 2, 3, 4, 5], 1, directories=[DIR_A, DIR_A, DIR_A, DIR_A, DIR_A])
    view = listener_view.partition_view(cluster, registration, "PLAINTEXT")
    assert view.offline_replicas == [2, 3, 4, 5]
    assert (view.error_code, view.replicas) == (NONE, [1, 2, 3, 4, 5])


def test_unassigned_directories_count_as_online():
    registration = partition([1], 1, directories=[uuid.UUID(int=0)])
    assert listener_view.partition_view(image(broker(1)), registration, "PLAINTEXT").offline_replicas == []


def test_leader_without_registration_or_listener():
    missing = listener_view.partition_view(image(broker(2)), partition([1, 2], 1), "PLAINTEXT",
                                           error_unavailable_listeners=True)
    assert (missing.error_code, missing.leader_id, missing.leader_epoch) == (LEADER_NOT_AVAILABLE, -1, 4)
    no_listener = image(broker(1, listeners=("OTHER",)))
    assert listener_view.partition_view(no_listener, partition([1], 1), "PLAINTEXT").error_code == LEADER_NOT_AVAILABLE
    v6 = listener_view.partition_view(no_listener, partition([1], 1), "PLAINTEXT", error_unavailable_listeners=True)
    assert (v6.error_code, v6.leader_id) == (LISTENER_NOT_FOUND, -1)


def test_metadata_v0_drops_unreachable_replicas():
    cluster = image(broker(1), broker(2, fenced=True))
    view = listener_view.partition_view(cluster, partition([1, 2], 1), "PLAINTEXT", error_unavailable_endpoints=True)
    assert (view.error_code, view.replicas, view.isr) == (REPLICA_NOT_AVAILABLE, [1], [1])


def test_authorized_operation_bitfields_match_kafka_without_an_authorizer():
    assert all_operations(TOPIC) == 3576
    assert all_operations(CLUSTER) == 8096
    assert acl_operations.OMITTED == -2147483648


def config(**props):
    return BrokerConfig.from_properties({"log.dirs": "/tmp/kbroker-test", **props})


def sources(entries):
    return {entry.name: (entry.value, entry.source) for entry in entries}


def test_defaults_cover_every_topic_config_in_name_order():
    entries = effective_topic_configs(config(), MetadataImage(), {})
    assert [e.name for e in entries] == sorted(TOPIC_CONFIG_KEYS)
    found = sources(entries)
    assert found["retention.ms"] == ("604800000", DEFAULT_CONFIG)
    assert found["cleanup.policy"] == ("delete", DEFAULT_CONFIG)
    assert found["min.cleanable.dirty.ratio"] == ("0.5", DEFAULT_CONFIG)
    assert found["leader.replication.throttled.replicas"] == ("", DEFAULT_CONFIG)
    assert found["preallocate"] == ("false", DEFAULT_CONFIG)
    assert not any(e.read_only or e.sensitive for e in entries)


def test_precedence_topic_then_dynamic_broker_then_cluster_default_then_static():
    static = config(**{"log.retention.hours": "2", "log.segment.bytes": "2097152", "message.max.bytes": "5000",
                       "log.cleanup.policy": "compact,delete"})
    cluster = MetadataImage(broker_configs={"": {"log.retention.minutes": "3", "log.segment.bytes": "3145728"},
                                            "1": {"log.segment.bytes": "4194304"}})
    found = sources(effective_topic_configs(static, cluster, {"max.message.bytes": "777"}))
    assert found["max.message.bytes"] == ("777", DYNAMIC_TOPIC_CONFIG)
    assert found["segment.bytes"] == ("4194304", DYNAMIC_BROKER_CONFIG)
    assert found["retention.ms"] == (str(3 * 60 * 1000), DYNAMIC_DEFAULT_BROKER_CONFIG)
    assert found["cleanup.policy"] == ("compact,delete", STATIC_BROKER_CONFIG)


def test_synonyms_in_kafkas_order_with_unit_conversion():
    found = sources(effective_topic_configs(config(**{"log.retention.hours": "1", "log.roll.hours": "5"}),
                                            MetadataImage(), {}))
    assert found["retention.ms"] == ("3600000", STATIC_BROKER_CONFIG)
    assert found["segment.ms"] == (str(5 * 3600 * 1000), STATIC_BROKER_CONFIG)
    both = sources(effective_topic_configs(config(**{"log.retention.ms": "1234", "log.retention.hours": "1"}),
                                           MetadataImage(), {}))
    assert both["retention.ms"] == ("1234", STATIC_BROKER_CONFIG)
