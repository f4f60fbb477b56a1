"""Partition-log throughput beside the raw system calls on the same file system, in the same run.

    .venv/bin/python bench/log_bench.py [--dir DIR] [--mib 256]

Append: Log.append_as_leader (validation, offset/epoch patching, index upkeep, one os.write per batch) for
16 KiB and 1 MiB uncompressed batches, against os.write of the same bytes to a plain file.
Read: Log.read in 1 MiB fetches, each region sent with os.sendfile to /dev/null, against os.sendfile of the
raw file in 1 MiB chunks. Both reads hit the page cache (the data was just written). Prints MB/s and ratios.
No fsync anywhere (Kafka's default flush settings).
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


def bench_append(directory: str, batches: list[bytearray]) -> tuple[float, float, Log, list[int]]:
    clock = lambda: int(time.time() * 1000)  # noqa: E731
    log = Log.open(os.path.join(directory, "bench-0"), LogConfig(max_message_bytes=4 << 20), clock=clock)
    total = sum(len(b) for b in batches)
    raw_copies = [bytes(b) for b in batches]
    t0 = time.perf_counter()
    for b in batches:
        log.append_as_leader(b, 0)
    log_s = time.perf_counter() - t0

    raw_path = os.path.join(directory, "raw.log")
    fd = os.open(raw_path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
    t0 = time.perf_counter()
    for b in raw_copies:
        os.write(fd, b)
    raw_s = time.perf_counter() - t0
    os.close(fd)
    offsets = []
    next_offset = 0
    for b in batches:
        offsets.append(next_offset)
        next_offset += R.RecordBatch(b).last_offset_delta + 1
    return total / log_s / 1e6, total / raw_s / 1e6, log, offsets


def bench_read(directory: str, log: Log, batch_offsets: list[int], batch_sizes: list[int]) -> tuple[float, float]:
    sink = os.open(os.devnull, os.O_WRONLY)
    positions = [0]
    for size in batch_sizes:
        positions.append(positions[-1] + size)
    sent = 0
    t0 = time.perf_counter()
    offset = 0
    end = log.log_end_offset
    while offset < end:
        result = log.read(offset, FETCH_BYTES)
        for region in result.regions:
            pos, remaining = region.position, region.length
            while remaining:
                n = os.sendfile(sink, region.fd, pos, remaining)
                pos += n
                remaining -= n
                sent += n
        # the consumer's side: continue after the last whole batch it received
        i = bisect.bisect_left(batch_offsets, result.first_batch_offset)
        consumed_to = positions[i] + FETCH_BYTES
        j = max(i + 1, bisect.bisect_right(positions, consumed_to) - 1)
        offset = batch_offsets[j] if j < len(batch_offsets) else end
    log_s = time.perf_counter() - t0

    fd = os.open(os.path.join(directory, "raw.log"), os.O_RDONLY)
    raw_total = os.fstat(fd).st_size
    t0 = time.perf_counter()
    pos = 0
    while pos < raw_total:
        n = os.sendfile(sink, fd, pos, min(FETCH_BYTES, raw_total - pos))
        pos += n
    raw_s = time.perf_counter() - t0
    os.close(fd)
    os.close(sink)
    return sent / log_s / 1e6, raw_total / raw_s / 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dir", default=None, help="directory on the file system to measure (default: a temp dir)")
    parser.add_argument("--mib", type=int, default=256, help="MiB appended per batch size and repetition")
    parser.add_argument("--reps", type=int, default=3, help="repetitions; the best of each figure is printed")
    args = parser.parse_args()
    print(f"{'case':<22}{'log MB/s':>12}{'raw MB/s':>12}{'ratio':>8}")
    for label, batch_bytes in (("16 KiB batches", 16 << 10), ("1 MiB batches", 1 << 20)):
        best = {"append": [0.0, 0.0], "read": [0.0, 0.0]}
        template = make_batches(batch_bytes, args.mib << 20)
        for _ in range(args.reps):
            directory = tempfile.mkdtemp(prefix="kbroker-bench-", dir=args.dir)
            try:
                batches = [bytearray(b) for b in template]
                sizes = [len(b) for b in batches]
                log_rate, raw_rate, log, offsets = bench_append(directory, batches)
                read_rate, raw_read = bench_read(directory, log, offsets, sizes)
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
