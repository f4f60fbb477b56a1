"""Where the event loop stops: run `kbroker serve` with a trio instrument that records every task step longer
than a threshold, with what the loop's thread was doing in the kernel and in Python meanwhile.

A step of the event loop that takes long stops every connection of the node. A step that used its wall time on
the CPU is Python or a copy in the kernel; one that used little is a wait (a page lock, the disk, a lock another
thread holds). A watchdog thread samples the loop thread during long steps: its kernel stack
(/proc/self/task/<tid>/stack, which needs root) and its innermost Python frames. Each long step becomes one JSON
line: the time, the task, wall and CPU milliseconds, and up to three samples.

    # a broker under the instrument (the arguments after `serve` are kbroker's own)
    STALL_LOG=/tmp/stalls.jsonl .venv/bin/python bench/loop_stalls.py serve --override log.dirs=/tmp/d
    # what stopped it, grouped by the first sample's kernel and Python frames
    .venv/bin/python bench/loop_stalls.py summarize /tmp/stalls.jsonl [--from T] [--to T] [--over-ms 15]

Measures nothing by itself and asserts nothing: it is the profile behind the notes on the e2e tail (issue #20).
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import sys
import threading
import time
import traceback
from pathlib import Path

THRESHOLD_S = float(os.environ.get("STALL_MS", "5")) / 1000
SAMPLES_PER_STEP = 3
SAMPLE_EVERY_S = 0.002


class StallRecorder:
    """The trio instrument and its watchdog; writes one JSON line per step over THRESHOLD_S."""

    def __init__(self, out):
        self.out = out
        self.started: float | None = None
        self.cpu_at_start = 0.0
        self.samples: list[dict] = []
        self.loop_tid = threading.get_native_id()
        self.loop_ident = threading.get_ident()

    def before_task_step(self, task) -> None:
        self.samples = []
        self.cpu_at_start = time.thread_time()
        self.started = time.perf_counter()

    def after_task_step(self, task) -> None:
        wall = time.perf_counter() - self.started
        self.started = None
        if wall > THRESHOLD_S:
            self.out.write(json.dumps({"t": time.time(), "task": task.name, "wall_ms": wall * 1e3,
                                       "cpu_ms": (time.thread_time() - self.cpu_at_start) * 1e3,
                                       "samples": self.samples}) + "\n")

    def watch(self) -> None:
        while True:
            time.sleep(SAMPLE_EVERY_S)
            started = self.started
            if started is None or time.perf_counter() - started < THRESHOLD_S or \
                    len(self.samples) >= SAMPLES_PER_STEP:
                continue
            self.samples.append({"kernel": self._kernel_stack(), "python": self._python_stack()})

    def _kernel_stack(self) -> list[str]:
        try:
            lines = Path(f"/proc/self/task/{self.loop_tid}/stack").read_text().splitlines()
        except OSError as exc:
            return [f"({exc.strerror})"]
        return [line.split(" ")[-1].split("+")[0] for line in lines[:8]]

    def _python_stack(self) -> list[str]:
        frame = sys._current_frames().get(self.loop_ident)
        if frame is None:
            return []
        return [f"{Path(f.f_code.co_filename).name}:{f.f_code.co_name}" for f, _ in traceback.walk_stack(frame)][:6]


def serve(argv: list[str]) -> int:
    import trio

    from kbroker.cli import main
    recorder = StallRecorder(open(os.environ.get("STALL_LOG", "stalls.jsonl"), "a", buffering=1))
    threading.Thread(target=recorder.watch, name="stall-watchdog", daemon=True).start()
    run = trio.run

    def run_instrumented(*args, **kwargs):
        kwargs.setdefault("instruments", []).append(recorder)
        return run(*args, **kwargs)

    trio.run = run_instrumented  # kbroker.cli calls trio.run(serve, config)
    return main(["serve", *argv])


def summarize(path: Path, since: float, until: float, over_ms: float) -> None:
    steps = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    steps = [s for s in steps if since <= s["t"] <= until and s["wall_ms"] >= over_ms]
    groups: dict[tuple, list] = collections.defaultdict(list)
    for step in steps:
        first = step["samples"][0] if step["samples"] else {"kernel": [], "python": []}
        key = (first["kernel"][0] if first["kernel"] else "-", " < ".join(first["python"][:2]) or "-")
        groups[key].append(step)
    print(f"{len(steps)} steps of {over_ms:g} ms or more")
    for (kernel, python), members in sorted(groups.items(), key=lambda kv: -sum(s["wall_ms"] for s in kv[1])):
        wall = sorted(s["wall_ms"] for s in members)
        cpu = sum(s["cpu_ms"] for s in members) / sum(wall)
        print(f"{len(members):5d} steps, {sum(wall):8.0f} ms, longest {wall[-1]:6.0f} ms, {cpu:4.0%} on the CPU: "
              f"{kernel} | {python}")


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "serve":
        sys.exit(serve(sys.argv[2:]))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    summary = sub.add_parser("summarize")
    summary.add_argument("path", type=Path)
    summary.add_argument("--from", dest="since", type=float, default=0.0)
    summary.add_argument("--to", dest="until", type=float, default=float("inf"))
    summary.add_argument("--over-ms", type=float, default=0.0)
    args = parser.parse_args()
    summarize(args.path, args.since, args.until, args.over_ms)


if __name__ == "__main__":
    main()
