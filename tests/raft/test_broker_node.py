"""A broker-only kbroker node (BrokerNode, process.roles=broker) of three controller-only kbroker nodes, all in one
process over real sockets: it observes the controllers' quorum, registers with the active controller, is
unfenced once caught up and its logs are open, lists itself in its own Metadata (answered from the image it
fetched as an observer), is refused a replication factor above the one broker by the controller, forwards
CreateTopics in an envelope (and hosts the new partitions once its image has them), gets producer ids with
AllocateProducerIds, and its controlled shutdown is granted by the active controller."""

from __future__ import annotations

import trio

from kbroker.broker_lifecycle import BrokerState as LifecycleState
from kbroker.broker_node import BrokerNode
from kbroker.config import BrokerConfig
from kbroker.network import Address, ClientSettings, NodeDirectory, open_channel_manager
from kbroker.protocol import errors as E
from kbroker.protocol.messages.create_topics_request import CreatableTopic, CreateTopicsRequest
from kbroker.protocol.messages.init_producer_id_request import InitProducerIdRequest
from kbroker.protocol.messages.metadata_request import MetadataRequest
from kbroker.storage_format import format_storage
from tests.raft.test_controller_quorum_brokers import CLUSTER_ID, VOTERS, Controllers, free_port

BROKER_ID = 100


def broker_config(controllers: Controllers, tmp_path) -> BrokerConfig:
    return BrokerConfig.from_properties({
        "process.roles": "broker", "node.id": str(BROKER_ID),
        "controller.quorum.voters": ",".join(f"{n}@127.0.0.1:{p}" for n, p in controllers.ports.items()),
        "listeners": f"PLAINTEXT://127.0.0.1:{free_port()}", "controller.listener.names": "CONTROLLER",
        "listener.security.protocol.map": "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT",
        "log.dirs": str(tmp_path / "broker"), "broker.heartbeat.interval.ms": "100",
        "controller.quorum.retry.backoff.ms": "20", "controller.quorum.fetch.timeout.ms": "1200"})


def written_metadata(log_dir) -> int:
    """Bytes in the metadata log segments of `log_dir`."""
    partition = log_dir / "__cluster_metadata-0"
    return sum(path.stat().st_size for path in partition.glob("*.log")) if partition.exists() else 0


def test_a_kbroker_broker_joins_three_kbroker_controllers_and_shuts_down_in_a_controlled_way(tmp_path):
    async def main():
        async with trio.open_nursery() as nursery:
            controllers = Controllers(nursery, tmp_path)
            for node_id in VOTERS:
                await controllers.start(node_id)
            config = broker_config(controllers, tmp_path)
            format_storage(config, CLUSTER_ID)
            assert written_metadata(tmp_path / "broker") == 0, "a broker's format writes no metadata of its own"
            node = BrokerNode(config)
            scope = trio.CancelScope()

            async def serve(task_status=trio.TASK_STATUS_IGNORED):
                with scope:
                    await node.serve(task_status=task_status)

            try:
                bound = await nursery.start(serve)
                await scenario(controllers, node, bound[0])
            finally:
                scope.cancel()
                await controllers.stop_all()

    async def scenario(controllers: Controllers, node: BrokerNode, bound) -> None:
        # Serving means unfenced: every controller's image has the registration, unfenced, with the endpoint.
        registration = (await controllers.wait_for(controllers.active, "an active controller")).loader.image.brokers[
            BROKER_ID]
        assert not registration.fenced and registration.epoch == node.membership.broker_epoch
        assert registration.endpoint("PLAINTEXT").port == bound.port
        assert node.membership.lifecycle.state is LifecycleState.RUNNING

        directory = NodeDirectory({BROKER_ID: Address("127.0.0.1", bound.port)})
        async with open_channel_manager(directory, ClientSettings(client_id="test-client")) as channels:
            metadata = await channels.send(BROKER_ID, MetadataRequest(topics=None))
            assert [(b.node_id, b.port) for b in metadata.brokers] == [(BROKER_ID, bound.port)]
            assert metadata.cluster_id == CLUSTER_ID

            created = await channels.send(BROKER_ID, CreateTopicsRequest(topics=[CreatableTopic(
                name="replicated", num_partitions=1, replication_factor=3)], timeout_ms=5000))
            [result] = created.topics
            assert result.error_code == E.INVALID_REPLICATION_FACTOR.code  # the controller's placement
            assert "only 1 broker(s) are registered" in result.error_message

            # Forwarded in an envelope to the active controller; the broker's image and logs follow.
            created = await channels.send(BROKER_ID, CreateTopicsRequest(topics=[CreatableTopic(
                name="forwarded", num_partitions=2, replication_factor=1)], timeout_ms=5000))
            [result] = created.topics
            assert (result.error_code, result.num_partitions) == (E.NONE.code, 2)
            await controllers.wait_for(lambda: {p.partition for p in node.state.partitions} == {0, 1},
                                       "the broker hosting both partitions")
            assert node.state.image.topics_by_name["forwarded"].topic_id == result.topic_id

            # Producer ids come from the active controller (AllocateProducerIds).
            initialized = await channels.send(BROKER_ID, InitProducerIdRequest(
                transactional_id=None, transaction_timeout_ms=60000, producer_id=-1, producer_epoch=-1))
            assert initialized.error_code == E.NONE.code and initialized.producer_id >= 0

        # SIGTERM's path: wantShutDown heartbeats until the active controller answers shouldShutDown.
        await node.controlled_shutdown()
        lifecycle = node.membership.lifecycle
        assert lifecycle.state is LifecycleState.SHUTTING_DOWN and not lifecycle.registration_failed
        active = await controllers.wait_for(controllers.active, "an active controller")
        assert active.loader.image.brokers[BROKER_ID].fenced, "a granted controlled shutdown fences the broker"

    trio.run(main)
