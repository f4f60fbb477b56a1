"""Recovery from damaged files, modelled on Kafka's LogLoaderTest.testCorruptLog: over 1,000 seeds, random
garbage is appended to / bits are flipped in / bytes are cut from the tail of the active `.log` and `.index`
(and `.timeindex`); the log is reopened as after a crash. Recovery must never raise, every batch it serves
must be CRC-valid with contiguous offsets and equal to a batch that was written, nothing before the damage may
be lost, and the log must accept appends and reopen afterwards.

Bits of the partitionLeaderEpoch field are left alone: it is outside Kafka's CRC, so no reader of this format
can notice a change there.
"""

import os
import random

from log_helpers import VirtualClock, fast_tmpdir

from kbroker.log.config import LogConfig
from kbroker.log.log import Log
from kbroker.protocol import records as R

SEEDS = int(os.environ.get("KBROKER_CORRUPTION_SEEDS", "1000"))
CONFIG = LogConfig(segment_bytes=900, index_interval_bytes=60, segment_index_bytes=512)


def build(directory, rnd, clock):
    log = Log.open(directory, CONFIG, clock=clock)
    written = {}
    epoch = rnd.randint(0, 3)
    for _i in range(rnd.randint(1, 12)):
        n = rnd.randint(1, 3)
        codec = rnd.choice([0, 0, 1, 2, 3, 4])
        buf = R.build_batch([(clock.now + j, b"k%d" % j, os.urandom(rnd.randint(0, 60))) for j in range(n)],
                            compression_type=codec)
        epoch += rnd.random() < 0.1
        r = log.append_as_leader(buf, epoch)
        written[r.first_offset] = bytes(buf)
    return log, written


def damage(directory, rnd, active_base, written_log_ranges):
    prefix = os.path.join(directory, f"{active_base:020d}")
    target = rnd.choice([".log", ".log", ".log", ".index", ".timeindex", "both"])
    paths = [prefix + ".log", prefix + ".index"] if target == "both" else [prefix + target]
    for path in paths:
        data = bytearray(open(path, "rb").read())
        kind = rnd.choice(["append", "flip", "cut"]) if data else "append"
        if kind == "append":
            data += os.urandom(rnd.randint(1, 1024))
        elif kind == "flip":
            tail = max(1, min(len(data), rnd.randint(1, 400)))
            for _ in range(rnd.randint(1, 8)):
                pos = len(data) - 1 - rnd.randrange(tail)
                if path.endswith(".log") and any(start + 12 <= pos < start + 16
                                                 for start in written_log_ranges):
                    continue
                data[pos] ^= 1 << rnd.randrange(8)
        else:
            del data[len(data) - rnd.randint(1, min(len(data), 300)):]
        with open(path, "wb") as f:
            f.write(data)


def check_served(log, written):
    batches = [R.RecordBatch(bytearray(b)) for b in log.read_batches()]
    expected = log.log_start_offset
    for batch in batches:
        assert batch.is_valid()
        assert batch.base_offset == expected
        original = R.RecordBatch(bytearray(written[batch.base_offset]))
        assert batch.records_payload() == original.records_payload()
        expected = batch.next_offset
    assert expected == log.log_end_offset
    # reads through the index agree with the scan
    for batch in batches:
        region = log.read(batch.base_offset, 1).regions[0]
        assert region.position >= 0 and os.pread(region.fd, R.LOG_OVERHEAD, region.position)[:8] == \
            batch.base_offset.to_bytes(8, "big")
    return batches


def test_corrupt_tail_recovery(tmp_path):
    with fast_tmpdir(tmp_path) as base:
        for seed in range(SEEDS):
            run_seed(base, seed)


def run_seed(base, seed):
    rnd = random.Random(seed)
    clock = VirtualClock()
    directory = os.path.join(base, f"t{seed}-0")
    log, written = build(directory, rnd, clock)
    active = log.active_segment
    active_base = active.base_offset
    positions = [loc.position for loc in active.batches()]
    intact_before = active_base
    log.close_without_flush() if rnd.random() < 0.5 else log.close()
    damage(directory, rnd, active_base, positions)
    recovery_point = rnd.choice([0, active_base])
    reopened = Log.open(directory, CONFIG, clock=clock, recovery_point=recovery_point)
    batches = check_served(reopened, written)
    assert reopened.log_end_offset >= intact_before, seed
    assert sum(1 for b in batches if b.base_offset < intact_before) == \
        sum(1 for off in written if off < intact_before)
    # still a working log: append, close cleanly, reopen
    r = reopened.append_as_leader(R.build_batch([(clock.now, b"k", b"after")]), 0)
    written[r.first_offset] = None
    assert r.first_offset == reopened.log_end_offset - 1
    reopened.close()
    again = Log.open(directory, CONFIG, clock=clock, recovery_point=reopened.log_end_offset,
                     had_clean_shutdown=True)
    assert again.log_end_offset == reopened.log_end_offset
    assert [bytes(b.buf) for b in batches] == again.read_batches()[:len(batches)]
    again.close()
