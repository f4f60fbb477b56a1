"""DescribeConfigs (key 32) against an in-process broker: topic and broker configs with values, sources,
synonyms, types, flags and documentation; filters, versions and errors; kafka-python and confluent-kafka."""

import confluent_kafka.admin as confluent
import pytest
from configs_probe import (
    BROKER,
    BROKER_LOGGER,
    SET,
    TOPIC,
    alter_incremental,
    create_topic,
    describe,
    describe_error,
    describe_raw,
)
from kafka import KafkaAdminClient
from kafka.admin import ConfigResource, ConfigResourceType

from kbroker.configs.schema import DESCRIBED_BROKER_CONFIGS
from kbroker.metadata.topic_configs import TOPIC_CONFIG_KEYS
from kbroker.protocol.blocking_client import KafkaConnection
from kbroker.testing import broker_config, run_broker_in_thread

TOPIC_CONFIG, DYNAMIC_BROKER, DYNAMIC_DEFAULT, STATIC, DEFAULT, LOGGER = 1, 2, 3, 4, 5, 6
INVALID_REQUEST_MESSAGE = ("This most likely occurs because of a request being malformed by the client library or "
                           "the message was sent to an incompatible broker. See the broker logs for more details.")


@pytest.fixture(scope="module")
def broker(tmp_path_factory):
    overrides = {"log.retention.hours": "24", "my.custom.setting": "hidden", "num.replica.fetchers": "2"}
    with run_broker_in_thread(broker_config(tmp_path_factory.mktemp("describe") / "logs", overrides)) as running:
        with KafkaConnection(running.bootstrap) as conn:
            create_topic(conn, "plain")
            create_topic(conn, "tuned", [("retention.ms", "1000"), ("cleanup.policy", " compact , delete ")])
        yield running


@pytest.fixture
def conn(broker):
    with KafkaConnection(broker.bootstrap) as connection:
        yield connection


def test_a_topic_lists_every_topic_config_with_its_effective_value(conn):
    configs = describe(conn, TOPIC, "plain")
    assert sorted(configs) == sorted(TOPIC_CONFIG_KEYS)
    assert {name: entry["value"] for name, entry in configs.items() if name in (
        "retention.ms", "cleanup.policy", "min.cleanable.dirty.ratio", "segment.bytes",
        "leader.replication.throttled.replicas", "preallocate")} == {
        "retention.ms": str(24 * 3600 * 1000), "cleanup.policy": "delete", "min.cleanable.dirty.ratio": "0.5",
        "segment.bytes": "1073741824", "leader.replication.throttled.replicas": "", "preallocate": "false"}
    assert all(not e["read_only"] and not e["sensitive"] for e in configs.values())
    assert (configs["retention.ms"]["type"], configs["cleanup.policy"]["type"],
            configs["min.cleanable.dirty.ratio"]["type"], configs["preallocate"]["type"]) == (5, 7, 6, 1)
    # retention.ms comes from log.retention.hours, which Kafka does not list as a synonym of log.retention.ms.
    assert configs["retention.ms"]["source"] == DEFAULT and configs["retention.ms"]["synonyms"] == []
    assert configs["segment.bytes"]["synonyms"] == [("log.segment.bytes", "1073741824", DEFAULT)]
    assert configs["max.message.bytes"]["synonyms"] == [("message.max.bytes", "1048588", DEFAULT)]
    assert configs["remote.storage.enable"]["synonyms"] == []


def test_topic_overrides_come_first_and_values_are_normalised(conn):
    configs = describe(conn, TOPIC, "tuned")
    assert configs["retention.ms"] == {"value": "1000", "source": TOPIC_CONFIG, "read_only": False,
                                       "sensitive": False, "type": 5, "synonyms": [("retention.ms", "1000", 1)]}
    assert configs["cleanup.policy"]["value"] == "compact,delete"
    assert configs["cleanup.policy"]["synonyms"] == [("cleanup.policy", "compact,delete", TOPIC_CONFIG),
                                                     ("log.cleanup.policy", "delete", DEFAULT)]


