"""KRaft roles, quorum and listener configs: Kafka 4.3.1's KafkaConfig rules and messages (checked against
Kafka itself: each refused config is also given to `kafka.Kafka`, which must refuse it with the same message),
kbroker's single-node default, and what kbroker refuses because it cannot run it yet."""

from __future__ import annotations

import os
import re

import pytest

from kbroker.config import BrokerConfig, ConfigError
from kbroker.quorum_config import (
    implicit_single_voter,
    joins_a_cluster,
    runs_broker_only,
    runs_combined_in_a_quorum,
    unsupported_listener,
    unsupported_quorum,
)

COMBINED = {
    "process.roles": "broker,controller",
    "node.id": "1",
    "controller.quorum.voters": "1@127.0.0.1:9093",
    "listeners": "PLAINTEXT://127.0.0.1:9092,CONTROLLER://127.0.0.1:9093",
    "controller.listener.names": "CONTROLLER",
}
BROKER_ONLY = {
    "process.roles": "broker",
    "node.id": "4",
    "controller.quorum.voters": "1@127.0.0.1:9093",
    "listeners": "PLAINTEXT://127.0.0.1:9092",
    "controller.listener.names": "CONTROLLER",
}
CONTROLLER_ONLY = {
    "process.roles": "controller",
    "node.id": "1",
    "controller.quorum.voters": "1@127.0.0.1:9093",
    "listeners": "CONTROLLER://127.0.0.1:9093",
    "controller.listener.names": "CONTROLLER",
}


def sets_sorted(message: str) -> str:
    """Scala prints a small Set in its own order; compare the ids, not their order."""
    return re.sub(r"Set\(([^)]*)\)", lambda m: "Set(" + ", ".join(sorted(m.group(1).split(", "))) + ")", message)


def without(props: dict, *names: str) -> dict:
    return {k: v for k, v in props.items() if k not in names}


REFUSED = {
    "no voters nor bootstrap servers": (
        without(COMBINED, "controller.quorum.voters"),
        "If using process.roles, either controller.quorum.bootstrap.servers must contain the set of bootstrap "
        "controllers or controller.quorum.voters must contain a parseable set of controllers."),
    "controller not among the voters": (
        {**COMBINED, "controller.quorum.voters": "2@127.0.0.1:9094,3@127.0.0.1:9095"},
        "If process.roles contains the 'controller' role, the node id 1 must be included in the set of voters "
        "controller.quorum.voters=Set(2, 3)"),
    "controller listener not in listeners": (
        {**COMBINED, "listeners": "PLAINTEXT://127.0.0.1:9092"},
        "controller.listener.names must contain at least one value appearing in the 'listeners' configuration when "
        "running the KRaft controller role"),
    "a controller listener name not in listeners": (
        {**COMBINED, "controller.listener.names": "CONTROLLER,OTHER"},
        "controller.listener.names must only contain values appearing in the 'listeners' configuration when "
        "running the KRaft controller role"),
    "no controller.listener.names": (
        without(COMBINED, "controller.listener.names"),
        'Missing required configuration "controller.listener.names" which has no default value.'),
    "no node.id": (
        without(COMBINED, "node.id"),
        'Missing required configuration "node.id" which has no default value.'),
    "broker among the voters": (
        {**BROKER_ONLY, "controller.quorum.voters": "1@127.0.0.1:9093,4@127.0.0.1:9094"},
        "If process.roles contains just the 'broker' role, the node id 4 must not be included in the set of voters "
        "controller.quorum.voters=Set(1, 4)"),
    "broker listening on the controller listener": (
        {**BROKER_ONLY, "listeners": "PLAINTEXT://127.0.0.1:9092,CONTROLLER://127.0.0.1:9093"},
        "controller.listener.names must not contain a value appearing in the 'listeners' configuration when running "
        "KRaft with just the broker role"),
    "controller with a broker listener": (
        {**CONTROLLER_ONLY, "listeners": "CONTROLLER://127.0.0.1:9093,PLAINTEXT://127.0.0.1:9092"},
        "The listeners config must only contain KRaft controller listeners from controller.listener.names when "
        "process.roles=controller"),
    "inter-broker listener not advertised": (
        {**COMBINED, "inter.broker.listener.name": "INTERNAL",
         "listener.security.protocol.map": "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT,INTERNAL:PLAINTEXT"},
        "inter.broker.listener.name must be a listener name defined in advertised.listeners. The valid options "
        "based on currently configured listeners are PLAINTEXT"),
    "all listeners are controller listeners": (
        {**COMBINED, "listeners": "CONTROLLER://127.0.0.1:9093"},
        "There must be at least one broker advertised listener. Perhaps all listeners appear in "
        "controller.listener.names?"),
    "advertising 0.0.0.0": (
        {**COMBINED, "listeners": "PLAINTEXT://0.0.0.0:9092,CONTROLLER://127.0.0.1:9093"},
        "advertised.listeners cannot use the nonroutable meta-address 0.0.0.0. Use a routable IP address."),
    "empty process.roles": (
        {**COMBINED, "process.roles": ""},
        "Configuration 'process.roles' must not be empty. Valid values include: [broker, controller]"),
    "unknown security protocol": (
        {**COMBINED, "listener.security.protocol.map": "PLAINTEXT:FOO,CONTROLLER:PLAINTEXT"},
        "Invalid security protocol `FOO` defined in listener.security.protocol.map"),
    "voter entry without an id": (
        {**COMBINED, "controller.quorum.voters": "127.0.0.1:9093"},
        "Each entry should be in the form `{id}@{host}:{port}`."),
}


