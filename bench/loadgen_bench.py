"""Broker-bound cells: each broker pinned to one core, driven by the Go load generator (franz-go) on the other.

On a 2-core machine Kafka's Java ProducerPerformance needs most of a core itself, so the produce cells of
broker_bench.py measure the client (issue #20). Here the client is bench/loadgen (built by `make loadgen`),
which spends a fraction of the broker's CPU per GB. The broker runs under `taskset -c 1` (every thread), the
load generator under `taskset -c 0`. Cells, each measured for kbroker beside Apache Kafka 4.3.1 in the same run
(runs alternate between the brokers, who goes first alternates too), `--repeats` times, reported as the median
with every run and the min-max spread beside it:

- produce flat out, 1 partition, 1 MiB batches, linger 5 ms: 1 KiB records acks=1, 100 B records acks=1 and
  1 KiB records acks=all (idempotent): MB/s, records/s, and the broker's CPU-seconds per GiB produced
  (utime+stime of the broker process from /proc/<pid>/stat before and after the run);
- fetch: the 1 KiB topic of the first produce run read back from the page cache by the load generator, flat out:
  MB/s and the broker's CPU-seconds per GiB fetched;
- the end-to-end maximum: 1 KiB records acks=1 produced flat out while the load generator's reader reads them
  back, the records/s counted until the reader has the last one (the broker serves both sides at once, as in the
  latency cells below), over 12 GiB, so that it is the rate the broker sustains through the page cache's
  write-back, as the 30 s latency cells need (until 2026-11-30: over 1 GiB, a burst the page cache took whole);
- end-to-end latency (a monotonic stamp in each value, read back by a reader in the load generator that walks the
  fetched batches in place) while producing 1 KiB records at 50 % of that broker's own end-to-end maximum (the
  cell issue #20's target is set on), and again with both brokers at the same rate: 50 % of the slower broker's
  end-to-end maximum. (Until 2026-11-30 the rate was half the produce-only maximum of the 1 KiB acks=1 cell; with
  the reader's fetches on the same core that put both brokers at the edge of saturation, where the run, not the
  broker, decided the tail.)

Every run keeps the load generator's own CPU-seconds, the load average at its start and the seconds the broker's
threads and the load generator's sat runnable waiting for their core (schedstat): on a shared machine that wait,
not the broker, can set the MB/s. Every run also keeps the broker's CPU in the kernel beside its total, the system
CPU-seconds per GiB a 256 MiB reference write into the page cache cost on the broker's core just before it, and the
memory the VM handed back to its host meanwhile (page_cost.py): on this VM the cost of page-cache pages moves by up
to 10x with what the machine did before. The 2026-11-29 run showed the reference write does not predict a run's
cost (0.23-0.28 s/GiB before runs whose broker spent 1.3-3.6 s/GiB in the kernel), so no figure is corrected by it.
Targets (issue #20): produce >= 1.3x Kafka's MB/s and records/s, CPU per GiB produced and fetched <= 0.5x
Kafka's, e2e p99 <= 0.5x Kafka's.

broker_bench.py runs these cells at the end of `make bench`; alone:

    make loadgen && .venv/bin/python bench/loadgen_bench.py [--quick] [--only kbroker|kafka] [--repeats N]

writes bench/results/loadgen-<UTC date and time>.json. Asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from confluent_kafka.admin import AdminClient

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

import broker_bench as bb  # noqa: E402
from page_cost import ReferenceWrite  # noqa: E402

LOADGEN = ROOT / "bench" / "loadgen" / "bin" / "loadgen"
BROKER_CPU = 1
LOADGEN_CPU = 0
GIB = 1024 ** 3
MB = 1024 * 1024

# (record size, acks); the first is the headline cell whose topic the fetch reads and whose rate sets e2e's load.
PRODUCE_SHAPES = [(1024, "1"), (100, "1"), (1024, "all")]
HEADLINE = "1024B-acks1"

TARGETS = {"produce_mb_per_s": (">=", 1.3), "produce_records_per_s": (">=", 1.3),
           "cpu_s_per_gib_produced": ("<=", 0.5), "cpu_s_per_gib_fetched": ("<=", 0.5), "e2e_p99": ("<=", 0.5)}


def build_loadgen() -> None:
    """Builds the load generator when it is missing or older than its sources (make loadgen does the same)."""
    sources = [*LOADGEN.parent.parent.glob("*.go"), LOADGEN.parent.parent / "go.mod", LOADGEN.parent.parent / "go.sum"]
    if not LOADGEN.exists() or max(source.stat().st_mtime for source in sources) > LOADGEN.stat().st_mtime:
        subprocess.run(["go", "build", "-trimpath", "-o", str(LOADGEN), "."], cwd=LOADGEN.parent.parent,
                       check=True)


def loadgen(bootstrap: str, topic: str, *args: str, cpu: int | None = LOADGEN_CPU) -> dict:
    """One load generator run on core `cpu` (None: on any); its JSON summary."""
    pinning = ["taskset", "-c", str(cpu)] if cpu is not None else []
    command = [*pinning, str(LOADGEN), "-brokers", bootstrap, "-topic", topic, *args]
    result = subprocess.run(command, capture_output=True, text=True, timeout=900)
    if result.returncode != 0:
        raise RuntimeError(f"loadgen {' '.join(args)} failed ({result.returncode}): {result.stdout[-2000:]}"
                           f"{result.stderr[-2000:]}")
    return json.loads(result.stdout)


def loadgen_against(broker, topic: str, *args: str) -> dict:
    """A load generator run against `broker`: its summary with the load average at its start, the cost of a
    reference write into the page cache on the broker's core just before it (page_cost.py), and the broker's
    CPU-seconds while it ran, in all and in the kernel."""
    load_average = os.getloadavg()
    with ReferenceWrite(cpu=BROKER_CPU) as reference:
        user_before, system_before = bb.user_and_system_cpu_seconds(broker.pid)
        waits_before = runqueue_waits(broker.pid)
        figures = loadgen(broker.bootstrap, topic, *args)
        user_after, system_after = bb.user_and_system_cpu_seconds(broker.pid)
        waits_after = runqueue_waits(broker.pid)
    figures.update(reference.figures)
    figures["broker_system_cpu_s"] = system_after - system_before
    figures["broker_cpu_s"] = user_after - user_before + figures["broker_system_cpu_s"]
    figures["broker_runqueue_wait_s"] = runqueue_wait_between(waits_before, waits_after)
    figures["load_average_at_start"] = load_average
    return figures


def runqueue_waits(pid: int) -> dict[int, float]:
    """Seconds each thread of `pid` has been runnable but waiting for a CPU, by thread id
    (/proc/<pid>/task/<tid>/schedstat, whose second field is that wait in nanoseconds)."""
    waits = {}
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            waits[int(task.name)] = int((task / "schedstat").read_text().split()[1]) / 1e9
        except (FileNotFoundError, ProcessLookupError):
            continue
    return waits


def runqueue_wait_between(before: dict[int, float], after: dict[int, float]) -> float:
    """How long the process's threads waited for a CPU between two readings of runqueue_waits: how much of a run
    other processes on the broker's core took from it. A thread started meanwhile counts in full; one that ended
    meanwhile is not counted (its last figure is gone), so this can fall short but never goes below zero. A figure
    below the thread id's earlier one is a new thread that reused the id."""
    total = 0.0
    for tid, wait in after.items():
        earlier = before.get(tid)
        total += wait - earlier if earlier is not None and wait >= earlier else wait
    return total


