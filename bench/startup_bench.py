"""Start-to-ready of kbroker: the pytest fixture's in-process broker (thread + trio run) and a `kbroker serve`
process, each until ApiVersions and Metadata answer on its port. Fresh log dir every run (the first start
formats storage). The process runs with Python's bytecode cache on, as an installed package has it. Prints median and worst of N runs; asserts nothing. Targets: < 0.3 s for both.

    .venv/bin/python bench/startup_bench.py [--runs 10]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

from broker_bench import answers, deployed_python_env, free_port, wait_ready

from kbroker.testing import broker_config, run_broker_in_thread


def fixture_start_s() -> float:
    with tempfile.TemporaryDirectory() as tmp:
        started = time.perf_counter()
        with run_broker_in_thread(broker_config(os.path.join(tmp, "logs"))) as broker:
            assert answers(broker.bootstrap)
            return time.perf_counter() - started


def process_start_s() -> float:
    """Launch to first answer, polling every 10 ms as issue #8 defines start-to-ready."""
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        started = time.perf_counter()
        proc = subprocess.Popen([sys.executable, "-m", "kbroker", "serve", "--override", f"log.dirs={tmp}/logs",
                                 "--override", f"listeners=PLAINTEXT://127.0.0.1:{port}"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=deployed_python_env())
        try:
            wait_ready(f"127.0.0.1:{port}", lambda: proc.poll() is None)
            return time.perf_counter() - started
        finally:
            proc.terminate()
            proc.wait(30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    args = parser.parse_args()
    fixture_start_s()  # warm imports, as a test session would have them
    for name, measure in (("fixture (in-process)", fixture_start_s), ("kbroker serve process", process_start_s)):
        times = [measure() for _ in range(args.runs)]
        print(f"{name:24s} median {statistics.median(times) * 1000:7.1f} ms   worst {max(times) * 1000:7.1f} ms")


if __name__ == "__main__":
    main()
