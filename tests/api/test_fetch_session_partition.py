"""Which partitions an incremental fetch answer carries (SessionPartition.must_respond, Kafka's
CachedPartition.maybeUpdateResponseData): records, an error, a preferred read replica, a diverging epoch, or a
high watermark or log start offset the client has not heard yet."""

import pytest

from kbroker.api.fetch_sessions import SessionPartition
from kbroker.protocol import errors
from kbroker.protocol.messages.fetch_response import EpochEndOffset, PartitionData


def told(high_watermark=10, log_start_offset=0) -> SessionPartition:
    partition = SessionPartition("t", None, 0, request=None)
    assert partition.must_respond(PartitionData(high_watermark=high_watermark, log_start_offset=log_start_offset), 0)
    return partition


def test_nothing_new_is_left_out():
    assert not told().must_respond(PartitionData(high_watermark=10, log_start_offset=0), 0)


@pytest.mark.parametrize(("answer", "size"), [
    (PartitionData(high_watermark=10, log_start_offset=0), 100),
    (PartitionData(high_watermark=11, log_start_offset=0), 0),
    (PartitionData(high_watermark=10, log_start_offset=1), 0),
    (PartitionData(high_watermark=10, log_start_offset=0, error_code=errors.NOT_LEADER_OR_FOLLOWER.code), 0),
    (PartitionData(high_watermark=10, log_start_offset=0, preferred_read_replica=2), 0),
    # a follower whose log diverged hears it at once, or it would never truncate (the HW need not move)
    (PartitionData(high_watermark=10, log_start_offset=0, diverging_epoch=EpochEndOffset(epoch=3, end_offset=8)), 0),
])
def test_something_new_is_answered(answer, size):
    assert told().must_respond(answer, size)
