"""Three controller-only kbroker nodes (ControllerNode, a static quorum over real sockets) serve the admin requests
of their controller listener: in an Envelope, as a broker forwards them, and sent directly, as an admin client with
`bootstrap.controllers` does. What the active controller commits reaches every voter's image; a standby answers
NOT_CONTROLLER; a malformed envelope gets Kafka's error; AllocateProducerIds hands out increasing blocks that go on
after a failover."""

from __future__ import annotations

import ipaddress
import uuid

import trio

from kbroker.metadata import feature_levels
from kbroker.network.framing import encode_request
from kbroker.protocol import errors as E
from kbroker.protocol import messages, wire
from kbroker.protocol.messages.allocate_producer_ids_request import AllocateProducerIdsRequest
from kbroker.protocol.messages.alter_configs_request import AlterableConfig as LegacyConfig
from kbroker.protocol.messages.alter_configs_request import AlterConfigsRequest
from kbroker.protocol.messages.alter_configs_request import AlterConfigsResource as LegacyResource
from kbroker.protocol.messages.api_versions_request import ApiVersionsRequest
from kbroker.protocol.messages.create_topics_request import CreatableTopic, CreateTopicsRequest
from kbroker.protocol.messages.default_principal_data import DefaultPrincipalData
from kbroker.protocol.messages.delete_topics_request import DeleteTopicsRequest, DeleteTopicState
from kbroker.protocol.messages.describe_cluster_request import DescribeClusterRequest
from kbroker.protocol.messages.describe_configs_request import DescribeConfigsRequest, DescribeConfigsResource
from kbroker.protocol.messages.describe_quorum_request import DescribeQuorumRequest
from kbroker.protocol.messages.describe_quorum_request import PartitionData as DescribeQuorumPartition
from kbroker.protocol.messages.describe_quorum_request import TopicData as DescribeQuorumTopic
from kbroker.protocol.messages.envelope_request import EnvelopeRequest
from kbroker.protocol.messages.incremental_alter_configs_request import (
    AlterableConfig,
    AlterConfigsResource,
    IncrementalAlterConfigsRequest,
)
from kbroker.protocol.messages.metadata_request import MetadataRequest
from kbroker.protocol.messages.remove_raft_voter_request import RemoveRaftVoterRequest
from kbroker.protocol.messages.response_header import ResponseHeader
from kbroker.protocol.messages.update_features_request import FeatureUpdateKey, UpdateFeaturesRequest
from kbroker.raft import raft_messages as M
from tests.raft.test_controller_quorum_brokers import (
    BROKER_ID,
    CLUSTER_ID,
    VOTERS,
    Broker,
    Controllers,
    broker_config,
    run_with_controllers,
)

TOPIC_RESOURCE, BROKER_RESOURCE = 2, 4
PRINCIPAL = wire.INT16.pack(0) + DefaultPrincipalData(type="User", name="ANONYMOUS").encode(0)
LOOPBACK = ipaddress.ip_address("127.0.0.1").packed


def embedded(request, version: int, correlation_id: int = 7) -> bytes:
    """A request header and body, as a broker puts them in an Envelope."""
    return encode_request(request, version, correlation_id, "admin-client")[4:]


def envelope(request, version: int, *, principal: bytes | None = PRINCIPAL, address: bytes = LOOPBACK,
             data: bytes | None = None) -> EnvelopeRequest:
    return EnvelopeRequest(request_data=data if data is not None else embedded(request, version),
                           request_principal=principal, client_host_address=address)


def unwrapped(response_data: bytes, api_key: int, version: int):
    """(correlation id, response) of an envelope's ResponseData."""
    response_class = messages.response_class(api_key)
    header, pos = ResponseHeader.decode(response_data, 0, response_class.header_version(version))
    response, end = response_class.decode(response_data, pos, version)
    assert end == len(response_data)
    return header.correlation_id, response


def create(name: str) -> CreateTopicsRequest:
    return CreateTopicsRequest(topics=[CreatableTopic(name=name, num_partitions=2, replication_factor=1)],
                               timeout_ms=30000)


