"""kbroker beside Apache Kafka on the same machine, in the same run, driven by the same clients.

Each broker is started in turn (Apache Kafka 4.3.1 from the Maven jars in KRaft combined mode with its default
1 GiB heap; kbroker as `kbroker serve`), with its data in a temporary directory on the same file system; then
both stay up, only one is loaded at a time, and produce and fetch runs alternate between them. Both are
measured with Kafka's own ProducerPerformance and EndToEndLatency (kafka-tools) and a confluent-kafka
consumer:

- produce: 1 and 6 partitions x 100 B and 1 KiB records x batch.size 16 KiB and 1 MiB (linger.ms 5) x acks=1
  and acks=all (idempotent, the Java default): records/s and MB/s, and the broker's CPU-seconds per GB
  (from /proc) over its own produce runs;
- fetch: a preloaded topic (1 GiB, 1 KiB records) read from the page cache by kcat (librdkafka, output
  discarded) and by a confluent-kafka consumer (assign mode), MB/s; the confluent-kafka figure is bound by the
  client's per-message Python for either broker;
- end-to-end latency p50/p99 of EndToEndLatency while ProducerPerformance loads the broker at 50% of the
  records/s that broker reached in the matching produce run;
- start-to-ready: launch of a stopped broker on its existing data until ApiVersions and Metadata answer,
  polled every 10 ms; idle RSS 30 s after start;
- pinned: the 1 KiB / 1 MiB-batch / acks=1 produce run again with the broker on CPU 0 and the client on CPU 1;
- broker-bound (bench/loadgen_bench.py, last): the broker on CPU 1 driven by the Go load generator on CPU 0, which
  costs a fraction of the broker's CPU, so these cells measure the broker rather than the Java client: produce
  MB/s and records/s, broker CPU-seconds per GiB produced and fetched, e2e p99 at 50 % of each broker's own
  maximum; under "broker_bound" in the JSON, the ratios and targets under "broker_bound_ratios".

The figures that carry a >= 1.0 target (produce of 1 KiB records in 1 MiB batches, and the kcat fetch) swing by
up to 2x between runs on a 2-core machine, so those are measured `--repeats` times (3 by default, 1 with
--quick): the JSON keeps every run and reports the run with the median MB/s; the table shows the median and
the min-max spread.

Prints a table and writes bench/results/<UTC date and time>.json with every figure for both brokers and the
ratio kbroker / Kafka. `--quick` (make bench QUICK=1) runs a one-minute subset. Asserts nothing.

    .venv/bin/python bench/broker_bench.py [--quick] [--only kbroker|kafka] [--repeats N]
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from confluent_kafka import Consumer, Producer, TopicPartition
from confluent_kafka.admin import AdminClient, NewTopic

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import loadgen_bench  # noqa: E402  (bench/, the script's own directory)

from compat_tests.kafka_dist import ApacheKafka, free_port, kafka_classpath  # noqa: E402
from kbroker.protocol.blocking_client import KafkaConnection  # noqa: E402
from kbroker.protocol.messages.api_versions_request import ApiVersionsRequest  # noqa: E402
from kbroker.protocol.messages.metadata_request import MetadataRequest  # noqa: E402

RESULTS_DIR = ROOT / "bench" / "results"
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
MB = 1024 * 1024


# --- brokers -------------------------------------------------------------------------------------------------

def answers(bootstrap: str) -> bool:
    try:
        with KafkaConnection(bootstrap, timeout=1.0) as conn:
            conn.send(ApiVersionsRequest(client_software_name="bench", client_software_version="1"), version=3)
            conn.send(MetadataRequest(topics=None), version=12)
        return True
    except OSError:
        return False


def wait_ready(bootstrap: str, alive, timeout: float = 120.0) -> float:
    """Seconds until `bootstrap` answers, polling every 10 ms."""
    started = time.perf_counter()
    while not answers(bootstrap):
        if not alive():
            raise RuntimeError(f"broker at {bootstrap} exited while starting")
        if time.perf_counter() - started > timeout:
            raise RuntimeError(f"broker at {bootstrap} not ready after {timeout} s")
        time.sleep(0.01)
    return time.perf_counter() - started


class Kbroker:
    name = "kbroker"

    def __init__(self, work_dir: Path):
        self.data = work_dir / "kbroker-data"
        self.port = free_port()
        self.process: subprocess.Popen | None = None
        self.log = open(work_dir / "kbroker.log", "ab")

    @property
    def bootstrap(self) -> str:
        return f"127.0.0.1:{self.port}"

    @property
    def pid(self) -> int:
        return self.process.pid

    def launch(self) -> float:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "kbroker", "serve", "--override", f"log.dirs={self.data}",
             "--override", f"listeners=PLAINTEXT://127.0.0.1:{self.port}", "--log-level", "WARNING"],
            stdout=subprocess.DEVNULL, stderr=self.log, env=deployed_python_env())
        return wait_ready(self.bootstrap, lambda: self.process.poll() is None)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(60)

    def close(self) -> None:
        self.stop()
        self.log.close()


class Kafka:
    name = "kafka"

    def __init__(self, work_dir: Path):
        self.kafka = ApacheKafka(heap="1G")

    @property
    def bootstrap(self) -> str:
        return self.kafka.bootstrap

    @property
    def pid(self) -> int:
        return self.kafka.pid

    def launch(self, timeout: float = 120.0) -> float:
        if self.kafka.work_dir is None:
            self.kafka.start()  # formats storage; the timed start is the relaunch below
            self.kafka.stop()
        self.kafka._launch()
        return wait_ready(self.bootstrap, self.kafka.is_running, timeout)

    def stop(self) -> None:
        self.kafka.stop()

    def close(self) -> None:
        self.kafka.close()


def deployed_python_env() -> dict:
    """The environment with Python's bytecode cache on, as an installed package has it (pip compiles on
    install): PYTHONDONTWRITEBYTECODE, if set, is dropped and the cache goes to .cache/pycache, out of the
    tree. Without a cache every start compiles each module again (about 0.5 s more start-to-ready)."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.setdefault("PYTHONPYCACHEPREFIX", str(ROOT / ".cache" / "pycache"))
    return env


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


