"""IncrementalAlterConfigs (key 44) and AlterConfigs (key 33) against an in-process broker: topic, broker and
logger changes, validate_only, Kafka's errors, persistence across a restart, kafka-python and confluent-kafka.
The messages asserted here are Apache Kafka 4.3.1's (test_configs_vs_apache_kafka runs most of them against
Kafka itself)."""

import logging

import confluent_kafka.admin as confluent
import pytest
from configs_probe import (
    APPEND,
    BROKER,
    BROKER_LOGGER,
    DELETE,
    SET,
    SUBTRACT,
    TOPIC,
    alter_incremental,
    alter_legacy,
    create_topic,
    describe,
)
from kafka import KafkaAdminClient
from kafka.admin import AlterConfigOp, ConfigResource, ConfigResourceType

from kbroker.protocol.blocking_client import KafkaConnection
from kbroker.testing import broker_config, run_broker_in_thread

OK = (0, None)
TOPIC_CONFIG, DYNAMIC_BROKER, DYNAMIC_DEFAULT, DEFAULT = 1, 2, 3, 5


@pytest.fixture(scope="module")
def broker(tmp_path_factory):
    with run_broker_in_thread(broker_config(tmp_path_factory.mktemp("alter") / "logs")) as running:
        yield running


@pytest.fixture
def conn(broker):
    with KafkaConnection(broker.bootstrap) as connection:
        yield connection


def overrides(conn, topic):
    return {name: e["value"] for name, e in describe(conn, TOPIC, topic).items() if e["source"] == TOPIC_CONFIG}


def test_incremental_operations_on_a_topic(conn):
    create_topic(conn, "inc")
    assert alter_incremental(conn, [(TOPIC, "inc", [("retention.ms", SET, "5000"),
                                                    ("cleanup.policy", SET, "delete")])]) == [OK]
    assert alter_incremental(conn, [(TOPIC, "inc", [("cleanup.policy", APPEND, "compact"),
                                                    ("segment.ms", SET, "60000")])]) == [OK]
    assert overrides(conn, "inc") == {"retention.ms": "5000", "cleanup.policy": "delete,compact",
                                      "segment.ms": "60000"}
    assert alter_incremental(conn, [(TOPIC, "inc", [("cleanup.policy", SUBTRACT, "delete"),
                                                    ("retention.ms", DELETE, None)])], version=0) == [OK]
    assert overrides(conn, "inc") == {"cleanup.policy": "compact", "segment.ms": "60000"}


def test_append_to_an_unset_list_starts_from_its_default(conn):
    create_topic(conn, "append-default")
    assert alter_incremental(conn, [(TOPIC, "append-default", [("cleanup.policy", APPEND, "compact")])]) == [OK]
    assert overrides(conn, "append-default") == {"cleanup.policy": "delete,compact"}


def test_validate_only_changes_nothing(conn):
    create_topic(conn, "dry")
    assert alter_incremental(conn, [(TOPIC, "dry", [("retention.ms", SET, "5000")])], validate_only=True) == [OK]
    assert alter_legacy(conn, [(TOPIC, "dry", [("retention.ms", "5000")])], validate_only=True) == [OK]
    assert alter_incremental(conn, [(BROKER, "1", [("log.retention.bytes", SET, "5")])], validate_only=True) == [OK]
    assert overrides(conn, "dry") == {}
    assert describe(conn, BROKER, "1")["log.retention.bytes"]["source"] == DEFAULT
    assert alter_incremental(conn, [(TOPIC, "dry", [("retention.ms", SET, "x")])], validate_only=True) == [
        (40, "Invalid value x for configuration retention.ms: Not a number of type LONG")]


def test_legacy_alter_replaces_the_whole_set(conn):
    create_topic(conn, "legacy", [("retention.ms", "1000"), ("segment.ms", "60000")])
    assert alter_legacy(conn, [(TOPIC, "legacy", [("segment.ms", "70000"), ("retention.bytes", "100")])],
                        version=0) == [OK]
    assert overrides(conn, "legacy") == {"segment.ms": "70000", "retention.bytes": "100"}
    assert alter_legacy(conn, [(TOPIC, "legacy", [])]) == [OK]
    assert overrides(conn, "legacy") == {}


