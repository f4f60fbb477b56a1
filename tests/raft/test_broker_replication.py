"""Two broker-only kbroker nodes (BrokerNode) of three controller-only kbroker nodes, in one process over real
sockets, replicating a partition of replication factor 2: the leader's acks=all produce is answered once the
follower fetched the batch, the follower's copy is the leader's batch for batch, and a consumer reads it from
either broker (from the follower from Fetch v11, up to its high watermark); then failovers: the follower takes
over when its leader stops and the old leader rejoins as its follower, and librdkafka's idempotent acks=all
producer loses and doubles nothing across one."""

from __future__ import annotations

import pytest
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
from tests.raft.controller_cluster import CLUSTER_ID, VOTERS, free_port
from tests.raft.test_controller_quorum_brokers import Controllers

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


class Brokers:
    """Broker-only nodes on the controllers, each served in its own cancel scope so it can be stopped (as a killed
    process's listener and connections close) and started again on the same log dir and port."""

    def __init__(self, nursery: trio.Nursery, controllers: Controllers, tmp_path) -> None:
        self.nursery = nursery
        self.configs = {n: broker_config(controllers, tmp_path, n) for n in BROKERS}
        for config in self.configs.values():
            format_storage(config, CLUSTER_ID)
        self.nodes: dict[int, BrokerNode] = {}
        self.ports: dict[int, int] = {}
        self.scopes: dict[int, trio.CancelScope] = {}
        self.stopped: dict[int, trio.Event] = {}

    async def start(self, node_id: int) -> None:
        self.ports[node_id] = (await self.nursery.start(self._serve, node_id))[0].port

    async def _serve(self, node_id: int, *, task_status=trio.TASK_STATUS_IGNORED) -> None:
        node = self.nodes[node_id] = BrokerNode(self.configs[node_id])
        self.stopped[node_id] = trio.Event()
        try:
            with trio.CancelScope() as self.scopes[node_id]:
                await node.serve(task_status=task_status)
        finally:
            self.stopped[node_id].set()

    async def stop(self, node_id: int) -> None:
        self.scopes[node_id].cancel()
        await self.stopped[node_id].wait()

    async def stop_all(self) -> None:
        for node_id, stopped in self.stopped.items():
            if not stopped.is_set():
                await self.stop(node_id)


def run_cluster(tmp_path, scenario) -> None:
    async def main():
        async with trio.open_nursery() as nursery:
            controllers = Controllers(nursery, tmp_path)
            for node_id in VOTERS:
                await controllers.start(node_id)
            brokers = Brokers(nursery, controllers, tmp_path)
            try:
                for node_id in BROKERS:
                    await brokers.start(node_id)
                directory = NodeDirectory({n: Address("127.0.0.1", p) for n, p in brokers.ports.items()})
                async with open_channel_manager(directory, ClientSettings(client_id="test-client")) as client:
                    await scenario(controllers, brokers, client)
            finally:
                await brokers.stop_all()
                await controllers.stop_all()

    trio.run(main)


async def create_topic(client, controllers, brokers):
    """The topic (replication factor 2) created through the first broker: its topic id and each broker's
    partition, once both host it."""
    created = await client.send(BROKERS[0], CreateTopicsRequest(topics=[CreatableTopic(
        name=TOPIC, num_partitions=1, replication_factor=2)], timeout_ms=5000))
    [result] = created.topics
    assert (result.error_code, result.replication_factor) == (E.NONE.code, 2), result
    hosted = await controllers.wait_for(
        lambda: all(n.state.partitions.get(TOPIC, 0) for n in brokers.nodes.values())
        and {i: n.state.partitions.get(TOPIC, 0) for i, n in brokers.nodes.items()}, "both brokers hosting it")
    return result.topic_id, hosted


async def produce(client, node_id, topic_id, values, *, version_cap=None):
    response = await client.send(node_id, ProduceRequest(acks=-1, timeout_ms=20000, topic_data=[
        TopicProduceData(name=TOPIC, topic_id=topic_id, partition_data=[PartitionProduceData(
            index=0, records=batch(values))])]), version_cap=version_cap)
    return response, response.responses[0].partition_responses[0]


async def consume(client, node_id, topic_id):
    fetched = await client.send(node_id, FetchRequest(
        max_wait_ms=0, min_bytes=0, max_bytes=1 << 20, session_id=0, session_epoch=-1,
        topics=[FetchTopic(topic=TOPIC, topic_id=topic_id, partitions=[FetchPartition(
            partition=0, fetch_offset=0, partition_max_bytes=1 << 20)])]), version_cap=12)
    data = fetched.responses[0].partitions[0]
    assert data.error_code == E.NONE.code
    return data.high_watermark, values_of(data.records)


