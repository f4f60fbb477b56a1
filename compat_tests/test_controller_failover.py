"""Issue #14's controller failover: three combined nodes (kbroker, and Apache Kafka 4.3.1 with the same configs
and timeouts); the active controller is killed (-9) and restarted FAILOVER_ROUNDS times in a row (default 3;
`make controller-failover ROUNDS=50 BROKER=kbroker` the long run) while an admin client creates topics and
alters their configs. Every acknowledged change must be on every node afterwards, and each round must elect a
new leader. The election times (p50/p99/max, kill to a survivor answering DescribeQuorum as leader in a later
epoch) are reported with the configured timeouts in FAILOVER_REPORT_DIR/controller-failover-<kind>.json
(default: the test's temporary directory). They are not asserted: on a loaded two-core machine the bound
(election timeout plus one fetch timeout) is a figure to report, not a reliable pass/fail line.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from compat_tests.broker_fixtures import require_kafka_dist
from compat_tests.brokers import KAFKA
from compat_tests.cluster.failover import ControllerFailoverRun
from compat_tests.cluster.launcher import Cluster

pytestmark = [pytest.mark.cluster]

ROUNDS = int(os.environ.get("FAILOVER_ROUNDS") or 3)


@pytest.fixture(scope="module")
def cluster(broker_kind: str):
    if broker_kind == KAFKA:
        require_kafka_dist()
    with Cluster(broker_kind) as started:
        yield started


@pytest.mark.timeout(180 + 90 * ROUNDS)  # a round takes seconds; this only catches a hang
def test_killing_the_active_controller_loses_no_acknowledged_metadata(cluster, tmp_path):
    report = ControllerFailoverRun(cluster, ROUNDS).run()
    report_dir = Path(os.environ.get("FAILOVER_REPORT_DIR") or tmp_path)
    path = report.save(report_dir / f"controller-failover-{cluster.kind}.json")
    summary = {key: value for key, value in report.as_json().items() if key != "per_round"}
    print(f"\n{json.dumps(summary, indent=1)}\nreport: {path}")
    assert len(report.rounds) == ROUNDS
    assert all(r.new_leader != r.killed and r.new_epoch > r.old_epoch for r in report.rounds), report.rounds
    assert report.acknowledged_topics > 0 and report.acknowledged_configs > 0, \
        f"the workload had nothing acknowledged: {report.as_json()['requests']}"
    assert report.missing == {node: {"topics": [], "configs": []} for node in cluster.ids}, path
