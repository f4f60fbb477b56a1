"""Crash test with real processes: a child appends in a loop and reports each acknowledged batch on a pipe;
it is SIGKILLed at a random moment (also inside rolls and retention deletes). After every kill the log is reopened (crash recovery): every acknowledged
batch must be there byte for byte, and the log must end at its last valid batch (all batches valid and
contiguous, log end offset right after the last one). ~20 rounds normally, 200 with KBROKER_FULL=1."""

import os
import random
import select
import signal
import subprocess
import sys
import time

import pytest
from crash_child import CONFIG, RECORDS_PER_BATCH, expected_on_disk

from kbroker.log.log import Log
from kbroker.protocol import records as R

ROUNDS = 200 if os.environ.get("KBROKER_FULL") == "1" else 20
CHILD = os.path.join(os.path.dirname(__file__), "crash_child.py")
REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def run_child_until_killed(directory, epoch, rnd):
    env = dict(os.environ, PYTHONPATH=REPO + os.pathsep + os.environ.get("PYTHONPATH", ""))
    proc = subprocess.Popen([sys.executable, CHILD, directory, str(epoch)], stdout=subprocess.PIPE, env=env)
    acked: list[tuple[int, int]] = []
    buffer = b""
    try:
        deadline = None
        kill_after = rnd.uniform(0.0, 0.25)
        while True:
            ready, _, _ = select.select([proc.stdout], [], [], 0.01)
            if ready:
                chunk = os.read(proc.stdout.fileno(), 65536)
                if not chunk:
                    break
                buffer += chunk
                if deadline is None and b"ready" in buffer:
                    deadline = time.monotonic() + kill_after
            if deadline is not None and time.monotonic() >= deadline:
                break
            if proc.poll() is not None:
                break
        proc.send_signal(signal.SIGKILL)
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait(timeout=30)
        buffer += proc.stdout.read()
        proc.stdout.close()
    assert proc.returncode == -signal.SIGKILL, buffer[-500:]
    for line in buffer.decode().splitlines():
        if line.startswith("ready"):
            continue
        offset, seq = map(int, line.split())
        acked.append((offset, seq))
    return acked


def verify(directory, acked_seqs, epoch_of, expected_cache):
    log = Log.open(directory, CONFIG, clock=lambda: int(time.time() * 1000))
    try:
        assert log.log_start_offset % RECORDS_PER_BATCH == 0
        expected_offset = log.log_start_offset
        first_present = expected_offset // RECORDS_PER_BATCH
        for raw in log.read_batches():
            batch = R.RecordBatch(bytearray(raw))
            assert batch.is_valid()
            assert batch.base_offset == expected_offset
            seq = batch.base_offset // RECORDS_PER_BATCH
            if seq not in expected_cache:
                expected_cache[seq] = expected_on_disk(seq, epoch_of(seq))
            assert raw == expected_cache[seq], f"batch {seq} differs"
            expected_offset = batch.next_offset
        assert log.log_end_offset == expected_offset
        present = expected_offset // RECORDS_PER_BATCH
        missing = [s for s in acked_seqs if s >= present]
        # retention may have removed old batches; everything from the first kept one on must be there
        assert all(first_present <= s < present for s in acked_seqs if s >= first_present)
        assert not missing, f"acknowledged batches lost: {missing[:5]}"
        return present
    finally:
        log.close_without_flush()


@pytest.mark.slow
def test_kill_minus_nine_loses_no_acknowledged_batch(tmp_path):
    rnd = random.Random(20261122)
    directory = str(tmp_path / "crash-0")
    acked_seqs: set[int] = set()
    epoch_starts: list[tuple[int, int]] = []  # (first seq written under the epoch, epoch)

    def epoch_of(seq):
        return max((start, epoch) for start, epoch in epoch_starts if start <= seq)[1]

    present = 0
    expected_cache: dict[int, bytes] = {}
    for round_no in range(ROUNDS):
        epoch = round_no // 5
        epoch_starts.append((present, epoch))
        acked = run_child_until_killed(directory, epoch, rnd)
        for offset, seq in acked:
            assert offset == seq * RECORDS_PER_BATCH
            acked_seqs.add(seq)
        # batches beyond what survived are rewritten by the next child (maybe under a new epoch)
        for seq in [s for s in expected_cache if s >= present]:
            del expected_cache[seq]
        present = verify(directory, acked_seqs, epoch_of, expected_cache)
    assert acked_seqs, "the child never acknowledged anything"