def test_two_kbroker_brokers_replicate_a_partition(tmp_path):
    async def scenario(controllers, brokers, client) -> None:
        topic_id, hosted = await create_topic(client, controllers, brokers)
        (leader_id,) = [i for i, p in hosted.items() if p.is_leader]
        follower_id = next(n for n in BROKERS if n != leader_id)
        leader, follower = hosted[leader_id], hosted[follower_id]
        assert follower.leader == leader_id and set(leader.isr) == set(BROKERS)

        for i in range(3):
            _, answer = await produce(client, leader_id, topic_id, [b"r%d-%d" % (i, j) for j in range(2)])
            assert (answer.error_code, answer.base_offset) == (E.NONE.code, 2 * i)
            assert follower.log_end_offset >= 2 * i + 2  # acks=all: the follower has it
        assert follower.log.read_batches() == leader.log.read_batches()

        refused, answer = await produce(client, follower_id, topic_id, [b"x"], version_cap=11)
        assert answer.error_code == E.NOT_LEADER_OR_FOLLOWER.code
        assert answer.current_leader.leader_id == leader_id
        assert [(e.node_id, e.port) for e in refused.node_endpoints] == [(leader_id, brokers.ports[leader_id])]

        await controllers.wait_for(lambda: follower.high_watermark == 6, "the follower's high watermark")
        for node_id in BROKERS:
            assert await consume(client, node_id, topic_id) == (
                6, [b"r%d-%d" % (i, j) for i in range(3) for j in range(2)])

    run_cluster(tmp_path, scenario)


def test_the_follower_takes_over_and_the_old_leader_rejoins_as_its_follower(tmp_path):
    async def scenario(controllers, brokers, client) -> None:
        topic_id, hosted = await create_topic(client, controllers, brokers)
        (old_id,) = [i for i, p in hosted.items() if p.is_leader]
        new_id = next(n for n in BROKERS if n != old_id)
        _, answer = await produce(client, old_id, topic_id, [b"a0", b"a1"])
        assert answer.error_code == E.NONE.code
        await brokers.stop(old_id)
        # the controllers fence the silent broker and elect the follower, which held every acknowledged batch
        new = hosted[new_id]
        await controllers.wait_for(lambda: new.is_leader, "the follower leading")
        assert new.isr == (new_id,) and new.leader_epoch == hosted[old_id].leader_epoch + 1
        _, answer = await produce(client, new_id, topic_id, [b"b0"])
        assert (answer.error_code, answer.base_offset) == (E.NONE.code, 2)
        await brokers.start(old_id)
        rejoined = await controllers.wait_for(lambda: brokers.nodes[old_id].state.partitions
                                              and brokers.nodes[old_id].state.partitions.get(TOPIC, 0),
                                              "the old leader hosting the partition again")
        assert not rejoined.is_leader and rejoined.leader == new_id
        await controllers.wait_for(lambda: rejoined.log_end_offset == 3, "the old leader catching up")
        assert rejoined.log.read_batches() == new.log.read_batches()
        assert rejoined.log.leader_epoch_cache.entries() == new.log.leader_epoch_cache.entries()
        assert await consume(client, new_id, topic_id) == (3, [b"a0", b"a1", b"b0"])

    run_cluster(tmp_path, scenario)


def test_an_idempotent_producer_keeps_every_message_across_a_failover(tmp_path):
    """librdkafka's idempotent acks=all producer and a consumer against the two brokers: the leader stops halfway,
    the producer finds the new leader (NOT_LEADER_OR_FOLLOWER, KIP-951 hints) and nothing is lost or doubled."""
    confluent_kafka = pytest.importorskip("confluent_kafka")

    def produce_all(producer, values):
        failures = []
        for value in values:
            producer.produce(TOPIC, value, partition=0,
                             on_delivery=lambda err, _msg: err is not None and failures.append(err))
        producer.flush(60)
        assert failures == [] and len(producer) == 0

    def consume_all(bootstrap, count):
        consumer = confluent_kafka.Consumer({"bootstrap.servers": bootstrap, "group.id": "checker",
                                             "enable.auto.commit": False})
        consumer.assign([confluent_kafka.TopicPartition(TOPIC, 0, confluent_kafka.OFFSET_BEGINNING)])
        seen = []
        while len(seen) < count:
            message = consumer.poll(30)
            assert message is not None, f"only {len(seen)} of {count} messages read back"
            assert message.error() is None, message.error()
            seen.append((message.offset(), message.value()))
        consumer.close()
        return seen

    async def scenario(controllers, brokers, client) -> None:
        _, hosted = await create_topic(client, controllers, brokers)
        (old_id,) = [i for i, p in hosted.items() if p.is_leader]
        new_id = next(n for n in BROKERS if n != old_id)
        bootstrap = ",".join(f"127.0.0.1:{brokers.ports[n]}" for n in BROKERS)
        producer = confluent_kafka.Producer({"bootstrap.servers": bootstrap, "enable.idempotence": True,
                                             "acks": "all", "message.timeout.ms": 30000, "linger.ms": 0})
        first = [b"m%02d" % i for i in range(20)]
        second = [b"m%02d" % i for i in range(20, 40)]
        await trio.to_thread.run_sync(produce_all, producer, first)
        await brokers.stop(old_id)
        # the same producer goes on while the controllers fence the old leader and elect the follower
        await trio.to_thread.run_sync(produce_all, producer, second)
        assert hosted[new_id].is_leader
        seen = await trio.to_thread.run_sync(consume_all, f"127.0.0.1:{brokers.ports[new_id]}", 40)
        assert seen == list(enumerate(first + second))

    run_cluster(tmp_path, scenario)
