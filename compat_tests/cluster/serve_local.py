"""`make cluster`: three combined kbroker nodes on 127.0.0.1 (clients on 9092-9094, controllers on 19092-19094),
node N's data and logs under ./data/cluster/N, started through the harness's `KBrokerNode` with CLUSTER.md's
combined-mode configs; prints their addresses once every node lists all three, and runs until Ctrl-C (or
SIGTERM), then stops all three (SIGTERM each, SIGKILL after a grace period).

The first start formats every node with one new cluster id; later starts keep the data (a node directory that
already holds meta.properties is not formatted again).

    python -m compat_tests.cluster.serve_local [--base-dir data/cluster]
"""

from __future__ import annotations

import argparse
import signal
import sys
import threading
from pathlib import Path

from compat_tests.cluster.nodes import KBrokerNode, NodeFailed, combined_node_configs
from compat_tests.kafka_dist import random_cluster_id

NODES = (1, 2, 3)
CLIENT_PORTS = {1: 9092, 2: 9093, 3: 9094}
CONTROLLER_PORTS = {1: 19092, 2: 19093, 3: 19094}
READY_TIMEOUT_S = 120.0


def make_nodes(base_dir: Path) -> dict[int, KBrokerNode]:
    nodes = {}
    for node_id in NODES:
        node_dir = base_dir / str(node_id)
        configs = combined_node_configs(node_id, CONTROLLER_PORTS, CLIENT_PORTS[node_id], node_dir / "data")
        nodes[node_id] = KBrokerNode(node_id, configs, node_dir, stop_timeout=15.0)
        nodes[node_id].client_port = CLIENT_PORTS[node_id]
    return nodes


def format_new(nodes: dict[int, KBrokerNode]) -> None:
    """Formats the nodes whose data directory has no meta.properties, with the cluster id the others have (or a
    new one)."""
    existing = [Path(node.configs["log.dirs"]) / "meta.properties" for node in nodes.values()]
    cluster_ids = {line.split("=", 1)[1].strip() for path in existing if path.exists()
                   for line in path.read_text().splitlines() if line.startswith("cluster.id=")}
    if len(cluster_ids) > 1:
        raise NodeFailed(f"the node directories belong to different clusters: {sorted(cluster_ids)}")
    cluster_id = cluster_ids.pop() if cluster_ids else random_cluster_id()
    for node, meta in zip(nodes.values(), existing, strict=True):
        if not meta.exists():
            formatting = node.start_format(cluster_id)
            output, _ = formatting.communicate(timeout=READY_TIMEOUT_S)
            if formatting.returncode != 0:
                raise NodeFailed(f"formatting node {node.node_id} failed:\n{output}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base-dir", type=Path, default=Path("data/cluster"))
    args = parser.parse_args(argv)
    nodes = make_nodes(args.base_dir.resolve())
    stopping = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stopping.set())
    try:
        format_new(nodes)
        for node in nodes.values():
            node.launch()
        for node in nodes.values():
            node.wait_ready(NODES, READY_TIMEOUT_S)
        for node_id, node in nodes.items():
            print(f"node {node_id}: client 127.0.0.1:{CLIENT_PORTS[node_id]}  controller "
                  f"127.0.0.1:{CONTROLLER_PORTS[node_id]}  data {node.configs['log.dirs']}  log {node.console_log}")
        print(f"bootstrap: {','.join(f'127.0.0.1:{CLIENT_PORTS[n]}' for n in NODES)}  (Ctrl-C stops all three)",
              flush=True)
        while not stopping.wait(1.0):
            for node_id, node in nodes.items():
                if not node.is_running():
                    print(f"node {node_id} exited on its own:\n{node.log_tail()}", file=sys.stderr)
                    return 1
        return 0
    except KeyboardInterrupt:
        return 0
    except NodeFailed as failure:
        print(failure, file=sys.stderr)
        return 1
    finally:
        print("stopping the three nodes", flush=True)
        for node in nodes.values():
            node.request_stop()
        for node in nodes.values():
            node.stop()


if __name__ == "__main__":
    sys.exit(main())
