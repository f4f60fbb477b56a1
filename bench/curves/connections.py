"""The connections curve: one node holds a growing number of idle client connections (10 to 5,000; each sent
one ApiVersions and got its answer, as a client's first request, then stays silent); at each count, after the
connections settle, the broker's RSS and descriptors, and a busy client's produce latency: a new confluent-kafka
producer sending 20 records a second of 100 B (acks=1) for PROBE_S seconds, p50/p99 from produce() to the
delivery report (bench/flood_bench.probe_latency)."""

from __future__ import annotations

import os
import time
from pathlib import Path

from broker_bench import create_topic
from flood_bench import probe_latency

from curves.brokers import node
from curves.figures import process_figures
from kbroker.protocol.blocking_client import KafkaConnection
from kbroker.protocol.messages.api_versions_request import ApiVersionsRequest

FULL = (10, 100, 1_000, 2_000, 5_000)
QUICK = (10, 100, 1_000)
SETTLE_S = 3.0


def open_idle(bootstrap: str, count: int) -> list[KafkaConnection]:
    opened = []
    for _ in range(count):
        conn = KafkaConnection(bootstrap, timeout=60)
        conn.send(ApiVersionsRequest(client_software_name="curves", client_software_version="1"), version=3)
        opened.append(conn)
    return opened


def run(kind: str, quick: bool, work_dir: Path) -> list[dict]:
    work_dir = work_dir / kind
    work_dir.mkdir(parents=True)
    broker = node(kind, work_dir)
    held: list[KafkaConnection] = []
    points = []
    try:
        broker.launch()
        create_topic(broker.bootstrap, "probe", 1)
        probe_latency(broker.bootstrap, "probe", 2.0)  # warm-up: the topic's leader is known, code paths run
        probe_s = 5.0 if quick else 15.0
        for count in QUICK if quick else FULL:
            held += open_idle(broker.bootstrap, count - len(held))
            time.sleep(SETTLE_S)
            point = {"connections": count, "load_average": os.getloadavg(),
                     **process_figures(broker.pid, broker.log_dir)}
            probe = probe_latency(broker.bootstrap, "probe", probe_s)
            point.update({"probe_records": probe["records"], "probe_failed": probe["failed"],
                          "probe_p50_ms": probe["p50_ms"], "probe_p99_ms": probe["p99_ms"],
                          "probe_max_ms": probe["max_ms"]})
            points.append(point)
            print(f"  connections {kind} {count}: {point}", flush=True)
    finally:
        for conn in held:
            conn.close()
        broker.close()
    return points