def cpu_seconds(pid: int) -> float:
    return sum(user_and_system_cpu_seconds(pid))


def user_and_system_cpu_seconds(pid: int) -> tuple[float, float]:
    """The CPU-seconds `pid` spent in its own code and in the kernel's (utime, stime of /proc/<pid>/stat)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) / CLOCK_TICKS, int(fields[12]) / CLOCK_TICKS


def pin(pid: int, cpu: int) -> None:
    subprocess.run(["taskset", "-a", "-cp", str(cpu), str(pid)], check=True, stdout=subprocess.DEVNULL)


# --- clients -------------------------------------------------------------------------------------------------

def java_tool(main_class: str, *args: str, cpu: int | None = None, timeout: float = 600,
              done_marker: str | None = None) -> str:
    """Run a kafka-tools main class; a non-zero exit is accepted when `done_marker` shows the results were
    printed (EndToEndLatency's consumer fails at close without a group coordinator)."""
    command = ["java", "-Xmx1G", "-cp", kafka_classpath(), main_class, *args]
    if cpu is not None:
        command = ["taskset", "-c", str(cpu), *command]
    result = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
    if result.returncode != 0 and not (done_marker and done_marker in result.stdout):
        raise RuntimeError(f"{main_class} failed ({result.returncode}):\n{result.stdout[-2000:]}"
                           f"{result.stderr[-2000:]}")
    return result.stdout


def create_topic(bootstrap: str, name: str, partitions: int) -> None:
    admin = AdminClient({"bootstrap.servers": bootstrap})
    admin.create_topics([NewTopic(name, partitions, 1)])[name].result(60)


_PRODUCER_SUMMARY = re.compile(
    r"(\d+) records sent, ([\d.]+) records/sec \(([\d.]+) MB/sec\), ([\d.]+) ms avg latency, ([\d.]+) ms max "
    r"latency, (\d+) ms 50th, (\d+) ms 95th, (\d+) ms 99th")


def producer_performance(bootstrap: str, topic: str, records: int, size: int, batch: int, acks: str,
                         throughput: int = -1, cpu: int | None = None) -> dict:
    props = [f"bootstrap.servers={bootstrap}", f"acks={acks}", f"batch.size={batch}", "linger.ms=5",
             f"enable.idempotence={'true' if acks == 'all' else 'false'}", "max.request.size=2097152",
             "buffer.memory=268435456"]
    out = java_tool("org.apache.kafka.tools.ProducerPerformance", "--topic", topic, "--num-records", str(records),
                    "--record-size", str(size), "--throughput", str(throughput), "--producer-props", *props,
                    cpu=cpu)
    match = _PRODUCER_SUMMARY.findall(out)[-1]
    return {"records": int(match[0]), "records_per_s": float(match[1]), "mb_per_s": float(match[2]),
            "latency_p50_ms": int(match[5]), "latency_p99_ms": int(match[7])}


def end_to_end_latency(bootstrap: str, topic: str, messages: int, size: int) -> dict:
    out = java_tool("org.apache.kafka.tools.EndToEndLatency", "--bootstrap-server", bootstrap, "--topic", topic,
                    "--num-records", str(messages), "--producer-acks", "1", "--record-size", str(size),
                    done_marker="Percentiles:")
    match = re.search(r"Percentiles: 50th = (\d+), 99th = (\d+), 99.9th = (\d+)", out)
    avg = re.search(r"Avg latency: ([\d.]+) ms", out)
    return {"p50_ms": int(match[1]), "p99_ms": int(match[2]), "p999_ms": int(match[3]), "avg_ms": float(avg[1])}


def fetch_mb_per_s(bootstrap: str, topic: str, total_bytes: int, client: str = "kcat") -> float:
    """MB/s reading partition 0 of `topic` from offset 0 until `total_bytes` of 1 KiB values arrived.

    kcat (librdkafka in C, output discarded) keeps up with either broker; the confluent-kafka consumer spends
    about a microsecond of Python per message and tops out near 25 MB/s with 1 KiB records whichever broker
    serves it, so it measures the client, not the broker.
    """
    if client == "kcat":
        return _kcat_fetch_mb_per_s(bootstrap, topic, total_bytes)
    consumer = Consumer({"bootstrap.servers": bootstrap, "group.id": "bench-fetch", "enable.auto.commit": False,
                         "fetch.max.bytes": 52428800, "max.partition.fetch.bytes": 10485760,
                         "queued.max.messages.kbytes": 1048576})
    consumer.assign([TopicPartition(topic, 0, 0)])
    got = 0
    started = time.perf_counter()
    try:
        while got < total_bytes:
            batch = consumer.consume(100_000, 10)
            if not batch:
                raise RuntimeError(f"fetch stalled after {got} of {total_bytes} bytes")
            got += sum(len(m.value()) for m in batch if m.error() is None)
    finally:
        consumer.close()
    return got / MB / (time.perf_counter() - started)


def _kcat_fetch_mb_per_s(bootstrap: str, topic: str, total_bytes: int) -> float:
    records = total_bytes // 1024
    kcat = shutil.which("kcat")
    if kcat is None:
        raise RuntimeError("kcat is not installed (apt-get install -y kcat)")
    command = [kcat, "-C", "-b", bootstrap, "-t", topic, "-p", "0", "-o", "beginning", "-c", str(records), "-q",
               "-f", "%o\n", "-X", "fetch.max.bytes=52428800", "-X", "fetch.message.max.bytes=10485760",
               "-X", "queued.max.messages.kbytes=1048576", "-X", "check.crcs=false"]
    started = time.perf_counter()
    result = subprocess.run(command, capture_output=True, text=True, timeout=600)
    elapsed = time.perf_counter() - started
    last = result.stdout.rstrip("\n").rpartition("\n")[2]
    if result.returncode != 0 or last != str(records - 1):
        raise RuntimeError(f"kcat read up to offset {last!r} of {records - 1} (exit {result.returncode}): "
                           f"{result.stderr[-2000:]}")
    return total_bytes / MB / elapsed


def confluent_produce(bootstrap: str, topic: str, records: int, size: int, batch: int, acks: str) -> dict:
    """A confluent-kafka (librdkafka) producer sending `records` values of `size` bytes as fast as it can."""
    producer = Producer({"bootstrap.servers": bootstrap, "acks": acks, "batch.size": batch, "linger.ms": 5,
                         "enable.idempotence": acks == "all", "queue.buffering.max.kbytes": 1048576,
                         "queue.buffering.max.messages": 1_000_000, "message.max.bytes": 2097152})
    value = b"x" * size
    failures = []

    def delivered(err, _msg):
        if err is not None:
            failures.append(err)

    started = time.perf_counter()
    for _ in range(records):
        while True:
            try:
                producer.produce(topic, value, on_delivery=delivered)
                break
            except BufferError:
                producer.poll(0.01)
    if producer.flush(120):
        raise RuntimeError("confluent producer did not deliver everything in 120 s")
    elapsed = time.perf_counter() - started
    if failures:
        raise RuntimeError(f"{len(failures)} deliveries failed, first: {failures[0]}")
    return {"records": records, "records_per_s": records / elapsed, "mb_per_s": records * size / MB / elapsed}


# --- the run -------------------------------------------------------------------------------------------------

def produce_matrix(quick: bool) -> list[tuple[int, int, int, str]]:
    if quick:
        return [(1, 1024, MB, "1"), (1, 1024, MB, "all"), (1, 100, 16384, "1"), (6, 1024, MB, "1")]
    return [(p, size, batch, acks) for p in (1, 6) for size in (100, 1024) for batch in (16384, MB)
            for acks in ("1", "all")]


def is_target_cell(size: int, batch: int) -> bool:
    """The produce cells with a >= 1.0 MB/s target: 1 KiB records in 1 MiB batches."""
    return size == 1024 and batch == MB


def median_run(runs: list[dict]) -> dict:
    """The run with the median MB/s (the lower middle one for an even count), with every run's MB/s beside it."""
    ordered = sorted(runs, key=lambda run: run["mb_per_s"])
    chosen = dict(ordered[(len(ordered) - 1) // 2])
    chosen["runs_mb_per_s"] = [run["mb_per_s"] for run in runs]
    return chosen


def measure(brokers: list, quick: bool, repeats: int) -> dict[str, dict]:
    """Every figure for each broker. Start-up is timed for one broker at a time; then both stay up side by side,
    only one is loaded at a time, and each produce and fetch figure alternates between them run by run (who
    goes first alternates too), so a drift in the machine's speed (it is a shared VM) falls on both."""
    budget = (64 if quick else 512) * MB
    results: dict[str, dict] = {b.name: {"produce": {}, "load_average_at_start": os.getloadavg()} for b in brokers}
    results["disk_free_gib_at_start"] = free_disk_gib()
    for broker in brokers:
        result = results[broker.name]
        result["start_to_ready_s"] = broker.launch()
        broker.stop()
        result["start_to_ready_s"] = min(result["start_to_ready_s"], broker.launch())
    time.sleep(5 if quick else 30)
    for broker in brokers:
        results[broker.name]["idle_rss_mb"] = rss_mb(broker.pid)

    busy_cpu = {broker.name: 0.0 for broker in brokers}
    bytes_produced = {broker.name: 0 for broker in brokers}
    for i, (partitions, size, batch, acks) in enumerate(produce_matrix(quick)):
        records = min(budget // size, 5_000_000)
        key = f"p{partitions}-{size}B-batch{batch // 1024}K-acks{acks}"
        runs: dict[str, list] = {broker.name: [] for broker in brokers}
        for run in range(repeats if is_target_cell(size, batch) else 1):
            for broker in alternated(brokers, i + run):
                topic = f"produce-{i}-{run}"
                create_topic(broker.bootstrap, topic, partitions)
                cpu_before = cpu_seconds(broker.pid)
                runs[broker.name].append(producer_performance(broker.bootstrap, topic, records, size, batch, acks))
                busy_cpu[broker.name] += cpu_seconds(broker.pid) - cpu_before
                bytes_produced[broker.name] += records * size
                loadgen_bench.delete_every_topic(broker.bootstrap)
        for broker in brokers:
            cell = runs[broker.name]
            results[broker.name]["produce"][key] = median_run(cell) if len(cell) > 1 else cell[0]
            print(f"  {broker.name} produce {key}: {results[broker.name]['produce'][key]}", flush=True)
    for broker in brokers:
        gigabytes = bytes_produced[broker.name] / 1024 ** 3
        results[broker.name]["cpu_s_per_gb_produced"] = busy_cpu[broker.name] / gigabytes

    fetch_bytes = (256 if quick else 1024) * MB
    for broker in brokers:
        create_topic(broker.bootstrap, "fetch", 1)
        producer_performance(broker.bootstrap, "fetch", fetch_bytes // 1024, 1024, MB, "1")
        fetch_mb_per_s(broker.bootstrap, "fetch", fetch_bytes)  # warm the page cache
    fetch_runs: dict[str, list] = {broker.name: [] for broker in brokers}
    for run in range(repeats):
        for broker in alternated(brokers, run):
            fetch_runs[broker.name].append(fetch_mb_per_s(broker.bootstrap, "fetch", fetch_bytes))
    for broker in brokers:
        result = results[broker.name]
        result["fetch_mb_per_s"] = statistics.median_low(fetch_runs[broker.name])
        result["fetch_runs_mb_per_s"] = fetch_runs[broker.name]
        result["fetch_confluent_mb_per_s"] = fetch_mb_per_s(broker.bootstrap, "fetch", fetch_bytes,
                                                            client="confluent")
        print(f"  {broker.name} fetch: {result['fetch_mb_per_s']:.1f} MB/s (kcat), "
              f"{result['fetch_confluent_mb_per_s']:.1f} MB/s (confluent-kafka)", flush=True)

    for broker in brokers:
        results[broker.name].update(latency_at_half_load(broker, results[broker.name], quick))
    for broker in brokers:
        create_topic(broker.bootstrap, "pinned", 1)
        pin(broker.pid, 0)
        results[broker.name]["pinned_produce"] = producer_performance(
            broker.bootstrap, "pinned", min(budget // 1024, 5_000_000), 1024, MB, "1", cpu=1)
        print(f"  {broker.name} pinned: {results[broker.name]['pinned_produce']}", flush=True)
    for name, cells in loadgen_bench.measure(brokers, quick, repeats).items():
        results[name]["broker_bound"] = cells
    for broker in brokers:
        results[broker.name]["load_average_at_end"] = os.getloadavg()
    results["disk_free_gib_at_end"] = free_disk_gib()
    return results


def free_disk_gib() -> float:
    """Free space where both brokers keep their data (the temporary directory)."""
    return round(shutil.disk_usage(tempfile.gettempdir()).free / 2**30, 1)


def alternated(brokers: list, turn: int) -> list:
    """The brokers in their order on even turns, reversed on odd ones."""
    return brokers if turn % 2 == 0 else brokers[::-1]


def latency_at_half_load(broker, result: dict, quick: bool) -> dict:
    """EndToEndLatency while ProducerPerformance loads `broker` at half the records/s of its own 1 KiB / 1 MiB
    acks=1 produce run."""
    half_rate = int(result["produce"]["p1-1024B-batch1024K-acks1"]["records_per_s"] / 2)
    create_topic(broker.bootstrap, "e2e", 1)
    create_topic(broker.bootstrap, "e2e-load", 1)
    load_records = max(half_rate * (20 if quick else 60), 1000)
    load = threading.Thread(target=producer_performance, daemon=True, args=(
        broker.bootstrap, "e2e-load", load_records, 1024, MB, "1", half_rate))
    load.start()
    time.sleep(3)
    latency = end_to_end_latency(broker.bootstrap, "e2e", 1000 if quick else 5000, 1024)
    load.join()
    print(f"  {broker.name} e2e: {latency}", flush=True)
    return {"e2e_at_half_load": latency, "e2e_load_records_per_s": half_rate}


def ratios(kb: dict, ka: dict) -> dict:
    out: dict = {"produce_mb_per_s": {}, "produce_records_per_s": {}}
    for key, figures in kb["produce"].items():
        if key in ka["produce"]:
            out["produce_mb_per_s"][key] = figures["mb_per_s"] / ka["produce"][key]["mb_per_s"]
            out["produce_records_per_s"][key] = figures["records_per_s"] / ka["produce"][key]["records_per_s"]
    out["fetch_mb_per_s"] = kb["fetch_mb_per_s"] / ka["fetch_mb_per_s"]
    out["fetch_confluent_mb_per_s"] = kb["fetch_confluent_mb_per_s"] / ka["fetch_confluent_mb_per_s"]
    out["e2e_p99"] = kb["e2e_at_half_load"]["p99_ms"] / max(ka["e2e_at_half_load"]["p99_ms"], 1)
    out["e2e_p50"] = kb["e2e_at_half_load"]["p50_ms"] / max(ka["e2e_at_half_load"]["p50_ms"], 1)
    out["start_to_ready"] = kb["start_to_ready_s"] / ka["start_to_ready_s"]
    out["idle_rss"] = kb["idle_rss_mb"] / ka["idle_rss_mb"]
    out["cpu_s_per_gb_produced"] = kb["cpu_s_per_gb_produced"] / ka["cpu_s_per_gb_produced"]
    out["pinned_produce_mb_per_s"] = kb["pinned_produce"]["mb_per_s"] / ka["pinned_produce"]["mb_per_s"]
    return out


def print_table(results: dict) -> None:
    kb, ka = results.get("kbroker"), results.get("kafka")
    rows = []
    for key in (kb or ka)["produce"]:
        for metric in ("mb_per_s", "records_per_s"):
            rows.append((f"produce {key} {metric}", *(r["produce"][key][metric] if r else None for r in (kb, ka))))
    spreads = [(f"produce {key} MB/s", *(r["produce"][key].get("runs_mb_per_s") if r else None for r in (kb, ka)))
               for key in (kb or ka)["produce"]]
    spreads.append(("fetch MB/s (kcat)", *(r["fetch_runs_mb_per_s"] if r else None for r in (kb, ka))))
    for label, get in (("fetch MB/s (kcat)", lambda r: r["fetch_mb_per_s"]),
                       ("fetch MB/s (confluent-kafka)", lambda r: r["fetch_confluent_mb_per_s"]),
                       ("e2e p50 ms @50%", lambda r: r["e2e_at_half_load"]["p50_ms"]),
                       ("e2e p99 ms @50%", lambda r: r["e2e_at_half_load"]["p99_ms"]),
                       ("start-to-ready s", lambda r: r["start_to_ready_s"]),
                       ("idle RSS MB", lambda r: r["idle_rss_mb"]),
                       ("CPU s / GB produced", lambda r: r["cpu_s_per_gb_produced"]),
                       ("pinned produce MB/s", lambda r: r["pinned_produce"]["mb_per_s"])):
        rows.append((label, *(get(r) if r else None for r in (kb, ka))))
    print_load_averages({"kbroker": kb, "kafka": ka}, "")
    print(f"\n{'metric':44s} {'kbroker':>12s} {'kafka':>12s} {'ratio':>8s}")
    for label, a, b in rows:
        ratio = f"{a / b:8.2f}" if a is not None and b else "       -"
        fa = f"{a:12.2f}" if a is not None else "           -"
        fb = f"{b:12.2f}" if b is not None else "           -"
        print(f"{label:44s} {fa} {fb} {ratio}")
    repeated = [(label, a, b) for label, a, b in spreads if (a or b) and len(a or b) > 1]
    if repeated:
        print(f"\n{'repeated figure (median above), min-max':44s} {'kbroker':>17s} {'kafka':>17s}")
        for label, a, b in repeated:
            print(f"{label:44s} {_spread(a):>17s} {_spread(b):>17s}")


def print_load_averages(results_by_broker: dict, of_what: str) -> None:
    """The load average at the start and end of each broker's measurements (`of_what` names them)."""
    for name, r in results_by_broker.items():
        if r:
            print(f"{name}: load average (1, 5, 15 min) {r['load_average_at_start']} at start{of_what}, "
                  f"{r['load_average_at_end']} at end")


def _spread(runs: list[float] | None) -> str:
    return f"{min(runs):.0f}-{max(runs):.0f}" if runs else "-"


def run_side_by_side(args: argparse.Namespace, measure_brokers, work_prefix: str) -> dict:
    """`measure_brokers(brokers, quick, repeats)` on kbroker and Kafka (or the one --only names), set up in a
    temporary directory that is removed afterwards; the run's settings with what it returned."""
    repeats = args.repeats or (1 if args.quick else 3)
    results: dict = {"quick": args.quick, "repeats": repeats,
                     "started": datetime.datetime.now(datetime.UTC).isoformat(), "cpus": os.cpu_count()}
    work_dir = Path(tempfile.mkdtemp(prefix=work_prefix, dir=tempfile.gettempdir()))
    brokers = [cls(work_dir) for cls in (Kbroker, Kafka) if not args.only or cls.name == args.only]
    try:
        results.update(measure_brokers(brokers, args.quick, repeats))
    finally:
        for broker in brokers:
            broker.close()
        shutil.rmtree(work_dir, ignore_errors=True)
    return results


def write_results(results: dict, prefix: str = "") -> None:
    """bench/results/<prefix><UTC date and time>.json"""
    RESULTS_DIR.mkdir(parents=True, exist_ok=True)
    path = RESULTS_DIR / f"{prefix}{datetime.datetime.now(datetime.UTC).strftime('%Y-%m-%dT%H%M%SZ')}.json"
    path.write_text(json.dumps(results, indent=2) + "\n")
    print(f"\nwritten {path.relative_to(ROOT)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a one-minute subset")
    parser.add_argument("--only", choices=["kbroker", "kafka"])
    parser.add_argument("--repeats", type=int,
                        help="runs of each figure with a >= 1.0 target (default 3, 1 with --quick)")
    results = run_side_by_side(parser.parse_args(), measure, "bench-")
    if "kbroker" in results and "kafka" in results:
        results["ratio_kbroker_over_kafka"] = ratios(results["kbroker"], results["kafka"])
        results["broker_bound_ratios"] = loadgen_bench.ratios(results["kbroker"]["broker_bound"],
                                                              results["kafka"]["broker_bound"])
    print_table(results)
    loadgen_bench.print_table({**{name: results[name]["broker_bound"] for name in ("kbroker", "kafka")
                                  if name in results},
                               "broker_bound_ratios": results.get("broker_bound_ratios", {})})
    write_results(results)


if __name__ == "__main__":
    main()
