"""Unit tests of kbroker.configs' building blocks: Java hash ordering and number rendering, broker synonyms,
the dynamic broker config checks and IncrementalAlterConfigs list operations on broker configs."""

import pytest

from kbroker.configs import broker_dynamic, schema
from kbroker.configs.java_order import hash_order, java_set_string, string_hash
from kbroker.metadata.topic_configs import TOPIC_CONFIG_KEYS
from kbroker.protocol.messages.incremental_alter_configs_request import AlterableConfig

# The order in which Apache Kafka 4.3.1 lists a topic's configs in DescribeConfigs.
KAFKA_TOPIC_CONFIG_ORDER = [
    "compression.type", "remote.log.delete.on.disable", "leader.replication.throttled.replicas",
    "remote.storage.enable", "min.insync.replicas", "segment.jitter.ms", "remote.log.copy.disable",
    "local.retention.ms", "cleanup.policy", "flush.ms", "follower.replication.throttled.replicas",
    "compression.lz4.level", "segment.bytes", "retention.ms", "compression.gzip.level", "flush.messages",
    "compression.zstd.level", "max.compaction.lag.ms", "file.delete.delay.ms", "max.message.bytes",
    "min.compaction.lag.ms", "message.timestamp.type", "local.retention.bytes", "preallocate",
    "index.interval.bytes", "min.cleanable.dirty.ratio", "unclean.leader.election.enable", "retention.bytes",
    "delete.retention.ms", "message.timestamp.after.max.ms", "message.timestamp.before.max.ms", "segment.ms",
    "segment.index.bytes"]


def test_string_hash_is_javas():
    assert string_hash("") == 0
    assert string_hash("hello") == 99162322
    assert string_hash("polygenelubricants") == -(2**31)  # the well-known Integer.MIN_VALUE hash


def test_topic_configs_come_in_kafkas_order():
    assert hash_order(TOPIC_CONFIG_KEYS) == KAFKA_TOPIC_CONFIG_ORDER


def test_set_rendering_follows_hash_set_order():
    assert java_set_string(["log.dirs", "num.partitions"]) == "[num.partitions, log.dirs]"
    assert java_set_string([]) == "[]"


@pytest.mark.parametrize("value, text", [(0.5, "0.5"), (1.0, "1.0"), (100.0, "100.0"), (1e-4, "1.0E-4"),
                                         (1.5e7, "1.5E7"), (12345678.9, "1.23456789E7"), (0.001, "0.001"),
                                         (-2.5e-5, "-2.5E-5"), (0.0, "0.0")])
def test_doubles_render_as_java_does(value, text):
    assert schema.java_double(value) == text


def test_config_strings():
    assert schema.config_string(["delete", "compact"], "LIST") == "delete,compact"
    assert schema.config_string([], "LIST") == ""
    assert schema.config_string(True, "BOOLEAN") == "true"
    assert schema.config_string(None, "LONG") is None
    assert schema.config_string(9223372036854775807, "LONG") == "9223372036854775807"


def test_broker_synonyms():
    assert schema.broker_synonyms("log.retention.hours") == ["log.retention.ms", "log.retention.minutes",
                                                             "log.retention.hours"]
    assert schema.broker_synonyms("log.flush.interval.ms") == ["log.flush.interval.ms",
                                                               "log.flush.scheduler.interval.ms"]
    assert schema.broker_synonyms("log.flush.scheduler.interval.ms") == ["log.flush.scheduler.interval.ms"]
    assert schema.broker_synonyms("listener.name.internal.ssl.keystore.location") == [
        "listener.name.internal.ssl.keystore.location", "ssl.keystore.location"]
    assert schema.broker_synonyms("listener.name.internal.plain.sasl.jaas.config") == [
        "listener.name.internal.plain.sasl.jaas.config", "sasl.jaas.config"]
    assert schema.broker_synonyms("num.io.threads") == ["num.io.threads"]


@pytest.mark.parametrize("props, per_broker, problem", [
    ({"log.retention.ms": "5"}, False, None),
    ({"my.own.plugin.setting": "anything"}, False, None),
    ({"log.dirs": "/x"}, True, "Cannot update these configs dynamically: [log.dirs]"),
    ({"ssl.keystore.password": "pw"}, True,
     "These security configs can be dynamically updated only per-listener using the listener prefix: "
     "[ssl.keystore.password]"),
    ({"log.retention.bytes": "many"}, True,
     "Invalid value many for configuration log.retention.bytes: Not a number of type LONG"),
    ({"background.threads": "many"}, True,
     "Invalid value many for configuration background.threads: Not a number of type INT"),
    ({"listener.name.plaintext.max.connections": "x"}, True,
     "Invalid value x for configuration max.connections: Not a number of type INT"),
    ({"listeners": "PLAINTEXT://:1"}, False,
     "Cannot update these configs at default cluster level, broker id must be specified: [listeners]"),
    ({"listener.name.plaintext.ssl.keystore.location": "/k"}, False,
     "Cannot update these configs at default cluster level, broker id must be specified: "
     "[listener.name.plaintext.ssl.keystore.location]"),
    ({"listener.name.plaintext.max.connections": "5"}, False, None),
])
def test_dynamic_config_checks(props, per_broker, problem):
    assert broker_dynamic.dynamic_config_problem(props, per_broker=per_broker) == problem


def test_stored_configs_a_broker_cannot_use_are_dropped():
    stored = {"log.retention.ms": "5", "log.dirs": "/x", "log.retention.bytes": "many", "custom": "1"}
    assert broker_dynamic.usable_dynamic_configs(stored, per_broker=True) == {"log.retention.ms": "5", "custom": "1"}


def ops(*items):
    return [AlterableConfig(name=name, config_operation=op, value=value) for name, op, value in items]


def test_list_operations_start_from_the_default_and_follow_kafkas_split_rules():
    apply = broker_dynamic.apply_operations
    assert apply({}, ops(("log.cleanup.policy", 2, "compact"))) == {"log.cleanup.policy": "delete,compact"}
    assert apply({}, ops(("log.cleanup.policy", 3, "delete"))) == {"log.cleanup.policy": ""}
    assert apply({"log.cleanup.policy": "compact"}, ops(("log.cleanup.policy", 2, "compact,delete,delete"))) == {
        "log.cleanup.policy": "compact,delete,delete"}
    assert apply({"log.cleanup.policy": "a,b,a"}, ops(("log.cleanup.policy", 3, "a"))) == {
        "log.cleanup.policy": "b,a"}
    assert apply({"x": "1"}, ops(("x", 1, None), ("y", 0, "2"))) == {"y": "2"}


@pytest.mark.parametrize("item, code, message", [
    (("foo.bar", 2, "1"), 40, "Unknown config name: foo.bar"),
    (("log.retention.bytes", 2, "1"), 40, "Config value append is not allowed for config key: log.retention.bytes"),
    (("log.retention.bytes", 3, "1"), 40,
     "Config value subtract is not allowed for config key: log.retention.bytes"),
    (("log.retention.bytes", 4, "1"), 42, "Unknown operations type 4"),
])
def test_list_operation_errors(item, code, message):
    with pytest.raises(broker_dynamic.OperationError) as failure:
        broker_dynamic.apply_operations({}, ops(item))
    assert (failure.value.error.code, failure.value.error.message) == (code, message)
