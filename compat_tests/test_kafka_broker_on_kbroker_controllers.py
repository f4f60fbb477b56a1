"""An Apache Kafka 4.3.1 broker (`process.roles=broker`) whose controllers are three kbroker controller-only nodes:
it fetches `__cluster_metadata` from the kbroker leader as an observer, registers with BrokerRegistration, and is
unfenced by BrokerHeartbeat once caught up, so its own Metadata lists it; the quorum lists it as an observer. On
SIGTERM its controlled shutdown (BrokerHeartbeat with wantShutDown) is granted by the kbroker controller."""

from __future__ import annotations

import contextlib
import time
from pathlib import Path

from compat_tests.broker_fixtures import require_kafka_dist
from compat_tests.brokers import KBROKER
from compat_tests.cluster.nodes import KafkaNode, NodeProcess
from compat_tests.kafka_dist import free_port, metadata_broker_ids
from compat_tests.test_controller_quorum import (
    VOTERS,
    WAIT_S,
    controller_configs,
    describe,
    replication_rows,
    running_controllers,
    wait_for_status,
)

BROKER_ID = 10
SILENT_BROKER_ID = 11


def kafka_broker_configs(broker_id: int, ports: dict[int, int], client_port: int, work_dir: Path,
                         extra_configs: dict[str, str] | None = None) -> dict[str, str]:
    """The controllers' quorum settings (voters, controller listener name, timeouts), as a broker's, with
    `extra_configs` on top."""
    configs = controller_configs(next(iter(ports)), ports, work_dir)
    configs.update({"process.roles": "broker", "node.id": str(broker_id),
                    "listeners": f"PLAINTEXT://127.0.0.1:{client_port}",
                    "listener.security.protocol.map": "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT",
                    "inter.broker.listener.name": "PLAINTEXT", "offsets.topic.replication.factor": "1",
                    "transaction.state.log.replication.factor": "1", **(extra_configs or {})})
    return configs


@contextlib.contextmanager
def ready_kafka_broker(cluster_id: str, ports: dict[int, int], tmp_path: Path, broker_id: int = BROKER_ID,
                       extra_configs: dict[str, str] | None = None, node_class: type[NodeProcess] = KafkaNode,
                       client_port: int | None = None):
    """A Kafka broker (or a broker of `node_class`), formatted with the controllers' cluster id and started; yielded
    once its own Metadata lists it (registered and unfenced). Stopped with SIGTERM afterwards (unless the test
    killed it), and a Kafka broker's controlled shutdown must then have been granted by the active controller."""
    work_dir = tmp_path / f"broker-{broker_id}"
    client_port = client_port or free_port()
    configs = kafka_broker_configs(broker_id, ports, client_port, work_dir, extra_configs)
    broker = node_class(broker_id, configs, work_dir)
    broker.client_port = client_port
    formatting = broker.start_format(cluster_id)
    output, _ = formatting.communicate(timeout=WAIT_S)
    assert formatting.returncode == 0, output
    broker.launch()
    try:
        broker.wait_ready([broker_id], timeout=WAIT_S)
        yield broker
    finally:
        stopped_by_us = broker.is_running()
        broker.stop()
    if not stopped_by_us or node_class is not KafkaNode:
        return
    server_log = (work_dir / "logs" / "server.log").read_text(errors="replace")
    assert "The controller has asked us to exit controlled shutdown" in server_log, broker.log_tail(40)


def test_a_kafka_broker_registers_with_kbroker_controllers(tmp_path):
    require_kafka_dist()
    with running_controllers({n: KBROKER for n in VOTERS}, tmp_path) as (cluster_id, ports, _):
        with ready_kafka_broker(cluster_id, ports, tmp_path):
            replication = describe(list(ports.values()), "--replication")
            assert replication.returncode == 0, replication.stdout + replication.stderr
            rows = replication_rows(replication.stdout)
            assert rows[BROKER_ID]["Status"] == "Observer", replication.stdout


def test_a_kafka_broker_keeps_its_registration_when_the_active_kbroker_controller_is_killed(tmp_path):
    """The new active controller replayed the registration: the broker stays listed (unfenced) and its
    controlled shutdown, asked of the new controller with the same broker epoch, is granted."""
    require_kafka_dist()
    with running_controllers({n: KBROKER for n in VOTERS}, tmp_path) as (cluster_id, ports, nodes):
        with ready_kafka_broker(cluster_id, ports, tmp_path) as broker:
            fields = wait_for_status(nodes, list(ports.values()), lambda f: int(f["LeaderId"]) in VOTERS,
                                     "a leader")
            leader, epoch = int(fields["LeaderId"]), int(fields["LeaderEpoch"])
            nodes[leader].kill()
            survivors = [ports[n] for n in VOTERS if n != leader]
            wait_for_status(nodes, survivors, lambda f: int(f["LeaderId"]) not in (-1, leader)
                            and int(f["LeaderEpoch"]) > epoch, f"a new leader after node {leader} was killed")
            broker.wait_ready([BROKER_ID], timeout=WAIT_S)


def test_a_kafka_broker_that_stops_heartbeating_is_fenced(tmp_path):
    """Two Kafka brokers; one is killed (kill -9): once its session expires the active kbroker controller fences
    it, and the other broker's Metadata, which lists only unfenced brokers, drops it."""
    require_kafka_dist()
    session = {"broker.session.timeout.ms": "4000"}
    with running_controllers({n: KBROKER for n in VOTERS}, tmp_path, session) as (cluster_id, ports, _):
        with ready_kafka_broker(cluster_id, ports, tmp_path, BROKER_ID) as survivor, \
                ready_kafka_broker(cluster_id, ports, tmp_path, SILENT_BROKER_ID) as silent:
            survivor.wait_ready([BROKER_ID, SILENT_BROKER_ID], timeout=WAIT_S)
            silent.kill()
            deadline = time.monotonic() + WAIT_S
            while SILENT_BROKER_ID in (listed := metadata_broker_ids(survivor.client_port)):
                assert time.monotonic() < deadline, f"broker {SILENT_BROKER_ID} still listed: {listed}"
                time.sleep(0.2)
            assert BROKER_ID in listed
