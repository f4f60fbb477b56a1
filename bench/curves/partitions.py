"""The partitions curve: for each count (10 to 10,000, topics of 10 partitions, 100 topics per CreateTopics
request), a fresh node gets them, then: seconds to create them (for Kafka, until its broker holds every new
log open), idle RSS / descriptors / maps, idle CPU-seconds per second (IDLE_CPU_S with no client),
Metadata-for-all-topics latency, produce records/s spread over all of
them (confluent-kafka, 100 B values, acks=1, round robin), the clean shutdown, start-to-ready after it (and the
idle figures then), and start-to-ready after kill -9 (recovery)."""

from __future__ import annotations

import os
import time
from pathlib import Path

from curves.brokers import node
from curves.figures import idle_cpu_s_per_s, metadata_all_topics_ms, process_figures, wait_for_log_descriptors
from curves.producing import produce_all
from kbroker.protocol.blocking_client import KafkaConnection
from kbroker.protocol.messages.create_topics_request import CreatableTopic, CreateTopicsRequest

PARTITIONS_PER_TOPIC = 10
TOPICS_PER_REQUEST = 100
IDLE_S = 5.0
IDLE_CPU_S = 20.0
FULL = (10, 100, 1_000, 10_000)
QUICK = (10, 100, 1_000)


def topic_names(total: int) -> list[str]:
    return [f"curve-{n:05d}" for n in range(max(1, total // PARTITIONS_PER_TOPIC))]


def create(bootstrap: str, names: list[str], partitions: int) -> float:
    started = time.perf_counter()
    with KafkaConnection(bootstrap, timeout=1800) as conn:
        for first in range(0, len(names), TOPICS_PER_REQUEST):
            answer = conn.send(CreateTopicsRequest(timeout_ms=1_800_000, topics=[
                CreatableTopic(name=name, num_partitions=partitions, replication_factor=1)
                for name in names[first:first + TOPICS_PER_REQUEST]]), version=7)
            failed = [(t.name, t.error_code, t.error_message) for t in answer.topics if t.error_code]
            if failed:
                raise RuntimeError(f"CreateTopics failed: {failed[:3]}")
    return time.perf_counter() - started


def produce_spread(bootstrap: str, names: list[str], partitions: int, records: int) -> dict:
    """records/s of one producer writing `records` 100-byte values round robin over every partition."""
    config = {"bootstrap.servers": bootstrap, "acks": "1", "linger.ms": 5, "enable.idempotence": False,
              "queue.buffering.max.messages": 2_000_000, "queue.buffering.max.kbytes": 1_048_576}
    targets = [(name, p) for p in range(partitions) for name in names]
    value = b"x" * 100
    elapsed = produce_all(config, ((targets[i % len(targets)][0], value, targets[i % len(targets)][1])
                                   for i in range(records)))
    return {"produce_records": records, "produce_records_per_s": round(records / elapsed)}


def point(kind: str, total: int, work_dir: Path) -> dict:
    names = topic_names(total)
    partitions = min(total, PARTITIONS_PER_TOPIC)
    work_dir.mkdir(parents=True)
    broker = node(kind, work_dir)
    result: dict = {"partitions": total, "load_average": os.getloadavg()}
    try:
        result["first_start_s"] = round(broker.launch(), 3)
        started = time.perf_counter()
        result["create_answered_s"] = round(create(broker.bootstrap, names, partitions), 3)
        if kind == "kafka":  # Kafka's broker creates the logs after its controller answered
            wait_for_log_descriptors(broker.pid, broker.log_dir, total)
        result["create_s"] = round(time.perf_counter() - started, 3)
        time.sleep(IDLE_S)
        result["idle"] = process_figures(broker.pid, broker.log_dir)
        result["idle_cpu_s_per_s"] = idle_cpu_s_per_s(broker.pid, IDLE_CPU_S)
        result.update(metadata_all_topics_ms(broker.bootstrap))
        result.update(produce_spread(broker.bootstrap, names, partitions, max(100_000, 20 * total)))
        result["clean_shutdown_s"] = round(broker.stop(), 3)
        result["start_after_clean_s"] = round(broker.launch(), 3)
        time.sleep(IDLE_S)
        result["idle_after_restart"] = process_figures(broker.pid, broker.log_dir)
        broker.kill()
        result["start_after_kill_s"] = round(broker.launch(), 3)
        broker.kill()  # its data is deleted next: a clean shutdown would only cost time
    finally:
        broker.close()
    return result


def run(kind: str, quick: bool, work_dir: Path, sizes: tuple[int, ...] | None = None) -> list[dict]:
    points = []
    for total in sizes or (QUICK if quick else FULL):
        points.append(point(kind, total, work_dir / f"{kind}-partitions-{total}"))
        print(f"  partitions {kind} {total}: {points[-1]}", flush=True)
    return points