async def unfenced_broker(controllers: Controllers, channels) -> Broker:
    """A broker registered and unfenced on the active controller (so topics can be placed on it)."""
    broker = Broker(channels, broker_config())
    await controllers.nursery.start(broker.run)
    active = await controllers.wait_for(controllers.active, "an active controller")
    await controllers.wait_for(lambda: active.loader.image.brokers.get(BROKER_ID) is not None, "a registration")
    broker.applied_offset = 1 << 40
    broker.lifecycle.set_ready_to_unfence(trio.current_time())
    await controllers.wait_for(lambda: all(r is not None and not r.fenced
                                           for r in controllers.registrations().values()), "the broker unfenced")
    return broker


def topic_everywhere(controllers: Controllers, name: str, present: bool = True) -> bool:
    return all((node.loader.image.topic(name) is not None) == present for node in controllers.nodes.values())


def test_forwarded_and_direct_admin_requests_commit_on_every_voter(tmp_path):
    async def scenario(controllers: Controllers, channels) -> None:
        broker = await unfenced_broker(controllers, channels)
        try:
            await admin_requests(controllers, channels)
        finally:
            broker.stop()

    async def admin_requests(controllers: Controllers, channels) -> None:
        active = await controllers.wait_for(controllers.active, "an active controller")
        leader = active.config.node_id
        standby = next(n for n in VOTERS if n != leader)

        # A standby: the envelope itself fails with NOT_CONTROLLER (the broker forwards again elsewhere); sent
        # directly, every topic fails with NOT_CONTROLLER.
        reply = await channels.send(standby, envelope(create("t1"), 7))
        assert (reply.error_code, reply.response_data) == (E.NOT_CONTROLLER.code, None)
        direct = await channels.send(standby, create("t1"), version_cap=7)
        assert [(t.name, t.error_code, t.error_message) for t in direct.topics] == \
            [("t1", E.NOT_CONTROLLER.code, f"The active controller appears to be node {leader}.")]

        # Forwarded DescribeQuorum: NOT_LEADER_OR_FOLLOWER from a standby makes the envelope NOT_CONTROLLER.
        quorum = DescribeQuorumRequest(topics=[DescribeQuorumTopic(
            topic_name=M.METADATA_TOPIC, partitions=[DescribeQuorumPartition(partition_index=0)])])
        reply = await channels.send(standby, envelope(quorum, 2))
        assert (reply.error_code, reply.response_data) == (E.NOT_CONTROLLER.code, None)
        _, described = unwrapped((await channels.send(leader, envelope(quorum, 2))).response_data, 55, 2)
        assert M.single_partition(described).leader_id == leader

        # Forwarded CreateTopics: the inner response, under its own header, and the topic on every voter.
        reply = await channels.send(leader, envelope(create("t1"), 7))
        assert reply.error_code == E.NONE.code
        correlation_id, created = unwrapped(reply.response_data, 19, 7)
        assert correlation_id == 7
        [result] = created.topics
        assert (result.name, result.error_code, result.num_partitions, result.replication_factor) == \
            ("t1", E.NONE.code, 2, 1)
        await controllers.wait_for(lambda: topic_everywhere(controllers, "t1"), "t1 on every voter")
        topic = active.loader.image.topic("t1")
        assert result.topic_id == topic.topic_id
        assert [list(p.replicas) for p in topic.partitions.values()] == [[BROKER_ID], [BROKER_ID]]

        # Again: TOPIC_ALREADY_EXISTS inside a successful envelope; directly at an older version, the same.
        _, again = unwrapped((await channels.send(leader, envelope(create("t1"), 5))).response_data, 19, 5)
        assert [(t.error_code, t.error_message) for t in again.topics] == \
            [(E.TOPIC_ALREADY_EXISTS.code, "Topic 't1' already exists.")]
        direct = await channels.send(leader, create("t2"), version_cap=7)
        assert [(t.name, t.error_code) for t in direct.topics] == [("t2", E.NONE.code)]
        await controllers.wait_for(lambda: topic_everywhere(controllers, "t2"), "t2 on every voter")

        # IncrementalAlterConfigs forwarded, AlterConfigs sent directly: committed on every voter.
        alter = IncrementalAlterConfigsRequest(resources=[AlterConfigsResource(
            resource_type=TOPIC_RESOURCE, resource_name="t1",
            configs=[AlterableConfig(name="retention.ms", config_operation=0, value="60000")])])
        _, altered = unwrapped((await channels.send(leader, envelope(alter, 1))).response_data, 44, 1)
        assert [(r.resource_name, r.error_code) for r in altered.responses] == [("t1", E.NONE.code)]
        legacy = AlterConfigsRequest(resources=[LegacyResource(
            resource_type=TOPIC_RESOURCE, resource_name="t2",
            configs=[LegacyConfig(name="cleanup.policy", value="compact")])])
        assert [(r.resource_name, r.error_code) for r in
                (await channels.send(leader, legacy, version_cap=2)).responses] == [("t2", E.NONE.code)]
        await controllers.wait_for(lambda: all(
            dict(n.loader.image.configs_of_topic("t1")) == {"retention.ms": "60000"}
            and dict(n.loader.image.configs_of_topic("t2")) == {"cleanup.policy": "compact"}
            for n in controllers.nodes.values()), "the configs on every voter")
        # Any controller describes them from its own image.
        describe = DescribeConfigsRequest(resources=[DescribeConfigsResource(
            resource_type=TOPIC_RESOURCE, resource_name="t2", configuration_keys=["cleanup.policy"])])
        [result] = (await channels.send(standby, describe, version_cap=4)).results
        assert (result.error_code, [(c.name, c.value, c.config_source) for c in result.configs]) == \
            (E.NONE.code, [("cleanup.policy", "compact", 1)])  # DYNAMIC_TOPIC_CONFIG
        # An invalid value and a duplicated resource, as Kafka's controller answers them.
        bad = IncrementalAlterConfigsRequest(resources=[
            AlterConfigsResource(resource_type=TOPIC_RESOURCE, resource_name="t1",
                                 configs=[AlterableConfig(name="retention.ms", config_operation=0, value="x")]),
            AlterConfigsResource(resource_type=TOPIC_RESOURCE, resource_name="t2", configs=[]),
            AlterConfigsResource(resource_type=TOPIC_RESOURCE, resource_name="t2", configs=[])])
        answered = await channels.send(leader, bad, version_cap=1)
        assert sorted((r.resource_name, r.error_code) for r in answered.responses) == \
            [("t1", E.INVALID_CONFIG.code), ("t2", E.INVALID_REQUEST.code)]
        # Any broker's configs (the controller is not that broker), a resource type Kafka does not know.
        brokers = IncrementalAlterConfigsRequest(resources=[
            AlterConfigsResource(resource_type=BROKER_RESOURCE, resource_name=str(BROKER_ID),
                                 configs=[AlterableConfig(name="log.retention.bytes", config_operation=0,
                                                          value="1000")]),
            AlterConfigsResource(resource_type=BROKER_RESOURCE, resource_name="x", configs=[]),
            AlterConfigsResource(resource_type=99, resource_name="y", configs=[])])
        answered = await channels.send(leader, brokers, version_cap=1)
        assert [(r.resource_name, r.error_code, r.error_message) for r in answered.responses] == [
            ("y", E.UNSUPPORTED_VERSION.code, "Unknown resource type 99."),
            (str(BROKER_ID), E.NONE.code, None),
            ("x", E.INVALID_REQUEST.code, "Unable to parse broker name as a base 10 number.")]
        await controllers.wait_for(lambda: all(
            dict(n.loader.image.configs_of_broker(str(BROKER_ID))) == {"log.retention.bytes": "1000"}
            for n in controllers.nodes.values()), "the broker config on every voter")

        # Forwarded DeleteTopics: gone from every voter.
        delete = DeleteTopicsRequest(topics=[DeleteTopicState(name="t1", topic_id=uuid.UUID(int=0))],
                                     timeout_ms=30000)
        _, deleted = unwrapped((await channels.send(leader, envelope(delete, 6))).response_data, 20, 6)
        assert [(r.name, r.error_code) for r in deleted.responses] == [("t1", E.NONE.code)]
        await controllers.wait_for(lambda: topic_everywhere(controllers, "t1", present=False), "t1 deleted")

    run_with_controllers(tmp_path, scenario)


