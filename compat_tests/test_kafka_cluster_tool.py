"""Kafka 4.3.1's `kafka-cluster` (ClusterTool) against kbroker and Apache Kafka alike: `cluster-id` (DescribeCluster)
and `unregister --id N` (UnregisterBroker), the same output on both but for the cluster id.

- a combined node, `--bootstrap-server`: an id nobody registered is refused with Kafka's exception and message;
- three controller-only nodes with two Apache Kafka brokers: `--bootstrap-controller` and `--bootstrap-server`
  (the broker forwards UnregisterBroker in an Envelope) name the controllers' cluster id, and a broker that shut
  down is unregistered (once: a second time it is no longer registered).
"""

from __future__ import annotations

import subprocess

from compat_tests.broker_fixtures import require_kafka_dist
from compat_tests.kafka_dist import run_kafka_tool
from compat_tests.test_controller_quorum import VOTERS, WAIT_S, running_controllers
from compat_tests.test_kafka_broker_on_kbroker_controllers import BROKER_ID, ready_kafka_broker

CLUSTER_TOOL = "org.apache.kafka.tools.ClusterTool"
OTHER_BROKER = BROKER_ID + 1


def cluster_tool(command: str, bootstrap: list[str], *args: str) -> subprocess.CompletedProcess[str]:
    return run_kafka_tool(CLUSTER_TOOL, command, *bootstrap, *args, timeout=WAIT_S)


def not_registered(bootstrap: list[str], broker_id: int) -> None:
    """`unregister` of an id with no registration: exit 1 and Kafka's exception, its message from the controller."""
    result = cluster_tool("unregister", bootstrap, "--id", str(broker_id))
    assert (result.returncode, result.stdout) == (1, ""), result.stderr
    causes = [line for line in result.stderr.splitlines() if line.startswith("Caused by: ")]
    assert causes == ["Caused by: org.apache.kafka.common.errors.BrokerIdNotRegisteredException: "
                      f"Broker ID {broker_id} is not currently registered"], result.stderr


def test_kafka_cluster_on_a_combined_node(broker_kind, broker_factory):
    node = broker_factory()
    bootstrap = ["--bootstrap-server", node.bootstrap]
    described = cluster_tool("cluster-id", bootstrap)
    assert described.returncode == 0, described.stderr
    [line] = described.stdout.splitlines()
    assert line.startswith("Cluster ID: ") and len(line.removeprefix("Cluster ID: ")) == 22
    not_registered(bootstrap, 5)
    assert cluster_tool("cluster-id", bootstrap).stdout == described.stdout


def test_kafka_cluster_through_the_controllers_and_a_forwarding_broker(broker_kind, tmp_path):
    require_kafka_dist()
    with running_controllers({n: broker_kind for n in VOTERS}, tmp_path) as (cluster_id, ports, _):
        controllers = ["--bootstrap-controller", ",".join(f"127.0.0.1:{p}" for p in ports.values())]
        with ready_kafka_broker(cluster_id, ports, tmp_path) as broker:
            through_broker = ["--bootstrap-server", f"127.0.0.1:{broker.client_port}"]
            for bootstrap in (controllers, through_broker):
                described = cluster_tool("cluster-id", bootstrap)
                assert (described.returncode, described.stdout) == (0, f"Cluster ID: {cluster_id}\n"), described.stderr
                not_registered(bootstrap, 5)
            # A second broker that ran and shut down stays registered (fenced) until it is unregistered.
            with ready_kafka_broker(cluster_id, ports, tmp_path, broker_id=OTHER_BROKER):
                pass
            result = cluster_tool("unregister", through_broker, "--id", str(OTHER_BROKER))
            assert (result.returncode, result.stdout) == (0, f"Broker {OTHER_BROKER} is no longer registered.\n"), \
                result.stderr
            not_registered(controllers, OTHER_BROKER)