def delete_topic(bootstrap: str, name: str) -> None:
    admin = AdminClient({"bootstrap.servers": bootstrap})  # held: the futures fail once it is collected
    admin.delete_topics([name])[name].result(60)


def delete_every_topic(bootstrap: str) -> None:
    """Deletes the topics clients made on the broker (the internal ones stay)."""
    admin = AdminClient({"bootstrap.servers": bootstrap})
    names = [name for name in admin.list_topics(timeout=60).topics if not name.startswith("__")]
    for future in (admin.delete_topics(names).values() if names else ()):
        future.result(60)


def check_free_disk(needed: int) -> None:
    """Fails at once, with the reason, when the brokers' file system (both keep their data under the temporary
    directory) lacks `needed` bytes: a broker out of disk leaves the load generator waiting out its -deadline
    for acks or records that never come."""
    where = tempfile.gettempdir()
    free = shutil.disk_usage(where).free
    if free < needed:
        raise RuntimeError(f"{free / 2**30:.1f} GiB free under {where}; the next cell needs {needed / 2**30:.1f} GiB")


def summarize(runs: list[dict], metric: str) -> dict | None:
    """Median, min, max and every value of `metric` over the runs that measured it (None if none did)."""
    values = [run[metric] for run in runs if metric in run]
    if not values:
        return None
    return {"median": statistics.median(values), "min": min(values), "max": max(values), "runs": values}


