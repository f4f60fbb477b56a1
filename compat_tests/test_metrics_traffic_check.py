"""The check every compat session's kbroker gets at close (compat_tests/metrics_check.py): bytes and messages in
on /metrics against the producers' batches in the logs. It compares the topics whose logs are whole, leaves out
the rest, and fails when a counter disagrees with the log."""

from __future__ import annotations

import re
import urllib.request

import pytest
from confluent_kafka import Producer
from confluent_kafka.admin import AdminClient, NewTopic

from compat_tests.brokers import KBROKER, start_broker
from compat_tests.metrics_check import check_traffic_matches_logs, stored_batches

RECORDS = 500


@pytest.fixture
def metered_broker():
    broker = start_broker(KBROKER)
    try:
        yield broker
    finally:
        broker.close()  # runs the same check over the whole broker once more


def _produce(bootstrap: str, topic: str, compression: str) -> None:
    producer = Producer({"bootstrap.servers": bootstrap, "linger.ms": 5, "compression.type": compression})
    for i in range(RECORDS):
        producer.produce(topic, f"value-{i}".encode() * 3, key=str(i % 7).encode())
    assert producer.flush(60) == 0


def test_counters_match_whole_logs_and_a_wrong_counter_fails(metered_broker):
    bootstrap = metered_broker.bootstrap
    admin = AdminClient({"bootstrap.servers": bootstrap})
    topics = {"plain": {}, "zipped": {}, "recompressed": {"compression.type": "gzip"},
              "compacted": {"cleanup.policy": "compact"}}
    for future in admin.create_topics([NewTopic(name, 2, 1, config=configs)
                                       for name, configs in topics.items()]).values():
        future.result(60)
    for name in topics:
        _produce(bootstrap, name, "lz4" if name == "zipped" else "none")
    with urllib.request.urlopen(metered_broker.metrics_url, timeout=30) as response:
        text = response.read().decode()

    assert check_traffic_matches_logs(text, metered_broker.log_dir, bootstrap) == ["plain", "zipped"]
    assert stored_batches(metered_broker.log_dir)["plain"][1] == RECORDS

    line = re.compile(r'^(kafka_server_brokertopicmetrics_bytesin_total\{topic="plain"\}) (\S+)$', re.M)
    inflated = line.sub(lambda m: f"{m[1]} {float(m[2]) * 1.5}", text)
    assert inflated != text
    with pytest.raises(AssertionError, match="bytes in"):
        check_traffic_matches_logs(inflated, metered_broker.log_dir, bootstrap)
