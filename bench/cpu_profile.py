"""Where each broker's CPU goes in the broker-bound cells: perf samples of the pinned broker, put in buckets by what
the kernel or the process was doing, beside Apache Kafka 4.3.1 in the same run.

The CPU targets of issue #20 (CPU-seconds per GiB produced and fetched <= 0.5x Kafka's) are read off
loadgen_bench.py's cells; this is the profile that says what those CPU-seconds are. Each broker runs pinned to
core 1 and the Go load generator on core 0, as there, and each cell is loadgen_bench.py's: 1 GiB produced flat
out (1 KiB acks=1, 100 B acks=1, 1 KiB acks=all), then the 1 KiB topic fetched back from the page cache. During
each run `perf record -g` samples every thread of the broker (kernel call chains included) at 499 Hz, and every
sample goes into one bucket:

- in the kernel, by the system call or interrupt its chain passes through: the write of a produced batch into the
  page cache, `sendfile` from the page cache to a socket, reading a socket, sending on one (on loopback that
  includes delivering the bytes to the reader), page faults, interrupts and softirqs, waiting (futex, epoll,
  the scheduler), or other;
- in user space, by the library it ran in: `libpython3.11` for kbroker's interpreter, `libjvm.so` for the JVM's
  runtime, garbage collector and JIT compiler, `[unknown]` for code perf cannot name, which for Kafka is its
  JIT-compiled Java.

A bucket's CPU-seconds per GiB are its share of the samples times the broker's CPU per GiB in that run
(/proc/<pid>/stat, as loadgen_bench.py counts it). Needs `perf` (Debian's linux-perf), root or
kernel.perf_event_paranoid <= 1, `make java` and `make loadgen`:

    .venv/bin/python bench/cpu_profile.py [--only kbroker|kafka] [--repeats N]

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
KERNEL_DSO = "[kernel.kallsyms]"
# User-space libraries by what they run, where the file name does not say it.
LIBRARY_NAMES = ((re.compile(r"libpython3[.\d]*\.so"), "CPython's interpreter (libpython)"),
                 (re.compile(r"libjvm\.so"), "JVM runtime, collector, JIT compiler (libjvm.so)"),
                 (re.compile(r"perf-\d+\.map"), "JIT-compiled Java (perf-<pid>.map)"))


def frames_of(sample: str) -> list[tuple[str, str]]:
    """(symbol, DSO) of each frame of one sample of `perf script -F comm,tid,ip,sym,dso`, innermost first."""
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


def profile_of(perf_script_output: str) -> dict:
    """The samples of one recording: how many, each bucket's share, and the innermost functions with the most."""
    buckets: collections.Counter[str] = collections.Counter()
    leaves: collections.Counter[str] = collections.Counter()
    for sample in perf_script_output.split("\n\n"):
        frames = frames_of(sample.strip("\n"))
        if not frames:
            continue
        buckets[bucket_of(frames)] += 1
        symbol, dso = frames[0]
        leaves[f"{symbol.split('+', 1)[0]} ({Path(dso).name or dso})"] += 1
    total = sum(buckets.values())
    return {"samples": total,
            "buckets": {name: count / total for name, count in buckets.most_common()} if total else {},
            "top_functions": {name: count / total for name, count in leaves.most_common(15)} if total else {}}


class Recording:
    """`perf record -g` of every thread of `pid` while the block runs; `profile` after it."""

    def __init__(self, pid: int):
        self.pid = pid
        descriptor, path = tempfile.mkstemp(prefix=f"perf-{pid}-", suffix=".data")
        os.close(descriptor)
        self.data = Path(path)
        self.profile: dict = {}

    def __enter__(self) -> Recording:
        self.process = subprocess.Popen(["perf", "record", "-q", "-g", "-F", str(SAMPLE_HZ), "-p", str(self.pid),
                                         "-o", str(self.data)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
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
            script = subprocess.run(["perf", "script", "-i", str(self.data), "-F", "comm,tid,ip,sym,dso"],
                                    capture_output=True, text=True, check=True)
            self.profile = profile_of(script.stdout)
        self.data.unlink(missing_ok=True)


def profiled_run(broker, topic: str, *args: str) -> dict:
    """One loadgen_bench.py run against `broker` under perf: its figures with the profile, each bucket also in
    CPU-seconds per GiB."""
    with Recording(broker.pid) as recording:
        figures = lb.loadgen_against(broker, topic, *args)
    lb.add_cpu_per_gib(figures)
    profile = recording.profile
    profile["cpu_s_per_gib"] = {name: share * figures["broker_cpu_s_per_gib"]
                                for name, share in profile["buckets"].items()}
    figures["profile"] = profile
    return figures


def measure(brokers: list, quick: bool, repeats: int) -> dict[str, dict]:
    """Each cell `repeats` times on each of `brokers` (launched and pinned here), the brokers alternating."""
    lb.build_loadgen()
    for broker in brokers:
        broker.launch()
    results: dict[str, dict] = {broker.name: {} for broker in brokers}
    for broker in brokers:
        bb.pin(broker.pid, lb.BROKER_CPU)
        lb.delete_every_topic(broker.bootstrap)
        lb.warm_up(broker)
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
    return results


def print_run(name: str, cell: str, figures: dict) -> None:
    print(f"  {name} {cell}: {figures['mb_per_s']:.0f} MB/s, {figures['broker_cpu_s_per_gib']:.2f} CPU-s/GiB "
          f"({figures['broker_system_cpu_s_per_gib']:.2f} in the kernel), {figures['profile']['samples']} samples",
          flush=True)


def print_table(results: dict) -> None:
    """Per cell, each bucket's CPU-seconds per GiB for every broker, from its median run by CPU per GiB, with the
    kernel's and user space's sums and the whole."""
    names = [name for name in ("kbroker", "kafka") if name in results]
    for cell in (cell for cell in results[names[0]] if cell != "fetch_topic"):
        per_gib = {}
        for name in names:
            runs = sorted(results[name][cell], key=lambda run: run["broker_cpu_s_per_gib"])
            per_gib[name] = runs[len(runs) // 2]["profile"]["cpu_s_per_gib"]
        rows = sorted({bucket for buckets in per_gib.values() for bucket in buckets})
        small = [row for row in rows if all(per_gib[name].get(row, 0.0) < SMALL_S_PER_GIB for name in names)]
        print(f"\n{cell + ', CPU-s per GiB':<60}" + "".join(f" | {name:>8}" for name in names))
        for row in rows:
            if row not in small:
                print(f"  {row:<58}" + "".join(f" | {per_gib[name].get(row, 0.0):8.3f}" for name in names))
        print(f"  {f'{len(small)} smaller buckets':<58}" + "".join(
            f" | {sum(per_gib[name].get(row, 0.0) for row in small):8.3f}" for name in names))
        for label, in_kernel in (("in the kernel", True), ("in user space", False)):
            print(f"  {label:<58}" + "".join(
                f" | {sum(v for b, v in per_gib[name].items() if b.startswith('kernel') == in_kernel):8.3f}"
                for name in names))
        print(f"  {'all':<58}" + "".join(f" | {sum(per_gib[name].values()):8.3f}" for name in names))


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
    print_table({name: cells for name, cells in results.items() if name in ("kbroker", "kafka")})
    bb.write_results(results, "cpuprofile-")


if __name__ == "__main__":
    main()
