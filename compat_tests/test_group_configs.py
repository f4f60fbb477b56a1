"""GROUP config resources (type 32), the same on kbroker as on Apache Kafka 4.3.1: IncrementalAlterConfigs and
AlterConfigs with Kafka's INVALID_CONFIG / INVALID_REQUEST messages (unknown names, unparsable values, the broker's
group.consumer/share/streams bounds, session timeouts above heartbeat intervals), DescribeConfigs listing every group
config with its source, synonyms and documentation, kafka-configs --entity-type groups, and a consumer-protocol
group's own heartbeat interval reaching its members."""

from __future__ import annotations

import subprocess
import time
import uuid

import pytest

from compat_tests import group_config_probes as P
from compat_tests.kafka_dist import run_kafka_tool
from compat_tests.py_clients import create_topic
from compat_tests.raw_client import RawConnection
from kbroker.protocol.messages.consumer_group_heartbeat_request import ConsumerGroupHeartbeatRequest
from kbroker.protocol.messages.find_coordinator_request import FindCoordinatorRequest

CONFIG_COMMAND = "kafka.admin.ConfigCommand"
INVALID_CONFIG, INVALID_REQUEST, UNKNOWN_SERVER_ERROR = 40, 42, -1
DEFAULT_CONFIG, GROUP_CONFIG = 5, 8
COORDINATOR_NOT_READY = {14, 15, 16}  # COORDINATOR_LOAD_IN_PROGRESS, COORDINATOR_NOT_AVAILABLE, NOT_COORDINATOR


def bound(name: str, relation: str, broker: str) -> tuple[int, str]:
    return INVALID_CONFIG, f"{name} must be {relation} {broker}"


def reset_refused(value: str) -> tuple[int, str]:
    return INVALID_CONFIG, (f"Invalid value {value} for configuration share.auto.offset.reset: Invalid value `{value}` "
                            "for configuration share.auto.offset.reset. The value must be either 'earliest', 'latest' "
                            "or of the format 'by_duration:<PnDTnHnMn.nS>'.")


# (changes, Kafka 4.3.1's answer)
INCREMENTAL_CASES = {
    "session": ([("consumer.session.timeout.ms", P.SET, "50000")], (0, None)),
    "heartbeat": ([("consumer.heartbeat.interval.ms", P.SET, "6000")], (0, None)),
    "session-below-min": ([("consumer.session.timeout.ms", P.SET, "1000")],
                          bound("consumer.session.timeout.ms", "greater than or equal to",
                                "group.consumer.min.session.timeout.ms")),
    "session-above-max": ([("consumer.session.timeout.ms", P.SET, "70000")],
                          bound("consumer.session.timeout.ms", "less than or equal to",
                                "group.consumer.max.session.timeout.ms")),
    "heartbeat-above-max": ([("consumer.heartbeat.interval.ms", P.SET, "20000")],
                            bound("consumer.heartbeat.interval.ms", "less than or equal to",
                                  "group.consumer.max.heartbeat.interval.ms")),
    "heartbeat-below-min": ([("consumer.heartbeat.interval.ms", P.SET, "10")],
                            bound("consumer.heartbeat.interval.ms", "greater than or equal to",
                                  "group.consumer.min.heartbeat.interval.ms")),
    "two-bounds": ([("consumer.session.timeout.ms", P.SET, "1000"), ("consumer.heartbeat.interval.ms", P.SET, "20000")],
                   bound("consumer.heartbeat.interval.ms", "less than or equal to",
                         "group.consumer.max.heartbeat.interval.ms")),
    "assignment-interval": ([("consumer.assignment.interval.ms", P.SET, "20000")],
                            bound("consumer.assignment.interval.ms", "less than or equal to",
                                  "group.consumer.max.assignment.interval.ms")),
    "unknown": ([("foo.bar", P.SET, "1")], (INVALID_CONFIG, "Unknown group config name: foo.bar")),
    "not-an-int": ([("consumer.session.timeout.ms", P.SET, "abc")],
                   (INVALID_CONFIG, "Invalid value abc for configuration consumer.session.timeout.ms: "
                                    "Not a number of type INT")),
    "two-unparsable": ([("streams.session.timeout.ms", P.SET, "x"), ("consumer.heartbeat.interval.ms", P.SET, "y")],
                       (INVALID_CONFIG, "Invalid value y for configuration consumer.heartbeat.interval.ms: "
                                        "Not a number of type INT")),
    "below-at-least": ([("consumer.session.timeout.ms", P.SET, "0")],
                       (INVALID_CONFIG, "Invalid value 0 for configuration consumer.session.timeout.ms: "
                                        "Value must be at least 1")),
    "append": ([("consumer.session.timeout.ms", P.APPEND, "1")],
               (INVALID_CONFIG, "Can't APPEND to key consumer.session.timeout.ms because its type is not LIST.")),
    "reset-refused": ([("share.auto.offset.reset", P.SET, "sometimes")], reset_refused("sometimes")),
    "reset-upper-case": ([("share.auto.offset.reset", P.SET, "EARLIEST")], reset_refused("EARLIEST")),
    "reset-negative": ([("share.auto.offset.reset", P.SET, "by_duration:-PT1H")], reset_refused("by_duration:-PT1H")),
    "reset-by-duration": ([("share.auto.offset.reset", P.SET, "by_duration:PT1H")], (0, None)),
    "isolation": ([("share.isolation.level", P.SET, "READ_COMMITTED")],
                  (INVALID_CONFIG, "Invalid value READ_COMMITTED for configuration share.isolation.level: "
                                   "String must be one of: read_committed, read_uncommitted")),
    "boolean": ([("share.renew.acknowledge.enable", P.SET, "maybe")],
                (INVALID_CONFIG, "Invalid value maybe for configuration share.renew.acknowledge.enable: "
                                 "Expected value to be either true or false")),
    "standby": ([("streams.num.standby.replicas", P.SET, "5")],
                bound("streams.num.standby.replicas", "less than or equal to", "group.streams.max.standby.replicas")),
    "delivery-count": ([("share.delivery.count.limit", P.SET, "11")],
                       bound("share.delivery.count.limit", "less than or equal to",
                             "group.share.max.delivery.count.limit")),
    "streams-session": ([("streams.session.timeout.ms", P.SET, "1000")],
                        bound("streams.session.timeout.ms", "greater than or equal to",
                              "group.streams.min.session.timeout.ms")),
    "null-set": ([("consumer.session.timeout.ms", P.SET, None)],
                 (INVALID_REQUEST, "Null value not supported for : consumer.session.timeout.ms")),
    "delete-unset": ([("consumer.session.timeout.ms", P.DELETE, None)], (0, None)),
    "unknown-operation": ([("consumer.session.timeout.ms", 9, "1")], (UNKNOWN_SERVER_ERROR, None)),
}


