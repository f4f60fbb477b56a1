"""A share group's own configs (GROUP config resources set with Kafka 4.3.1's `kafka-configs --entity-type groups`)
and confluent-kafka's ShareConsumer, the same test code against kbroker and against Apache Kafka 4.3.1:
- share.auto.offset.reset=earliest: a new share group reads from the beginning of the log; by_duration:P1D
  skips records older than a day;
- share.isolation.level=read_committed: records of an aborted transaction are never delivered to Kafka's
  KafkaShareConsumer, committed ones are (a read_uncommitted group gets both);
- share.delivery.count.limit: a record released that many times is archived and never comes back;
- share.record.lock.duration.ms: a record held by a consumer that never acknowledges it comes back to another
  consumer once the group's short lock expired, while the broker's default lock is ten minutes;
- several ShareConsumers share a topic: every record is delivered once; explicit ACCEPT / RELEASE / REJECT.

No assertion is on time: consumers poll until they saw what they wait for, within a generous deadline.
"""

from __future__ import annotations

import time

import pytest
from confluent_kafka import AcknowledgeType, Producer, ShareConsumer

from compat_tests.java_tools import TOOL_TIMEOUT_S, check, kafka_topics
from compat_tests.kafka_dist import run_kafka_tool
from compat_tests.test_share_groups import run_share_consumers

pytestmark = [pytest.mark.java, pytest.mark.usefixtures("kafka_tools")]

CONFIG_COMMAND = "kafka.admin.ConfigCommand"
DEADLINE_S = 90.0


def alter_group(bootstrap: str, group: str, **configs: object) -> None:
    """kafka-configs --alter --entity-type groups: `share_auto_offset_reset="earliest"` sets
    share.auto.offset.reset."""
    added = ",".join(f"{name.replace('_', '.')}={value}" for name, value in configs.items())
    check(run_kafka_tool(CONFIG_COMMAND, "--bootstrap-server", bootstrap, "--alter", "--entity-type", "groups",
                         "--entity-name", group, "--add-config", added, timeout=TOOL_TIMEOUT_S))


def describe_group(bootstrap: str, group: str) -> str:
    return check(run_kafka_tool(CONFIG_COMMAND, "--bootstrap-server", bootstrap, "--describe", "--entity-type",
                                "groups", "--entity-name", group, timeout=TOOL_TIMEOUT_S)).stdout


def produce(bootstrap: str, topic: str, values: list[str], partition: int | None = None) -> None:
    producer = Producer({"bootstrap.servers": bootstrap})
    for value in values:
        if partition is None:
            producer.produce(topic, value.encode())
        else:
            producer.produce(topic, value.encode(), partition=partition)
    assert producer.flush(30) == 0


def share_consumer(bootstrap: str, group: str, topic: str, *, explicit: bool = False) -> ShareConsumer:
    consumer = ShareConsumer({"bootstrap.servers": bootstrap, "group.id": group,
                              "share.acknowledgement.mode": "explicit" if explicit else "implicit"})
    consumer.subscribe([topic])
    return consumer


def records(messages) -> list:
    out = []
    for message in messages:
        assert message.error() is None, message.error()
        out.append(message)
    return out


def consume_until(consumer: ShareConsumer, done, *, on_record=None) -> list[str]:
    """Poll (implicit acknowledgement unless `on_record` acknowledges) until done(values seen) holds."""
    seen: list[str] = []
    deadline = time.monotonic() + DEADLINE_S
    while not done(seen):
        assert time.monotonic() < deadline, f"still waiting after {DEADLINE_S}s; seen {seen}"
        for message in records(consumer.poll(1.0)):
            seen.append(message.value().decode())
            if on_record is not None:
                on_record(consumer, message)
    return seen


