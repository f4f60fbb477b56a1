"""Where each broker's CPU goes in the broker-bound cells: perf samples of the pinned broker, put in buckets by what
the kernel or the process was doing, beside Apache Kafka 4.3.1 in the same run.

The CPU targets of issue #20 (CPU-seconds per GiB produced and fetched <= 0.5x Kafka's) are read off
loadgen_bench.py's cells; this is the profile that says what those CPU-seconds are. Each broker runs pinned to
core 1 and the Go load generator on core 0, as there, and each cell is loadgen_bench.py's: 1 GiB produced flat
out (1 KiB acks=1, 100 B acks=1, 1 KiB acks=all), then the 1 KiB topic fetched back from the page cache, after a
warm-up of each. During each run `perf record -g` samples everything that runs on the broker's core (kernel call
chains included) at 499 Hz. Each of the broker's samples goes into one bucket:

- in the kernel, by the system call or interrupt its chain passes through: the write of a produced batch into the
  page cache, `sendfile` from the page cache to a socket, reading a socket, sending on one (on loopback that
  includes delivering the bytes to the reader), page faults, interrupts and softirqs, waiting (futex, epoll,
  the scheduler), or other;
- in user space, by the library it ran in: `libpython3.11` for kbroker's interpreter, `libjvm.so` for the JVM's
  runtime, garbage collector and JIT compiler, `perf-<pid>.map` for Kafka's JIT-compiled Java.

Samples of other threads go to `elsewhere: <command name>` (the kernel's write-back workers, say) and the core's
idle time to `elsewhere: idle`, so each run also says whether the broker had its core to itself. A bucket's
CPU-seconds per GiB are its share of the broker's samples times the broker's CPU per GiB in that run
(/proc/<pid>/stat, as loadgen_bench.py counts it). Last comes the end-to-end latency cell, the target
`e2e p99 <= 0.5x` is set on: 1 KiB records acks=1 at E2E_RATE for 30 s, read back at once, for both brokers at
that one rate; beside what took the core, its p50, p99 and how long the broker's threads sat runnable waiting
for their core.

Needs `perf` (Debian's linux-perf), root or kernel.perf_event_paranoid <= 0, `make java` and `make loadgen`:

    .venv/bin/python bench/cpu_profile.py [--quick] [--only kbroker|kafka] [--repeats N]

writes bench/results/cpuprofile-<UTC date and time>.json and prints the buckets side by side. Asserts nothing.
"""

from __future__ import annotations

import argparse
import collections
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

import broker_bench as bb  # noqa: E402
import loadgen_bench as lb  # noqa: E402

SAMPLE_HZ = 499
# The end-to-end cell's rate, both brokers alike: about half of either one's end-to-end maximum over 12 GiB in the
# runs of 2026-11-30 (594-668 k records/s), loadgen_bench.py's e2e@same cell.
E2E_RATE = 300_000
# Buckets under this many CPU-seconds per GiB for every broker are summed into one line of the printed table.
SMALL_S_PER_GIB = 0.01

# The kernel's work, by a function the sample's call chain passes through; the first bucket that matches wins, so a
# sendfile (which sends on a socket too) is counted as sendfile, and a softirq run inside a socket call as that call.
KERNEL_BUCKETS = (
    ("kernel: write into the page cache", ("ext4_file_write_iter", "generic_perform_write", "ext4_buffered_write_iter")),
    ("kernel: sendfile from the page cache", ("do_sendfile", "do_splice_direct", "splice_direct_to_actor")),
    ("kernel: socket read", ("sock_read_iter", "sock_recvmsg", "tcp_recvmsg")),
    ("kernel: socket send", ("sock_write_iter", "sock_sendmsg", "tcp_sendmsg")),
    ("kernel: page faults", ("exc_page_fault",)),
    ("kernel: interrupts and softirqs", ("handle_softirqs", "__irq_exit_rcu", "net_rx_action")),
    ("kernel: waiting (futex, epoll, scheduler)", ("__x64_sys_futex", "do_epoll_wait", "__x64_sys_epoll_wait",
                                                   "schedule", "__schedule")),
)
KERNEL_OTHER = "kernel: other"
ELSEWHERE = "elsewhere: "  # what else ran on the broker's core
KERNEL_DSO = "[kernel.kallsyms]"
# User-space libraries by what they run, where the file name does not say it.
LIBRARY_NAMES = ((re.compile(r"libpython3[.\d]*\.so"), "CPython's interpreter (libpython)"),
                 (re.compile(r"libjvm\.so"), "JVM runtime, collector, JIT compiler (libjvm.so)"),
                 (re.compile(r"perf-\d+\.map"), "JIT-compiled Java (perf-<pid>.map)"))


