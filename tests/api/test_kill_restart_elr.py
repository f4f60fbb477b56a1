"""kill -9 of a real single-node `kbroker serve` with eligible leader replicas on (as `format` finalizes them):
with no proof of a clean shutdown the node leaves its ISRs and ELRs at restart, and every partition comes back led
by it through the last-known-leader election (what Kafka 4.3.1 does); a SIGTERM leaves the proof (the broker
epoch in each log dir's clean-shutdown marker) and the next start is a clean one."""

import pytest
from confluent_kafka import Producer
from confluent_kafka.admin import AdminClient, NewTopic

from compat_tests.py_clients import ck_read_to_end
from kbroker.log.clean_shutdown import CLEAN_SHUTDOWN_FILE, read_broker_epoch
from kbroker.testing import start_broker_process

TOPICS = {"elr-a": 4, "elr-b": 2}


def create_topics(bootstrap):
    admin = AdminClient({"bootstrap.servers": bootstrap})
    for future in admin.create_topics([NewTopic(name, count, 1) for name, count in TOPICS.items()]).values():
        future.result(30)


def leaders(bootstrap) -> dict[tuple[str, int], int | None]:
    metadata = AdminClient({"bootstrap.servers": bootstrap}).list_topics(timeout=30)
    return {(name, p.id): (p.leader if p.leader >= 0 else None)
            for name in TOPICS for p in metadata.topics[name].partitions.values()}


def produce_everywhere(bootstrap, tag: str) -> dict[tuple[str, int], bytes]:
    sent = {(name, p): f"{tag}-{name}-{p}".encode() for name, count in TOPICS.items() for p in range(count)}
    errors = []
    producer = Producer({"bootstrap.servers": bootstrap, "acks": "all", "message.timeout.ms": 30000})
    for (name, partition), value in sent.items():
        producer.produce(name, value=value, partition=partition,
                         on_delivery=lambda err, msg: errors.append(err) if err else None)
    assert producer.flush(30) == 0 and errors == []
    return sent


def read_all(bootstrap) -> dict[tuple[str, int], list[bytes]]:
    return {(name, p): ck_read_to_end(bootstrap, name, (p,)) for name, count in TOPICS.items() for p in range(count)}


@pytest.mark.slow
def test_a_single_node_killed_with_elr_on_serves_every_partition_again(tmp_path):
    log_dir = tmp_path / "logs"
    marker = log_dir / CLEAN_SHUTDOWN_FILE
    expected: dict[tuple[str, int], list[bytes]] = {}
    with start_broker_process(log_dir) as broker:
        create_topics(broker.bootstrap)
        for key, value in produce_everywhere(broker.bootstrap, "before").items():
            expected.setdefault(key, []).append(value)
        assert not marker.exists()  # removed while the broker runs
        broker.kill()
    assert not marker.exists()
    with start_broker_process(log_dir) as broker:
        assert set(leaders(broker.bootstrap).values()) == {1}
        assert read_all(broker.bootstrap) == expected
        for key, value in produce_everywhere(broker.bootstrap, "after-kill").items():
            expected[key].append(value)
        assert "previous shutdown not known to be clean" in broker.log_text()
        assert broker.terminate() == 0
    assert read_broker_epoch(str(log_dir)) is not None and read_broker_epoch(str(log_dir)) >= 0
    with start_broker_process(log_dir) as broker:
        assert set(leaders(broker.bootstrap).values()) == {1}
        assert read_all(broker.bootstrap) == expected
        assert "previous shutdown clean" in broker.log_text()  # the log file is shared by the three runs