def test_group_auto_offset_reset_earliest_reads_from_the_beginning(broker, topic):
    group = f"{topic}-g"
    check(kafka_topics(broker.bootstrap, "--create", "--topic", topic, "--partitions", "1"))
    values = [f"e{i}" for i in range(5)]
    produce(broker.bootstrap, topic, values)
    alter_group(broker.bootstrap, group, share_auto_offset_reset="earliest")
    assert "share.auto.offset.reset=earliest" in describe_group(broker.bootstrap, group)
    with share_consumer(broker.bootstrap, group, topic) as consumer:
        seen = consume_until(consumer, lambda s: len(s) >= len(values))
    assert seen == values


def test_group_auto_offset_reset_by_duration_starts_at_the_first_record_that_recent(broker, topic):
    group = f"{topic}-g"
    check(kafka_topics(broker.bootstrap, "--create", "--topic", topic, "--partitions", "1"))
    three_days_ago_ms = int(time.time() * 1000) - 3 * 86_400_000
    producer = Producer({"bootstrap.servers": broker.bootstrap})
    for value in ("old0", "old1"):
        producer.produce(topic, value.encode(), timestamp=three_days_ago_ms)
    assert producer.flush(30) == 0
    produce(broker.bootstrap, topic, ["new0", "new1"])
    alter_group(broker.bootstrap, group, share_auto_offset_reset="by_duration:P1D")
    with share_consumer(broker.bootstrap, group, topic) as consumer:
        seen = consume_until(consumer, lambda s: "new1" in s)
    assert seen == ["new0", "new1"]


def test_group_read_committed_never_delivers_aborted_transactions(broker, topic):
    check(kafka_topics(broker.bootstrap, "--create", "--topic", topic, "--partitions", "1"))
    committed_group, uncommitted_group = f"{topic}-rc", f"{topic}-ru"
    alter_group(broker.bootstrap, committed_group, share_auto_offset_reset="earliest",
                share_isolation_level="read_committed")
    alter_group(broker.bootstrap, uncommitted_group, share_auto_offset_reset="earliest")
    producer = Producer({"bootstrap.servers": broker.bootstrap, "transactional.id": f"{topic}-txn"})
    producer.init_transactions(30)
    for values, commit in ((["a0", "a1"], False), (["c0", "c1"], True), (["a2"], False), (["c2"], True)):
        producer.begin_transaction()
        for value in values:
            producer.produce(topic, value.encode(), partition=0)
        if commit:
            producer.commit_transaction(30)
        else:
            assert producer.flush(30) == 0  # written, then aborted (abort alone drops what is unsent)
            producer.abort_transaction(30)
    produce(broker.bootstrap, topic, ["end"], partition=0)

    committed = run_share_consumers(broker.bootstrap, committed_group, topic, 1, 4)
    assert sorted(value for _t, _o, value, _c, _a in committed) == ["c0", "c1", "c2", "end"]
    uncommitted = run_share_consumers(broker.bootstrap, uncommitted_group, topic, 1, 7)
    assert sorted(value for _t, _o, value, _c, _a in uncommitted) == ["a0", "a1", "a2", "c0", "c1", "c2", "end"]
    # librdkafka's ShareConsumer too.
    alter_group(broker.bootstrap, f"{committed_group}-2", share_auto_offset_reset="earliest",
                share_isolation_level="read_committed")
    with share_consumer(broker.bootstrap, f"{committed_group}-2", topic) as consumer:
        assert consume_until(consumer, lambda s: "end" in s) == ["c0", "c1", "c2", "end"]


def test_group_delivery_count_limit_archives_a_record_released_that_many_times(broker, topic):
    group = f"{topic}-g"
    limit = 3
    check(kafka_topics(broker.bootstrap, "--create", "--topic", topic, "--partitions", "1"))
    alter_group(broker.bootstrap, group, share_auto_offset_reset="earliest", share_delivery_count_limit=limit)
    produce(broker.bootstrap, topic, ["x"])
    counts: list[int] = []

    def release(consumer: ShareConsumer, message) -> None:
        counts.append(message.delivery_count())
        consumer.acknowledge(message, AcknowledgeType.RELEASE)

    with share_consumer(broker.bootstrap, group, topic, explicit=True) as consumer:
        consume_until(consumer, lambda s: len(s) >= limit, on_record=release)
        consumer.commit_sync()
        assert counts == list(range(1, limit + 1))
        # Archived at the limit: only what is produced since comes next.
        produce(broker.bootstrap, topic, ["after"])
        counts.clear()
        seen = consume_until(consumer, lambda s: "after" in s,
                             on_record=lambda c, m: (counts.append(m.delivery_count()), c.acknowledge(m)))
    assert seen == ["after"] and counts == [1]


