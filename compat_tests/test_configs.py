"""Topic configs round trip: create a topic with configs, describe every config (value, source, flags),
alter incrementally (SET, DELETE, APPEND, SUBTRACT) with both Python admin clients, describe again; invalid
configs get INVALID_CONFIG (40)."""

import confluent_kafka
import kafka
import pytest
from confluent_kafka.admin import AlterConfigOpType, ConfigEntry, ConfigResource, ConfigSource, ResourceType
from kafka.admin import ConfigResource as KafkaPythonConfigResource
from kafka.admin import ConfigResourceType

from compat_tests.py_clients import WAIT_S, admin_client, create_topic

INVALID_CONFIG = 40
DEFAULT = ConfigSource.DEFAULT_CONFIG.value
DYNAMIC_TOPIC = ConfigSource.DYNAMIC_TOPIC_CONFIG.value
DYNAMIC_DEFAULT_BROKER = ConfigSource.DYNAMIC_DEFAULT_BROKER_CONFIG.value

# Every topic config Apache Kafka 4.3.1 describes for a topic with no overrides, with its value and source.
# min.insync.replicas is a cluster-wide dynamic default: formatting a 4.x cluster (eligible leader replicas on)
# stores min.insync.replicas=1 as a dynamic broker default.
TOPIC_DEFAULTS = {
    "cleanup.policy": ("delete", DEFAULT),
    "compression.gzip.level": ("-1", DEFAULT),
    "compression.lz4.level": ("9", DEFAULT),
    "compression.type": ("producer", DEFAULT),
    "compression.zstd.level": ("3", DEFAULT),
    "delete.retention.ms": ("86400000", DEFAULT),
    "file.delete.delay.ms": ("60000", DEFAULT),
    "flush.messages": ("9223372036854775807", DEFAULT),
    "flush.ms": ("9223372036854775807", DEFAULT),
    "follower.replication.throttled.replicas": ("", DEFAULT),
    "index.interval.bytes": ("4096", DEFAULT),
    "leader.replication.throttled.replicas": ("", DEFAULT),
    "local.retention.bytes": ("-2", DEFAULT),
    "local.retention.ms": ("-2", DEFAULT),
    "max.compaction.lag.ms": ("9223372036854775807", DEFAULT),
    "max.message.bytes": ("1048588", DEFAULT),
    "message.timestamp.after.max.ms": ("3600000", DEFAULT),
    "message.timestamp.before.max.ms": ("9223372036854775807", DEFAULT),
    "message.timestamp.type": ("CreateTime", DEFAULT),
    "min.cleanable.dirty.ratio": ("0.5", DEFAULT),
    "min.compaction.lag.ms": ("0", DEFAULT),
    "min.insync.replicas": ("1", DYNAMIC_DEFAULT_BROKER),
    "preallocate": ("false", DEFAULT),
    "remote.log.copy.disable": ("false", DEFAULT),
    "remote.log.delete.on.disable": ("false", DEFAULT),
    "remote.storage.enable": ("false", DEFAULT),
    "retention.bytes": ("-1", DEFAULT),
    "retention.ms": ("604800000", DEFAULT),
    "segment.bytes": ("1073741824", DEFAULT),
    "segment.index.bytes": ("10485760", DEFAULT),
    "segment.jitter.ms": ("0", DEFAULT),
    "segment.ms": ("604800000", DEFAULT),
    "unclean.leader.election.enable": ("false", DEFAULT),
}

CREATED_WITH = {"retention.ms": "3600000", "cleanup.policy": "compact", "max.message.bytes": "500000"}


def describe(bootstrap: str, topic: str) -> dict[str, tuple[str, int]]:
    """Every config of `topic` as confluent-kafka's AdminClient describes it: name -> (value, source)."""
    admin = admin_client(bootstrap)  # kept referenced: the futures fail once the client is destroyed
    futures = admin.describe_configs([ConfigResource(ResourceType.TOPIC, topic)], request_timeout=WAIT_S)
    [entries] = [future.result(timeout=WAIT_S) for future in futures.values()]
    described = {}
    for name, entry in entries.items():
        assert not entry.is_read_only and not entry.is_sensitive, entry
        assert entry.is_default == (entry.source == DEFAULT), entry
        described[name] = (entry.value, entry.source)
    return described