@pytest.mark.parametrize("case", list(INCREMENTAL_CASES))
def test_incremental_alter_configs_of_a_group(broker, case):
    changes, expected = INCREMENTAL_CASES[case]
    assert P.incremental(broker.bootstrap, f"cfg-{uuid.uuid4().hex[:8]}", changes) == expected


def entry(name, value, source, config_type, synonyms=()):
    return (name, value, False, source, False, config_type, list(synonyms), None)


def test_describe_alter_and_replace_a_groups_configs(broker):
    bootstrap, group = broker.bootstrap, f"cfg-{uuid.uuid4().hex[:8]}"
    assert P.describe(bootstrap, "") == (INVALID_REQUEST, "Group name must not be empty", [])
    assert P.incremental(bootstrap, "", [("consumer.session.timeout.ms", P.SET, "50000")]) == \
        (INVALID_REQUEST, "Default group resources are not allowed.")
    assert P.legacy(bootstrap, "", {"consumer.heartbeat.interval.ms": "7000"}) == \
        (INVALID_REQUEST, "Default group resources are not allowed.")
    fresh = P.describe(bootstrap, group, synonyms=True, documentation=True)
    assert fresh[:2] == (0, "")
    assert [(c[0], c[1], c[3], c[5], c[6]) for c in fresh[2]] == [
        ("consumer.session.timeout.ms", "45000", 5, 3, [("group.consumer.session.timeout.ms", "45000", 5)]),
        ("consumer.assignment.interval.ms", "1000", 5, 3, [("group.consumer.assignment.interval.ms", "1000", 5)]),
        ("share.auto.offset.reset", "latest", 5, 2, [("share.auto.offset.reset", "latest", 5)]),
        ("share.renew.acknowledge.enable", "true", 5, 1, [("share.renew.acknowledge.enable", "true", 5)]),
        ("streams.initial.rebalance.delay.ms", "3000", 5, 3,
         [("group.streams.initial.rebalance.delay.ms", "3000", 5)]),
        ("share.session.timeout.ms", "45000", 5, 3, [("group.share.session.timeout.ms", "45000", 5)]),
        ("streams.assignment.interval.ms", "1000", 5, 3, [("group.streams.assignment.interval.ms", "1000", 5)]),
        ("share.heartbeat.interval.ms", "5000", 5, 3, [("group.share.heartbeat.interval.ms", "5000", 5)]),
        ("streams.heartbeat.interval.ms", "5000", 5, 3, [("group.streams.heartbeat.interval.ms", "5000", 5)]),
        ("share.delivery.count.limit", "5", 5, 3, [("group.share.delivery.count.limit", "5", 5)]),
        ("consumer.heartbeat.interval.ms", "5000", 5, 3, [("group.consumer.heartbeat.interval.ms", "5000", 5)]),
        ("share.record.lock.duration.ms", "30000", 5, 3, [("group.share.record.lock.duration.ms", "30000", 5)]),
        ("share.assignment.interval.ms", "1000", 5, 3, [("group.share.assignment.interval.ms", "1000", 5)]),
        ("share.isolation.level", "read_uncommitted", 5, 2, [("share.isolation.level", "read_uncommitted", 5)]),
        ("streams.session.timeout.ms", "45000", 5, 3, [("group.streams.session.timeout.ms", "45000", 5)]),
        ("share.partition.max.record.locks", "2000", 5, 3, [("group.share.partition.max.record.locks", "2000", 5)]),
        ("streams.num.standby.replicas", "0", 5, 3, [("group.streams.num.standby.replicas", "0", 5)]),
    ]
    assert fresh[2][0][7] == "The timeout to detect client failures when using the consumer group protocol."

    assert P.incremental(bootstrap, group, [("consumer.session.timeout.ms", P.SET, " 50000 "),
                                            ("share.renew.acknowledge.enable", P.SET, "FALSE")]) == (0, None)
    altered = settled(
        lambda: P.describe(bootstrap, group, ["consumer.session.timeout.ms", "share.renew.acknowledge.enable", "nope"],
                           synonyms=True),
        lambda seen: seen[0] == 0 and all(config[3] == GROUP_CONFIG for config in seen[2]))
    assert altered == (0, "", [
        entry("consumer.session.timeout.ms", "50000", GROUP_CONFIG, 3,
              [("consumer.session.timeout.ms", "50000", GROUP_CONFIG),
               ("group.consumer.session.timeout.ms", "45000", DEFAULT_CONFIG)]),
        entry("share.renew.acknowledge.enable", "false", GROUP_CONFIG, 1,
              [("share.renew.acknowledge.enable", "false", GROUP_CONFIG),
               ("share.renew.acknowledge.enable", "true", DEFAULT_CONFIG)])])
    # validate_only changes nothing
    assert P.incremental(bootstrap, group, [("consumer.heartbeat.interval.ms", P.SET, "9000")],
                         validate_only=True) == (0, None)
    assert P.describe(bootstrap, group, ["consumer.heartbeat.interval.ms"]) == \
        (0, "", [entry("consumer.heartbeat.interval.ms", "5000", DEFAULT_CONFIG, 3)])
    # the legacy AlterConfigs replaces the whole set
    assert P.legacy(bootstrap, group, {"consumer.heartbeat.interval.ms": "70000"}) == \
        bound("consumer.heartbeat.interval.ms", "less than or equal to", "group.consumer.max.heartbeat.interval.ms")
    assert P.legacy(bootstrap, group, {"nope": "1"}) == (INVALID_CONFIG, "Unknown group config name: nope")
    assert P.legacy(bootstrap, group, {"consumer.heartbeat.interval.ms": "7000"}) == (0, None)
    replaced = settled(lambda: {c[0]: (c[1], c[3]) for c in P.describe(bootstrap, group)[2]},
                       lambda seen: seen["consumer.heartbeat.interval.ms"] == ("7000", GROUP_CONFIG))
    assert replaced["consumer.heartbeat.interval.ms"] == ("7000", GROUP_CONFIG)
    assert replaced["consumer.session.timeout.ms"] == ("45000", DEFAULT_CONFIG)
    assert replaced["share.renew.acknowledge.enable"] == ("true", DEFAULT_CONFIG)


