"""The config APIs side by side with Apache Kafka 4.3.1: one scripted session of DescribeConfigs, AlterConfigs and
IncrementalAlterConfigs requests runs against both brokers, and the answers must match — error codes and
messages, and for each described config its value, source, read-only flag, sensitivity, type and synonyms.

Both bootstrap the cluster-level min.insync.replicas that eligible leader replicas need, so it is compared too.
Needs the distribution `make java` assembles (skipped without it, failed in CI)."""

import os

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
    describe_error,
    describe_raw,
)

from kbroker.configs.schema import DESCRIBED_BROKER_CONFIGS
from kbroker.protocol.blocking_client import KafkaConnection

pytestmark = pytest.mark.java

# Static configs both brokers start with (Kafka's single-node test defaults that kbroker knows).
SHARED_STATIC = {"offsets.topic.replication.factor": "1", "transaction.state.log.replication.factor": "1",
                 "transaction.state.log.min.isr": "1", "group.initial.rebalance.delay.ms": "0"}
# Broker configs whose values name ports, directories or the process layout of each test harness.
HARNESS_SPECIFIC = {"listeners", "advertised.listeners", "listener.security.protocol.map", "log.dirs",
                    "controller.listener.names", "controller.quorum.bootstrap.servers", "inter.broker.listener.name",
                    "process.roles"}

BAD_DESCRIBES = [(TOPIC, "no-such-topic"), (TOPIC, "bad name!"), (TOPIC, ""), (BROKER, "2"), (BROKER, "x"),
                 (BROKER_LOGGER, ""), (BROKER_LOGGER, "2"), (BROKER_LOGGER, "x")]

BAD_INCREMENTAL = [
    [(TOPIC, "t1", [("retention.ms", SET, "abc")])],
    [(TOPIC, "t1", [("retention.ms", SET, "-5")])],
    [(TOPIC, "t1", [("foo.bar", SET, "1")])],
    [(TOPIC, "t1", [("retention.ms", APPEND, "1")])],
    [(TOPIC, "t1", [("foo.bar", SUBTRACT, "1")])],
    [(TOPIC, "t1", [("retention.ms", SET, None)])],
    [(TOPIC, "t1", [("retention.ms", SET, "1"), ("retention.ms", SET, "2")])],
    [(TOPIC, "t1", [("retention.ms", SET, "1")]), (TOPIC, "t1", [("retention.ms", SET, "2")])],
    [(TOPIC, "no-such-topic", [("retention.ms", SET, "1")])],
    [(TOPIC, "bad name!", [("retention.ms", SET, "1")])],
    [(TOPIC, "t1", [("retention.ms", 7, "1")])],
    [(3, "t1", [("retention.ms", SET, "1")])],
    [(TOPIC, "t2", [("leader.replication.throttled.replicas", SET, "0:1,bogus")])],
    [(TOPIC, "t2", [("min.compaction.lag.ms", SET, "10"), ("max.compaction.lag.ms", SET, "5")])],
    [(TOPIC, "t2", [("cleanup.policy", SET, "bogus")])],
    [(TOPIC, "t2", [("segment.bytes", SET, "100")])],
    [(BROKER, "1", [("log.dirs", SET, "/x")])],
    [(BROKER, "1", [("log.retention.bytes", SET, "abc")])],
    [(BROKER, "", [("listeners", SET, "PLAINTEXT://:1")])],
    [(BROKER, "2", [("log.retention.bytes", SET, "1")])],
    [(BROKER, "x", [("log.retention.bytes", SET, "1")])],
    [(BROKER, "1", [("foo.bar", APPEND, "1")])],
    [(BROKER, "1", [("log.retention.bytes", SUBTRACT, "1")])],
    [(BROKER, "1", [("num.partitions", SET, "3")])],
    [(BROKER, "1", [("min.insync.replicas", SET, "0")])],
    [(BROKER, "1", [("compression.type", SET, "bogus")])],
    [(BROKER, "1", [("log.retention.ms", 9, "1")])],
    [(BROKER_LOGGER, "1", [("root", SET, "BOGUS")])],
    [(BROKER_LOGGER, "1", [("root", DELETE, None)])],
    [(BROKER_LOGGER, "1", [("root", APPEND, "INFO")])],
    [(BROKER_LOGGER, "1", [("no.such.logger", SET, "INFO")])],
    [(BROKER_LOGGER, "", [("root", SET, "INFO")])],
]

BAD_LEGACY = [
    [(TOPIC, "t2", [("retention.ms", "abc")])],
    [(TOPIC, "t2", [("foo", "1")])],
    [(TOPIC, "t2", [("retention.ms", None)])],
    [(BROKER_LOGGER, "1", [("root", "INFO")])],
    [(BROKER, "1", [("log.dirs", "/x")])],
]


