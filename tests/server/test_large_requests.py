"""Legitimate large requests still work with frames that grow as their bytes arrive: 50 MB record batches
produced by librdkafka to a `kbroker serve` process whose socket.request.max.bytes and max.message.bytes allow
them, then read back whole."""

import hashlib
import time

import pytest

from kbroker.testing import start_broker_process

confluent_kafka = pytest.importorskip("confluent_kafka")
admin_module = pytest.importorskip("confluent_kafka.admin")

RECORD = 50_000_000
RECORDS = 3
BOUND_S = 120


def test_50_mb_batches_are_produced_and_fetched_whole(tmp_path):
    overrides = {"socket.request.max.bytes": 200 * 1024 * 1024, "message.max.bytes": 60_000_000}
    payloads = [bytes([i]) * 1000 + hashlib.sha256(bytes([i])).digest() * (RECORD // 32 - 32) for i in range(RECORDS)]
    with start_broker_process(tmp_path / "logs", overrides) as broker:
        admin = admin_module.AdminClient({"bootstrap.servers": broker.bootstrap})
        topic = admin_module.NewTopic("big", 1, 1, config={"max.message.bytes": "60000000"})
        admin.create_topics([topic])["big"].result(30)
        producer = confluent_kafka.Producer({"bootstrap.servers": broker.bootstrap, "acks": "1",
                                             "message.max.bytes": 100_000_000, "linger.ms": 0,
                                             "compression.type": "none"})
        reports = []
        for payload in payloads:
            producer.produce("big", payload, on_delivery=lambda err, msg: reports.append((err, msg.offset())))
            producer.flush(BOUND_S)  # one record, so one 50 MB batch, per request
        assert reports == [(None, 0), (None, 1), (None, 2)]

        consumer = confluent_kafka.Consumer({"bootstrap.servers": broker.bootstrap, "group.id": "big-reader",
                                             "auto.offset.reset": "earliest", "enable.auto.commit": False,
                                             "fetch.max.bytes": 60_000_000,
                                             "receive.message.max.bytes": 130_000_000})
        try:
            consumer.assign([confluent_kafka.TopicPartition("big", 0, 0)])
            seen = []
            deadline = time.monotonic() + BOUND_S
            while len(seen) < RECORDS and time.monotonic() < deadline:
                message = consumer.poll(1.0)
                if message is not None:
                    assert message.error() is None, message.error()
                    seen.append(hashlib.sha256(message.value()).hexdigest())
        finally:
            consumer.close()
        assert seen == [hashlib.sha256(p).hexdigest() for p in payloads]
