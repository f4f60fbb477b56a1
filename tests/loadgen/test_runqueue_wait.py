"""The broker-bound benchmark's run-queue wait (bench/loadgen_bench.py): how long the broker's threads waited for
a CPU during a run, per thread, so that a thread ending mid-run cannot make the figure negative."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

from bench.loadgen_bench import runqueue_wait_between, runqueue_waits


def test_threads_alive_at_both_readings_count_their_difference():
    assert runqueue_wait_between({1: 2.0, 2: 1.0}, {1: 2.5, 2: 1.25}) == 0.75


def test_a_thread_that_ended_is_left_out_and_one_that_started_counts_in_full():
    assert runqueue_wait_between({1: 2.0, 2: 9.0}, {1: 2.5, 3: 0.5}) == 1.0


def test_a_reused_thread_id_counts_as_the_new_thread():
    assert runqueue_wait_between({7: 3.0}, {7: 0.25}) == 0.25


def test_this_process_read_around_a_thread_that_ends_in_between():
    release = threading.Event()
    worker = threading.Thread(target=lambda: (sum(range(200_000)), release.wait()))
    worker.start()
    before = runqueue_waits(os.getpid())
    release.set()
    worker.join()
    task = Path(f"/proc/{os.getpid()}/task/{worker.native_id}")
    deadline = time.monotonic() + 10
    while task.exists() and time.monotonic() < deadline:  # the OS thread exits just after join returns
        time.sleep(0.01)
    after = runqueue_waits(os.getpid())
    assert worker.native_id in before and worker.native_id not in after
    assert threading.get_native_id() in after
    assert runqueue_wait_between(before, after) >= 0