def warm_up(broker) -> None:
    """256 MiB produced and read back, not measured: Kafka's JIT compiles its hot paths, both fill their caches."""
    bb.create_topic(broker.bootstrap, "loadgen-warm-up", 1)
    loadgen(broker.bootstrap, "loadgen-warm-up", "-records", str(256 * 1024), "-size", "1024", "-e2e")
    delete_topic(broker.bootstrap, "loadgen-warm-up")


# Every cell's summary has these too: (name in the summary, name in a run's figures).
EVERY_CELL = (("seconds", "seconds"), ("loadgen_cpu_s", "cpu_s"), ("broker_runqueue_wait_s", "broker_runqueue_wait_s"),
              ("loadgen_runqueue_wait_s", "runqueue_wait_s"), ("page_cost_s_per_gib", "page_cost_s_per_gib"),
              ("reported_to_host_mib", "reported_to_host_mib"))


def summarize_cell(cell: list[dict], *metrics: str) -> dict:
    """Median, min, max and every run's value of `metrics` and of EVERY_CELL's, and the runs themselves."""
    pairs = [(metric, metric) for metric in metrics] + list(EVERY_CELL)
    return {**{name: summarize(cell, metric) for name, metric in pairs}, "runs": cell}


def add_cpu_per_gib(figures: dict) -> None:
    """The broker's CPU-seconds (in all and in the kernel) and the load generator's, per GiB the run moved."""
    gib = figures["bytes"] / GIB
    figures["broker_cpu_s_per_gib"] = figures["broker_cpu_s"] / gib
    figures["broker_system_cpu_s_per_gib"] = figures["broker_system_cpu_s"] / gib
    figures["loadgen_cpu_s_per_gib"] = figures["cpu_s"] / gib


