"""Partition-log throughput beside the raw system calls on the same file system, in the same run.

    .venv/bin/python bench/log_bench.py [--dir DIR] [--mib 256] [--reps 4]     (or: make log-bench)

Append: Log.append_as_leader (validation incl. CRC32C, offset/epoch patching, index upkeep, one os.write per
batch) for 16 KiB and 1 MiB uncompressed batches, against os.write of the same bytes to a plain file in the
same directory; the side that runs first alternates between repetitions.
Read: the fetches of a consumer asking for 1 MiB at a time (its plan is worked out untimed): Log.read, then
each region sent with os.sendfile to /dev/null, against os.sendfile of the very same byte ranges of the same
segment file, so only Log.read's own cost differs. Both hit the page cache; each side gets a warm-up pass.
Before the repetitions of each batch size a file twice the run's size is written and deleted, so that
first-touch page costs (large in a VM) fall on neither side. Best of the repetitions for each figure. No fsync anywhere (Kafka's
default flush settings).
"""

from __future__ import annotations

import argparse
import bisect
import os
import shutil
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from kbroker.log.config import LogConfig  # noqa: E402
from kbroker.log.log import Log  # noqa: E402
from kbroker.protocol import records as R  # noqa: E402

FETCH_BYTES = 1 << 20


def make_batches(batch_bytes: int, total_bytes: int) -> list[bytearray]:
    record_value = os.urandom(1000)
    per_batch = max(1, batch_bytes // 1020)
    now = int(time.time() * 1000)
    template = R.build_batch([(now, b"key-%d" % i, record_value) for i in range(per_batch)])
    return [bytearray(template) for _ in range(max(1, total_bytes // len(template)))]


def bench_append(directory: str, batches: list[bytearray], raw_first: bool) -> tuple[float, float, Log]:
    """Append every batch to a fresh Log and the same bytes to a plain file; `raw_first` picks which side
    runs first (alternated across repetitions so that neither always meets the page cache in the state the
    other left)."""
    clock = lambda: int(time.time() * 1000)  # noqa: E731
    log = Log.open(os.path.join(directory, "bench-0"), LogConfig(max_message_bytes=4 << 20), clock=clock)
    total = sum(len(b) for b in batches)
    raw_copies = [bytes(b) for b in batches]

    def run_log() -> float:
        t0 = time.perf_counter()
        for b in batches:
            log.append_as_leader(b, 0)
        return time.perf_counter() - t0

    def run_raw() -> float:
        fd = os.open(os.path.join(directory, "raw.log"), os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
        t0 = time.perf_counter()
        for b in raw_copies:
            os.write(fd, b)
        elapsed = time.perf_counter() - t0
        os.close(fd)
        return elapsed

    if raw_first:
        raw_s = run_raw()
        log_s = run_log()
    else:
        log_s = run_log()
        raw_s = run_raw()
    return total / log_s / 1e6, total / raw_s / 1e6, log


def fetch_plan(log: Log, batch_offsets: list[int], batch_sizes: list[int]) -> list[int]:
    """The start offsets a consumer fetching FETCH_BYTES at a time asks for: after each fetch it continues at
    the first batch it did not receive whole (found here, untimed, so the timed loop is broker work only)."""
    positions = [0]
    for size in batch_sizes:
        positions.append(positions[-1] + size)
    starts = []
    offset, end = 0, log.log_end_offset
    while offset < end:
        starts.append(offset)
        result = log.read(offset, FETCH_BYTES)
        i = bisect.bisect_left(batch_offsets, result.first_batch_offset)
        consumed_to = positions[i] + result.regions[0].length
        j = max(i + 1, bisect.bisect_right(positions, consumed_to) - 1)
        offset = batch_offsets[j] if j < len(batch_offsets) else end
    return starts


def bench_read(log: Log, starts: list[int]) -> tuple[float, float]:
    """Log.read + os.sendfile of its regions to /dev/null for each fetch of the plan, against os.sendfile of
    the very same byte ranges of the same segment file (the same page-cache pages: sendfile speed depends on
    how a file's pages were laid out when written, which must not decide the ratio). A warm-up pass of each
    side first; both read from the page cache."""
    sink = os.open(os.devnull, os.O_WRONLY)
    ranges = [(r.fd, r.position, r.length) for start in starts for r in log.read(start, FETCH_BYTES).regions]

    def send(fd: int, pos: int, remaining: int) -> None:
        while remaining:
            n = os.sendfile(sink, fd, pos, remaining)
            pos += n
            remaining -= n

    def run_log() -> float:
        t0 = time.perf_counter()
        for start in starts:
            for region in log.read(start, FETCH_BYTES).regions:
                send(region.fd, region.position, region.length)
        return time.perf_counter() - t0

    def run_raw() -> float:
        t0 = time.perf_counter()
        for fd, pos, length in ranges:
            send(fd, pos, length)
        return time.perf_counter() - t0

    run_log()
    run_raw()
    log_s = min(run_log(), run_log())
    raw_s = min(run_raw(), run_raw())
    os.close(sink)
    sent = sum(length for _fd, _pos, length in ranges)
    return sent / log_s / 1e6, sent / raw_s / 1e6


def warm_up(directory: str, total_bytes: int) -> None:
    """Write and delete a file of the size the run writes twice, so that fresh memory pages (costly on first
    touch in a VM) are not charged to whichever side happens to run first."""
    path = os.path.join(directory, f"kbroker-bench-warm-up-{os.getpid()}")
    chunk = bytes(1 << 20)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT, 0o644)
    for _ in range(2 * total_bytes // len(chunk) + 1):
        os.write(fd, chunk)
    os.close(fd)
    os.unlink(path)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dir", default=None, help="directory on the file system to measure (default: a temp dir)")
    parser.add_argument("--mib", type=int, default=256, help="MiB appended per batch size and repetition")
    parser.add_argument("--reps", type=int, default=4, help="repetitions; the best of each figure is printed")
    args = parser.parse_args()
    print(f"{'case':<22}{'log MB/s':>12}{'raw MB/s':>12}{'ratio':>8}")
    for label, batch_bytes in (("16 KiB batches", 16 << 10), ("1 MiB batches", 1 << 20)):
        best = {"append": [0.0, 0.0], "read": [0.0, 0.0]}
        template = make_batches(batch_bytes, args.mib << 20)
        offsets = []
        next_offset = 0
        for b in template:
            offsets.append(next_offset)
            next_offset += R.RecordBatch(b).last_offset_delta + 1
        sizes = [len(b) for b in template]
        warm_up(args.dir or tempfile.gettempdir(), sum(sizes))
        for rep in range(args.reps):
            directory = tempfile.mkdtemp(prefix="kbroker-bench-", dir=args.dir)
            try:
                batches = [bytearray(b) for b in template]
                log_rate, raw_rate, log = bench_append(directory, batches, raw_first=rep % 2 == 1)
                read_rate, raw_read = bench_read(log, fetch_plan(log, offsets, sizes))
                log.close()
            finally:
                shutil.rmtree(directory, ignore_errors=True)
            for key, (ours, raw) in (("append", (log_rate, raw_rate)), ("read", (read_rate, raw_read))):
                best[key][0] = max(best[key][0], ours)
                best[key][1] = max(best[key][1], raw)
        for key in ("append", "read"):
            ours, raw = best[key]
            print(f"{key + ' ' + label:<22}{ours:>12.0f}{raw:>12.0f}{ours / raw:>8.2f}")


if __name__ == "__main__":
    main()
