"""Kafka 4.3.1's `kafka-features` (FeatureCommand) against kbroker and Apache Kafka alike: the same commands, the
same output. After a fresh format both describe transaction.version 2, group.version 1,
eligible.leader.replicas.version 1, share.version 1 and streams.version 1 finalized.

- a combined node, `--bootstrap-server`: UpdateFeatures run on its own controller;
- three controller-only nodes: `--bootstrap-controller` (the active controller answers; the tool finds it), and
  `--bootstrap-server` of an Apache Kafka broker on them, which forwards UpdateFeatures in an Envelope.
"""

from __future__ import annotations

import re
import subprocess

from compat_tests.broker_fixtures import require_kafka_dist
from compat_tests.kafka_dist import run_kafka_tool
from compat_tests.test_controller_quorum import VOTERS, WAIT_S, running_controllers
from compat_tests.test_kafka_broker_on_kbroker_controllers import ready_kafka_broker

FEATURE_COMMAND = "org.apache.kafka.tools.FeatureCommand"
PREFIX = "The update failed for all features since the following feature had an error: "
DEPRECATED = " `metadata` flag is deprecated and may be removed in a future release."

# (arguments, exit code, stdout lines): the same on kbroker and Kafka, from a cluster at metadata.version 4.3-IV0.
SAME = [
    (["upgrade", "--metadata", "4.3"], 0, [DEPRECATED, "metadata.version was upgraded to 30."]),
    (["upgrade", "--feature", "metadata.version=30", "--dry-run"], 0, ["metadata.version can be upgraded to 30."]),
    (["downgrade", "--metadata", "4.2"], 1, [
        DEPRECATED, "Could not downgrade metadata.version to 29. " + PREFIX + "Unsupported metadata.version downgrade "
        "from 30 to 29. Refusing to perform the requested downgrade because it might delete metadata information."]),
    (["downgrade", "--feature", "metadata.version=29", "--unsafe"], 1, [
        "Could not downgrade metadata.version to 29. " + PREFIX + "Unsupported metadata.version downgrade from 30 to "
        "29. Unsafe metadata downgrade is not supported in this version."]),
    (["disable", "--feature", "metadata.version"], 1, [
        "Could not disable metadata.version. " + PREFIX + "Invalid update version 0 for feature metadata.version. "
        "Local controller N only supports versions 7-30"]),
    (["upgrade", "--feature", "metadata.version=31"], 1, [
        "Could not upgrade metadata.version to 31. " + PREFIX + "Invalid update version 31 for feature "
        "metadata.version. Local controller N only supports versions 7-30"]),
    (["upgrade", "--feature", "no.such=1"], 1, [
        "Could not upgrade no.such to 1. " + PREFIX + "Invalid update version 1 for feature no.such. Local "
        "controller N does not support this feature."]),
    (["disable", "--feature", "no.such"], 1, [
        "Could not disable no.such. " + PREFIX + "Invalid update version 0 for feature no.such. Feature no.such not "
        "found."]),
    (["disable", "--feature", "share.version", "--dry-run"], 0, ["share.version can be disabled."]),
]
# `describe` rows (whitespace collapsed, epoch left out) of a freshly formatted node: Kafka 4.3.1's defaults.
SAME_DESCRIBED = {
    "transaction.version": "Feature: transaction.version SupportedMinVersion: 0 SupportedMaxVersion: 2 "
                           "FinalizedVersionLevel: 2",
    "group.version": "Feature: group.version SupportedMinVersion: 0 SupportedMaxVersion: 1 FinalizedVersionLevel: 1",
    "eligible.leader.replicas.version": "Feature: eligible.leader.replicas.version SupportedMinVersion: 0 "
                                        "SupportedMaxVersion: 1 FinalizedVersionLevel: 1",
    "share.version": "Feature: share.version SupportedMinVersion: 0 SupportedMaxVersion: 1 FinalizedVersionLevel: 1",
    "streams.version": "Feature: streams.version SupportedMinVersion: 0 SupportedMaxVersion: 1 "
                       "FinalizedVersionLevel: 1",
}
METADATA_VERSION_LINE = re.compile(r"Feature: metadata\.version\s+SupportedMinVersion: 3\.3-IV3\s+SupportedMaxVersion: "
                                   r"4\.3-IV0\s+FinalizedVersionLevel: 4\.3-IV0\s+Epoch: \d+")


def features_tool(bootstrap: list[str], *args: str) -> subprocess.CompletedProcess[str]:
    return run_kafka_tool(FEATURE_COMMAND, *bootstrap, *args, timeout=WAIT_S)


def normalized(stdout: str) -> list[str]:
    """The output lines, the node named as the controller that answered replaced by N."""
    return [re.sub(r"Local controller \d+", "Local controller N", line) for line in stdout.splitlines()]


def check_commands(bootstrap: list[str]) -> None:
    """The same answers whichever controller takes UpdateFeatures and whichever node's ApiVersions `describe` shows."""
    for args, code, lines in SAME:
        result = features_tool(bootstrap, *args)
        assert (result.returncode, normalized(result.stdout)) == (code, lines), (args, result.stderr)

    described = features_tool(bootstrap, "describe")
    assert described.returncode == 0, described.stderr
    rows = described.stdout.splitlines()
    assert [row for row in rows if METADATA_VERSION_LINE.fullmatch(row)] == [r for r in rows if "metadata.version" in r]
    described_rows = {row.split()[1]: re.sub(r"\s+Epoch: \d+$", "", row) for row in rows}
    for name, row in SAME_DESCRIBED.items():
        assert re.sub(r"\s+", " ", described_rows.get(name, "")) == row, rows
    assert set(described_rows) >= {"metadata.version", "kraft.version", *SAME_DESCRIBED}
    enable = features_tool(bootstrap, "upgrade", "--feature", "share.version=1", "--dry-run")
    assert (enable.returncode, enable.stdout.splitlines()) == (0, ["share.version can be upgraded to 1."])


def test_kafka_features_on_a_combined_node(broker_kind, broker_factory):
    node = broker_factory()
    check_commands(["--bootstrap-server", node.bootstrap])


def test_kafka_features_through_the_controllers_and_a_forwarding_broker(broker_kind, tmp_path):
    require_kafka_dist()
    with running_controllers({n: broker_kind for n in VOTERS}, tmp_path) as (cluster_id, ports, _):
        with ready_kafka_broker(cluster_id, ports, tmp_path) as broker:
            controllers = ",".join(f"127.0.0.1:{p}" for p in ports.values())
            check_commands(["--bootstrap-controller", controllers])
            check_commands(["--bootstrap-server", f"127.0.0.1:{broker.client_port}"])  # a Kafka broker describes