def test_malformed_envelopes_get_kafkas_errors(tmp_path):
    async def scenario(controllers: Controllers, channels) -> None:
        leader = (await controllers.wait_for(controllers.active, "an active controller")).config.node_id
        good = embedded(create("t"), 7)
        cases = [
            (envelope(create("t"), 7, principal=None), E.PRINCIPAL_DESERIALIZATION_FAILURE),
            (envelope(create("t"), 7, principal=b"\x00"), E.PRINCIPAL_DESERIALIZATION_FAILURE),
            (envelope(create("t"), 7, address=b"\x7f\x00\x01"), E.INVALID_REQUEST),
            (envelope(None, 0, data=b"\x03\xe7\x00\x00"), E.UNSUPPORTED_VERSION),  # API key 999
            (envelope(MetadataRequest(topics=None), 12), E.INVALID_REQUEST),  # not forwardable
            (envelope(envelope(create("t"), 7), 0), E.INVALID_REQUEST),  # an envelope in an envelope
            (envelope(None, 0, data=good[:len(good) - 3]), E.UNSUPPORTED_VERSION),  # truncated body
        ]
        for request, error in cases:
            reply = await channels.send(leader, request)
            assert (reply.error_code, reply.response_data) == (error.code, None), request
        assert all(node.loader.image.topic("t") is None for node in controllers.nodes.values())

        # KIP-853's voter changes are forwarded too; this quorum is static (kraft.version 0).
        remove = RemoveRaftVoterRequest(cluster_id=CLUSTER_ID, voter_id=leader,
                                        voter_directory_id=uuid.uuid4())
        reply = await channels.send(leader, envelope(remove, 0))
        _, removed = unwrapped(reply.response_data, 81, 0)
        assert (reply.error_code, removed.error_code, removed.error_message) == (
            E.NONE.code, E.UNSUPPORTED_VERSION.code,
            "Cluster doesn't support removing voter because the kraft.version feature is 0")
        standby = next(n for n in controllers.nodes if n != leader)
        _, removed = unwrapped((await channels.send(standby, envelope(remove, 0))).response_data, 81, 0)
        assert removed.error_code == E.NOT_LEADER_OR_FOLLOWER.code

    run_with_controllers(tmp_path, scenario)