@pytest.mark.parametrize("case", list(REFUSED))
def test_kafka_rules_refuse_with_kafkas_message(case, tmp_path):
    props, message = REFUSED[case]
    with pytest.raises(ConfigError) as info:
        BrokerConfig.from_properties({**props, "log.dirs": str(tmp_path)})
    assert message in str(info.value)


@pytest.mark.parametrize("props", [COMBINED, BROKER_ONLY, CONTROLLER_ONLY,
                                   {**without(COMBINED, "controller.quorum.voters"),
                                    "controller.quorum.bootstrap.servers": "127.0.0.1:9093"}])
def test_valid_kraft_configs_are_accepted(props):
    BrokerConfig.from_properties(props)


def test_no_kraft_config_is_kbrokers_single_voter():
    """kbroker's default: none of process.roles / voters / bootstrap servers is set (Kafka requires them); the
    node is a combined broker and controller, the only voter of its quorum, with no controller listener."""
    config = BrokerConfig.from_properties({"listeners": "PLAINTEXT://127.0.0.1:0"})
    assert implicit_single_voter(config)
    assert config["process.roles"] == ["broker", "controller"] and config.node_id == 1
    assert unsupported_quorum(config) is None


def test_dynamic_quorums_of_brokers_and_combined_nodes_run():
    """A broker-only node with bootstrap servers observes a dynamic quorum; a combined node with several bootstrap
    servers, or formatted with other voters, runs in it (kbroker.combined_node), and one alone is a single node."""
    broker = BrokerConfig.from_properties({**without(BROKER_ONLY, "controller.quorum.voters"),
                                           "controller.quorum.bootstrap.servers": "127.0.0.1:9093"})
    assert unsupported_quorum(broker) is None and runs_broker_only(broker) and joins_a_cluster(broker)
    several = BrokerConfig.from_properties({**without(COMBINED, "controller.quorum.voters"),
                                            "controller.quorum.bootstrap.servers": "127.0.0.1:9093,127.0.0.1:9094"})
    assert unsupported_quorum(several) is None and unsupported_quorum(several, {1, 2, 3}) is None
    assert runs_combined_in_a_quorum(several, {1, 2, 3}) and runs_combined_in_a_quorum(several, {1})
    assert joins_a_cluster(several)
    alone = BrokerConfig.from_properties({**without(COMBINED, "controller.quorum.voters"),
                                          "controller.quorum.bootstrap.servers": "127.0.0.1:9093"})
    assert not runs_combined_in_a_quorum(alone, {1}) and not joins_a_cluster(alone)  # --standalone: a single node
    assert runs_combined_in_a_quorum(alone, {1, 2, 3})  # --initial-controllers naming others
    assert runs_combined_in_a_quorum(alone, None)  # --no-initial-controllers: joins as an observer
    implicit = BrokerConfig.from_properties({"listeners": "PLAINTEXT://127.0.0.1:0"})
    assert not runs_combined_in_a_quorum(implicit) and not joins_a_cluster(implicit)


