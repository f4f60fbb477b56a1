"""Fault rounds against a three-node cluster under continuous produce and consume, checked by the queue
checker (compat_tests/cluster/): no acknowledged record lost, duplicated, reordered or given two offsets.

One cluster per broker kind for the whole module (three JVMs take ~1 GB). `make test` runs CLUSTER_ROUNDS
(default 6: one round of each fault kind); `make cluster-faults ROUNDS=300 BROKER=kafka` runs the long one.
CLUSTER_SEED replays a run; the report (seed, schedule, figures) is written to CLUSTER_REPORT_DIR (default:
the test's temporary directory) and printed.
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest

from compat_tests.broker_fixtures import require_kafka_dist
from compat_tests.cluster.faults import FAULT_KINDS, FaultRun
from compat_tests.cluster.launcher import CONTROLLER, REPLICATION, Cluster

pytestmark = [pytest.mark.cluster, pytest.mark.java]

ROUNDS = int(os.environ.get("CLUSTER_ROUNDS") or len(FAULT_KINDS))


@pytest.fixture(scope="module")
def cluster(broker_kind: str):
    require_kafka_dist()  # the Java producer and, for the kafka kind, the nodes themselves
    with Cluster(broker_kind) as started:
        yield started


def test_every_inter_node_path_goes_through_its_own_proxy_link(cluster, topic):
    """Each node reaches the others' controllers and, once it follows their partitions, their replication
    listeners only through the (source, destination) links made for it."""
    cluster.create_topic(topic, partitions=len(cluster.ids))  # with RF 3, each node follows the others
    cluster.wait_until(lambda: all(link.connections_accepted > 0 for (_, _, channel), link
                                   in cluster.network.links.items() if channel == REPLICATION),
                       "every node fetching from every other through its replication link")
    for node in cluster.ids:
        assert any(cluster.network.link(node, other, CONTROLLER).connections_accepted
                   for other in cluster.ids if other != node), f"node {node} never reached another controller"


@pytest.mark.timeout(300 + 120 * ROUNDS)  # a round takes well under a minute; this only catches a hang
def test_fault_rounds_lose_no_acknowledged_record(cluster, topic, tmp_path):
    seed = int(os.environ.get("CLUSTER_SEED") or random.randrange(1 << 31))
    report = FaultRun(cluster, topic, seed, ROUNDS).run()
    report_dir = Path(os.environ.get("CLUSTER_REPORT_DIR") or tmp_path)
    path = report.save(report_dir / f"cluster-faults-{cluster.kind}-seed{seed}.json")
    summary = json.dumps({key: value for key, value in report.as_json().items() if key != "rounds"}, indent=1)
    print(f"\n{summary}\nreport: {path}")
    assert set(report.acks_by_producer()) == {"p1", "p2", "j7"}, "a producer had no record acknowledged"
    assert report.result.read >= report.result.acknowledged
    assert report.result.ok, f"seed {seed} (replay: CLUSTER_SEED={seed} CLUSTER_ROUNDS={ROUNDS}); report {path}\n" \
                             f"{report.result.describe()}"