def test_results_keep_request_order_across_broker_and_controller_checks(conn):
    create_topic(conn, "order")
    assert alter_incremental(conn, [
        (TOPIC, "order", [("retention.ms", SET, "1")]),
        (BROKER, "9", [("log.retention.ms", SET, "1")]),
        (TOPIC, "no-such-topic", [("retention.ms", SET, "1")]),
        (BROKER, "", [("log.dirs", SET, "/x")]),
        (TOPIC, "order", [("retention.ms", SET, "2")]),
    ]) == [(42, "Each resource must appear at most once."),
           (42, "Unexpected broker id, expected 1, but received 9"),
           (3, "The topic 'no-such-topic' does not exist."),
           (42, "Cannot update these configs dynamically: [log.dirs]"),
           (42, "Each resource must appear at most once.")]


@pytest.fixture(scope="module")
def errs_topic(broker):
    with KafkaConnection(broker.bootstrap) as connection:
        create_topic(connection, "errs")


@pytest.mark.parametrize("resource, answer", [
    ((TOPIC, "errs", [("retention.ms", SET, "-5")]),
     (40, "Invalid value -5 for configuration retention.ms: Value must be at least -1")),
    ((TOPIC, "errs", [("foo.bar", SET, "1")]), (40, "Unknown topic config name: foo.bar")),
    ((TOPIC, "errs", [("retention.ms", APPEND, "1")]),
     (40, "Can't APPEND to key retention.ms because its type is not LIST.")),
    ((TOPIC, "errs", [("retention.ms", SET, None), ("segment.ms", SET, None)]),
     (42, "Null value not supported for : retention.ms, segment.ms")),
    ((TOPIC, "errs", [("retention.ms", SET, "1"), ("retention.ms", DELETE, None)]),
     (42, "Error due to duplicate config keys")),
    ((TOPIC, "errs", [("retention.ms", 7, "1")]), (-1, None)),
    ((3, "errs", [("retention.ms", SET, "1")]), (42, "Unknown resource type 3")),
    ((BROKER, "", [("listeners", SET, "PLAINTEXT://:1")]),
     (42, "Cannot update these configs at default cluster level, broker id must be specified: [listeners]")),
    ((BROKER, "1", [("log.retention.bytes", APPEND, "1")]),
     (40, "Config value append is not allowed for config key: log.retention.bytes")),
    ((BROKER, "1", [("min.insync.replicas", SET, "0")]),
     (42, "Invalid value 0 for configuration min.insync.replicas: Value must be at least 1")),
    ((BROKER, "x", [("log.retention.bytes", SET, "1")]), (42, "Node id must be an integer, but it is: x")),
])
def test_incremental_errors(errs_topic, conn, resource, answer):
    assert alter_incremental(conn, [resource]) == [answer]


def test_legacy_errors(conn):
    create_topic(conn, "legacy-errs")
    assert alter_legacy(conn, [(TOPIC, "legacy-errs", [("retention.ms", None)])]) == [
        (42, "Null value not supported for : retention.ms")]
    assert alter_legacy(conn, [(BROKER_LOGGER, "1", [("root", "INFO")])]) == [(42, "Unknown resource type 8")]
    assert alter_legacy(conn, [(BROKER, "1", [("num.partitions", "3")])]) == [
        (42, "Cannot update these configs dynamically: [num.partitions]")]


def test_broker_configs_are_stored_and_survive_a_restart(tmp_path):
    config = broker_config(tmp_path / "logs")
    with run_broker_in_thread(config) as running, KafkaConnection(running.bootstrap) as conn:
        assert alter_incremental(conn, [(BROKER, "", [("log.retention.ms", SET, "123456")]),
                                        (BROKER, "1", [("log.cleanup.policy", APPEND, "compact"),
                                                       ("my.plugin.option", SET, "on")])]) == [OK, OK]
        assert alter_legacy(conn, [(BROKER, "1", [("log.cleanup.policy", "compact"),
                                                  ("my.plugin.option", "on")])]) == [OK]
    with run_broker_in_thread(config) as running, KafkaConnection(running.bootstrap) as conn:
        node = describe(conn, BROKER, "1")
        assert (node["log.retention.ms"]["value"], node["log.retention.ms"]["source"]) == ("123456",
                                                                                           DYNAMIC_DEFAULT)
        assert (node["log.cleanup.policy"]["value"], node["log.cleanup.policy"]["source"]) == ("compact",
                                                                                               DYNAMIC_BROKER)
        assert node["my.plugin.option"] == {"value": None, "source": DYNAMIC_BROKER, "read_only": True,
                                            "sensitive": True, "type": 0,
                                            "synonyms": [("my.plugin.option", None, DYNAMIC_BROKER)]}


