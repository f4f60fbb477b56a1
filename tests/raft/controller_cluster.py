"""Three controller-only kbroker nodes (ControllerNode) forming a static quorum over real sockets on 127.0.0.1,
each served in its own cancel scope so one can be stopped (as a killed process's listener and connections
close), a way to send a request to whichever of them is the active controller, and `run_scenario` to run a test
against the three of them with an inter-node client."""

from __future__ import annotations

import trio

from kbroker.config import BrokerConfig
from kbroker.controller_node import ControllerNode
from kbroker.network import Address, ClientSettings, NetworkError, NodeDirectory, open_channel_manager
from kbroker.protocol import errors as E
from kbroker.storage_format import format_storage
from kbroker.testing import free_port

CLUSTER_ID = "OBwtglENT76SK7gGCjHpvA"
VOTERS = (1, 2, 3)
WAIT_S = 60


def controller_config(node_id: int, ports: dict[int, int], tmp_path, session_timeout_ms: int) -> BrokerConfig:
    return BrokerConfig.from_properties({
        "process.roles": "controller", "node.id": str(node_id),
        "controller.quorum.voters": ",".join(f"{n}@127.0.0.1:{p}" for n, p in ports.items()),
        "listeners": f"CONTROLLER://127.0.0.1:{ports[node_id]}", "controller.listener.names": "CONTROLLER",
        "log.dirs": str(tmp_path / f"node-{node_id}"),
        "controller.quorum.election.timeout.ms": "400", "controller.quorum.fetch.timeout.ms": "1200",
        "controller.quorum.election.backoff.max.ms": "400", "controller.quorum.retry.backoff.ms": "20",
        "broker.session.timeout.ms": str(session_timeout_ms)})


class ControllerCluster:
    def __init__(self, nursery: trio.Nursery, tmp_path, *, session_timeout_ms: int) -> None:
        self.nursery = nursery
        self.ports = {n: free_port() for n in VOTERS}
        self.configs = {n: controller_config(n, self.ports, tmp_path, session_timeout_ms) for n in VOTERS}
        for config in self.configs.values():
            format_storage(config, CLUSTER_ID)
        self.nodes: dict[int, ControllerNode] = {}
        self.scopes: dict[int, trio.CancelScope] = {}
        self.stopped: dict[int, trio.Event] = {}

    async def start(self, node_id: int) -> None:
        await self.nursery.start(self._serve, node_id)

    async def start_all(self) -> None:
        for node_id in VOTERS:
            await self.start(node_id)

    async def _serve(self, node_id: int, *, task_status=trio.TASK_STATUS_IGNORED) -> None:
        node = self.nodes[node_id] = ControllerNode(self.configs[node_id])
        self.stopped[node_id] = trio.Event()
        try:
            with trio.CancelScope() as self.scopes[node_id]:
                await node.serve(task_status=task_status)
        finally:
            del self.nodes[node_id]
            self.stopped[node_id].set()

    async def stop(self, node_id: int) -> None:
        self.scopes[node_id].cancel()
        await self.stopped[node_id].wait()

    async def stop_all(self) -> None:
        for node_id in list(self.nodes):
            await self.stop(node_id)

    def active(self) -> ControllerNode | None:
        return next((node for node in self.nodes.values() if node.active.is_active), None)

    def describe(self) -> str:
        """What a timed-out wait reports."""
        return f"running controllers {sorted(self.nodes)}"

    async def wait_for(self, condition, what: str):
        with trio.move_on_after(WAIT_S):
            while not (result := condition()):
                await trio.sleep(0.02)
            return result
        raise AssertionError(f"timed out waiting for {what}; {self.describe()}")

    async def send_to_active(self, channels, request):
        """Send `request` to each running controller in turn until one answers other than NOT_CONTROLLER."""
        with trio.move_on_after(WAIT_S):
            while True:
                for node_id in sorted(self.nodes):
                    try:
                        response = await channels.send(node_id, request, timeout_ms=2000)
                    except NetworkError:
                        continue
                    if response.error_code != E.NOT_CONTROLLER.code:
                        return node_id, response
                await trio.sleep(0.05)
        raise AssertionError(f"no active controller answered {type(request).__name__}")


def run_scenario(make_cluster, scenario, *, client_id: str) -> None:
    """Start the three nodes of `make_cluster(nursery)`, then `await scenario(cluster, channels)` with a client
    whose directory holds them; every node is stopped afterwards."""
    async def main():
        async with trio.open_nursery() as nursery:
            cluster = make_cluster(nursery)
            await cluster.start_all()
            directory = NodeDirectory({n: Address("127.0.0.1", p) for n, p in cluster.ports.items()})
            async with open_channel_manager(directory, ClientSettings(client_id=client_id)) as channels:
                try:
                    await scenario(cluster, channels)
                finally:
                    await cluster.stop_all()

    trio.run(main)
