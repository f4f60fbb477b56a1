"""Three controller-only kbroker nodes (ControllerNode, a static quorum over real sockets) serve a broker's
lifecycle: a broker driven by BrokerLifecycle sends BrokerRegistration and BrokerHeartbeat through the inter-node
client (kbroker.network) to whichever controller is active. It is registered fenced, unfenced once it has caught
up and is ready, keeps its registration across a failover of the active controller, and is fenced once
broker.session.timeout.ms passes without a heartbeat."""

from __future__ import annotations

import uuid

import trio

from kbroker.broker_lifecycle import BrokerLifecycle
from kbroker.broker_lifecycle import BrokerState as LifecycleState
from kbroker.config import BrokerConfig
from kbroker.controller_node import ControllerNode
from kbroker.network import NetworkError
from kbroker.protocol import errors as E
from kbroker.protocol.messages.broker_heartbeat_request import BrokerHeartbeatRequest
from kbroker.protocol.messages.broker_registration_request import BrokerRegistrationRequest
from kbroker.protocol.messages.unregister_broker_request import UnregisterBrokerRequest
from tests.raft.controller_cluster import CLUSTER_ID, VOTERS, ControllerCluster, run_scenario

BROKER_ID = 100
SESSION_TIMEOUT_MS = 1500


class Controllers(ControllerCluster):
    def __init__(self, nursery: trio.Nursery, tmp_path) -> None:
        super().__init__(nursery, tmp_path, session_timeout_ms=SESSION_TIMEOUT_MS)

    def registrations(self) -> dict[int, object]:
        """Each running controller's registration of the broker (None where it has none)."""
        return {n: node.loader.image.brokers.get(BROKER_ID) for n, node in self.nodes.items()}

    def describe(self) -> str:
        return f"registrations: {self.registrations()}"


class Broker:
    """A broker's lifecycle loop, as a broker runs it: send what BrokerLifecycle asks for to the controller it
    believes active (the next voter after NOT_CONTROLLER or no answer), feed the answer back, sleep until the
    lifecycle's deadline. `applied_offset` stands for the metadata offset the broker has applied."""

    def __init__(self, channels, config: BrokerConfig) -> None:
        self.channels = channels
        self.applied_offset = -1
        self.lifecycle = BrokerLifecycle.from_config(config, cluster_id=CLUSTER_ID, log_dir_ids=[uuid.uuid4()],
                                                     bound_ports={"PLAINTEXT": 9092})
        self.controller = VOTERS[0]
        self.answers: list[tuple[int, str, int]] = []  # (controller, request name, error code)
        self.scope = trio.CancelScope()

    def stop(self) -> None:
        """Stop heartbeating at once, as a broker that died would."""
        self.scope.cancel()

    async def run(self, *, task_status=trio.TASK_STATUS_IGNORED) -> None:
        lifecycle = self.lifecycle
        lifecycle.start(trio.current_time(), lambda: self.applied_offset)
        task_status.started()
        with self.scope:
            await self._loop()

    async def _loop(self) -> None:
        lifecycle = self.lifecycle
        while not lifecycle.shutdown_complete:
            request = lifecycle.poll(trio.current_time())
            if request is not None:
                response = await self._send(request)
                if isinstance(request, BrokerRegistrationRequest):
                    lifecycle.handle_registration_response(response, trio.current_time())
                else:
                    lifecycle.handle_heartbeat_response(response, trio.current_time())
                continue
            with trio.move_on_at(lifecycle.deadline if lifecycle.deadline is not None else trio.current_time() + 1):
                await trio.sleep_forever()

    async def _send(self, request):
        controller = self.controller
        try:
            response = await self.channels.send(controller, request, timeout_ms=2000)
        except NetworkError:
            response = None
        self.answers.append((controller, type(request).__name__, -1 if response is None else response.error_code))
        if response is None or response.error_code == E.NOT_CONTROLLER.code:
            self.controller = VOTERS[(VOTERS.index(controller) + 1) % len(VOTERS)]
            return None
        return response