def test_logger_levels(conn):
    logger = logging.getLogger("kbroker.server")
    before = logger.level
    try:
        assert alter_incremental(conn, [(BROKER_LOGGER, "1", [("kbroker.server", SET, "DEBUG")])],
                                 validate_only=True) == [OK]
        assert logger.level == before
        assert alter_incremental(conn, [(BROKER_LOGGER, "1", [("kbroker.server", SET, "TRACE")])]) == [OK]
        assert describe(conn, BROKER_LOGGER, "1")["kbroker.server"]["value"] == "TRACE"
        assert alter_incremental(conn, [(BROKER_LOGGER, "1", [("kbroker.server", DELETE, None)])]) == [OK]
        assert logger.level == logging.NOTSET
    finally:
        logger.setLevel(before)
    assert alter_incremental(conn, [(BROKER_LOGGER, "1", [("root", SET, "LOUD")])]) == [
        (40, "Cannot set the log level of root to LOUD as it is not a supported log level. Valid log levels are "
             "DEBUG, ERROR, FATAL, INFO, TRACE, WARN")]
    assert alter_incremental(conn, [(BROKER_LOGGER, "1", [("root", DELETE, None)])]) == [
        (42, "Removing the log level of the root logger is not allowed")]
    assert alter_incremental(conn, [(BROKER_LOGGER, "1", [("no.such.logger", SET, "INFO")])]) == [
        (40, "Logger no.such.logger does not exist!")]
    assert alter_incremental(conn, [(BROKER_LOGGER, "2", [("root", SET, "INFO")])]) == [
        (42, "Unexpected node id. Expected 1, but received 1")]


def test_kafka_python_alters_topic_configs(broker, conn):
    create_topic(conn, "kpy")
    admin = KafkaAdminClient(bootstrap_servers=broker.bootstrap)
    try:
        resource = ConfigResource(ConfigResourceType.TOPIC, "kpy", {
            "retention.ms": "1234", "segment.ms": (AlterConfigOp.SET, "60000")})
        assert admin.alter_configs([resource]) == {"topic": {"kpy": "OK"}}
        assert overrides(conn, "kpy") == {"retention.ms": "1234", "segment.ms": "60000"}
        legacy = ConfigResource(ConfigResourceType.TOPIC, "kpy", {"retention.ms": "4321"})
        assert admin.alter_configs([legacy], incremental=False) == {"topic": {"kpy": "OK"}}
        # With the legacy API kafka-python sends the topic's other overrides along, so they stay.
        assert overrides(conn, "kpy") == {"retention.ms": "4321", "segment.ms": "60000"}
        bad = ConfigResource(ConfigResourceType.TOPIC, "kpy", {"retention.ms": "x"})
        answer = admin.alter_configs([bad], raise_on_unknown=False)["topic"]["kpy"]
        assert "Invalid value x for configuration retention.ms" in str(answer)
    finally:
        admin.close()


def test_confluent_kafka_alters_topic_configs(broker, conn):
    create_topic(conn, "rdk")
    admin = confluent.AdminClient({"bootstrap.servers": broker.bootstrap})

    def incremental(entries):
        resource = confluent.ConfigResource(confluent.ResourceType.TOPIC, "rdk", incremental_configs=entries)
        return next(iter(admin.incremental_alter_configs([resource]).values()))

    incremental([confluent.ConfigEntry("segment.ms", "60000",
                                       incremental_operation=confluent.AlterConfigOpType.SET)]).result()
    assert overrides(conn, "rdk") == {"segment.ms": "60000"}
    failed = incremental([confluent.ConfigEntry("segment.ms", "soon",
                                                incremental_operation=confluent.AlterConfigOpType.SET)])
    with pytest.raises(confluent.KafkaException) as failure:
        failed.result()
    assert failure.value.args[0].code() == confluent.KafkaError.INVALID_CONFIG
    assert failure.value.args[0].str() == "Invalid value soon for configuration segment.ms: Not a number of type LONG"
    with pytest.warns(DeprecationWarning):
        futures = admin.alter_configs([confluent.ConfigResource(confluent.ResourceType.TOPIC, "rdk",
                                                                set_config={"retention.ms": "9"})])
    next(iter(futures.values())).result()
    assert overrides(conn, "rdk") == {"retention.ms": "9"}
