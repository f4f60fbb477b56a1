"""The consumers curve (fan-out): one topic of one partition holds TOPIC_MB of 1 KiB records (produced by
confluent-kafka, acks=1, 1 MiB batches); then 1 to 50 kcat consumers (librdkafka in C, output discarded) start
at once and each reads it all from the beginning; MB/s in all is consumers x topic size / wall time until the
last one finished."""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from pathlib import Path

from broker_bench import MB, confluent_produce, create_topic

from curves.brokers import node

FULL = (1, 2, 5, 10, 20, 50)
QUICK = (1, 5, 20)
RECORD = 1024


def kcat_command(bootstrap: str, topic: str, records: int) -> list[str]:
    kcat = shutil.which("kcat")
    if kcat is None:
        raise RuntimeError("kcat is not installed (apt-get install -y kcat)")
    return [kcat, "-C", "-b", bootstrap, "-t", topic, "-p", "0", "-o", "beginning", "-c", str(records), "-q",
            "-f", "%o\n", "-X", "fetch.max.bytes=52428800", "-X", "fetch.message.max.bytes=10485760",
            "-X", "queued.max.messages.kbytes=65536", "-X", "check.crcs=false"]


def fan_out(bootstrap: str, topic: str, records: int, consumers: int) -> float:
    """Seconds until `consumers` kcat processes started together have each read `records` records."""
    command = kcat_command(bootstrap, topic, records)
    started = time.perf_counter()
    running = [subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
               for _ in range(consumers)]
    outputs = [process.communicate(timeout=1800) for process in running]
    elapsed = time.perf_counter() - started
    for process, (out, err) in zip(running, outputs, strict=True):
        last = out.rstrip("\n").rpartition("\n")[2]
        if process.returncode != 0 or last != str(records - 1):
            raise RuntimeError(f"kcat read up to offset {last!r} of {records - 1} (exit {process.returncode}): "
                               f"{err[-1000:]}")
    return elapsed


def run(kind: str, quick: bool, work_dir: Path) -> list[dict]:
    work_dir = work_dir / kind
    work_dir.mkdir(parents=True)
    topic_mb = 32 if quick else 256
    records = topic_mb * MB // RECORD
    broker = node(kind, work_dir)
    points = []
    try:
        broker.launch()
        create_topic(broker.bootstrap, "fanout", 1)
        confluent_produce(broker.bootstrap, "fanout", records, RECORD, MB, "1")
        fan_out(broker.bootstrap, "fanout", records, 1)  # warm-up: the segments are in the page cache
        for consumers in QUICK if quick else FULL:
            load = os.getloadavg()
            elapsed = fan_out(broker.bootstrap, "fanout", records, consumers)
            total = consumers * records * RECORD / MB
            points.append({"consumers": consumers, "load_average": load, "topic_mb": topic_mb,
                           "seconds": round(elapsed, 3), "total_mb_per_s": round(total / elapsed, 1),
                           "per_consumer_mb_per_s": round(total / elapsed / consumers, 1)})
            print(f"  consumers {kind} {consumers}: {points[-1]}", flush=True)
    finally:
        broker.close()
    return points