def test_group_record_lock_duration_releases_a_held_record(broker_factory, topic):
    # The broker's own lock is ten minutes: the record only comes back within the test through the group's.
    broker = broker_factory({"group.share.record.lock.duration.ms": 600000,
                             "group.share.max.record.lock.duration.ms": 3600000,
                             "group.share.min.record.lock.duration.ms": 1000})
    group = f"{topic}-g"
    check(kafka_topics(broker.bootstrap, "--create", "--topic", topic, "--partitions", "1"))
    alter_group(broker.bootstrap, group, share_auto_offset_reset="earliest", share_record_lock_duration_ms=2000)
    produce(broker.bootstrap, topic, ["held"])
    with share_consumer(broker.bootstrap, group, topic, explicit=True) as holder:
        held = consume_until(holder, lambda s: bool(s))  # acquired, never acknowledged
        assert held == ["held"]
        with share_consumer(broker.bootstrap, group, topic, explicit=True) as other:
            counts: list[int] = []
            again = consume_until(other, lambda s: bool(s),
                                  on_record=lambda c, m: (counts.append(m.delivery_count()), c.acknowledge(m)))
            other.commit_sync()
    assert again == ["held"] and counts == [2]


def test_share_consumers_share_a_topic_with_explicit_acknowledge_types(broker, topic):
    group = f"{topic}-g"
    partitions = 3
    check(kafka_topics(broker.bootstrap, "--create", "--topic", topic, "--partitions", str(partitions)))
    alter_group(broker.bootstrap, group, share_auto_offset_reset="earliest")
    values = [f"p{p}-{i}" for p in range(partitions) for i in range(10)]
    for p in range(partitions):
        produce(broker.bootstrap, topic, [v for v in values if v.startswith(f"p{p}-")], partition=p)

    consumers = [share_consumer(broker.bootstrap, group, topic, explicit=True) for _ in range(3)]
    deliveries: list[tuple[int, str, int, str]] = []  # (consumer, value, delivery count, acknowledge type)
    try:
        deadline = time.monotonic() + DEADLINE_S
        accepted_or_rejected: set[str] = set()
        while accepted_or_rejected != set(values):
            assert time.monotonic() < deadline, f"missing {sorted(set(values) - accepted_or_rejected)}"
            for number, consumer in enumerate(consumers):
                for message in records(consumer.poll(0.5)):
                    value, count = message.value().decode(), message.delivery_count()
                    if value == "p1-3":
                        kind = AcknowledgeType.REJECT
                    elif value == "p2-5" and count == 1:
                        kind = AcknowledgeType.RELEASE
                    else:
                        kind = AcknowledgeType.ACCEPT
                    consumer.acknowledge(message, kind)
                    deliveries.append((number, value, count, kind.name))
                    if kind != AcknowledgeType.RELEASE:
                        accepted_or_rejected.add(value)
                consumer.commit_sync()
    finally:
        for consumer in consumers:
            consumer.close()
    by_value: dict[str, list[tuple[int, str]]] = {}
    for _number, value, count, kind in deliveries:
        by_value.setdefault(value, []).append((count, kind))
    assert set(by_value) == set(values)
    assert by_value["p1-3"] == [(1, "REJECT")]
    assert by_value["p2-5"] == [(1, "RELEASE"), (2, "ACCEPT")]
    for value in set(values) - {"p1-3", "p2-5"}:
        assert by_value[value] == [(1, "ACCEPT")], (value, by_value[value])