def produce_cells(brokers: list, quick: bool, repeats: int, results: dict) -> None:
    budget = (256 if quick else 1024) * MB
    shapes = PRODUCE_SHAPES[:1] if quick else PRODUCE_SHAPES
    for i, (size, acks) in enumerate(shapes):
        key = f"{size}B-acks{acks}"
        records = min(budget // size, 5_000_000)
        runs: dict[str, list] = {broker.name: [] for broker in brokers}
        for run in range(repeats):
            for broker in bb.alternated(brokers, i + run):
                topic = f"loadgen-{key}-{run}"
                bb.create_topic(broker.bootstrap, topic, 1)
                figures = loadgen_against(broker, topic, "-records", str(records), "-size", str(size), "-acks", acks)
                add_cpu_per_gib(figures)
                runs[broker.name].append(figures)
                if key == HEADLINE and run == 0:
                    results[broker.name]["fetch_topic"] = (topic, records)
                else:
                    delete_topic(broker.bootstrap, topic)
        for broker in brokers:
            cell = runs[broker.name]
            results[broker.name]["produce"][key] = summarize_cell(
                cell, "mb_per_s", "records_per_s", "broker_cpu_s_per_gib", "broker_system_cpu_s_per_gib")
            print(f"  {broker.name} pinned produce {key}: "
                  f"{results[broker.name]['produce'][key]['mb_per_s']['median']:.1f} MB/s, "
                  f"{results[broker.name]['produce'][key]['broker_cpu_s_per_gib']['median']:.2f} broker CPU s/GiB",
                  flush=True)


def fetch_cells(brokers: list, repeats: int, results: dict) -> None:
    runs: dict[str, list] = {broker.name: [] for broker in brokers}
    for run in range(repeats):
        for broker in bb.alternated(brokers, run):
            topic, records = results[broker.name]["fetch_topic"]
            figures = loadgen_against(broker, topic, "-mode", "consume", "-records", str(records))
            add_cpu_per_gib(figures)
            runs[broker.name].append(figures)
    for broker in brokers:
        cell = runs[broker.name]
        results[broker.name]["fetch"] = summarize_cell(cell, "mb_per_s", "broker_cpu_s_per_gib",
                                                       "broker_system_cpu_s_per_gib")
        print(f"  {broker.name} pinned fetch: {results[broker.name]['fetch']['mb_per_s']['median']:.1f} MB/s, "
              f"{results[broker.name]['fetch']['broker_cpu_s_per_gib']['median']:.2f} broker CPU s/GiB", flush=True)


# 12 GiB of 1 KiB records. Until 2026-11-30 the maximum was taken over 1 GiB, which this VM's page cache takes
# before write-back starts: kbroker reached 601 k records/s over 1 GiB and 392 k over 12 GiB (the disk's
# write-back and the kernel's flusher threads on the broker's core), so the latency cell at half the burst ran
# 30 s at a rate the broker could not hold (bench/results/loadgen-2026-11-30T061456Z.json, docs/SCALING.md).
E2E_MAXIMUM_RECORDS = 12 * 1024 * 1024


def e2e_maximum_cell(brokers: list, quick: bool, repeats: int, results: dict) -> None:
    """Each broker's end-to-end maximum: 1 KiB records acks=1 produced flat out and read back at once, records/s
    until the reader has the last one, sustained over E2E_MAXIMUM_RECORDS (about as much as a latency cell
    writes in its 30 s)."""
    records = E2E_MAXIMUM_RECORDS // (6 if quick else 1)
    runs: dict[str, list] = {broker.name: [] for broker in brokers}
    for run in range(repeats):
        for broker in bb.alternated(brokers, run):
            # the other broker's last run may still be on disk until its file.delete.delay.ms has passed
            check_free_disk(2 * records * 1024 + 4 * 2**30)
            topic = f"loadgen-e2e-max-{run}"
            bb.create_topic(broker.bootstrap, topic, 1)
            runs[broker.name].append(loadgen_against(broker, topic, "-records", str(records), "-size", "1024",
                                                     "-acks", "1", "-e2e"))
            delete_topic(broker.bootstrap, topic)
    for broker in brokers:
        results[broker.name]["e2e_maximum"] = summarize_cell(runs[broker.name], "e2e_records_per_s", "records_per_s")
        print(f"  {broker.name} pinned e2e maximum: "
              f"{results[broker.name]['e2e_maximum']['e2e_records_per_s']['median']:.0f} records/s", flush=True)


def e2e_maximum(results: dict, name: str) -> float:
    return results[name]["e2e_maximum"]["e2e_records_per_s"]["median"]


def half_own_maximum(results: dict, broker) -> float:
    """The rate of the cell issue #20 sets its target on: half the broker's own end-to-end maximum."""
    return e2e_maximum(results, broker.name) / 2


def half_lower_maximum(results: dict, _broker) -> float:
    """One rate for every broker: half the slower one's end-to-end maximum, so both carry the same load."""
    return min(e2e_maximum(results, name) for name in results) / 2


# (name in the results, label in the table, how the rate is chosen)
E2E_CELLS = (("e2e_at_half_load", "e2e@50%", half_own_maximum),
             ("e2e_at_equal_load", "e2e@same", half_lower_maximum))


def e2e_cells(brokers: list, quick: bool, repeats: int, results: dict) -> None:
    """End-to-end latency at the rate each of E2E_CELLS chooses, 1 KiB records acks=1 for 30 s (10 quick)."""
    seconds = 10 if quick else 30
    for name, label, rate_for in E2E_CELLS:
        runs: dict[str, list] = {broker.name: [] for broker in brokers}
        for run in range(repeats):
            for broker in bb.alternated(brokers, run):
                rate = rate_for(results, broker)
                topic = f"loadgen-e2e-{run}"
                bb.create_topic(broker.bootstrap, topic, 1)
                figures = loadgen_against(broker, topic, "-records", str(int(rate * seconds)), "-size", "1024",
                                             "-acks", "1", "-rate", f"{rate:.0f}", "-e2e")
                figures["p99_ms"] = figures["e2e_latency"]["p99_ms"]
                figures["p50_ms"] = figures["e2e_latency"]["p50_ms"]
                runs[broker.name].append(figures)
                delete_topic(broker.bootstrap, topic)
        for broker in brokers:
            results[broker.name][name] = summarize_cell(runs[broker.name], "p99_ms", "p50_ms", "records_per_s")
            print(f"  {broker.name} pinned {label}: p99 {results[broker.name][name]['p99_ms']['median']:.1f} ms",
                  flush=True)


def measure(brokers: list, quick: bool, repeats: int) -> dict[str, dict]:
    """The broker-bound cells for each of `brokers`, which are running; pins them to BROKER_CPU (for good)."""
    build_loadgen()
    results: dict[str, dict] = {broker.name: {"produce": {}, "load_average_at_start": os.getloadavg()}
                                for broker in brokers}
    for broker in brokers:
        bb.pin(broker.pid, BROKER_CPU)
        # a whole `make bench` reaches these cells with each broker holding 25 GB of the earlier cells' topics,
        # and the 12 GiB cells beside both of them ran this machine's disk full
        delete_every_topic(broker.bootstrap)
        warm_up(broker)
    produce_cells(brokers, quick, repeats, results)
    fetch_cells(brokers, repeats, results)
    e2e_maximum_cell(brokers, quick, repeats, results)
    e2e_cells(brokers, quick, repeats, results)
    for broker in brokers:
        results[broker.name]["load_average_at_end"] = os.getloadavg()
    return results


def ratios(kb: dict, ka: dict) -> dict:
    """kbroker / Kafka of each cell's median, with the target it is held to and whether it is met."""
    pairs = {}
    for key in kb["produce"]:
        pairs[f"produce_mb_per_s {key}"] = ("produce_mb_per_s", kb["produce"][key]["mb_per_s"],
                                            ka["produce"][key]["mb_per_s"])
        pairs[f"produce_records_per_s {key}"] = ("produce_records_per_s", kb["produce"][key]["records_per_s"],
                                                 ka["produce"][key]["records_per_s"])
        pairs[f"cpu_s_per_gib_produced {key}"] = ("cpu_s_per_gib_produced", kb["produce"][key]["broker_cpu_s_per_gib"],
                                                  ka["produce"][key]["broker_cpu_s_per_gib"])
    pairs["cpu_s_per_gib_fetched"] = ("cpu_s_per_gib_fetched", kb["fetch"]["broker_cpu_s_per_gib"],
                                      ka["fetch"]["broker_cpu_s_per_gib"])
    pairs["fetch_mb_per_s"] = (None, kb["fetch"]["mb_per_s"], ka["fetch"]["mb_per_s"])
    if "e2e_maximum" in kb and "e2e_maximum" in ka:
        pairs["e2e_maximum_records_per_s"] = (None, kb["e2e_maximum"]["e2e_records_per_s"],
                                              ka["e2e_maximum"]["e2e_records_per_s"])
    pairs["e2e_p99"] = ("e2e_p99", kb["e2e_at_half_load"]["p99_ms"], ka["e2e_at_half_load"]["p99_ms"])
    pairs["e2e_p50"] = (None, kb["e2e_at_half_load"]["p50_ms"], ka["e2e_at_half_load"]["p50_ms"])
    if "e2e_at_equal_load" in kb and "e2e_at_equal_load" in ka:
        for metric in ("p99_ms", "p50_ms"):
            pairs[f"e2e_{metric[:3]} at the same load"] = (None, kb["e2e_at_equal_load"][metric],
                                                            ka["e2e_at_equal_load"][metric])
    out = {}
    for label, (target_name, mine, theirs) in pairs.items():
        ratio = mine["median"] / theirs["median"] if theirs["median"] else None
        entry: dict = {"ratio": ratio}
        if target_name and ratio is not None:
            op, bound = TARGETS[target_name]
            entry.update(target=f"{op} {bound}", met=ratio >= bound if op == ">=" else ratio <= bound)
        out[label] = entry
    return out


def print_table(results: dict) -> None:
    kb, ka = results.get("kbroker"), results.get("kafka")
    first = kb or ka
    rows = []
    every_cell = [name for name, _ in EVERY_CELL]
    for key in first["produce"]:
        for metric in ("mb_per_s", "records_per_s", "broker_cpu_s_per_gib", "broker_system_cpu_s_per_gib",
                       *every_cell):
            rows.append((f"produce {key} {metric}", *(r["produce"][key][metric] if r else None for r in (kb, ka))))
    for metric in ("mb_per_s", "broker_cpu_s_per_gib", "broker_system_cpu_s_per_gib", *every_cell):
        rows.append((f"fetch {metric}", *(r["fetch"][metric] if r else None for r in (kb, ka))))
    for metric in ("e2e_records_per_s", "records_per_s", *every_cell):
        rows.append((f"e2e maximum {metric}", *(r["e2e_maximum"][metric] if r and "e2e_maximum" in r else None
                                                for r in (kb, ka))))
    for name, label, _ in E2E_CELLS:
        for metric in ("p50_ms", "p99_ms", "records_per_s", *every_cell):
            rows.append((f"{label} {metric}", *(r[name][metric] if r and name in r else None for r in (kb, ka))))
    bb.print_load_averages({"kbroker": kb, "kafka": ka}, " of the pinned cells")
    print(f"\n{'pinned cell (broker on CPU 1, loadgen on CPU 0)':46s} {'kbroker':>22s} {'kafka':>22s} {'ratio':>7s}")
    for label, a, b in rows:
        ratio = f"{a['median'] / b['median']:7.2f}" if a and b and b["median"] else "      -"
        print(f"{label:46s} {_cell(a):>22s} {_cell(b):>22s} {ratio}")
    verdicts = results.get("broker_bound_ratios", {})
    met = [label for label, entry in verdicts.items() if entry.get("met")]
    missed = [label for label, entry in verdicts.items() if entry.get("met") is False]
    if verdicts:
        print(f"\ntargets met: {', '.join(met) or 'none'}\ntargets missed: {', '.join(missed) or 'none'}")


def _cell(summary: dict | None) -> str:
    if not summary:
        return "-"
    return f"{summary['median']:.2f} ({summary['min']:.1f}-{summary['max']:.1f})"


def launch_and_measure(brokers: list, quick: bool, repeats: int) -> dict[str, dict]:
    for broker in brokers:
        broker.launch()
    return measure(brokers, quick, repeats)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="the 1 KiB cell only, smaller runs")
    parser.add_argument("--only", choices=["kbroker", "kafka"])
    parser.add_argument("--repeats", type=int, help="runs of each cell (default 3, 1 with --quick)")
    results = bb.run_side_by_side(parser.parse_args(), launch_and_measure, "bench-loadgen-")
    if "kbroker" in results and "kafka" in results:
        results["broker_bound_ratios"] = ratios(results["kbroker"], results["kafka"])
    print_table(results)
    bb.write_results(results, "loadgen-")


if __name__ == "__main__":
    main()
