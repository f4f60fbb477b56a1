"""Two broker-only kbroker nodes (BrokerNode) of three controller-only kbroker nodes, in one process over real
sockets, replicating a partition of replication factor 2: the leader's acks=all produce is answered once the
follower fetched the batch, the follower's copy is the leader's batch for batch, and a consumer reads it from
either broker (from the follower from Fetch v11, up to its high watermark)."""

from __future__ import annotations

import trio

from kbroker.broker_node import BrokerNode
from kbroker.config import BrokerConfig
from kbroker.network import Address, ClientSettings, NodeDirectory, open_channel_manager
from kbroker.protocol import errors as E
from kbroker.protocol import records as R
from kbroker.protocol.messages.create_topics_request import CreatableTopic, CreateTopicsRequest
from kbroker.protocol.messages.fetch_request import FetchPartition, FetchRequest, FetchTopic
from kbroker.protocol.messages.produce_request import PartitionProduceData, ProduceRequest, TopicProduceData
from kbroker.storage_format import format_storage
from tests.raft.test_controller_quorum_brokers import CLUSTER_ID, VOTERS, Controllers, free_port

BROKERS = (100, 101)
TOPIC = "replicated"


def broker_config(controllers: Controllers, tmp_path, node_id: int) -> BrokerConfig:
    return BrokerConfig.from_properties({
        "process.roles": "broker", "node.id": str(node_id),
        "controller.quorum.voters": ",".join(f"{n}@127.0.0.1:{p}" for n, p in controllers.ports.items()),
        "listeners": f"PLAINTEXT://127.0.0.1:{free_port()}", "controller.listener.names": "CONTROLLER",
        "listener.security.protocol.map": "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT",
        "log.dirs": str(tmp_path / f"broker-{node_id}"), "broker.heartbeat.interval.ms": "100",
        "controller.quorum.retry.backoff.ms": "20", "controller.quorum.fetch.timeout.ms": "1200",
        "replica.fetch.wait.max.ms": "200"})


def batch(values):
    return bytes(R.build_batch([(1_700_000_000_000, None, v) for v in values]))


def values_of(records) -> list[bytes]:
    return [rec.value for b in R.iter_batches(memoryview(bytes(records))) for rec in b.records()]


def test_two_kbroker_brokers_replicate_a_partition(tmp_path):
    async def main():
        async with trio.open_nursery() as nursery:
            controllers = Controllers(nursery, tmp_path)
            for node_id in VOTERS:
                await controllers.start(node_id)
            nodes, scopes, ports = {}, [], {}
            for node_id in BROKERS:
                config = broker_config(controllers, tmp_path, node_id)
                format_storage(config, CLUSTER_ID)
                node = nodes[node_id] = BrokerNode(config)
                scope = trio.CancelScope()
                scopes.append(scope)

                async def serve(node=node, scope=scope, task_status=trio.TASK_STATUS_IGNORED):
                    with scope:
                        await node.serve(task_status=task_status)

                ports[node_id] = (await nursery.start(serve))[0].port
            try:
                await scenario(controllers, nodes, ports)
            finally:
                for scope in scopes:
                    scope.cancel()
                await controllers.stop_all()

    async def scenario(controllers, nodes, ports) -> None:
        directory = NodeDirectory({n: Address("127.0.0.1", p) for n, p in ports.items()})
        async with open_channel_manager(directory, ClientSettings(client_id="test-client")) as client:
            created = await client.send(BROKERS[0], CreateTopicsRequest(topics=[CreatableTopic(
                name=TOPIC, num_partitions=1, replication_factor=2)], timeout_ms=5000))
            [result] = created.topics
            assert (result.error_code, result.replication_factor) == (E.NONE.code, 2), result
            hosted = await controllers.wait_for(
                lambda: all(n.state.partitions.get(TOPIC, 0) for n in nodes.values())
                and {n: n.state.partitions.get(TOPIC, 0) for n in nodes.values()}, "both brokers hosting it")
            leaders = [node_id for node_id, node in nodes.items() if hosted[node].is_leader]
            assert len(leaders) == 1
            leader_id = leaders[0]
            follower_id = next(n for n in BROKERS if n != leader_id)
            leader, follower = hosted[nodes[leader_id]], hosted[nodes[follower_id]]
            assert follower.leader == leader_id and set(leader.isr) == set(BROKERS)

            for i in range(3):
                response = await client.send(leader_id, ProduceRequest(acks=-1, timeout_ms=20000, topic_data=[
                    TopicProduceData(name=TOPIC, topic_id=result.topic_id, partition_data=[PartitionProduceData(
                        index=0, records=batch([b"r%d-%d" % (i, j) for j in range(2)]))])]))
                answer = response.responses[0].partition_responses[0]
                assert (answer.error_code, answer.base_offset) == (E.NONE.code, 2 * i)
                assert follower.log_end_offset >= 2 * i + 2  # acks=all: the follower has it
            assert follower.log.read_batches() == leader.log.read_batches()

            refused = await client.send(follower_id, ProduceRequest(acks=-1, timeout_ms=20000, topic_data=[
                TopicProduceData(name=TOPIC, topic_id=result.topic_id, partition_data=[PartitionProduceData(index=0, records=batch([b"x"]))])]),
                version_cap=11)
            answer = refused.responses[0].partition_responses[0]
            assert answer.error_code == E.NOT_LEADER_OR_FOLLOWER.code
            assert answer.current_leader.leader_id == leader_id
            assert [(e.node_id, e.port) for e in refused.node_endpoints] == [(leader_id, ports[leader_id])]

            await controllers.wait_for(lambda: follower.high_watermark == 6, "the follower's high watermark")
            for node_id in BROKERS:
                fetched = await client.send(node_id, FetchRequest(
                    max_wait_ms=0, min_bytes=0, max_bytes=1 << 20, session_id=0, session_epoch=-1,
                    topics=[FetchTopic(topic=TOPIC, topic_id=result.topic_id, partitions=[FetchPartition(
                        partition=0, fetch_offset=0, partition_max_bytes=1 << 20)])]), version_cap=12)
                data = fetched.responses[0].partitions[0]
                assert (data.error_code, data.high_watermark) == (E.NONE.code, 6)
                assert values_of(data.records) == [b"r%d-%d" % (i, j) for i in range(3) for j in range(2)]

    trio.run(main)
