"""Broker config: Java .properties syntax, overrides, Kafka's defaults and types, rejected values."""

import pytest

from kbroker.config import (
    BROKER_CONFIGS,
    BrokerConfig,
    ConfigError,
    Listener,
    parse_overrides,
    parse_properties,
)


def test_properties_syntax_follows_java_properties_load():
    text = (
        "# a comment\n"
        "! another comment\n"
        "\n"
        "   \t\n"
        "plain=value\n"
        "colon: value two\n"
        "spaced   =   padded value  \n"
        "whitespace-separated value three\n"
        "continued = first, \\\n"
        "            second, \\\n"
        "    third\n"
        "escaped\\=key = a\\tb\\nc\\\\d\\u0041\n"
        "empty=\n"
        "keyonly\n"
        "dup=1\n"
        "dup=2\r\n"
        "# comment ending in backslash \\\n"
        "after.comment=yes\r"
        "crlf=ok\r\n"
    )
    assert parse_properties(text) == {
        "plain": "value",
        "colon": "value two",
        "spaced": "padded value  ",
        "whitespace-separated": "value three",
        "continued": "first, second, third",
        "escaped=key": "a\tb\nc\\dA",
        "empty": "",
        "keyonly": "",
        "dup": "2",
        "after.comment": "yes",
        "crlf": "ok",
    }


def test_malformed_unicode_escape_is_rejected():
    with pytest.raises(ConfigError, match="Malformed"):
        parse_properties("key=\\u12G4\n")


def test_defaults_are_kafkas():
    config = BrokerConfig.from_properties({})
    assert config["socket.request.max.bytes"] == 104857600
    assert config["message.max.bytes"] == 1048588
    assert config["num.partitions"] == 1
    assert config["default.replication.factor"] == 1
    assert config["auto.create.topics.enable"] is True
    assert config["log.segment.bytes"] == 1073741824
    assert config["log.retention.bytes"] == -1
    assert config["log.retention.check.interval.ms"] == 300000
    assert config["offsets.topic.num.partitions"] == 50
    assert config.log_retention_ms == 7 * 24 * 3600 * 1000
    assert config.log_dirs == ["/tmp/kafka-logs"]
    assert config.listeners == [Listener("PLAINTEXT", "", 9092, "PLAINTEXT")]
    assert config["process.roles"] == ["broker", "controller"]


def test_every_default_parses_with_its_own_type_rules():
    for key in BROKER_CONFIGS:
        assert key.parse(key.default) == key.default, key.name


def test_file_then_overrides(tmp_path):
    path = tmp_path / "server.properties"
    path.write_text(
        "node.id=3\n"
        "process.roles=broker,controller\n"
        "listeners=PLAINTEXT://127.0.0.1:0,CONTROLLER://127.0.0.1:0\n"
        "listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT\n"
        "controller.listener.names=CONTROLLER\n"
        "controller.quorum.voters=3@127.0.0.1:9093\n"
        "log.dirs=/a, /b\n"
        "num.partitions=3\n"
        "log.retention.hours=1\n"
    )
    config = BrokerConfig.load(path, ["num.partitions=5", "log.retention.minutes=2", "auto.create.topics.enable=FALSE"])
    assert config.node_id == 3
    assert config["num.partitions"] == 5
    assert config.log_retention_ms == 2 * 60 * 1000
    assert config["auto.create.topics.enable"] is False
    assert config.log_dirs == ["/a", "/b"]
    assert [listener.name for listener in config.listeners] == ["PLAINTEXT", "CONTROLLER"]
    # Unset advertised.listeners: the non-controller listeners are advertised.
    assert [listener.name for listener in config.advertised_listeners] == ["PLAINTEXT"]


def test_retention_precedence_ms_minutes_hours():
    assert BrokerConfig.from_properties({"log.retention.ms": "-5"}).log_retention_ms == -1
    assert BrokerConfig.from_properties({"log.retention.ms": "10", "log.retention.minutes": "1"}).log_retention_ms == 10