def test_controller_only_nodes_run_in_a_static_or_a_dynamic_quorum():
    voters = "1@127.0.0.1:9093,2@127.0.0.1:9094,3@127.0.0.1:9095"
    assert unsupported_quorum(BrokerConfig.from_properties(CONTROLLER_ONLY)) is None
    assert unsupported_quorum(BrokerConfig.from_properties({**CONTROLLER_ONLY, "controller.quorum.voters": voters})) \
        is None
    dynamic = BrokerConfig.from_properties({**without(CONTROLLER_ONLY, "controller.quorum.voters"),
                                            "controller.quorum.bootstrap.servers": "127.0.0.1:9093,127.0.0.1:9094"})
    assert unsupported_quorum(dynamic) is None  # formatted with --no-initial-controllers: an observer to add
    assert unsupported_quorum(dynamic, {1}) is None  # --standalone
    assert unsupported_quorum(dynamic, {1, 2, 3}) is None  # --initial-controllers


def test_broker_only_nodes_run_with_a_static_quorum_of_controllers():
    assert unsupported_quorum(BrokerConfig.from_properties(BROKER_ONLY)) is None


def test_combined_nodes_run_in_a_static_quorum_of_several_voters():
    config = BrokerConfig.from_properties(
        {**COMBINED, "controller.quorum.voters": "1@127.0.0.1:9093,2@127.0.0.1:9094,3@127.0.0.1:9095"})
    assert unsupported_quorum(config) is None
    assert "--standalone / --initial-controllers" in unsupported_quorum(config, {1, 2, 3})


def test_listeners_kbroker_cannot_secure_are_named():
    base = {"listeners": "PLAINTEXT://127.0.0.1:0,SECURE://127.0.0.1:0"}
    jks = BrokerConfig.from_properties({**base, "listener.security.protocol.map": "PLAINTEXT:PLAINTEXT,SECURE:SSL"})
    assert "listener SECURE: ssl.keystore.type JKS is not supported" in unsupported_listener(jks)
    gssapi = BrokerConfig.from_properties(
        {**base, "listener.security.protocol.map": "PLAINTEXT:PLAINTEXT,SECURE:SASL_PLAINTEXT"})
    assert "enables the SASL mechanism GSSAPI" in unsupported_listener(gssapi)
    plain = BrokerConfig.from_properties(
        {**base, "listener.security.protocol.map": "PLAINTEXT:PLAINTEXT,SECURE:SASL_PLAINTEXT",
         "sasl.enabled.mechanisms": "PLAIN",
         "listener.name.secure.plain.sasl.jaas.config":
             'org.apache.kafka.common.security.plain.PlainLoginModule required user_alice="a";'})
    assert unsupported_listener(plain) is None
    broker_only = BrokerConfig.from_properties({
        "process.roles": "broker", "node.id": "2", "controller.quorum.voters": "1@127.0.0.1:9093",
        "controller.listener.names": "CONTROLLER", "listeners": "SECURE://127.0.0.1:9092",
        "inter.broker.listener.name": "SECURE",
        "listener.security.protocol.map": "SECURE:SASL_PLAINTEXT,CONTROLLER:PLAINTEXT",
        "sasl.enabled.mechanisms": "SCRAM-SHA-512"})
    assert "the inter-broker listener SECURE uses SASL_PLAINTEXT" in unsupported_listener(broker_only)
    assert unsupported_listener(BrokerConfig.from_properties({"listeners": "PLAINTEXT://127.0.0.1:0"})) is None


def test_a_bootstrap_checkpoint_of_other_voters_runs_with_bootstrap_servers():
    config = BrokerConfig.from_properties({**without(COMBINED, "controller.quorum.voters"),
                                           "controller.quorum.bootstrap.servers": "127.0.0.1:9093"})
    assert unsupported_quorum(config, {1}) is None
    assert unsupported_quorum(config, {1, 2, 3}) is None


# --- the same configs given to Apache Kafka 4.3.1 ------------------------------------------------------------

@pytest.mark.java
@pytest.mark.parametrize("case", list(REFUSED))
def test_apache_kafka_refuses_with_the_same_message(case, tmp_path):
    from compat_tests.kafka_dist import kafka_dist_is_built, missing_dist_message, run_kafka_tool

    if not kafka_dist_is_built():
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail(missing_dist_message())
        pytest.skip(missing_dist_message())
    props, message = REFUSED[case]
    path = tmp_path / "server.properties"
    path.write_text("".join(f"{k}={v}\n" for k, v in {**props, "log.dirs": str(tmp_path / "logs")}.items()))
    result = run_kafka_tool("kafka.Kafka", str(path), timeout=120)
    assert result.returncode != 0
    refusal = re.search(r"(?:ConfigException|IllegalArgumentException): (?:requirement failed: )?(.*)",
                        result.stdout + result.stderr)
    assert refusal is not None, result.stdout + result.stderr
    assert message in sets_sorted(refusal.group(1))