def test_allocate_producer_ids_blocks_increase_across_a_failover(tmp_path):
    async def scenario(controllers: Controllers, channels) -> None:
        broker = Broker(channels, broker_config())
        await controllers.nursery.start(broker.run)
        try:
            await allocate(controllers, channels, broker)
        finally:
            broker.stop()

    async def allocate(controllers: Controllers, channels, broker: Broker) -> None:
        first = await controllers.wait_for(controllers.active, "an active controller")
        await controllers.wait_for(lambda: all(r is not None for r in controllers.registrations().values()),
                                   "the registration on every controller")
        epoch = broker.lifecycle.broker_epoch
        leader = first.config.node_id

        def request(broker_id=BROKER_ID, broker_epoch=epoch):
            return AllocateProducerIdsRequest(broker_id=broker_id, broker_epoch=broker_epoch)

        blocks = [await channels.send(leader, request()) for _ in range(2)]
        assert [(b.error_code, b.producer_id_start, b.producer_id_len) for b in blocks] == \
            [(0, 0, 1000), (0, 1000, 1000)]
        assert (await channels.send(leader, request(broker_epoch=epoch + 1))).error_code == \
            E.STALE_BROKER_EPOCH.code
        assert (await channels.send(leader, request(broker_id=BROKER_ID + 1))).error_code == \
            E.STALE_BROKER_EPOCH.code
        standby = next(n for n in VOTERS if n != leader)
        assert (await channels.send(standby, request())).error_code == E.NOT_CONTROLLER.code
        # Forwarded in an envelope too (AllocateProducerIds is forwardable).
        _, third = unwrapped((await channels.send(leader, envelope(request(), 0))).response_data, 67, 0)
        assert (third.error_code, third.producer_id_start) == (0, 2000)

        await controllers.stop(leader)
        second = await controllers.wait_for(controllers.active, "a new active controller")
        after = await channels.send(second.config.node_id, request())
        assert (after.error_code, after.producer_id_start, after.producer_id_len) == (0, 3000, 1000)

    run_with_controllers(tmp_path, scenario)