def header_of(sample: str) -> tuple[str, int]:
    """The command name and process id of one sample of `perf script -F comm,pid,tid,ip,sym,dso`."""
    comm, _, ids = sample.split("\n", 1)[0].rstrip().rpartition(" ")
    return comm.strip(), int(ids.split("/", 1)[0])


def frames_of(sample: str) -> list[tuple[str, str]]:
    """(symbol, DSO) of each frame of one sample of `perf script -F comm,pid,tid,ip,sym,dso`, innermost first."""
    frames = []
    for line in sample.splitlines()[1:]:
        parts = line.split(None, 1)
        if len(parts) < 2:
            continue
        symbol, _, dso = parts[1].rpartition(" (")
        frames.append((symbol or parts[1], dso.rstrip(")")))
    return frames


def bucket_of(frames: list[tuple[str, str]]) -> str:
    """The bucket of one sample: a KERNEL_BUCKETS name (or KERNEL_OTHER) when it was taken in the kernel,
    `user: <library>` otherwise."""
    symbol, dso = frames[0]
    if dso != KERNEL_DSO:
        return f"user: {library_name(dso)}"
    names = {name.split("+", 1)[0] for name, frame_dso in frames if frame_dso == KERNEL_DSO}
    for bucket, functions in KERNEL_BUCKETS:
        if names.intersection(functions):
            return bucket
    return KERNEL_OTHER


def library_name(dso: str) -> str:
    name = Path(dso).name or dso
    return next((label for pattern, label in LIBRARY_NAMES if pattern.match(name)), name)


def thread_kind(comm: str) -> str:
    """What else ran on a core, by command name with its numbers dropped (kworker/u4:2 and kworker/u4:0 alike)."""
    return "idle" if comm.startswith("swapper") else re.sub(r"\d+", "N", comm)


def profile_of(perf_script_output: str, broker_pid: int | None = None) -> dict:
    """The samples of one recording: how many, each bucket's share, and the innermost functions with the most.

    With `broker_pid` (a recording of a whole core), samples of other processes go to `elsewhere: <thread kind>`
    and the broker's own to the buckets above."""
    buckets: collections.Counter[str] = collections.Counter()
    leaves: collections.Counter[str] = collections.Counter()
    for sample in perf_script_output.split("\n\n"):
        sample = sample.strip("\n")
        frames = frames_of(sample)
        if not frames:
            continue
        if broker_pid is not None:
            comm, pid = header_of(sample)
            if pid != broker_pid:
                buckets[f"{ELSEWHERE}{thread_kind(comm)}"] += 1
                continue
        buckets[bucket_of(frames)] += 1
        symbol, dso = frames[0]
        leaves[f"{symbol.split('+', 1)[0]} ({Path(dso).name or dso})"] += 1
    total = sum(buckets.values())
    return {"samples": total,
            "buckets": {name: count / total for name, count in buckets.most_common()} if total else {},
            "top_functions": {name: count / total for name, count in leaves.most_common(15)} if total else {}}