def broker_config() -> BrokerConfig:
    return BrokerConfig.from_properties({
        "process.roles": "broker", "node.id": str(BROKER_ID),
        "listeners": "PLAINTEXT://127.0.0.1:9092", "controller.listener.names": "CONTROLLER",
        "controller.quorum.voters": "1@127.0.0.1:1", "broker.heartbeat.interval.ms": "100"})


def run_with_controllers(tmp_path, scenario) -> None:
    """`await scenario(controllers, channels)` with the three ControllerNodes started and a channel manager to
    them; every node stopped afterwards."""
    run_scenario(lambda nursery: Controllers(nursery, tmp_path), scenario, client_id="broker-100")


def test_a_broker_registers_is_unfenced_survives_failover_and_is_fenced_without_heartbeats(tmp_path):
    async def scenario(controllers: Controllers, channels) -> None:
        first = await controllers.wait_for(controllers.active, "an active controller")
        versions = await channels.node(first.config.node_id).peer_versions()
        assert {key: versions.ranges[key] for key in (62, 63, 64)} == {62: (0, 4), 63: (0, 2), 64: (0, 0)}

        broker = Broker(channels, broker_config())
        try:
            await controllers.nursery.start(broker.run)
            await broker_lifecycle(controllers, channels, first, broker)
        finally:
            broker.stop()

    async def broker_lifecycle(controllers: Controllers, channels, first: ControllerNode, broker: Broker) -> None:
        # Registered, fenced while it has not caught up with its own registration.
        await controllers.wait_for(lambda: all(r is not None for r in controllers.registrations().values()),
                                   "the registration on every controller")
        registration = controllers.registrations()[first.config.node_id]
        assert registration.fenced and registration.epoch == broker.lifecycle.broker_epoch
        assert registration.incarnation_id == broker.lifecycle.incarnation_id
        assert broker.lifecycle.state is LifecycleState.STARTING and not broker.lifecycle.caught_up

        # Caught up (but logs not open yet): RECOVERY, still fenced; ready: unfenced everywhere.
        broker.applied_offset = first.loader.image.offset
        await controllers.wait_for(lambda: broker.lifecycle.state is LifecycleState.RECOVERY, "RECOVERY")
        assert controllers.registrations()[first.config.node_id].fenced
        broker.lifecycle.set_ready_to_unfence(trio.current_time())
        await controllers.wait_for(lambda: broker.lifecycle.state is LifecycleState.RUNNING, "RUNNING")
        await controllers.wait_for(lambda: not any(r.fenced for r in controllers.registrations().values()),
                                   "the broker unfenced on every controller")

        # A standby answers NOT_CONTROLLER.
        standby = next(n for n in controllers.nodes if n != first.config.node_id)
        heartbeat = BrokerHeartbeatRequest(broker_id=BROKER_ID, broker_epoch=broker.lifecycle.broker_epoch,
                                           current_metadata_offset=broker.applied_offset)
        assert (await channels.send(standby, heartbeat)).error_code == E.NOT_CONTROLLER.code
        assert (await channels.send(standby, UnregisterBrokerRequest(broker_id=BROKER_ID))).error_code == \
            E.NOT_CONTROLLER.code

        # Failover: the new active controller replayed the registration and takes the broker's heartbeats.
        epoch = broker.lifecycle.broker_epoch
        await controllers.stop(first.config.node_id)
        second = await controllers.wait_for(controllers.active, "a new active controller")
        heard = len(broker.answers)
        await controllers.wait_for(
            lambda: any(c == second.config.node_id and name == "BrokerHeartbeatRequest" and code == E.NONE.code
                        for c, name, code in broker.answers[heard:]), "a heartbeat answered by the new controller")
        assert broker.lifecycle.broker_epoch == epoch and broker.lifecycle.state is LifecycleState.RUNNING
        registration = second.loader.image.brokers[BROKER_ID]
        assert (registration.epoch, registration.fenced) == (epoch, False)
        assert not any(code == E.STALE_BROKER_EPOCH.code for _, _, code in broker.answers)

        # The broker stops heartbeating: the active controller fences it once its session expires.
        broker.stop()
        await controllers.wait_for(lambda: all(r.fenced for r in controllers.registrations().values()),
                                   "the silent broker fenced on every running controller")
        assert second.active.is_active, "the fencing came from the controller that took over"

    run_with_controllers(tmp_path, scenario)
