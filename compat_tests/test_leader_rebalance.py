"""Automatic leader balancing (`auto.leader.rebalance.enable`, Kafka's default true) on a three-node cluster of
each kind, with `leader.imbalance.check.interval.seconds` lowered to 1: a partition whose leader is no longer its
first replica (after a reordering reassignment, which moves no leader: compat_tests/test_partition_reassignment.py
shows that with balancing off) gets its preferred replica back as leader without any ElectLeaders."""

from __future__ import annotations

import pytest

from compat_tests.broker_fixtures import require_kafka_dist
from compat_tests.cluster.launcher import Cluster
from compat_tests.java_tools import check as check_tool
from compat_tests.test_partition_reassignment import create_rf2, reassign, wait_described

pytestmark = [pytest.mark.cluster, pytest.mark.java]


@pytest.fixture(scope="module")
def cluster(broker_kind: str):
    require_kafka_dist()
    with Cluster(broker_kind, overrides={"leader.imbalance.check.interval.seconds": "1"}) as started:
        yield started


def test_leadership_returns_to_the_preferred_replica(cluster, topic, tmp_path):
    create_rf2(cluster, topic, "1:2,2:3")
    check_tool(reassign(cluster, tmp_path, "--execute", {(topic, 0): [2, 1], (topic, 1): [3, 2]}))
    wait_described(cluster, topic, 0, {"Replicas": "2,1", "Leader": "2", "Isr": "1,2"})
    wait_described(cluster, topic, 1, {"Replicas": "3,2", "Leader": "3", "Isr": "2,3"})
