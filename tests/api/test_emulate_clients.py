"""Stock clients against `--emulate-kafka 3.6`: kafka-python, confluent-kafka and Kafka 4.3.1's Java clients (its
console producer and consumer) negotiate the versions they would with Apache Kafka 3.6, and topics, produce,
consume and consumer groups still work.

The versions each client sends are read from the broker's request metrics (RequestStats: requests served per API
and version). The same workload runs against kbroker unemulated (Kafka 4.3.1's ranges, the newest any release in
the table advertises), which shows each client's choice per API, min(client max, 4.3 max); under 3.6 every API
must then be sent at min(that, the 3.6 table's max), and only APIs 3.6 served may be sent. kafka-python's round trip
is also checked that way under every release of the table, 2.8 to 4.3."""

from __future__ import annotations

import time
import uuid

import confluent_kafka
import pytest
from confluent_kafka.admin import AdminClient
from confluent_kafka.admin import NewTopic as ConfluentNewTopic
from kafka import KafkaAdminClient, KafkaConsumer, KafkaProducer
from kafka.admin import NewTopic

from compat_tests.kafka_dist import kafka_dist_is_built, missing_dist_message, run_kafka_tool
from kbroker.protocol.kafka_releases import release, releases
from kbroker.testing import broker_config, run_broker_in_thread

RECORDS = 20
# Upper bound on waiting for records; reaching it fails the test, it is not a speed check.
CONSUME_BOUND_S = 60.0
# The APIs a produce / group consume / commit round trip must have used, whichever client.
CORE_APIS = {0, 1, 3, 8, 9, 10, 11, 14, 18}


def kafka_python_round_trip(bootstrap: str) -> None:
    topic, group = f"kp-{uuid.uuid4().hex[:8]}", f"kp-group-{uuid.uuid4().hex[:8]}"
    admin = KafkaAdminClient(bootstrap_servers=bootstrap)
    try:
        admin.create_topics([NewTopic(topic, 2, 1)])
    finally:
        admin.close()
    producer = KafkaProducer(bootstrap_servers=bootstrap)
    try:
        for i in range(RECORDS):
            producer.send(topic, str(i).encode())
        producer.flush()
    finally:
        producer.close()
    consumer = KafkaConsumer(topic, bootstrap_servers=bootstrap, group_id=group, auto_offset_reset="earliest",
                             enable_auto_commit=False)
    try:
        seen: set[bytes] = set()
        deadline = time.monotonic() + CONSUME_BOUND_S
        while len(seen) < RECORDS and time.monotonic() < deadline:
            for records in consumer.poll(timeout_ms=500).values():
                seen.update(record.value for record in records)
        assert seen == {str(i).encode() for i in range(RECORDS)}
        consumer.commit()
        assert sum(consumer.committed(tp) or 0 for tp in consumer.assignment()) == RECORDS
    finally:
        consumer.close()


def confluent_round_trip(bootstrap: str) -> None:
    topic, group = f"ck-{uuid.uuid4().hex[:8]}", f"ck-group-{uuid.uuid4().hex[:8]}"
    admin = AdminClient({"bootstrap.servers": bootstrap})
    admin.create_topics([ConfluentNewTopic(topic, 2, 1)])[topic].result(timeout=30)
    producer = confluent_kafka.Producer({"bootstrap.servers": bootstrap})
    for i in range(RECORDS):
        producer.produce(topic, str(i).encode())
    assert producer.flush(30) == 0
    consumer = confluent_kafka.Consumer({"bootstrap.servers": bootstrap, "group.id": group,
                                         "auto.offset.reset": "earliest", "enable.auto.commit": False})
    try:
        consumer.subscribe([topic])
        seen: set[bytes] = set()
        deadline = time.monotonic() + CONSUME_BOUND_S
        while len(seen) < RECORDS and time.monotonic() < deadline:
            message = consumer.poll(0.5)
            if message is not None and message.error() is None:
                seen.add(message.value())
        assert seen == {str(i).encode() for i in range(RECORDS)}
        committed = consumer.commit(asynchronous=False)
        assert all(tp.error is None for tp in committed)
    finally:
        consumer.close()


def java_round_trip(bootstrap: str) -> None:
    topic, group = f"java-{uuid.uuid4().hex[:8]}", f"java-group-{uuid.uuid4().hex[:8]}"
    values = [str(i) for i in range(RECORDS)]
    produced = run_kafka_tool("org.apache.kafka.tools.ConsoleProducer", "--bootstrap-server", bootstrap,
                              "--topic", topic, input="\n".join(values) + "\n")
    assert produced.returncode == 0, produced.stderr
    consumed = run_kafka_tool("org.apache.kafka.tools.consumer.ConsoleConsumer", "--bootstrap-server", bootstrap,
                              "--topic", topic, "--group", group, "--from-beginning",
                              "--max-messages", str(RECORDS), "--timeout-ms", str(int(CONSUME_BOUND_S * 1000)))
    assert sorted(consumed.stdout.split()) == sorted(values), consumed.stderr


def versions_used(tmp_path, name: str, round_trip, emulate: str | None) -> dict[int, set[int]]:
    """API key -> the versions the round trip sent, on a fresh broker emulating `emulate` (None: kbroker's own)."""
    overrides = {"kbroker.emulate.kafka.version": emulate} if emulate else {}
    with run_broker_in_thread(broker_config(tmp_path / name, overrides)) as broker:
        round_trip(broker.bootstrap)
        stats = broker.state.request_stats.apis
        return {key: set(api.versions) for key, api in stats.items() if isinstance(key, int)}


def assert_negotiated(table: dict[int, tuple[int, int]], unemulated: dict[int, set[int]],
                      emulated: dict[int, set[int]]) -> None:
    assert CORE_APIS <= emulated.keys(), emulated
    assert emulated.keys() <= table.keys(), f"APIs the release did not serve were sent: {emulated.keys() - table.keys()}"
    for key, versions in emulated.items():
        assert all(table[key][0] <= v <= table[key][1] for v in versions), (key, versions, table[key])
        if key in unemulated:
            expected = {min(v, table[key][1]) for v in unemulated[key]}
            assert versions == expected, f"API {key}: sent {versions}, the release would get {expected}"


@pytest.mark.parametrize("round_trip", [kafka_python_round_trip, confluent_round_trip, java_round_trip],
                         ids=["kafka-python", "confluent-kafka", "java"])
def test_clients_negotiate_3_6_versions_and_still_work(tmp_path, round_trip):
    if round_trip is java_round_trip and not kafka_dist_is_built():
        pytest.skip(missing_dist_message())
    table = release("3.6").apis
    unemulated = versions_used(tmp_path, "own", round_trip, None)
    emulated = versions_used(tmp_path, "as-3.6", round_trip, "3.6")
    assert_negotiated(table, unemulated, emulated)
    # Where 3.6 served less than 4.3, the client really did step down (else this test could not fail).
    assert any(max(emulated[key]) < max(unemulated[key]) for key in emulated.keys() & unemulated.keys())


@pytest.fixture(scope="module")
def kafka_python_unemulated(tmp_path_factory):
    return versions_used(tmp_path_factory.mktemp("own"), "own", kafka_python_round_trip, None)


@pytest.mark.parametrize("name", list(releases()))
def test_kafka_python_negotiates_each_releases_versions(tmp_path, kafka_python_unemulated, name):
    emulated = versions_used(tmp_path, name, kafka_python_round_trip, name)
    assert_negotiated(release(name).apis, kafka_python_unemulated, emulated)
