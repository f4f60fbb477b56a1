"""The record-size curve: one topic of one partition with max.message.bytes raised to 16 MiB (the broker's
socket.request.max.bytes, 100 MiB, is left alone); a confluent-kafka producer (acks=1, linger.ms 5, batches of
at least 1 MiB) sends 256 MB (--quick: 64 MB) of values of each size from 100 B to 10 MB; produce MB/s
and records/s until the last delivery report. Sizes past 5 MB get 50 records (10 MB: 500 MB), as fewer swung 2-3x
between runs on a busy machine."""

from __future__ import annotations

import os
from pathlib import Path

from broker_bench import MB
from confluent_kafka.admin import AdminClient, NewTopic

from curves.brokers import node
from curves.producing import ANY_PARTITION, produce_all

FULL = (100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000)
QUICK = (100, 10_000, 1_000_000, 10_000_000)
MAX_MESSAGE_BYTES = 16 * MB


def produce(bootstrap: str, topic: str, size: int, records: int) -> float:
    config = {"bootstrap.servers": bootstrap, "acks": "1", "linger.ms": 5, "enable.idempotence": False,
              "batch.size": max(MB, 2 * size), "message.max.bytes": MAX_MESSAGE_BYTES + MB,
              "queue.buffering.max.kbytes": 1_048_576, "queue.buffering.max.messages": 2_000_000,
              "message.timeout.ms": 300_000}
    value = b"x" * size
    return produce_all(config, ((topic, value, ANY_PARTITION) for _ in range(records)))


def run(kind: str, quick: bool, work_dir: Path) -> list[dict]:
    work_dir = work_dir / kind
    work_dir.mkdir(parents=True)
    budget = (64 if quick else 256) * MB
    broker = node(kind, work_dir)
    points = []
    try:
        broker.launch()
        admin = AdminClient({"bootstrap.servers": broker.bootstrap})
        admin.create_topics([NewTopic("sizes", 1, 1, config={"max.message.bytes": str(MAX_MESSAGE_BYTES)})]
                            )["sizes"].result(60)
        produce(broker.bootstrap, "sizes", 1000, 10_000)  # warm-up
        for size in QUICK if quick else FULL:
            records = max(50, budget // size)
            load = os.getloadavg()
            elapsed = produce(broker.bootstrap, "sizes", size, records)
            points.append({"record_bytes": size, "load_average": load, "records": records,
                           "seconds": round(elapsed, 3), "mb_per_s": round(records * size / MB / elapsed, 1),
                           "records_per_s": round(records / elapsed, 1)})
            print(f"  record_size {kind} {size}: {points[-1]}", flush=True)
    finally:
        broker.close()
    return points
