"""Replicated produce: three kbroker nodes beside three Apache Kafka 4.3.1 nodes on the same machine, RF=3, acks=all.

Each kind runs as three combined nodes (broker and controller) on loopback with CLUSTER.md's combined-mode
configs and no fault proxy (compat_tests/cluster/nodes.py), Kafka with its default 1 GiB heap per node and its
full JIT (the compat tests' nodes stop at C1, and before session 18 these did too). Both clusters stay up; only
one is loaded at a time, and the runs alternate between them. Each run is Kafka's ProducerPerformance
(idempotent, acks=all, 1 KiB records, batch.size 1 MiB, linger.ms 5) into a topic of six partitions with
replication factor 3 and min.insync.replicas 2, so every partition's leader has two followers fetching from it.
Every run has a topic of its own, deleted after it, and each cluster has an unmeasured run of a fifth of the
records first (Kafka's JIT warms up). Per run: MB/s, p50 and p99 produce latency as ProducerPerformance reports
them, the three nodes' CPU-seconds per GB produced (from /proc, followers' replication included), and their
total RSS at the end of the run.

Prints the median run of each kind with the min-max spread, and writes bench/results/cluster-<UTC time>.json
with every run and the ratio kbroker / Kafka. Asserts nothing.

    .venv/bin/python bench/cluster_bench.py [--repeats N] [--records N] [--only kbroker|kafka]
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import shutil
import socket
import sys
import tempfile
from pathlib import Path

from confluent_kafka.admin import AdminClient, NewTopic

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from broker_bench import RESULTS_DIR, cpu_seconds, producer_performance, rss_mb  # noqa: E402

from compat_tests.cluster.nodes import KafkaNode, KBrokerNode, NodeFailed, combined_node_configs  # noqa: E402
from compat_tests.kafka_dist import random_cluster_id  # noqa: E402

NODES = (1, 2, 3)
PARTITIONS = 6
RECORD_SIZE = 1024
BATCH_SIZE = 1024 * 1024
# Internal topics replicated like the data, as a production cluster has them.
REPLICATED_CLUSTER = {
    "offsets.topic.replication.factor": "3", "transaction.state.log.replication.factor": "3",
    "transaction.state.log.min.isr": "2", "min.insync.replicas": "2", "group.initial.rebalance.delay.ms": "0",
}


def free_ports(count: int) -> list[int]:
    sockets = [socket.socket() for _ in range(count)]
    try:
        for each in sockets:
            each.bind(("127.0.0.1", 0))
        return [each.getsockname()[1] for each in sockets]
    finally:
        for each in sockets:
            each.close()


class CombinedNodes:
    """One kind's combined nodes (broker and controller each) `node_ids`, on loopback with `configs` added to each
    node's own, formatted with one cluster id and started; `close()` stops them. Kafka's nodes run with the JIT a
    production Kafka has (the compat tests hold theirs to C1 to start faster), so a benchmark meets it at full
    speed."""

    def __init__(self, kind: str, work_dir: Path, node_ids: tuple[int, ...] = NODES,
                 configs: dict[str, str] = REPLICATED_CLUSTER):
        self.kind = kind
        self.node_ids = node_ids
        ports = free_ports(2 * len(node_ids))
        controller_ports = dict(zip(node_ids, ports[:len(node_ids)], strict=True))
        client_ports = dict(zip(node_ids, ports[len(node_ids):], strict=True))
        self.bootstrap = ",".join(f"127.0.0.1:{client_ports[n]}" for n in node_ids)
        self.nodes = []
        for node_id in node_ids:
            node_dir = work_dir / f"{kind}-{node_id}"
            node_dir.mkdir(parents=True)
            node_configs = {**combined_node_configs(node_id, controller_ports, client_ports[node_id],
                                                    node_dir / "data"), **configs}
            node = (KafkaNode(node_id, node_configs, node_dir, heap="1g", jvm_extra=()) if kind == "kafka"
                    else KBrokerNode(node_id, node_configs, node_dir))
            node.client_port = client_ports[node_id]
            self.nodes.append(node)

    def start(self) -> None:
        cluster_id = random_cluster_id()
        for node in self.nodes:
            output, _ = (formatting := node.start_format(cluster_id)).communicate(timeout=120)
            if formatting.returncode != 0:
                raise NodeFailed(f"formatting {self.kind} node {node.node_id} failed:\n{output}")
        for node in self.nodes:
            node.launch()
        for node in self.nodes:
            node.wait_ready(self.node_ids, timeout=120)

    @property
    def pids(self) -> list[int]:
        return [node.pid for node in self.nodes]

    def cpu_seconds(self) -> float:
        return sum(cpu_seconds(pid) for pid in self.pids)

    def rss_mb(self) -> float:
        return sum(rss_mb(pid) for pid in self.pids)

    def close(self) -> None:
        for node in self.nodes:
            node.stop_timeout = 15.0
            node.request_stop()
        for node in self.nodes:
            node.stop()


def create_replicated_topic(bootstrap: str, name: str) -> None:
    admin = AdminClient({"bootstrap.servers": bootstrap})
    topic = NewTopic(name, PARTITIONS, len(NODES), config={"min.insync.replicas": "2"})
    admin.create_topics([topic])[name].result(60)


def one_run(cluster: CombinedNodes, run: int | str, records: int) -> dict:
    """A run into a topic of its own, deleted after it, so that every run finds the same partitions."""
    topic = f"rf3-{run}"
    create_replicated_topic(cluster.bootstrap, topic)
    cpu_before = cluster.cpu_seconds()
    result = producer_performance(cluster.bootstrap, topic, records, RECORD_SIZE, BATCH_SIZE, "all")
    cpu = cluster.cpu_seconds() - cpu_before
    gigabytes = result["records"] * RECORD_SIZE / 1e9
    result.update(cpu_s_per_gb=round(cpu / gigabytes, 1), total_rss_mb=round(cluster.rss_mb(), 1))
    admin = AdminClient({"bootstrap.servers": cluster.bootstrap})  # held: the futures fail once it is collected
    admin.delete_topics([topic])[topic].result(60)
    return result


def median_run(runs: list[dict]) -> dict:
    return sorted(runs, key=lambda run: run["mb_per_s"])[len(runs) // 2]


FIGURES = ("mb_per_s", "latency_p99_ms", "cpu_s_per_gb", "total_rss_mb")


def summary(runs: list[dict]) -> dict:
    median = median_run(runs)
    return {figure: {"median_run": median[figure], "min": min(r[figure] for r in runs),
                     "max": max(r[figure] for r in runs)} for figure in FIGURES}


def print_table(results: dict) -> None:
    kinds = [kind for kind in ("kbroker", "kafka") if kind in results]
    print(f"\nRF=3 acks=all, {PARTITIONS} partitions, 1 KiB records, 1 MiB batches (median run [min-max])")
    print(f"{'figure':<18}" + "".join(f"{kind:>28}" for kind in kinds) + ("  ratio" if len(kinds) == 2 else ""))
    for figure in FIGURES:
        cells = [results[kind]["summary"][figure] for kind in kinds]
        line = f"{figure:<18}" + "".join(
            f"{cell['median_run']:>12} [{cell['min']}-{cell['max']}]".rjust(28) for cell in cells)
        if len(kinds) == 2:
            line += f"  {results['ratio_kbroker_over_kafka'][figure]}"
        print(line)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--records", type=int, default=500_000, help="records per run (1 KiB each)")
    parser.add_argument("--only", choices=["kbroker", "kafka"])
    args = parser.parse_args()
    kinds = [kind for kind in ("kbroker", "kafka") if not args.only or kind == args.only]
    results: dict = {"started": datetime.datetime.now(datetime.UTC).isoformat(), "cpus": os.cpu_count(),
                     "records_per_run": args.records, "partitions": PARTITIONS}
    work_dir = Path(tempfile.mkdtemp(prefix="cluster-bench-"))
    clusters = {kind: CombinedNodes(kind, work_dir) for kind in kinds}
    try:
        for cluster in clusters.values():
            cluster.start()
        for kind in kinds:  # not measured: Kafka's JIT compiles its hot paths, both fill their caches
            one_run(clusters[kind], "warm-up", max(args.records // 5, 1))
        runs: dict[str, list[dict]] = {kind: [] for kind in kinds}
        for run in range(args.repeats):
            # alternate which kind goes first, so that neither always meets a warmer page cache
            for kind in (kinds if run % 2 == 0 else kinds[::-1]):
                runs[kind].append(one_run(clusters[kind], run, args.records))
                print(f"{kind} run {run}: {runs[kind][-1]}", flush=True)
    finally:
        for cluster in clusters.values():
            cluster.close()
        shutil.rmtree(work_dir, ignore_errors=True)
    for kind in kinds:
        results[kind] = {"runs": runs[kind], "summary": summary(runs[kind])}
    if len(kinds) == 2:
        results["ratio_kbroker_over_kafka"] = {
            figure: round(results["kbroker"]["summary"][figure]["median_run"]
                          / results["kafka"]["summary"][figure]["median_run"], 2)
            for figure in FIGURES}
    print_table(results)
    RESULTS_DIR.mkdir(parents=True, exist_ok=True)
    path = RESULTS_DIR / f"cluster-{datetime.datetime.now(datetime.UTC).strftime('%Y-%m-%dT%H%M%SZ')}.json"
    path.write_text(json.dumps(results, indent=2) + "\n")
    print(f"\nwritten {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
