"""A dynamic controller quorum (KIP-853), kbroker or Apache Kafka 4.3.1 alike, driven with Kafka's own
`kafka-metadata-quorum --bootstrap-controller`: node 1 formatted with `--standalone` leads alone, node 2 formatted
with `--no-initial-controllers` follows it as an observer; `add-controller` (with node 2's config) makes it a voter,
`describe --status / --replication` show the two voters, then `remove-controller` takes node 2 out again and it is
an observer once more. The same steps run with a kbroker node joining an Apache Kafka node's quorum and the other
way round."""

from __future__ import annotations

import contextlib
import json
import time
from pathlib import Path

import pytest

from compat_tests.broker_fixtures import require_kafka_dist
from compat_tests.brokers import KAFKA, KBROKER
from compat_tests.kafka_dist import run_kafka_tool
from compat_tests.test_controller_quorum import (
    METADATA_QUORUM_TOOL,
    WAIT_S,
    controller_configs,
    describe,
    replication_rows,
    running_controllers,
    wait_for_status,
)
from kbroker.kafka_uuid import kafka_uuid_string
from kbroker.storage_format import read_meta_properties


def dynamic_controller_configs(node_id: int, ports: dict[int, int], work_dir: Path) -> dict[str, str]:
    """controller_configs without controller.quorum.voters: the controllers are found through the bootstrap
    servers and the voters live in the log."""
    configs = controller_configs(node_id, ports, work_dir)
    del configs["controller.quorum.voters"]
    configs["controller.quorum.bootstrap.servers"] = ",".join(f"127.0.0.1:{p}" for p in ports.values())
    return configs


@contextlib.contextmanager
def standalone_and_observer(kinds: tuple[str, str], tmp_path: Path, configs=dynamic_controller_configs):
    """Node 1 (`--standalone`) and node 2 (`--no-initial-controllers`) of the given kinds, with `configs(node id,
    controller ports, work dir)`."""
    with running_controllers({1: kinds[0], 2: kinds[1]}, tmp_path, configs=configs,
                             format_flags={1: ("--standalone",), 2: ("--no-initial-controllers",)}) as running:
        _, ports, nodes = running
        yield ports, nodes, {n: node.configs for n, node in nodes.items()}


def quorum_tool(ports: list[int], *args: str):
    return run_kafka_tool(METADATA_QUORUM_TOOL, "--bootstrap-controller",
                          ",".join(f"127.0.0.1:{p}" for p in ports), *args, timeout=WAIT_S)


def until_succeeds(nodes, run, what: str):
    """`run()` until it exits 0 (a voter change answers REQUEST_TIMED_OUT until the node caught up)."""
    deadline = time.monotonic() + WAIT_S
    while True:
        done = run()
        if done.returncode == 0 or time.monotonic() > deadline:
            break
        time.sleep(1)
    tails = "\n".join(node.log_tail() for node in nodes.values())
    assert done.returncode == 0, f"{what}: {done.stdout}{done.stderr}\n{tails}"
    return done


def test_add_controller_and_remove_controller(broker_kind, tmp_path):
    grow_and_shrink((broker_kind, broker_kind), tmp_path)


@pytest.mark.parametrize("kinds", [(KAFKA, KBROKER), (KBROKER, KAFKA)], ids=["kafka-leader", "kbroker-leader"])
def test_a_mixed_dynamic_quorum(kinds, tmp_path):
    """A kbroker controller added to (and removed from) an Apache Kafka one's quorum, and the other way round."""
    require_kafka_dist()
    grow_and_shrink(kinds, tmp_path)


def grow_and_shrink(kinds: tuple[str, str], tmp_path: Path, node_configs=dynamic_controller_configs) -> None:
    """The steps of the module docstring, on nodes with `node_configs` (controller-only ones by default)."""
    with standalone_and_observer(kinds, tmp_path, node_configs) as (ports, nodes, configs):
        through = [ports[1]]
        fields = wait_for_status(nodes, through, lambda f: f["LeaderId"] == "1" and int(f["HighWatermark"]) > 0
                                 and json.loads(f["CurrentObservers"]) != [], "node 1 leading, node 2 observing")
        assert [v["id"] for v in json.loads(fields["CurrentVoters"])] == [1]
        assert [o["id"] for o in json.loads(fields["CurrentObservers"])] == [2]

        command_config = tmp_path / "node-2.properties"
        command_config.write_text("".join(f"{k}={v}\n" for k, v in configs[2].items()))
        added = until_succeeds(nodes, lambda: quorum_tool(through, "--command-config", str(command_config),
                                                          "add-controller"), "add-controller")
        directory_id = read_meta_properties(configs[2]["log.dirs"]).directory_id
        assert f"Added controller 2 with directory id {kafka_uuid_string(directory_id)}" in added.stdout

        fields = wait_for_status(nodes, through, lambda f: len(json.loads(f["CurrentVoters"])) == 2
                                 and f["MaxFollowerLag"] == "0", "two voters caught up")
        voters = json.loads(fields["CurrentVoters"])
        assert [(v["id"], v["directoryId"], v["endpoints"]) for v in voters] == [
            (n, kafka_uuid_string(read_meta_properties(configs[n]["log.dirs"]).directory_id),
             [f"CONTROLLER://127.0.0.1:{ports[n]}"]) for n in (1, 2)]
        assert json.loads(fields["CurrentObservers"]) == []
        rows = replication_rows(describe(through, "--replication").stdout)
        assert {n: rows[n]["Status"] for n in rows} == {1: "Leader", 2: "Follower"}

        until_succeeds(nodes, lambda: quorum_tool(through, "remove-controller", "--controller-id", "2",
                                                  "--controller-directory-id", kafka_uuid_string(directory_id)),
                       "remove-controller")
        fields = wait_for_status(nodes, through, lambda f: [v["id"] for v in json.loads(f["CurrentVoters"])] == [1]
                                 and [o["id"] for o in json.loads(f["CurrentObservers"])] == [2],
                                 "node 2 an observer again")
        assert fields["LeaderId"] == "1"
