"""Fixtures of the partition tests: a virtual clock and partitions on logs in the test's directory."""

import pytest

from kbroker.log.config import LogConfig
from kbroker.log.log import Log
from kbroker.partition.partition import Partition
from tests.log.log_helpers import VirtualClock
from tests.partition.partition_helpers import LAG_MS, TOPIC_ID


@pytest.fixture
def clock():
    return VirtualClock()


@pytest.fixture
def make_partition(tmp_path, clock):
    made = []

    def make(reg, *, node_id=1, min_isr=1, proposals=None, name="t-0"):
        log_ = Log.open(str(tmp_path / name), LogConfig(min_insync_replicas=min_isr), clock=clock)
        partition = Partition("t", 0, TOPIC_ID, log_, reg, node_id=node_id, time_ms=clock,
                              replica_lag_time_max_ms=LAG_MS, alter_partition=proposals)
        made.append(partition)
        return partition

    yield make
    for partition in made:
        partition.log.close()
