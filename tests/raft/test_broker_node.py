"""A broker-only kbroker node (BrokerNode, process.roles=broker) of three controller-only kbroker nodes, all in one
process over real sockets: it observes the controllers' quorum, registers with the active controller, is
unfenced once caught up and its logs are open, lists itself in its own Metadata (answered from the image it
fetched as an observer), is refused a replication factor above the one broker by the controller, forwards
CreateTopics in an envelope (and hosts the new partitions once its image has them), sends auto-creation's
CreateTopics and the topic part of IncrementalAlterConfigs to the controller (logger levels are its own), forwards
AlterUserScramCredentials and AlterClientQuotas and describes the credential and the quota from its image, gets producer ids with AllocateProducerIds, forwards to the next active controller when the active one stops, and
its controlled shutdown is granted; restarted, it registers under a new broker epoch and leads its partitions
again."""

from __future__ import annotations

import logging

import attrs
import trio

from kbroker.broker_lifecycle import BrokerState as LifecycleState
from kbroker.broker_node import BrokerNode, _on_change
from kbroker.config import BrokerConfig
from kbroker.metadata.image import MetadataImage
from kbroker.network import Address, ClientSettings, NodeDirectory, open_channel_manager
from kbroker.protocol import errors as E
from kbroker.protocol.messages.alter_client_quotas_request import AlterClientQuotasRequest
from kbroker.protocol.messages.alter_client_quotas_request import EntityData as QuotaEntity
from kbroker.protocol.messages.alter_client_quotas_request import EntryData as QuotaEntry
from kbroker.protocol.messages.alter_client_quotas_request import OpData as QuotaOp
from kbroker.protocol.messages.alter_user_scram_credentials_request import (
    AlterUserScramCredentialsRequest,
    ScramCredentialUpsertion,
)
from kbroker.protocol.messages.create_acls_request import AclCreation, CreateAclsRequest
from kbroker.protocol.messages.create_partitions_request import (
    CreatePartitionsAssignment,
    CreatePartitionsRequest,
    CreatePartitionsTopic,
)
from kbroker.protocol.messages.create_topics_request import CreatableTopic, CreateTopicsRequest
from kbroker.protocol.messages.describe_client_quotas_request import DescribeClientQuotasRequest
from kbroker.protocol.messages.describe_user_scram_credentials_request import (
    DescribeUserScramCredentialsRequest,
)
from kbroker.protocol.messages.incremental_alter_configs_request import (
    AlterableConfig,
    AlterConfigsResource,
    IncrementalAlterConfigsRequest,
)
from kbroker.protocol.messages.init_producer_id_request import InitProducerIdRequest
from kbroker.protocol.messages.metadata_request import MetadataRequest, MetadataRequestTopic
from kbroker.security.scram_credentials import SCRAM_SHA_512
from kbroker.storage_format import format_storage
from tests.raft.controller_cluster import CLUSTER_ID, free_port
from tests.raft.test_controller_quorum_brokers import Controllers