def expected_with(overrides: dict[str, str]) -> dict[str, tuple[str, int]]:
    return {**TOPIC_DEFAULTS, **{name: (value, DYNAMIC_TOPIC) for name, value in overrides.items()}}


def alter_incrementally(bootstrap: str, topic: str, entries: list[ConfigEntry]) -> None:
    resource = ConfigResource(ResourceType.TOPIC, topic, incremental_configs=entries)
    admin = admin_client(bootstrap)
    futures = admin.incremental_alter_configs([resource], request_timeout=WAIT_S)
    for future in futures.values():
        future.result(timeout=WAIT_S)


def test_defaults_of_a_new_topic(broker, topic):
    create_topic(broker.bootstrap, topic)
    assert describe(broker.bootstrap, topic) == TOPIC_DEFAULTS


def test_create_describe_alter_describe(broker, topic):
    create_topic(broker.bootstrap, topic, configs=CREATED_WITH)
    assert describe(broker.bootstrap, topic) == expected_with(CREATED_WITH)

    alter_incrementally(broker.bootstrap, topic, [
        ConfigEntry("retention.ms", "7200000", incremental_operation=AlterConfigOpType.SET),
        ConfigEntry("max.message.bytes", None, incremental_operation=AlterConfigOpType.DELETE),
        ConfigEntry("cleanup.policy", "delete", incremental_operation=AlterConfigOpType.APPEND),
        ConfigEntry("segment.bytes", "16777216", incremental_operation=AlterConfigOpType.SET),
    ])
    altered = {"retention.ms": "7200000", "cleanup.policy": "compact,delete", "segment.bytes": "16777216"}
    assert describe(broker.bootstrap, topic) == expected_with(altered)

    # kafka-python describes the same, and its SUBTRACT removes one list element.
    admin = kafka.KafkaAdminClient(bootstrap_servers=broker.bootstrap)
    try:
        modified = admin.describe_configs([KafkaPythonConfigResource(ConfigResourceType.TOPIC, topic)])
        assert {name: entry["value"] for name, entry in modified["topic"][topic].items()} == altered
        assert {entry["config_source"] for entry in modified["topic"][topic].values()} == {"DYNAMIC_TOPIC_CONFIG"}
        admin.alter_configs([KafkaPythonConfigResource(ConfigResourceType.TOPIC, topic,
                                                       {"cleanup.policy": ("SUBTRACT", "compact")})])
    finally:
        admin.close()
    assert describe(broker.bootstrap, topic) == expected_with({**altered, "cleanup.policy": "delete"})


def test_invalid_configs_are_rejected(broker, topic):
    admin = admin_client(broker.bootstrap)
    futures = admin.create_topics(
        [confluent_kafka.admin.NewTopic(topic, num_partitions=1, replication_factor=1,
                                        config={"cleanup.policy": "bogus"})],
        request_timeout=WAIT_S,
    )
    with pytest.raises(confluent_kafka.KafkaException) as failure:
        futures[topic].result(timeout=WAIT_S)
    assert failure.value.args[0].code() == INVALID_CONFIG

    create_topic(broker.bootstrap, topic)
    for entry in (ConfigEntry("no.such.config", "1", incremental_operation=AlterConfigOpType.SET),
                  ConfigEntry("retention.ms", "soon", incremental_operation=AlterConfigOpType.SET)):
        with pytest.raises(confluent_kafka.KafkaException) as failure:
            alter_incrementally(broker.bootstrap, topic, [entry])
        assert failure.value.args[0].code() == INVALID_CONFIG, entry
    assert describe(broker.bootstrap, topic) == TOPIC_DEFAULTS
