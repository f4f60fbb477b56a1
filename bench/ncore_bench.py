"""One node on every core of this machine: one kbroker process, a kbroker process per core, and Apache Kafka 4.3.1.

A kbroker process runs its event loop on one core (docs/SCALING.md). Option 2 of that document's N-core design is
a process per core, each a broker of one cluster, with the controller spreading partition leaders over them; this
measures it against one process and against Kafka's one JVM, whose network and handler threads use every core.
Nothing is pinned: the setups and the Go load generator (bench/loadgen, `make loadgen`) share all the cores, as
they would on a machine where the broker is given all of them.

- `kbroker-1`: one combined node (broker and controller), the shape `make run` starts;
- `kbroker-N`: N combined nodes of one cluster, N the number of cores, every one a KRaft voter;
- `kafka`: one combined Apache Kafka node with the 1 GiB heap and full JIT of Kafka's start script.

Each run creates a topic of PARTITIONS partitions (their leaders per process, from Metadata, are kept with the
run), produces `--records` 1 KiB records to it flat out with acks=1 (the load generator's round-robin
partitioner, 1 MiB batches, linger 5 ms), reads them back flat out, and deletes it. Per cell: MB/s, the broker
processes' CPU-seconds per GiB (in all and in the kernel) and the load generator's. The setups take turns, the
first rotating run by run; every setup has a 256 MiB produce and read back first (Kafka's JIT warms up). Prints
the median with the min-max of `--repeats` runs, and writes them with every run and the ratios to `kbroker-1` to
bench/results/ncore-<UTC date and time>.json. Asserts nothing.

    make loadgen && .venv/bin/python bench/ncore_bench.py [--repeats N] [--records N]
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

from confluent_kafka.admin import AdminClient

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import broker_bench as bb  # noqa: E402
import loadgen_bench as lb  # noqa: E402
from cluster_bench import CombinedNodes  # noqa: E402

PARTITIONS = 4
RECORD_SIZE = 1024
WARM_UP_RECORDS = 256 * 1024
CELLS = ("produce", "fetch")
FIGURES = ("mb_per_s", "broker_cpu_s_per_gib", "broker_system_cpu_s_per_gib", "loadgen_cpu_s_per_gib")


class Setup:
    """One way of giving the machine's cores to a broker: `name`, the kind of node and how many processes."""

    def __init__(self, name: str, kind: str, processes: int, work_dir: Path):
        self.name = name
        self.cluster = CombinedNodes(kind, work_dir / name, tuple(range(1, processes + 1)), configs={})

    def user_and_system_cpu_seconds(self) -> tuple[float, float]:
        pairs = [bb.user_and_system_cpu_seconds(pid) for pid in self.cluster.pids]
        return sum(user for user, _ in pairs), sum(system for _, system in pairs)

    def leaders_per_node(self, topic: str) -> dict[str, int]:
        partitions = AdminClient({"bootstrap.servers": self.cluster.bootstrap}).list_topics(
            topic, timeout=30).topics[topic].partitions
        counts: dict[str, int] = {}
        for partition in partitions.values():
            counts[str(partition.leader)] = counts.get(str(partition.leader), 0) + 1
        return counts

    def loadgen(self, topic: str, *args: str) -> dict:
        """A load generator run on any core, with the broker processes' CPU-seconds while it ran."""
        user_before, system_before = self.user_and_system_cpu_seconds()
        figures = lb.loadgen(self.cluster.bootstrap, topic, *args, cpu=None)
        user_after, system_after = self.user_and_system_cpu_seconds()
        figures["broker_system_cpu_s"] = system_after - system_before
        figures["broker_cpu_s"] = user_after - user_before + figures["broker_system_cpu_s"]
        figures["load_average_at_start"] = os.getloadavg()
        lb.add_cpu_per_gib(figures)
        return figures

    def produce_and_fetch(self, topic: str, records: int) -> dict[str, dict]:
        bb.create_topic(self.cluster.bootstrap, topic, PARTITIONS)
        try:
            produced = self.loadgen(topic, "-records", str(records), "-size", str(RECORD_SIZE), "-acks", "1")
            produced["leaders_per_node"] = self.leaders_per_node(topic)
            fetched = self.loadgen(topic, "-mode", "consume", "-records", str(records))
        finally:
            lb.delete_topic(self.cluster.bootstrap, topic)
        return {"produce": produced, "fetch": fetched}