def test_log_dir_used_when_log_dirs_unset():
    assert BrokerConfig.from_properties({"log.dir": "/x/y"}).log_dirs == ["/x/y"]


@pytest.mark.parametrize("key, value, reason", [
    ("num.partitions", "abc", "Not a number of type INT"),
    ("num.partitions", "0", "Value must be at least 1"),
    ("num.partitions", "2147483648", "Not a number of type INT"),
    ("socket.request.max.bytes", "1.5", "Not a number of type INT"),
    ("auto.create.topics.enable", "yes", "Expected value to be either true or false"),
    ("log.retention.ms", "12x", "Not a number of type LONG"),
    ("offsets.topic.replication.factor", "40000", "Not a number of type SHORT"),
    ("process.roles", "broker,zookeeper", "String must be one of"),
    ("log.cleaner.min.cleanable.ratio", "2", "no more than 1"),
])
def test_invalid_values_are_rejected_naming_the_key(key, value, reason):
    with pytest.raises(ConfigError) as info:
        BrokerConfig.from_properties({key: value})
    assert f"Invalid value {value} for configuration {key}" in str(info.value)
    assert reason in str(info.value)


@pytest.mark.parametrize("listeners", ["PLAINTEXT//localhost:9092", "PLAINTEXT://h:99999", "FOO://h:1",
                                       "PLAINTEXT://a:1,PLAINTEXT://b:2"])
def test_bad_listeners_are_rejected(listeners):
    with pytest.raises(ConfigError, match="listeners"):
        BrokerConfig.from_properties({"listeners": listeners})


def test_ipv6_listener():
    (listener,) = BrokerConfig.from_properties({"listeners": "PLAINTEXT://[::1]:0"}).listeners
    assert (listener.host, listener.port) == ("::1", 0)
    assert str(listener) == "PLAINTEXT://[::1]:0"


def test_broker_id_must_match_node_id():
    with pytest.raises(ConfigError, match="broker.id"):
        BrokerConfig.from_properties({"node.id": "1", "broker.id": "2"})


def test_unknown_keys_are_kept_and_logged_once(caplog):
    config = BrokerConfig.from_properties({"some.future.setting": "x", "other.setting": "y"})
    assert config.unknown == {"some.future.setting": "x", "other.setting": "y"}
    assert config.get("some.future.setting") == "x"
    warnings = [r for r in caplog.records if "not known to kbroker" in r.getMessage()]
    assert len(warnings) == 1
    assert "some.future.setting" in warnings[0].getMessage()


def test_overrides_need_key_equals_value():
    assert parse_overrides(["a=b=c", "d="]) == {"a": "b=c", "d": ""}
    with pytest.raises(ConfigError, match="key=value"):
        parse_overrides(["novalue"])


def test_topic_defaults_follow_broker_log_settings():
    config = BrokerConfig.from_properties({"log.segment.bytes": "2097152", "log.retention.hours": "2",
                                           "log.cleanup.policy": "compact,delete", "message.max.bytes": "1000"})
    defaults = config.topic_defaults()
    assert defaults["segment.bytes"] == 2097152
    assert defaults["retention.ms"] == 2 * 3600 * 1000
    assert defaults["cleanup.policy"] == "compact,delete"
    assert defaults["max.message.bytes"] == 1000


def test_controller_listener_defaults_to_plaintext_only_with_the_default_protocol_map():
    props = {"listeners": "PLAINTEXT://:9092,CONTROLLER://:9093", "controller.listener.names": "CONTROLLER"}
    config = BrokerConfig.from_properties(props)
    assert config.listeners[1] == Listener("CONTROLLER", "", 9093, "PLAINTEXT")
    with pytest.raises(ConfigError, match="CONTROLLER"):
        BrokerConfig.from_properties({**props, "listener.security.protocol.map": "PLAINTEXT:PLAINTEXT"})