def settled(read, done, timeout_s: float = 10.0):
    """What `read()` returns once `done` holds (or at the timeout): Apache Kafka's brokers answer DescribeConfigs
    from a metadata cache that follows the controller's AlterConfigs a moment later."""
    deadline = time.monotonic() + timeout_s
    while not done(seen := read()) and time.monotonic() < deadline:
        time.sleep(0.1)
    return seen


def kafka_configs(bootstrap: str, *args: str) -> subprocess.CompletedProcess[str]:
    return run_kafka_tool(CONFIG_COMMAND, "--bootstrap-server", bootstrap, *args, timeout=120)


def test_kafka_configs_tool_on_groups(broker, kafka_tools):
    bootstrap, group = broker.bootstrap, f"cfg-{uuid.uuid4().hex[:8]}"
    altered = kafka_configs(bootstrap, "--alter", "--entity-type", "groups", "--entity-name", group, "--add-config",
                            "consumer.session.timeout.ms=55000,consumer.heartbeat.interval.ms=6000")
    assert altered.returncode == 0, altered.stdout + altered.stderr
    assert f"Completed updating config for group {group}." in altered.stdout
    described = kafka_configs(bootstrap, "--describe", "--entity-type", "groups", "--entity-name", group)
    assert described.returncode == 0, described.stdout + described.stderr
    lines = described.stdout.splitlines()
    assert lines[0] == f"Dynamic configs for group {group} are:"
    assert sorted(line.strip() for line in lines[1:]) == [
        "consumer.heartbeat.interval.ms=6000 sensitive=false synonyms={DYNAMIC_GROUP_CONFIG:"
        "consumer.heartbeat.interval.ms=6000, DEFAULT_CONFIG:group.consumer.heartbeat.interval.ms=5000}",
        "consumer.session.timeout.ms=55000 sensitive=false synonyms={DYNAMIC_GROUP_CONFIG:"
        "consumer.session.timeout.ms=55000, DEFAULT_CONFIG:group.consumer.session.timeout.ms=45000}"]
    refused = kafka_configs(bootstrap, "--alter", "--entity-type", "groups", "--entity-name", group, "--add-config",
                            "consumer.session.timeout.ms=1000")
    assert refused.returncode != 0
    assert "consumer.session.timeout.ms must be greater than or equal to group.consumer.min.session.timeout.ms" in \
        refused.stdout + refused.stderr
    deleted = kafka_configs(bootstrap, "--alter", "--entity-type", "groups", "--entity-name", group,
                            "--delete-config", "consumer.heartbeat.interval.ms")
    assert deleted.returncode == 0, deleted.stdout + deleted.stderr
    after = kafka_configs(bootstrap, "--describe", "--entity-type", "groups", "--entity-name", group)
    assert [line.strip().split(" ")[0] for line in after.stdout.splitlines()[1:]] == \
        ["consumer.session.timeout.ms=55000"]