def measure(setups: list[Setup], repeats: int, records: int) -> dict[str, dict[str, list[dict]]]:
    for setup in setups:
        setup.produce_and_fetch("ncore-warm-up", WARM_UP_RECORDS)
    runs: dict[str, dict[str, list[dict]]] = {setup.name: {cell: [] for cell in CELLS} for setup in setups}
    for run in range(repeats):
        for setup in setups[run % len(setups):] + setups[:run % len(setups)]:
            figures = setup.produce_and_fetch(f"ncore-{run}", records)
            for cell in CELLS:
                runs[setup.name][cell].append(figures[cell])
            print(f"{setup.name} run {run}: " + ", ".join(
                f"{cell} {figures[cell]['mb_per_s']:.0f} MB/s {figures[cell]['broker_cpu_s_per_gib']:.2f} CPU-s/GiB"
                for cell in CELLS), flush=True)
    return runs


def summarize(runs: dict[str, dict[str, list[dict]]]) -> dict:
    summary = {name: {cell: {figure: lb.summarize(cells[cell], figure) for figure in FIGURES} for cell in CELLS}
               for name, cells in runs.items()}
    baseline = summary["kbroker-1"]
    ratios = {name: {cell: {figure: round(setup[cell][figure]["median"] / baseline[cell][figure]["median"], 2)
                            for figure in FIGURES} for cell in CELLS}
              for name, setup in summary.items() if name != "kbroker-1"}
    return {"summary": summary, "ratio_to_kbroker_1": ratios}


def print_table(results: dict) -> None:
    print(f"\n{'setup':<11} {'cell':<8} {'MB/s (min-max)':<20} {'broker CPU-s/GiB (kernel)':<26} loadgen CPU-s/GiB")
    for name, cells in results["summary"].items():
        for cell, figures in cells.items():
            mb = figures["mb_per_s"]
            print(f"{name:<11} {cell:<8} {mb['median']:>5.0f} ({mb['min']:.0f}-{mb['max']:.0f}){'':<7} "
                  f"{figures['broker_cpu_s_per_gib']['median']:>5.2f} "
                  f"({figures['broker_system_cpu_s_per_gib']['median']:.2f}){'':<13} "
                  f"{figures['loadgen_cpu_s_per_gib']['median']:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--records", type=int, default=2_000_000, help="1 KiB records per run")
    args = parser.parse_args()
    lb.build_loadgen()
    cores = os.cpu_count() or 1
    started = datetime.datetime.now(datetime.UTC)
    work_dir = Path(tempfile.mkdtemp(prefix="ncore-bench-"))
    setups = [Setup("kbroker-1", "kbroker", 1, work_dir), Setup(f"kbroker-{cores}", "kbroker", cores, work_dir),
              Setup("kafka", "kafka", 1, work_dir)]
    try:
        for setup in setups:
            setup.cluster.start()
        runs = measure(setups, args.repeats, args.records)
    finally:
        for setup in setups:
            setup.cluster.close()
        shutil.rmtree(work_dir, ignore_errors=True)
    results = {"started": started.isoformat(), "cpus": cores, "partitions": PARTITIONS,
               "records_per_run": args.records, "record_size": RECORD_SIZE, **summarize(runs), "runs": runs}
    print_table(results)
    bb.RESULTS_DIR.mkdir(parents=True, exist_ok=True)
    path = bb.RESULTS_DIR / f"ncore-{started.strftime('%Y-%m-%dT%H%M%SZ')}.json"
    path.write_text(json.dumps(results, indent=2) + "\n")
    print(f"\nwritten {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
