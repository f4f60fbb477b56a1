"""Child process of test_crash: opens the log (crash recovery), then appends deterministic batches forever,
printing "<first offset> <sequence>" for every acknowledged append, until it is killed. Retention by size
runs every 50 appends, so kills also land in segment deletion and the log stays small."""

import sys
import time

from kbroker.log import retention
from kbroker.log.config import LogConfig
from kbroker.log.log import Log
from kbroker.protocol import records as R

CONFIG = LogConfig(segment_bytes=48 * 1024, index_interval_bytes=1024, segment_index_bytes=4096,
                   retention_bytes=1024 * 1024, file_delete_delay_ms=0)
RECORDS_PER_BATCH = 2
START_MS = 1_700_000_000_000
PRODUCER_ID = 4242


def batch_for(seq: int) -> bytearray:
    """The batch with sequence number `seq`: content, size and codec all derived from `seq`."""
    size = (seq * 7919) % 3000
    value = (seq.to_bytes(4, "big") * (size // 4 + 1))[:size]
    return R.build_batch([(START_MS + seq, b"key-%d" % seq, value), (START_MS + seq, None, value[:10])],
                         compression_type=seq % 5, producer_id=PRODUCER_ID, producer_epoch=0,
                         base_sequence=seq * RECORDS_PER_BATCH)


def expected_on_disk(seq: int, leader_epoch: int) -> bytes:
    buf = batch_for(seq)
    view = R.RecordBatch(buf)
    view.set_base_offset(seq * RECORDS_PER_BATCH)
    view.set_partition_leader_epoch(leader_epoch)
    return bytes(buf)


def main(directory: str, leader_epoch: int) -> None:
    log = Log.open(directory, CONFIG, clock=lambda: int(time.time() * 1000))
    seq = log.log_end_offset // RECORDS_PER_BATCH
    out = sys.stdout
    out.write(f"ready {log.log_end_offset}\n")
    out.flush()
    while True:
        result = log.append_as_leader(batch_for(seq), leader_epoch)
        out.write(f"{result.first_offset} {seq}\n")
        out.flush()
        seq += 1
        if seq % 50 == 0:
            retention.delete_old_segments(log)


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