def test_configuration_keys_filter(conn):
    assert list(describe(conn, TOPIC, "plain", ["retention.ms", "no.such.config"])) == ["retention.ms"]
    assert len(describe(conn, TOPIC, "plain", [])) == len(TOPIC_CONFIG_KEYS)
    assert list(describe(conn, BROKER, "1", ["num.io.threads"])) == ["num.io.threads"]


@pytest.mark.parametrize("version", [1, 2, 3, 4])
def test_synonyms_and_documentation_only_when_asked(conn, version):
    (plain,) = describe_raw(conn, [(TOPIC, "plain", None)], synonyms=False, documentation=False, version=version)
    (full,) = describe_raw(conn, [(TOPIC, "plain", None)], synonyms=True, documentation=version >= 3,
                           version=version)
    assert all(entry.synonyms == [] for entry in plain.configs)
    assert any(entry.synonyms for entry in full.configs)
    by_name = {entry.name: entry for entry in full.configs}
    if version >= 3:
        assert all(entry.documentation is None for entry in plain.configs)
        assert by_name["retention.ms"].documentation
        assert by_name["retention.ms"].config_type == 5
    else:  # neither field exists before v3: the decoder gives the schema defaults
        assert by_name["retention.ms"].documentation == "" and by_name["retention.ms"].config_type == 0


def test_errors_per_resource(conn):
    assert describe_error(conn, TOPIC, "no-such-topic") == (3, "")
    assert describe_error(conn, TOPIC, "bad/name") == (17, "Topic name is invalid: 'bad/name' contains one or "
                                                           "more characters other than ASCII alphanumerics, '.', "
                                                           "'_' and '-'")
    assert describe_error(conn, BROKER, "7") == (42, "Unexpected broker id, expected 1 or empty string, but "
                                                     "received 7")
    assert describe_error(conn, BROKER, "one") == (42, "Broker id must be an integer, but it is: one")
    assert describe_error(conn, BROKER_LOGGER, "") == (42, "Broker id must not be empty")
    assert describe_error(conn, BROKER_LOGGER, "7") == (42, "Unexpected broker id, expected 1 but received 7")
    assert describe_error(conn, 16, "") == (42, "Client metrics subscription name must not be empty")
    assert describe_error(conn, 32, "") == (42, "Group name must not be empty")


def test_an_unknown_resource_type_fails_the_whole_request(conn):
    results = describe_raw(conn, [(TOPIC, "plain", None), (5, "x", None)])
    assert [(r.error_code, r.error_message, r.resource_name, r.configs) for r in results] == [
        (42, INVALID_REQUEST_MESSAGE, "plain", []), (42, INVALID_REQUEST_MESSAGE, "x", [])]


def test_this_broker_lists_its_configs_with_static_sources(conn, broker):
    configs = describe(conn, BROKER, "1")
    assert set(DESCRIBED_BROKER_CONFIGS) <= set(configs)
    assert configs["log.retention.hours"] == {
        "value": "24", "source": STATIC, "read_only": True, "sensitive": False, "type": 3,
        "synonyms": [("log.retention.hours", "24", STATIC), ("log.retention.hours", "168", DEFAULT)]}
    assert configs["log.dirs"]["value"] == broker.config.log_dirs[0] and configs["log.dirs"]["source"] == STATIC
    assert configs["node.id"]["synonyms"] == [("node.id", "1", STATIC)]
    assert configs["broker.id"]["value"] == "1"
    assert configs["log.retention.ms"] == {"value": None, "source": DEFAULT, "read_only": False,
                                           "sensitive": False, "type": 5, "synonyms": []}
    assert configs["listener.security.protocol.map"]["type"] == 2  # a STRING in Kafka's ConfigDef
    # A name Kafka does not know has no type, so it is treated as sensitive.
    assert configs["my.custom.setting"] == {"value": None, "source": STATIC, "read_only": True, "sensitive": True,
                                            "type": 0, "synonyms": [("my.custom.setting", None, STATIC)]}
    # A Kafka config kbroker does not implement, set statically, is shown as given.
    assert configs["num.replica.fetchers"]["value"] == "2" and not configs["num.replica.fetchers"]["read_only"]