BROKER_ID = 100
TOPIC_RESOURCE, BROKER_LOGGER_RESOURCE = 2, 8
SET = 0


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
            await controllers.start_all()
            config = broker_config(controllers, tmp_path)
            format_storage(config, CLUSTER_ID)
            assert written_metadata(tmp_path / "broker") == 0, "a broker's format writes no metadata of its own"
            try:
                node, bound, stop = await start_broker(nursery, config)
                try:
                    await scenario(controllers, node, bound)
                finally:
                    await stop()
                # A restart: registered again under a new broker epoch, the logs reopened, leader again.
                node, bound, stop = await start_broker(nursery, config)
                try:
                    await restarted(controllers, node)
                finally:
                    await stop()
            finally:
                await controllers.stop_all()

    async def start_broker(nursery, config):
        """A BrokerNode served until `stop()` (which returns once it has closed its storage)."""
        node = BrokerNode(config)
        scope, stopped = trio.CancelScope(), trio.Event()

        async def serve(task_status=trio.TASK_STATUS_IGNORED):
            try:
                with scope:
                    await node.serve(task_status=task_status)
            finally:
                stopped.set()

        async def stop():
            scope.cancel()
            await stopped.wait()

        bound = await nursery.start(serve)
        return node, bound[0], stop

    first_epoch = []

    async def restarted(controllers: Controllers, node: BrokerNode) -> None:
        assert node.membership.broker_epoch > first_epoch[0]
        # The clean shutdown left its broker epoch in the log dirs' markers: the proof the new incarnation sends.
        assert node.membership.lifecycle.previous_broker_epoch == first_epoch[0]
        await controllers.wait_for(lambda: {p.partition for p in node.state.partitions if p.topic == "forwarded"}
                                   == {0, 1}, "the reopened logs")
        assert "after-failover" in node.state.image.topics_by_name
        await controllers.wait_for(
            lambda: {p.leader for p in node.state.image.topics_by_name["forwarded"].partitions.values()} == {BROKER_ID},
            "leadership back on the restarted broker")
        assert {p.leader_recovery_state for p in node.state.image.topics_by_name["forwarded"].partitions.values()} \
            == {0}, "a clean election: the proof kept the broker an eligible leader replica"

    async def scenario(controllers: Controllers, node: BrokerNode, bound) -> None:
        # Serving means unfenced: every controller's image has the registration, unfenced, with the endpoint.
        registration = (await controllers.wait_for(controllers.active, "an active controller")).loader.image.brokers[
            BROKER_ID]
        assert not registration.fenced and registration.epoch == node.membership.broker_epoch
        assert registration.endpoint("PLAINTEXT").port == bound.port
        assert node.membership.lifecycle.state is LifecycleState.RUNNING
        first_epoch.append(node.membership.broker_epoch)

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

            # CreatePartitions is forwarded too; the controller checks the manual assignment.
            grown = await channels.send(BROKER_ID, CreatePartitionsRequest(topics=[
                CreatePartitionsTopic(name="forwarded", count=3, assignments=[
                    CreatePartitionsAssignment(broker_ids=[BROKER_ID, BROKER_ID + 1])]),
                CreatePartitionsTopic(name="forwarded-too", count=2, assignments=None)], timeout_ms=5000))
            assert sorted((r.name, r.error_code) for r in grown.results) == [
                ("forwarded", E.INVALID_REPLICA_ASSIGNMENT.code), ("forwarded-too", E.UNKNOWN_TOPIC_OR_PARTITION.code)]
            [refused] = [r for r in grown.results if r.name == "forwarded"]
            assert f"broker {BROKER_ID + 1}, but no such broker is registered" in refused.error_message

            # Auto-creation (Metadata for an unknown topic) sends CreateTopics to the active controller.
            asked = await channels.send(BROKER_ID, MetadataRequest(
                topics=[MetadataRequestTopic(name="auto")], allow_auto_topic_creation=True))
            assert asked.topics[0].error_code == E.UNKNOWN_TOPIC_OR_PARTITION.code
            await controllers.wait_for(lambda: "auto" in node.state.image.topics_by_name, "the auto-created topic")

            # IncrementalAlterConfigs: the topic's config goes to the controller, the logger level stays here.
            altered = await channels.send(BROKER_ID, IncrementalAlterConfigsRequest(resources=[
                AlterConfigsResource(resource_type=TOPIC_RESOURCE, resource_name="forwarded", configs=[
                    AlterableConfig(name="retention.ms", config_operation=SET, value="3600000")]),
                AlterConfigsResource(resource_type=BROKER_LOGGER_RESOURCE, resource_name=str(BROKER_ID), configs=[
                    AlterableConfig(name="kbroker.broker_membership", config_operation=SET, value="DEBUG")]),
                AlterConfigsResource(resource_type=16, resource_name="subs", configs=[  # CLIENT_METRICS
                    AlterableConfig(name="interval.ms", config_operation=SET, value="1000")])]))
            assert [(r.resource_name, r.error_code) for r in altered.responses] == \
                [("forwarded", E.NONE.code), (str(BROKER_ID), E.NONE.code), ("subs", E.NONE.code)]
            await controllers.wait_for(
                lambda: node.state.image.configs_of_topic("forwarded").get("retention.ms") == "3600000",
                "the topic config in the broker's image")
            await controllers.wait_for(
                lambda: node.state.image.client_metrics_configs.get("subs") == {"interval.ms": "1000"},
                "the client-metrics subscription in the broker's image")
            membership_logger = logging.getLogger("kbroker.broker_membership")
            assert membership_logger.level == logging.DEBUG
            membership_logger.setLevel(logging.NOTSET)

            # AlterUserScramCredentials is forwarded whole; the broker describes the credential from its image.
            salted = SCRAM_SHA_512.salted_password(b"secret", b"salt", 4096)
            scram = await channels.send(BROKER_ID, AlterUserScramCredentialsRequest(deletions=[], upsertions=[
                ScramCredentialUpsertion(name="alice", mechanism=SCRAM_SHA_512.type, iterations=4096, salt=b"salt",
                                         salted_password=salted)]))
            assert [(r.user, r.error_code) for r in scram.results] == [("alice", E.NONE.code)]
            await controllers.wait_for(lambda: "alice" in node.state.image.scram_credentials,
                                       "the credential in the broker's image")
            described = await channels.send(BROKER_ID, DescribeUserScramCredentialsRequest(users=None))
            assert [(r.user, [(i.mechanism, i.iterations) for i in r.credential_infos]) for r in described.results] \
                == [("alice", [(SCRAM_SHA_512.type, 4096)])]

            # CreateAcls is forwarded whole: controllers without an authorizer answer SECURITY_DISABLED.
            acls = await channels.send(BROKER_ID, CreateAclsRequest(creations=[AclCreation(
                resource_type=2, resource_name="forwarded", resource_pattern_type=3, principal="User:alice",
                host="*", operation=3, permission_type=3)]))
            assert [(r.error_code, r.error_message) for r in acls.results] == [
                (E.SECURITY_DISABLED.code, "No Authorizer is configured.")]
            # AlterClientQuotas is forwarded whole; the broker describes the quota from its image.
            quota = await channels.send(BROKER_ID, AlterClientQuotasRequest(entries=[QuotaEntry(
                entity=[QuotaEntity(entity_type="client-id", entity_name="c")],
                ops=[QuotaOp(key="producer_byte_rate", value=1024.0, remove=False)])], validate_only=False))
            assert [e.error_code for e in quota.entries] == [E.NONE.code]
            await controllers.wait_for(lambda: node.state.image.client_quotas, "the quota in the broker's image")
            described = await channels.send(BROKER_ID, DescribeClientQuotasRequest(components=[], strict=False))
            assert [([(e.entity_type, e.entity_name) for e in entry.entity], [(v.key, v.value) for v in entry.values])
                    for entry in described.entries] == [([("client-id", "c")], [("producer_byte_rate", 1024.0)])]

            # Producer ids come from the active controller (AllocateProducerIds).
            initialized = await channels.send(BROKER_ID, InitProducerIdRequest(
                transactional_id=None, transaction_timeout_ms=60000, producer_id=-1, producer_epoch=-1))
            assert initialized.error_code == E.NONE.code and initialized.producer_id >= 0

            # The active controller stops: the forwarded request finds the next one within its timeout.
            await controllers.stop((await controllers.wait_for(controllers.active, "an active")).config.node_id)
            created = await channels.send(BROKER_ID, CreateTopicsRequest(topics=[CreatableTopic(
                name="after-failover", num_partitions=1, replication_factor=1)], timeout_ms=5000), timeout_ms=60000)
            assert [(t.name, t.error_code) for t in created.topics] == [("after-failover", E.NONE.code)]

        # SIGTERM's path: wantShutDown heartbeats until the active controller answers shouldShutDown.
        await node.controlled_shutdown()
        lifecycle = node.membership.lifecycle
        assert lifecycle.state is LifecycleState.SHUTTING_DOWN and not lifecycle.registration_failed
        active = await controllers.wait_for(controllers.active, "an active controller")
        assert active.loader.image.brokers[BROKER_ID].fenced, "a granted controlled shutdown fences the broker"

    trio.run(main)


def test_the_partitions_follow_only_images_whose_topics_configs_or_brokers_changed():
    applied = []
    start = MetadataImage()
    follow = _on_change(applied.append, start)
    follow(attrs.evolve(start, offset=5))  # heartbeats, no-op records: the same topics, configs and registrations
    assert applied == []
    changed = attrs.evolve(start, offset=6, topic_configs={"t": {"retention.ms": "1"}})
    follow(changed)
    follow(attrs.evolve(changed, offset=7))
    assert applied == [changed]
    unfenced = attrs.evolve(changed, offset=8, brokers={})  # a registration changed: who may join an ISR
    follow(unfenced)
    assert applied == [changed, unfenced]
