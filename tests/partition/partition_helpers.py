"""Batches, registrations and constants the partition tests share (their fixtures are in conftest.py)."""

import uuid

from kbroker.metadata.image import PartitionRegistration
from kbroker.protocol import records as R
from tests.log.log_helpers import START_MS

LAG_MS = 10_000
TOPIC_ID = uuid.UUID(int=7)


def batch(n=3, *, epoch=-1, base_offset=0):
    return R.build_batch([(START_MS + i, None, b"v%d" % i) for i in range(n)], base_offset=base_offset,
                         partition_leader_epoch=epoch)


def registration(leader=1, replicas=(1, 2, 3), isr=None, leader_epoch=0, partition_epoch=0):
    return PartitionRegistration(0, tuple(replicas), tuple(replicas if isr is None else isr), leader, leader_epoch,
                                 partition_epoch)