def session(bootstrap: str) -> dict:
    """The scripted session; returns every answer by name."""
    answers: dict = {}
    with KafkaConnection(bootstrap) as conn:
        create_topic(conn, "t1", [("retention.ms", "1000")])
        create_topic(conn, "t2")
        create_topic(conn, "t3")
        answers["fresh topic"] = describe(conn, TOPIC, "t2")
        answers["documented"] = {
            (kind, entry.name): bool(entry.documentation)
            for kind, name in ((TOPIC, "t2"), (BROKER, "1"))
            for entry in describe_raw(conn, [(kind, name, None)], documentation=True)[0].configs}
        (loggers,) = describe_raw(conn, [(BROKER_LOGGER, "1", ["root"])], documentation=True)
        answers["root logger"] = [(e.name, e.read_only, e.config_source, e.is_sensitive, e.synonyms, e.config_type,
                                   e.documentation) for e in loggers.configs]
        answers["fresh cluster defaults"] = describe(conn, BROKER, "")
        answers["bad describes"] = [describe_error(conn, kind, name) for kind, name in BAD_DESCRIBES]
        answers["unknown resource type"] = [(r.error_code, r.error_message) for r in describe_raw(
            conn, [(TOPIC, "t1", None), (3, "x", None)], synonyms=False)]
        answers["filtered"] = {
            "named": describe(conn, TOPIC, "t1", ["retention.ms", "nope"]),
            "empty list": sorted(describe(conn, TOPIC, "t1", [])),
            "broker": describe(conn, BROKER, "1", ["log.retention.ms", "nope"])}
        answers["bad incremental"] = [alter_incremental(conn, resources) for resources in BAD_INCREMENTAL]
        answers["bad legacy"] = [alter_legacy(conn, resources) for resources in BAD_LEGACY]
        answers["changes"] = [
            alter_incremental(conn, [(TOPIC, "t1", [("retention.ms", SET, "5000")])], validate_only=True),
            alter_incremental(conn, [(TOPIC, "t1", [("cleanup.policy", SET, "delete")])]),
            alter_incremental(conn, [(TOPIC, "t1", [("cleanup.policy", APPEND, "compact"),
                                                    ("retention.ms", SET, "5000"),
                                                    ("segment.ms", DELETE, None)])]),
            alter_incremental(conn, [(TOPIC, "t3", [("cleanup.policy", SET, " compact , delete ")])]),
            alter_incremental(conn, [(TOPIC, "t3", [("cleanup.policy", SUBTRACT, "delete")])]),
            alter_incremental(conn, [(BROKER, "", [("log.retention.ms", SET, "123456"),
                                                   ("log.segment.bytes", SET, "2000000")])]),
            alter_incremental(conn, [(BROKER, "1", [("log.retention.ms", SET, "654321"),
                                                    ("log.retention.bytes", SET, "99999"),
                                                    ("log.cleanup.policy", SET, "delete"),
                                                    ("my.custom.config", SET, "secret?")])]),
            alter_incremental(conn, [(BROKER, "1", [("log.cleanup.policy", APPEND, "compact")])]),
            alter_legacy(conn, [(TOPIC, "t2", [("retention.ms", "777"), ("segment.ms", "888")])]),
            alter_legacy(conn, [(TOPIC, "t2", [("segment.ms", "999")])]),
            alter_legacy(conn, [(BROKER, "1", [("log.retention.bytes", "4242"), ("log.retention.ms", "654321"),
                                               ("log.cleanup.policy", "delete,compact")])],
                         validate_only=True),
        ]
        for name in ("t1", "t2", "t3"):
            answers[f"topic {name}"] = describe(conn, TOPIC, name)
        answers["broker"] = describe(conn, BROKER, "1")
        answers["cluster defaults"] = describe(conn, BROKER, "")
    return answers


@pytest.fixture(scope="module")
def answers(tmp_path_factory):
    try:
        from compat_tests.kafka_dist import ApacheKafka, kafka_dist_is_built, missing_dist_message
    except ImportError:
        pytest.skip("compat_tests is not importable (run pytest from the repository root)")
    if not kafka_dist_is_built():
        if os.environ.get("CI"):
            pytest.fail(missing_dist_message())
        pytest.skip(missing_dist_message())
    from kbroker.testing import broker_config, run_broker_in_thread

    with ApacheKafka() as kafka:
        theirs = session(kafka.bootstrap)
    with run_broker_in_thread(broker_config(tmp_path_factory.mktemp("configs") / "logs", SHARED_STATIC)) as broker:
        ours = session(broker.bootstrap)
    return theirs, ours


def test_documentation_for_the_same_configs(answers):
    theirs, ours = answers
    ours_documented = {key: documented for key, documented in ours["documented"].items()
                       if key[1] not in HARNESS_SPECIFIC}
    assert ours_documented == {key: theirs["documented"][key] for key in ours_documented}


def test_same_root_logger_entry_shape(answers):
    theirs, ours = answers
    assert ours["root logger"] == theirs["root logger"] == [("root", False, 6, False, [], 0, "")]


@pytest.mark.parametrize("name", ["bad describes", "unknown resource type", "filtered", "bad incremental",
                                  "bad legacy", "changes"])
def test_same_answers(answers, name):
    theirs, ours = answers
    if isinstance(theirs[name], list):
        for i, (kafka_answer, our_answer) in enumerate(zip(theirs[name], ours[name], strict=True)):
            assert our_answer == kafka_answer, i
    assert ours[name] == theirs[name]


@pytest.mark.parametrize("name", ["fresh topic", "topic t1", "topic t2", "topic t3"])
def test_same_topic_configs(answers, name):
    theirs, ours = answers
    assert list(ours[name]) == list(theirs[name])  # same names in the same (Java hash map) order
    assert ours[name] == theirs[name]


@pytest.mark.parametrize("name", ["fresh cluster defaults", "cluster defaults"])
def test_same_cluster_defaults(answers, name):
    theirs, ours = answers
    assert ours[name] == theirs[name]


def test_same_broker_configs_for_every_config_kbroker_describes(answers):
    theirs, ours = answers
    broker = theirs["broker"]
    compared = [name for name in ours["broker"] if name not in HARNESS_SPECIFIC]
    assert set(compared) >= set(DESCRIBED_BROKER_CONFIGS) - HARNESS_SPECIFIC
    differing = {name: (ours["broker"][name], broker[name]) for name in compared
                 if ours["broker"][name] != broker[name]}
    assert not differing, "\n".join(f"{name}: kbroker {o} kafka {k}" for name, (o, k) in differing.items())