def test_dynamic_configs_take_precedence_in_kafkas_order(tmp_path):
    with run_broker_in_thread(broker_config(tmp_path / "logs")) as running, \
            KafkaConnection(running.bootstrap) as conn:
        create_topic(conn, "t")
        assert alter_incremental(conn, [(BROKER, "", [("log.retention.ms", SET, "123456")])]) == [(0, None)]
        assert alter_incremental(conn, [(BROKER, "1", [("log.retention.ms", SET, "654321")])]) == [(0, None)]
        topic = describe(conn, TOPIC, "t")["retention.ms"]
        assert (topic["value"], topic["source"]) == ("654321", DYNAMIC_BROKER)
        assert topic["synonyms"] == [("log.retention.ms", "654321", DYNAMIC_BROKER),
                                     ("log.retention.ms", "123456", DYNAMIC_DEFAULT),
                                     ("log.retention.hours", "168", DEFAULT)]
        assert describe(conn, BROKER, "1")["log.retention.ms"]["value"] == "654321"
        defaults = describe(conn, BROKER, "")
        # min.insync.replicas is the cluster default the bootstrap writes, as Kafka 4.3's controller does.
        assert defaults.pop("min.insync.replicas")["source"] == DYNAMIC_DEFAULT
        assert defaults == {"log.retention.ms": {"value": "123456", "source": DYNAMIC_DEFAULT, "read_only": False,
                                                 "sensitive": False, "type": 5,
                                                 "synonyms": [("log.retention.ms", "123456", DYNAMIC_DEFAULT)]}}


def test_loggers(conn):
    loggers = describe(conn, BROKER_LOGGER, "1")
    assert loggers["root"]["source"] == LOGGER and not loggers["root"]["read_only"]
    assert loggers["root"]["value"] in ("TRACE", "DEBUG", "INFO", "WARN", "ERROR", "FATAL")
    assert "kbroker.server" in loggers


def test_kafka_python_describes_topics_and_the_broker(broker):
    admin = KafkaAdminClient(bootstrap_servers=broker.bootstrap)
    try:
        result = admin.describe_configs([ConfigResource(ConfigResourceType.TOPIC, "tuned"),
                                         ConfigResource(ConfigResourceType.BROKER, "1")],
                                        include_synonyms=True, config_filter="all")
    finally:
        admin.close()
    tuned = result["topic"]["tuned"]
    assert tuned["retention.ms"]["value"] == "1000"
    assert tuned["retention.ms"]["config_source"] == "DYNAMIC_TOPIC_CONFIG"
    assert tuned["cleanup.policy"]["synonyms"][1] == {"name": "log.cleanup.policy", "value": "delete",
                                                      "source": "DEFAULT_CONFIG"}
    assert result["broker"]["1"]["log.retention.hours"]["value"] == "24"


def test_confluent_kafka_describes_topics_and_the_broker(broker):
    admin = confluent.AdminClient({"bootstrap.servers": broker.bootstrap})
    futures = admin.describe_configs([confluent.ConfigResource(confluent.ResourceType.TOPIC, "tuned"),
                                      confluent.ConfigResource(confluent.ResourceType.BROKER, "1")])
    topic, node = (future.result() for future in futures.values())
    assert (topic["retention.ms"].value, topic["retention.ms"].source, topic["retention.ms"].is_default) == (
        "1000", TOPIC_CONFIG, False)
    assert len(topic) == len(TOPIC_CONFIG_KEYS)
    assert (node["log.dirs"].source, node["log.dirs"].is_read_only) == (STATIC, True)
    missing = admin.describe_configs([confluent.ConfigResource(confluent.ResourceType.TOPIC, "no-such-topic")])
    with pytest.raises(confluent.KafkaException) as failure:
        next(iter(missing.values())).result()
    assert failure.value.args[0].code() == confluent.KafkaError.UNKNOWN_TOPIC_OR_PART