def test_controllers_register_themselves_and_describe_cluster_lists_them(tmp_path):
    async def scenario(controllers: Controllers, channels) -> None:
        def registered_everywhere() -> bool:
            expected = {n: node.registrar.incarnation_id for n, node in controllers.nodes.items()
                        if node.registrar is not None}
            return len(expected) == len(controllers.nodes) and all(
                {n: c.incarnation_id for n, c in node.loader.image.controllers.items() if n in expected} == expected
                for node in controllers.nodes.values())

        await controllers.wait_for(registered_everywhere, "every controller registered on every controller")
        registration = next(iter(controllers.nodes.values())).loader.image.controllers[VOTERS[0]]
        assert ("kraft.version", 0, 1) in registration.supported_features  # dynamic voters supported, as Kafka's
        leader = (await controllers.wait_for(controllers.active, "an active controller")).config.node_id
        standby = next(n for n in VOTERS if n != leader)
        described = await channels.send(standby, DescribeClusterRequest(endpoint_type=2), version_cap=2)
        assert described.controller_id == leader
        assert [(c.broker_id, c.host, c.port, c.rack, c.is_fenced) for c in described.brokers] == \
            [(n, "127.0.0.1", controllers.ports[n], None, False) for n in VOTERS]
        # ApiVersions reports the finalized features of the node's image, its offset as their epoch.
        versions = await channels.send(standby, ApiVersionsRequest(client_software_name="t",
                                                                   client_software_version="1"), version_cap=3)
        image = controllers.nodes[standby].loader.image
        assert versions.finalized_features_epoch <= image.offset and versions.finalized_features_epoch > 0
        assert sorted((f.name, f.max_version_level) for f in versions.finalized_features) == sorted(
            [("metadata.version", 30), *feature_levels.BOOTSTRAP_LEVELS.items()])
        request = controllers.nodes[standby].registrar.request()
        assert (await channels.send(standby, request)).error_code == E.NOT_CONTROLLER.code

        # UpdateFeatures, every voter registered: a standby answers NOT_CONTROLLER (as the envelope's error when
        # forwarded); the active controller commits the level, forwarded or direct, and refuses what it cannot do.
        upgrade = UpdateFeaturesRequest(feature_updates=[
            FeatureUpdateKey(feature="metadata.version", max_version_level=30, upgrade_type=1)])
        reply = await channels.send(standby, envelope(upgrade, 1))
        assert (reply.error_code, reply.response_data) == (E.NOT_CONTROLLER.code, None)
        direct = await channels.send(standby, upgrade, version_cap=2)
        assert (direct.error_code, direct.error_message) == \
            (E.NOT_CONTROLLER.code, f"The active controller appears to be node {leader}.")
        offset = controllers.nodes[leader].loader.image.offset
        _, answered = unwrapped((await channels.send(leader, envelope(upgrade, 1))).response_data, 57, 1)
        assert (answered.error_code, [(r.feature, r.error_code, r.error_message) for r in answered.results]) == \
            (E.NONE.code, [("metadata.version", E.NONE.code, "NONE")])
        assert controllers.nodes[leader].loader.image.offset > offset
        enable = UpdateFeaturesRequest(feature_updates=[
            FeatureUpdateKey(feature="test.feature.version", max_version_level=1, upgrade_type=1)])
        refused = await channels.send(leader, enable, version_cap=2)
        assert (refused.error_code, refused.error_message, refused.results) == (E.INVALID_UPDATE_VERSION.code, (
            "The update failed for all features since the following feature had an error: Invalid update version 1 "
            f"for feature test.feature.version. Local controller {leader} does not support this feature."), [])

        # A restarted controller is a new incarnation: its registration replaces the old one everywhere.
        old = controllers.nodes[standby].registrar.incarnation_id
        await controllers.stop(standby)
        await controllers.start(standby)
        await controllers.wait_for(lambda: controllers.nodes[standby].registrar is not None, "the restarted node")
        assert controllers.nodes[standby].registrar.incarnation_id != old
        await controllers.wait_for(registered_everywhere, "the new incarnation registered on every controller")

    run_with_controllers(tmp_path, scenario)
