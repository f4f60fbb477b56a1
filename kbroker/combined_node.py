"""A combined broker and controller node of a cluster of several voters (`process.roles=broker,controller` with
`controller.quorum.voters` naming other nodes too, or a dynamic quorum (KIP-853): controller.quorum.bootstrap.servers
naming several controllers, a log dir formatted with other voters or with --no-initial-controllers; see
quorum_config.runs_combined_in_a_quorum): the composition root that runs, in one process, a voter (or observer, until
AddRaftVoter makes it a voter) of the quorum (kbroker/controller_node.py: its CONTROLLER listeners, the quorum
client, the voter set of a dynamic quorum, the active controller when it leads) and a broker
(kbroker/broker_node.py: its client listeners, partitions, coordinators, its registration and heartbeats,
forwarding).

The broker reads the metadata the voter's quorum client commits (its MetadataLoader) instead of running an observer
of its own, and talks to the active controller over the network like any broker, through the CONTROLLER listener of
whichever voter leads, its own included, as Kafka's combined nodes do. The controller starts first (the broker needs
the quorum running); on SIGTERM the broker's controlled shutdown runs first, then a leading voter resigns, then both stop.
"""

from __future__ import annotations

import trio

from kbroker.broker_node import BrokerNode
from kbroker.config import BrokerConfig
from kbroker.controller_node import ControllerNode


class CombinedNode:
    """One combined process. `serve()` runs until cancelled."""

    def __init__(self, config: BrokerConfig) -> None:
        self.config = config
        self.controller = ControllerNode(config)
        self.broker: BrokerNode | None = None

    def metric_states(self) -> list:
        """The states /metrics reads (kbroker/http/): the broker's (once it started) and the controller's."""
        return [*self.broker.metric_states(), *self.controller.metric_states()]

    def metrics_controller(self):
        return self.controller.metrics_controller()

    def controller_leader(self) -> int:
        return self.controller.controller_leader()

    async def serve(self, *, task_status=trio.TASK_STATUS_IGNORED) -> None:
        """Report the bound listeners, the broker's first, once the broker is unfenced."""
        async with trio.open_nursery() as nursery:
            controller_bound = await nursery.start(self.controller.serve)
            self.broker = BrokerNode(self.config, voter=(self.controller.quorum, self.controller.loader))
            broker_bound = await nursery.start(self.broker.serve)
            task_status.started([*broker_bound, *controller_bound])

    async def controlled_shutdown(self) -> None:
        """The broker's controlled shutdown, then the voter's resignation if it leads (ControllerNode's)."""
        if self.broker is not None:
            await self.broker.controlled_shutdown()
        await self.controller.controlled_shutdown()