def heartbeat_interval_given(bootstrap: str, group: str, topic: str) -> int:
    """A new consumer-protocol member joins (ConsumerGroupHeartbeat v1, epoch 0), reads the heartbeat interval it is
    given, and leaves (epoch -1); a coordinator still loading is asked again."""
    member_id = str(uuid.uuid4())
    deadline = time.monotonic() + 60
    with RawConnection(bootstrap) as conn:
        while True:
            # FindCoordinator makes the broker create __consumer_offsets the first time a group is looked up.
            conn.send(FindCoordinatorRequest(key_type=0, coordinator_keys=[group]), version=4)
            joined = conn.send(ConsumerGroupHeartbeatRequest(
                group_id=group, member_id=member_id, member_epoch=0, rebalance_timeout_ms=30000,
                subscribed_topic_names=[topic], topic_partitions=[]), version=1)
            if joined.error_code not in COORDINATOR_NOT_READY or time.monotonic() > deadline:
                break
            time.sleep(0.5)
        assert joined.error_code == 0, joined
        left = conn.send(ConsumerGroupHeartbeatRequest(group_id=group, member_id=member_id, member_epoch=-1),
                         version=1)
        assert left.error_code == 0, left
    return joined.heartbeat_interval_ms


def test_a_groups_own_heartbeat_interval_reaches_its_members(broker, topic):
    group = f"cfg-{uuid.uuid4().hex[:8]}"
    create_topic(broker.bootstrap, topic, 1)
    assert heartbeat_interval_given(broker.bootstrap, group, topic) == 5000

    def given() -> int:
        return heartbeat_interval_given(broker.bootstrap, group, topic)

    assert P.incremental(broker.bootstrap, group, [("consumer.heartbeat.interval.ms", P.SET, "7000")]) == (0, None)
    # Apache Kafka's coordinator applies the group's config from the metadata log a moment after the answer
    assert settled(given, lambda interval: interval == 7000) == 7000
    assert P.incremental(broker.bootstrap, group, [("consumer.heartbeat.interval.ms", P.DELETE, None)]) == (0, None)
    assert settled(given, lambda interval: interval == 5000) == 5000
