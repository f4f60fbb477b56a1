"""A static controller quorum upgraded to kraft.version 1 (KIP-853), kbroker or Apache Kafka 4.3.1 alike, with
Kafka's own tools: three controllers of `controller.quorum.voters`, a fourth formatted with
`--no-initial-controllers` that follows as an observer, and a broker (of the same kind).

`kafka-features describe` lists kraft.version at level 0 on the controllers and the broker; `kafka-features
--bootstrap-controller upgrade --feature kraft.version=1` succeeds once every voter told the leader its endpoints
(UpdateRaftVoter); describe then shows level 1 on both; a downgrade through the broker is refused with Kafka's
message; `kafka-metadata-quorum --bootstrap-server <broker> add-controller` (the broker forwards AddRaftVoter)
makes the fourth controller a voter, and `--bootstrap-controller remove-controller` takes a follower out again.
The same upgrade runs on mixed static quorums (two Kafka voters and a kbroker one, and the other way round).
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest

from compat_tests.broker_fixtures import require_kafka_dist
from compat_tests.brokers import KAFKA, KBROKER
from compat_tests.cluster.nodes import KafkaNode, KBrokerNode
from compat_tests.kafka_dist import run_kafka_tool
from compat_tests.test_controller_quorum import (
    METADATA_QUORUM_TOOL,
    VOTERS,
    WAIT_S,
    controller_configs,
    running_controllers,
    wait_for_status,
)
from compat_tests.test_dynamic_controller_quorum import until_succeeds
from compat_tests.test_kafka_broker_on_kbroker_controllers import ready_kafka_broker
from compat_tests.test_kafka_features_tool import FEATURE_COMMAND, PREFIX
from kbroker.kafka_uuid import kafka_uuid_string
from kbroker.storage_format import read_meta_properties

NEW_CONTROLLER = 4
BROKER_ID = 10
KRAFT_ROW = re.compile(r"Feature: kraft\.version\s+SupportedMinVersion: 0\s+SupportedMaxVersion: 1\s+"
                       r"FinalizedVersionLevel: (\d)\s+Epoch: \S+")


def quorum_configs(node_id: int, ports: dict[int, int], work_dir: Path) -> dict[str, str]:
    """Nodes 1-3: the static voters; node 4: finds them through controller.quorum.bootstrap.servers."""
    static = {n: ports[n] for n in VOTERS}
    if node_id in VOTERS:
        return controller_configs(node_id, static, work_dir)
    configs = controller_configs(node_id, {**static, node_id: ports[node_id]}, work_dir)
    del configs["controller.quorum.voters"]
    configs["controller.quorum.bootstrap.servers"] = ",".join(f"127.0.0.1:{p}" for p in static.values())
    return configs


def features(bootstrap: list[str], *args: str):
    return run_kafka_tool(FEATURE_COMMAND, *bootstrap, *args, timeout=WAIT_S)


def kraft_level(bootstrap: list[str]) -> int:
    """kraft.version's finalized level as `kafka-features describe` shows it (the row's shape checked)."""
    described = features(bootstrap, "describe")
    assert described.returncode == 0, described.stderr
    rows = [row for row in described.stdout.splitlines() if "kraft.version" in row]
    assert len(rows) == 1 and KRAFT_ROW.fullmatch(rows[0]), described.stdout
    return int(KRAFT_ROW.fullmatch(rows[0]).group(1))


def voter_ids(fields: dict[str, str]) -> list[int]:
    return [v["id"] for v in json.loads(fields["CurrentVoters"])]


def test_a_static_quorum_upgraded_then_grown_and_shrunk(broker_kind, tmp_path):
    kinds = {n: broker_kind for n in (*VOTERS, NEW_CONTROLLER)}
    with running_controllers(kinds, tmp_path, configs=quorum_configs,
                             format_flags={NEW_CONTROLLER: ("--no-initial-controllers",)}) as running:
        cluster_id, ports, nodes = running
        static_ports = [ports[n] for n in VOTERS]
        controllers = ["--bootstrap-controller", ",".join(f"127.0.0.1:{p}" for p in static_ports)]
        wait_for_status(nodes, static_ports, lambda f: f["LeaderId"] != "-1" and int(f["HighWatermark"]) > 0
                        and NEW_CONTROLLER in [o["id"] for o in json.loads(f["CurrentObservers"])],
                        "a leader, and node 4 observing")
        with ready_kafka_broker(cluster_id, {n: ports[n] for n in VOTERS}, tmp_path, BROKER_ID,
                                node_class=KafkaNode if broker_kind == KAFKA else KBrokerNode) as node:
            broker = ["--bootstrap-server", f"127.0.0.1:{node.client_port}"]
            assert kraft_level(controllers) == 0 and kraft_level(broker) == 0

            upgrade(nodes, controllers, ports)
            deadline = time.monotonic() + WAIT_S
            while kraft_level(broker) != 1:  # the broker reports the quorum's level once it fetched the record
                assert time.monotonic() < deadline, "the broker never reported kraft.version 1"
                time.sleep(0.5)

            refused = features(broker, "downgrade", "--feature", "kraft.version=0")
            assert (refused.returncode, refused.stdout.splitlines()) == (1, [
                "Could not downgrade kraft.version to 0. " + PREFIX + "Invalid update version 0 for feature "
                "kraft.version. Can't downgrade the version of this feature."])
            again = features(controllers, "upgrade", "--feature", "kraft.version=1", "--dry-run")
            assert (again.returncode, again.stdout.splitlines()) == (0, ["kraft.version can be upgraded to 1."])

            command_config = tmp_path / "node-4.properties"
            command_config.write_text("".join(f"{k}={v}\n" for k, v in nodes[NEW_CONTROLLER].configs.items()))
            added = until_succeeds(nodes, lambda: run_kafka_tool(
                METADATA_QUORUM_TOOL, *broker, "--command-config", str(command_config), "add-controller",
                timeout=WAIT_S), "add-controller through the broker")
            directory = kafka_uuid_string(read_meta_properties(nodes[NEW_CONTROLLER].configs["log.dirs"]).directory_id)
            assert f"Added controller {NEW_CONTROLLER} with directory id {directory}" in added.stdout

            fields = wait_for_status(nodes, static_ports, lambda f: len(voter_ids(f)) == 4 and f["MaxFollowerLag"]
                                     == "0", "four voters caught up")
            assert voter_ids(fields) == [1, 2, 3, NEW_CONTROLLER]
            removed = next(n for n in VOTERS if str(n) != fields["LeaderId"])
            removed_directory = kafka_uuid_string(read_meta_properties(nodes[removed].configs["log.dirs"]).directory_id)
            until_succeeds(nodes, lambda: run_kafka_tool(
                METADATA_QUORUM_TOOL, *controllers, "remove-controller", "--controller-id", str(removed),
                "--controller-directory-id", removed_directory, timeout=WAIT_S), "remove-controller")
            fields = wait_for_status(nodes, static_ports, lambda f: removed not in voter_ids(f)
                                     and removed in [o["id"] for o in json.loads(f["CurrentObservers"])],
                                     f"node {removed} an observer")
            assert sorted(voter_ids(fields)) == sorted({*VOTERS, NEW_CONTROLLER} - {removed})


def upgrade(nodes, controllers: list[str], ports: dict[int, int]) -> None:
    """kraft.version 0 -> 1 with `kafka-features --bootstrap-controller`; the voters then have their endpoints."""
    upgraded = until_succeeds(nodes, lambda: features(controllers, "upgrade", "--feature", "kraft.version=1"),
                              "kraft.version upgrade")
    assert upgraded.stdout.splitlines() == ["kraft.version was upgraded to 1."]
    assert kraft_level(controllers) == 1
    fields = wait_for_status(nodes, [ports[n] for n in VOTERS], lambda f: len(voter_ids(f)) == 3, "three voters")
    assert sorted((v["id"], v["directoryId"], v["endpoints"]) for v in json.loads(fields["CurrentVoters"])) == [
        (n, kafka_uuid_string(read_meta_properties(nodes[n].configs["log.dirs"]).directory_id),
         [f"CONTROLLER://127.0.0.1:{ports[n]}"]) for n in VOTERS]


@pytest.mark.parametrize("kinds", [(KAFKA, KBROKER, KAFKA), (KBROKER, KAFKA, KBROKER)],
                         ids=["two-kafka", "two-kbroker"])
def test_a_mixed_static_quorum_upgraded(kinds, tmp_path):
    """kbroker and Apache Kafka voters tell each other's leader their endpoints, and the quorum upgrades."""
    require_kafka_dist()
    with running_controllers(dict(zip(VOTERS, kinds, strict=True)), tmp_path) as (_, ports, nodes):
        controllers = ["--bootstrap-controller", ",".join(f"127.0.0.1:{ports[n]}" for n in VOTERS)]
        wait_for_status(nodes, list(ports.values()), lambda f: f["LeaderId"] != "-1" and int(f["HighWatermark"]) > 0,
                        "a leader")
        upgrade(nodes, controllers, ports)
        refused = features(controllers, "downgrade", "--feature", "kraft.version=0")
        assert (refused.returncode, refused.stdout.splitlines()) == (1, [
            "Could not downgrade kraft.version to 0. " + PREFIX + "Invalid update version 0 for feature "
            "kraft.version. Can't downgrade the version of this feature."])