class Recording:
    """`perf record -g` of everything that runs on core `cpu` while the block runs; `profile` after it, with the
    samples of process `pid` in the buckets and the others' in `elsewhere: ...`. perf itself runs on the load
    generator's core."""

    def __init__(self, pid: int, cpu: int):
        self.pid = pid
        self.cpu = cpu
        descriptor, path = tempfile.mkstemp(prefix=f"perf-{pid}-", suffix=".data")
        os.close(descriptor)
        self.data = Path(path)
        self.profile: dict = {}

    def __enter__(self) -> Recording:
        self.process = subprocess.Popen(["taskset", "-c", str(lb.LOADGEN_CPU), "perf", "record", "-q", "-g", "-F",
                                         str(SAMPLE_HZ), "-a", "-C", str(self.cpu), "-o", str(self.data)],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        # perf attaches to each thread before it samples; a run that started meanwhile would lose its first samples
        try:
            self.process.wait(1.0)
        except subprocess.TimeoutExpired:
            return self
        raise RuntimeError(f"perf record exited at once: {self.process.stderr.read().decode()[-2000:]}")

    def __exit__(self, *exc_info) -> None:
        self.process.send_signal(signal.SIGINT)
        self.process.wait(60)
        if exc_info[0] is None:
            script = subprocess.run(["perf", "script", "-i", str(self.data), "-F", "comm,pid,tid,ip,sym,dso"],
                                    capture_output=True, text=True, check=True)
            self.profile = profile_of(script.stdout, self.pid)
        self.data.unlink(missing_ok=True)


def profiled_run(broker, topic: str, *args: str) -> dict:
    """One loadgen_bench.py run against `broker` with its core under perf: its figures with the profile, whose
    `buckets` are shares of the core's time and whose `cpu_s_per_gib` splits the broker's own CPU per GiB among
    its buckets."""
    with Recording(broker.pid, lb.BROKER_CPU) as recording:
        figures = lb.loadgen_against(broker, topic, *args)
    lb.add_cpu_per_gib(figures)
    profile = recording.profile
    own = {name: share for name, share in profile["buckets"].items() if not name.startswith(ELSEWHERE)}
    per_share = figures["broker_cpu_s_per_gib"] / sum(own.values()) if own else 0.0
    profile["cpu_s_per_gib"] = {name: share * per_share for name, share in own.items()}
    figures["profile"] = profile
    return figures


def warm_up(broker, quick: bool) -> None:
    """Each cell's load once, not measured, so that Kafka's JIT has compiled every path the cells take before
    they are profiled (loadgen_bench.py's 256 MiB warm-up leaves Kafka's compiler threads busy through the first
    cells: libjvm.so fell from 0.74 to 0.17 CPU-s per GiB over three runs of the first one) and both brokers fill
    their caches."""
    records = (64 if quick else 512) * lb.MB
    for size, acks in lb.PRODUCE_SHAPES:
        topic = f"profile-warm-up-{size}B-acks{acks}"
        bb.create_topic(broker.bootstrap, topic, 1)
        lb.loadgen(broker.bootstrap, topic, "-records", str(records // size), "-size", str(size), "-acks", acks)
        lb.loadgen(broker.bootstrap, topic, "-mode", "consume", "-records", str(records // size))
        lb.delete_topic(broker.bootstrap, topic)
    lb.warm_up(broker)


def measure(brokers: list, quick: bool, repeats: int) -> dict[str, dict]:
    """Each cell `repeats` times on each of `brokers` (launched and pinned here), the brokers alternating."""
    lb.build_loadgen()
    for broker in brokers:
        broker.launch()
    results: dict[str, dict] = {broker.name: {} for broker in brokers}
    for broker in brokers:
        bb.pin(broker.pid, lb.BROKER_CPU)
        lb.delete_every_topic(broker.bootstrap)
        warm_up(broker, quick)
    for i, (size, acks) in enumerate(lb.PRODUCE_SHAPES):
        key = f"produce-{size}B-acks{acks}"
        records = min((256 if quick else 1024) * lb.MB // size, 5_000_000)
        for run in range(repeats):
            for broker in bb.alternated(brokers, i + run):
                topic = f"profile-{size}B-acks{acks}-{run}"
                bb.create_topic(broker.bootstrap, topic, 1)
                figures = profiled_run(broker, topic, "-records", str(records), "-size", str(size),
                                       "-acks", acks)
                results[broker.name].setdefault(key, []).append(figures)
                print_run(broker.name, key, figures)
                if key == f"produce-{lb.HEADLINE}" and run == 0:
                    results[broker.name]["fetch_topic"] = (topic, records)
                else:
                    lb.delete_topic(broker.bootstrap, topic)
    for run in range(repeats):
        for broker in bb.alternated(brokers, run):
            topic, records = results[broker.name]["fetch_topic"]
            figures = profiled_run(broker, topic, "-mode", "consume", "-records", str(records))
            results[broker.name].setdefault("fetch", []).append(figures)
            print_run(broker.name, "fetch", figures)
    e2e_cell(brokers, quick, repeats, results)
    return results


def e2e_cell(brokers: list, quick: bool, repeats: int, results: dict) -> None:
    """loadgen_bench.py's end-to-end latency cell at E2E_RATE for both brokers, with the broker's whole core
    recorded: its p99 beside what took the core (the broker in the kernel and in user space, other threads, idle)
    and how long the broker's threads sat runnable waiting for it."""
    seconds = 10 if quick else 30
    for run in range(repeats):
        for broker in bb.alternated(brokers, run):
            topic = f"profile-e2e-{run}"
            bb.create_topic(broker.bootstrap, topic, 1)
            figures = profiled_run(broker, topic, "-records", str(E2E_RATE * seconds), "-size", "1024", "-acks", "1",
                                   "-rate", str(E2E_RATE), "-e2e")
            lb.delete_topic(broker.bootstrap, topic)
            results[broker.name].setdefault("e2e", []).append(figures)
            latency = figures["e2e_latency"]
            print(f"  {broker.name} e2e at {E2E_RATE} records/s: p50 {latency['p50_ms']:.1f} ms, p99 "
                  f"{latency['p99_ms']:.1f} ms, broker CPU {figures['broker_cpu_s'] / figures['seconds']:.2f} s/s, "
                  f"waiting for its core {figures['broker_runqueue_wait_s'] / figures['seconds']:.2f} s/s", flush=True)


def print_run(name: str, cell: str, figures: dict) -> None:
    print(f"  {name} {cell}: {figures['mb_per_s']:.0f} MB/s, {figures['broker_cpu_s_per_gib']:.2f} CPU-s/GiB "
          f"({figures['broker_system_cpu_s_per_gib']:.2f} in the kernel), {figures['profile']['samples']} samples",
          flush=True)


def median_run(runs: list[dict], key) -> dict:
    return sorted(runs, key=key)[len(runs) // 2]


def sum_of(buckets: dict[str, float], prefix: str) -> float:
    """The sum of the buckets whose names start with `prefix` ("kernel", "user", ELSEWHERE)."""
    return sum(value for name, value in buckets.items() if name.startswith(prefix))


def print_row(label: str, values: list[float], form: str = "8.3f") -> None:
    print(f"  {label:<58}" + "".join(f" | {value:{form}}" for value in values))


def print_core(runs: list[dict]) -> None:
    """What took the broker's core in each of `runs` (one per broker): the broker in the kernel and in user space,
    every other thread kind with 0.5 % or more, and idle time."""
    shares = [run["profile"]["buckets"] for run in runs]
    print_row("the core: the broker in the kernel", [sum_of(s, "kernel") for s in shares], "8.1%")
    print_row("the core: the broker in user space", [sum_of(s, "user") for s in shares], "8.1%")
    others = sorted({b for s in shares for b, v in s.items() if b.startswith(ELSEWHERE) and v >= 0.005})
    for bucket in others:
        print_row(f"the core: {bucket}", [s.get(bucket, 0.0) for s in shares], "8.1%")


def print_table(results: dict) -> None:
    """Per produce and fetch cell, from each broker's median run by CPU per GiB: each bucket's CPU-seconds per GiB
    (those under SMALL_S_PER_GIB for every broker summed in one line), the kernel's and user space's sums, and what
    took the core. Then the e2e cell's median run by p99: its latency and what took the core."""
    names = [name for name in ("kbroker", "kafka") if name in results]
    for cell in (cell for cell in results[names[0]] if cell not in ("fetch_topic", "e2e")):
        runs = [median_run(results[name][cell], lambda run: run["broker_cpu_s_per_gib"]) for name in names]
        per_gib = [run["profile"]["cpu_s_per_gib"] for run in runs]
        rows = sorted({bucket for buckets in per_gib for bucket in buckets})
        small = [row for row in rows if all(buckets.get(row, 0.0) < SMALL_S_PER_GIB for buckets in per_gib)]
        print(f"\n{cell + ', CPU-s per GiB':<60}" + "".join(f" | {name:>8}" for name in names))
        for row in rows:
            if row not in small:
                print_row(row, [buckets.get(row, 0.0) for buckets in per_gib])
        print_row(f"{len(small)} smaller buckets", [sum(b.get(row, 0.0) for row in small) for b in per_gib])
        print_row("in the kernel", [sum_of(buckets, "kernel") for buckets in per_gib])
        print_row("in user space", [sum_of(buckets, "user") for buckets in per_gib])
        print_row("all", [sum(buckets.values()) for buckets in per_gib])
        print_core(runs)
    if all("e2e" in results[name] for name in names):
        runs = [median_run(results[name]["e2e"], lambda run: run["e2e_latency"]["p99_ms"]) for name in names]
        print(f"\n{f'e2e at {E2E_RATE} records/s, the median run by p99':<60}" + "".join(f" | {n:>8}" for n in names))
        print_row("p50, ms", [run["e2e_latency"]["p50_ms"] for run in runs], "8.1f")
        print_row("p99, ms", [run["e2e_latency"]["p99_ms"] for run in runs], "8.1f")
        print_row("the broker's threads waiting for the core, s per s",
                  [run["broker_runqueue_wait_s"] / run["seconds"] for run in runs], "8.2f")
        print_core(runs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="256 MiB per run instead of 1 GiB")
    parser.add_argument("--only", choices=["kbroker", "kafka"])
    parser.add_argument("--repeats", type=int, default=1)
    args = parser.parse_args()
    if shutil.which("perf") is None:
        sys.exit("perf is not installed (Debian: apt-get install linux-perf)")
    results = bb.run_side_by_side(args, measure, "bench-cpuprofile-")
    results["sample_hz"] = SAMPLE_HZ
    brokers = {name: cells for name, cells in results.items() if name in ("kbroker", "kafka")}
    print_table(brokers)
    bb.write_results(results, "cpuprofile-")


if __name__ == "__main__":
    main()
