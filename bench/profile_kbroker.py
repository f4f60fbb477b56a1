"""Profile a `kbroker serve` process under one load with py-spy, and summarize where its time goes.

The broker is started under `py-spy record` (so no ptrace permission beyond the child is needed) on a fresh log
dir; the load runs; the broker is stopped and py-spy writes a flame graph (SVG) and the raw collapsed stacks.
The summary printed at the end lists the functions with the most samples, self and inclusive, which is what the
notes of issue #8 quote. Needs py-spy in the venv (`.venv/bin/pip install py-spy`) and `make java`.

    .venv/bin/python bench/profile_kbroker.py produce --partitions 6 --batch 1048576 --acks all
    .venv/bin/python bench/profile_kbroker.py produce-confluent --size 1024
    .venv/bin/python bench/profile_kbroker.py fetch --fetch-client kcat
"""

from __future__ import annotations

import argparse
import collections
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import broker_bench as bb  # noqa: E402

MB = 1024 * 1024


# Leaves where a thread waits rather than works (py-spy counts them unless told apart): trio's epoll wait and
# its idle worker threads.
IDLE_LEAVES = ("EpollIOManager.get_events", "WorkerThread._work")
# Frames of start-up, not of serving.
STARTUP_FRAMES = ("Registry.discover", "Node._start_storage", "_find_and_load")


def summarize(raw: Path, top: int = 30) -> str:
    """Where the busy samples go, from py-spy's collapsed stacks: idle waits and start-up are set apart, the
    rest is counted by leaf function and by (deepest kbroker frame -> leaf)."""
    by_leaf: collections.Counter = collections.Counter()
    by_site: collections.Counter = collections.Counter()
    total = idle = startup = 0
    for line in raw.read_text().splitlines():
        stack, _, count_text = line.rpartition(" ")
        count = int(count_text)
        frames = stack.split(";")
        total += count
        if frames[-1].startswith(IDLE_LEAVES):
            idle += count
            continue
        if any(frame.startswith(STARTUP_FRAMES) for frame in frames):
            startup += count
            continue
        leaf = _short(frames[-1])
        ours = [frame for frame in frames if "kbroker/" in frame]
        site = f"{ours[-1].split(' (')[0]}:{ours[-1].rsplit(':', 1)[-1].rstrip(')')}" if ours else "(trio loop)"
        by_leaf[leaf] += count
        by_site[f"{site} -> {leaf.split(' (')[0]}"] += count
    busy = total - idle - startup
    lines = [f"{total} samples: {busy} busy, {idle} idle (epoll wait, idle worker threads), {startup} start-up"]
    for title, counter in (("leaf function", by_leaf), ("kbroker call site -> leaf", by_site)):
        lines.append(f"-- top {top} by {title}, % of busy samples --")
        for frame, count in counter.most_common(top):
            lines.append(f"{100 * count / max(busy, 1):6.1f}%  {frame}")
    return "\n".join(lines)


def _short(frame: str) -> str:
    """'send_chunks (kbroker/server.py:123)' as 'send_chunks (kbroker/server.py)'."""
    name, _, where = frame.partition(" (")
    path = where.rstrip(")").rsplit(":", 1)[0]
    for marker in ("/site-packages/", "/work/main/", "/lib/python3.11/"):
        if marker in path:
            path = path.split(marker, 1)[1]
    return f"{name} ({path})"


def run_load(args, bootstrap: str) -> None:
    if args.load == "produce":
        bb.create_topic(bootstrap, "profiled", args.partitions)
        result = bb.producer_performance(bootstrap, "profiled", args.bytes // args.size, args.size, args.batch,
                                         args.acks)
        print("load:", result)
    elif args.load == "produce-confluent":
        bb.create_topic(bootstrap, "profiled", args.partitions)
        print("load:", bb.confluent_produce(bootstrap, "profiled", args.bytes // args.size, args.size,
                                            args.batch, args.acks))
    elif args.load == "fetch":
        bb.create_topic(bootstrap, "profiled", 1)
        bb.producer_performance(bootstrap, "profiled", args.bytes // 1024, 1024, MB, "1")
        for _ in range(2):
            started = time.perf_counter()
            rate = bb.fetch_mb_per_s(bootstrap, "profiled", args.bytes, client=args.fetch_client)
            print(f"load: fetch {rate:.1f} MB/s ({time.perf_counter() - started:.1f} s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("load", choices=["produce", "produce-confluent", "fetch"])
    parser.add_argument("--partitions", type=int, default=1)
    parser.add_argument("--size", type=int, default=1024)
    parser.add_argument("--batch", type=int, default=MB)
    parser.add_argument("--acks", default="1")
    parser.add_argument("--bytes", type=int, default=512 * MB)
    parser.add_argument("--fetch-client", default="kcat", choices=["kcat", "confluent"])
    parser.add_argument("--rate", type=int, default=250, help="py-spy samples per second")
    parser.add_argument("--out", default="/tmp/kbroker-profile", help="output prefix (.svg, .txt)")
    parser.add_argument("--idle", action="store_true", help="sample idle threads too")
    args = parser.parse_args()

    work = Path(tempfile.mkdtemp(prefix="kbroker-profile-"))
    port = bb.free_port()
    bootstrap = f"127.0.0.1:{port}"
    spy = shutil.which("py-spy", path=str(Path(sys.executable).parent)) or "py-spy"
    raw = Path(args.out + ".txt")
    command = [spy, "record", "--rate", str(args.rate), "--format", "raw", "-o", str(raw), "--",
               sys.executable, "-m", "kbroker", "serve", "--override", f"log.dirs={work}/data",
               "--override", f"listeners=PLAINTEXT://127.0.0.1:{port}", "--log-level", "WARNING"]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=open(work / "broker.log", "wb"),
                               env=bb.deployed_python_env())
    try:
        bb.wait_ready(bootstrap, lambda: process.poll() is None)
        print(f"kbroker pid {_children(process.pid)} on {bootstrap}", flush=True)
        run_load(args, bootstrap)
    finally:
        # py-spy writes its output once the broker it launched exits.
        for child in _children(process.pid):
            os.kill(child, signal.SIGTERM)
        process.wait(120)
        shutil.rmtree(work, ignore_errors=True)
    print(summarize(raw))
    print(f"raw stacks: {raw}")


def _children(pid: int) -> list[int]:
    return [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]


if __name__ == "__main__":
    main()
