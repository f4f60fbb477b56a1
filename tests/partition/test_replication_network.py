"""Two brokers' partition layers replicating over real sockets: each node serves Fetch/Produce/ListOffsets from
its PartitionManager behind a ConnectionServer, follows a hand-built metadata image, and runs replica fetchers
through a ChannelManager. Covers acks=all completing through the follower's fetches, the follower's copy being
the leader's batch for batch, truncation of a divergent suffix, and the errors a non-leader answers."""

import functools
import uuid

import attrs
import trio

from kbroker import server
from kbroker.api.registry import Registry
from kbroker.api.state import BrokerState, Clock
from kbroker.log.config import LogConfig
from kbroker.log.log import Log
from kbroker.log.partition_metadata import PartitionMetadataFile
from kbroker.metadata.image import (
    BrokerRegistration,
    Endpoint,
    MetadataImage,
    PartitionRegistration,
    TopicImage,
)
from kbroker.network import Address, ClientSettings, NodeDirectory, open_channel_manager
from kbroker.partition.manager import PartitionManager
from kbroker.partition.replication import run_replication
from kbroker.protocol import errors, wire
from kbroker.protocol import records as R
from kbroker.protocol.messages.alter_partition_request import AlterPartitionRequest
from kbroker.protocol.messages.alter_partition_response import AlterPartitionResponse
from kbroker.protocol.messages.alter_partition_response import PartitionData as AlterPartitionData
from kbroker.protocol.messages.alter_partition_response import TopicData as AlterTopicData
from kbroker.protocol.messages.fetch_request import FetchPartition, FetchRequest, FetchTopic
from kbroker.protocol.messages.produce_request import PartitionProduceData, ProduceRequest, TopicProduceData
from kbroker.testing import broker_config

TOPIC = "replicated"
TOPIC_ID = uuid.UUID(int=0xABC)
LISTENER = "PLAINTEXT"
LAG_MS = 10_000
GUARD_S = 60  # a hang fails the test instead of blocking the run; no assertion depends on time


def batch(n, *, tag=b"v", epoch=-1, base_offset=0):
    return R.build_batch([(1_700_000_000_000 + i, None, tag + b"%d" % i) for i in range(n)],
                         base_offset=base_offset, partition_leader_epoch=epoch)


@attrs.define
class FixedMetadata:
    """What the Fetch / Produce / ListOffsets handlers read of the metadata service: the current image."""

    image: MetadataImage


@attrs.define
class Member:
    node_id: int
    config: object
    state: BrokerState
    manager: PartitionManager
    port: int = 0


def image_with(nodes, registration: PartitionRegistration) -> MetadataImage:
    brokers = {n.node_id: BrokerRegistration(n.node_id, 10 + n.node_id, uuid.UUID(int=n.node_id),
                                             (Endpoint(LISTENER, "127.0.0.1", n.port, 0),), (), None, False, False,
                                             ()) for n in nodes}
    topic = TopicImage(TOPIC, TOPIC_ID, {0: registration})
    return MetadataImage(offset=1, epoch=1, brokers=brokers, topics_by_id={TOPIC_ID: topic},
                         topics_by_name={TOPIC: topic})


class ShiftedClock(Clock):
    """Wall-clock time plus `shift_ms`, for a test to move a node past replica.lag.time.max.ms at once."""

    shift_ms = 0

    def time_ms(self) -> int:
        return super().time_ms() + self.shift_ms


def make_node(tmp_path, node_id) -> Member:
    config = broker_config(tmp_path / f"node{node_id}", {"node.id": node_id, "replica.fetch.wait.max.ms": 200,
                                                          "replica.fetch.backoff.ms": 50,
                                                          "replica.lag.time.max.ms": LAG_MS})
    state = BrokerState(config, ShiftedClock())
    manager = PartitionManager(config, time_ms=state.clock.time_ms)
    state.partitions = manager
    return Member(node_id, config, state, manager)


class Controller:
    """Answers AlterPartition as an active controller that accepts every proposal (partition epoch + 1)."""

    def __init__(self):
        self.requests = []

    async def send(self, request):
        writer = wire.Writer()  # as on the wire, at the version Kafka 4 controllers serve
        request.encode_into(writer, 3)
        request, _ = AlterPartitionRequest.decode(writer.getvalue(), 0, 3)
        self.requests.append(request)
        return AlterPartitionResponse(topics=[AlterTopicData(topic_id=t.topic_id, partitions=[AlterPartitionData(
            partition_index=p.partition_index, error_code=NONE, leader_id=request.broker_id,
            leader_epoch=p.leader_epoch, isr=[b.broker_id for b in p.new_isr_with_epochs],
            partition_epoch=p.partition_epoch + 1)
            for p in t.partitions]) for t in request.topics])


async def start_nodes(nursery, nodes, registry, controller):
    """Bind and serve every node's listener and start its replication (fetchers, AlterPartition)."""
    for node in nodes:
        connections = server.ConnectionServer(node.config, node.state, registry)
        sockets, bound = await server.open_listener(node.config.listeners[0], -1)
        node.port = bound.port
        node.state.bound[LISTENER] = (bound.host, bound.port)
        nursery.start_soon(functools.partial(trio.serve_listeners, functools.partial(connections.serve, bound),
                                             sockets))
        await nursery.start(functools.partial(run_replication, node.manager, node.config,
                                              broker_epoch=lambda n=node: 10 + n.node_id,
                                              send_to_controller=controller.send))


def follow(nodes, image):
    for node in nodes:
        node.state.metadata = FixedMetadata(image)
        if node.manager._started:
            node.manager.apply_image(image)
        else:
            node.manager.startup(image)


async def wait_until(partition, condition):
    while not condition():
        await partition.wait_for_change()


async def produce(client, node_id, data, *, acks=-1, timeout_ms=20_000):
    request = ProduceRequest(acks=acks, timeout_ms=timeout_ms, topic_data=[TopicProduceData(
        name=TOPIC, partition_data=[PartitionProduceData(index=0, records=bytes(data))])])
    response = await client.send(node_id, request, version_cap=11)
    return response, response.responses[0].partition_responses[0]


async def consumer_fetch(client, node_id, offset, *, version=12):
    request = FetchRequest(max_wait_ms=0, min_bytes=0, max_bytes=1 << 20, session_id=0, session_epoch=-1,
                           topics=[FetchTopic(topic=TOPIC, topic_id=TOPIC_ID, partitions=[FetchPartition(
                               partition=0, fetch_offset=offset, partition_max_bytes=1 << 20)])])
    response = await client.send(node_id, request, version_cap=version)
    return response, response.responses[0].partitions[0]


def run_cluster(tmp_path, body, *, node_ids=(1, 2), prepare=None):
    registry = Registry.discover()

    controller = Controller()

    async def main():
        nodes = [make_node(tmp_path, i) for i in node_ids]
        if prepare is not None:
            prepare(nodes)
        with trio.fail_after(GUARD_S):
            async with open_channel_manager(NodeDirectory(), ClientSettings(client_id="test-client")) as client:
                async with trio.open_nursery() as nursery:
                    await start_nodes(nursery, nodes, registry, controller)
                    for node in nodes:
                        client.directory.set(node.node_id, Address("127.0.0.1", node.port))
                    try:
                        await body(nodes, client, controller)
                    finally:
                        nursery.cancel_scope.cancel()
        for node in nodes:
            node.manager.shutdown()

    trio.run(main)


NONE = errors.NONE.code
NOT_LEADER_OR_FOLLOWER = errors.NOT_LEADER_OR_FOLLOWER.code


def values_of(batches):
    return [rec.value for b in batches for view in R.iter_batches(memoryview(b)) for rec in view.records()]


def test_acks_all_answers_once_the_follower_has_the_batch(tmp_path):
    async def body(nodes, client, controller):
        follow(nodes, image_with(nodes, PartitionRegistration(0, (1, 2), (1, 2), 1, 0, 0)))
        leader, follower = (n.manager.get(TOPIC, 0) for n in nodes)
        assert leader.is_leader and not follower.is_leader
        for i in range(3):
            _, answer = await produce(client, 1, batch(4, tag=b"b%d-" % i))
            assert (answer.error_code, answer.base_offset) == (NONE, 4 * i)
            # answered only after the follower fetched past the batch, which moved the high watermark
            assert follower.log_end_offset >= 4 * i + 4
        await wait_until(follower, lambda: follower.high_watermark == 12)
        assert follower.log.read_batches() == leader.log.read_batches()
        # a consumer may read from the follower from Fetch v11 (up to its HW), not before
        _, data = await consumer_fetch(client, 2, 0)
        assert (data.error_code, data.high_watermark) == (NONE, 12)
        assert len(values_of([bytes(data.records)])) == 12
        _, data = await consumer_fetch(client, 2, 0, version=10)
        assert data.error_code == NOT_LEADER_OR_FOLLOWER

    run_cluster(tmp_path, body)


def test_leadership_moves_and_the_old_leader_follows(tmp_path):
    async def body(nodes, client, controller):
        first = PartitionRegistration(0, (1, 2), (1, 2), 1, 0, 0)
        follow(nodes, image_with(nodes, first))
        _, answer = await produce(client, 1, batch(2, tag=b"before"))
        assert answer.error_code == NONE
        follow(nodes, image_with(nodes, attrs.evolve(first, leader=2, leader_epoch=1, partition_epoch=1)))
        old, new = (n.manager.get(TOPIC, 0) for n in nodes)
        assert new.is_leader and not old.is_leader
        # the old leader refuses produce with a KIP-951 hint naming the new leader and its endpoint
        response, refused = await produce(client, 1, batch(1))
        assert refused.error_code == NOT_LEADER_OR_FOLLOWER
        assert (refused.current_leader.leader_id, refused.current_leader.leader_epoch) == (2, 1)
        assert [(e.node_id, e.port) for e in response.node_endpoints] == [(2, nodes[1].port)]
        # a fetch at the old epoch is fenced, with the same hint (Fetch v16+)
        request = FetchRequest(max_wait_ms=0, min_bytes=0, max_bytes=1 << 20, session_id=0, session_epoch=-1,
                               topics=[FetchTopic(topic_id=TOPIC_ID, partitions=[FetchPartition(
                                   partition=0, fetch_offset=0, current_leader_epoch=0,
                                   partition_max_bytes=1 << 20)])])
        response = await client.send(1, request, version_cap=17)
        (data,) = response.responses[0].partitions
        assert data.error_code == errors.FENCED_LEADER_EPOCH.code
        assert (data.current_leader.leader_id, data.current_leader.leader_epoch) == (2, 1)
        assert [(e.node_id, e.port) for e in response.node_endpoints] == [(2, nodes[1].port)]
        _, answer = await produce(client, 2, batch(3, tag=b"after"))
        assert (answer.error_code, answer.base_offset) == (NONE, 2)
        assert old.log.read_batches() == new.log.read_batches()
        assert old.log.leader_epoch_cache.entries() == [(0, 0), (1, 2)]

    run_cluster(tmp_path, body)


def write_log(node, batches):
    """A partition log as an earlier run left it: (records, leader epoch) appended as leader."""
    directory = node.config.log_dirs[0] + f"/{TOPIC}-0"
    log_ = Log.open(directory, LogConfig(), clock=node.state.clock.time_ms, topic=TOPIC, partition=0)
    for data, epoch in batches:
        log_.append_as_leader(data, epoch)
    log_.close()
    PartitionMetadataFile(directory).write(TOPIC_ID)


def test_follower_truncates_its_divergent_suffix(tmp_path):
    def prepare(nodes):
        # node 1 led epoch 2 after node 2's epoch 1, whose last batch node 1 never got
        write_log(nodes[0], [(batch(3, tag=b"both"), 0), (batch(2, tag=b"kept"), 2)])
        write_log(nodes[1], [(batch(3, tag=b"both"), 0), (batch(4, tag=b"lost"), 1)])

    async def body(nodes, client, controller):
        leader, follower = (None, None)
        follow(nodes, image_with(nodes, PartitionRegistration(0, (1, 2), (1, 2), 1, 2, 2)))
        leader, follower = (n.manager.get(TOPIC, 0) for n in nodes)
        assert follower.log_end_offset == 7
        _, answer = await produce(client, 1, batch(1, tag=b"new"))
        assert (answer.error_code, answer.base_offset) == (NONE, 5)
        assert follower.log.read_batches() == leader.log.read_batches()
        assert not any(v.startswith(b"lost") for v in values_of(follower.log.read_batches()))
        assert follower.log.leader_epoch_cache.entries() == [(0, 0), (2, 3)]

    run_cluster(tmp_path, body, prepare=prepare)


def test_fetch_from_a_broker_that_is_not_a_replica(tmp_path):
    async def body(nodes, client, controller):
        follow(nodes, image_with(nodes, PartitionRegistration(0, (1, 2), (1, 2), 1, 0, 0)))
        request = FetchRequest(max_wait_ms=0, min_bytes=0, max_bytes=1 << 20, session_id=0, session_epoch=-1,
                               replica_id=3, topics=[FetchTopic(topic=TOPIC, partitions=[FetchPartition(
                                   partition=0, fetch_offset=0, partition_max_bytes=1 << 20)])])
        response = await client.send(1, request, version_cap=12)
        assert response.responses[0].partitions[0].error_code == NOT_LEADER_OR_FOLLOWER
        # and a follower's own fetch sent to the follower
        request.replica_id = 1
        response = await client.send(2, request, version_cap=12)
        assert response.responses[0].partitions[0].error_code == NOT_LEADER_OR_FOLLOWER

    run_cluster(tmp_path, body)


async def follower_stops_after(nodes, client, data):
    """Node 1 leads, node 2 follows; `data` is produced with acks=all, then node 2 stops fetching."""
    image = image_with(nodes, PartitionRegistration(0, (1, 2), (1, 2), 1, 0, 0))
    follow(nodes, image)
    leader, follower = (n.manager.get(TOPIC, 0) for n in nodes)
    _, answer = await produce(client, 1, data)
    assert answer.error_code == NONE
    nodes[1].manager.replica_fetchers.update(image, {})
    return image, leader, follower


def test_isr_shrinks_without_the_follower_and_expands_when_it_is_back(tmp_path):
    async def body(nodes, client, controller):
        image, leader, follower = await follower_stops_after(nodes, client, batch(2))
        _, answer = await produce(client, 1, batch(1), timeout_ms=300)
        assert answer.error_code == errors.REQUEST_TIMED_OUT.code
        assert leader.high_watermark == 2
        nodes[0].state.clock.shift_ms = LAG_MS + 1
        assert nodes[0].manager.shrink_isrs() == 1
        await wait_until(leader, lambda: leader.isr == (1,))
        (request,) = controller.requests
        assert (request.broker_id, request.broker_epoch) == (1, 11)
        (proposal,) = request.topics[0].partitions
        assert (proposal.leader_epoch, proposal.partition_epoch) == (0, 0)
        assert [(b.broker_id, b.broker_epoch) for b in proposal.new_isr_with_epochs] == [(1, 11)]
        # alone in the ISR, the leader's HW is its log end: the batch that timed out is committed now
        assert leader.high_watermark == 3 and leader.partition_epoch == 1
        _, answer = await produce(client, 1, batch(1))
        assert (answer.error_code, answer.base_offset) == (NONE, 3)
        # the follower fetches again, catches up and is proposed back into the ISR (with its broker epoch)
        nodes[1].manager.replica_fetchers.update(image, {(TOPIC, 0): follower})
        await wait_until(leader, lambda: leader.isr == (1, 2))
        proposal = controller.requests[-1].topics[0].partitions[0]
        assert [(b.broker_id, b.broker_epoch) for b in proposal.new_isr_with_epochs] == [(1, 11), (2, 12)]
        assert proposal.partition_epoch == 1 and leader.partition_epoch == 2
        await wait_until(follower, lambda: follower.high_watermark == 4)
        assert follower.log.read_batches() == leader.log.read_batches()

    run_cluster(tmp_path, body)


def test_consumers_never_read_above_the_high_watermark(tmp_path):
    async def body(nodes, client, controller):
        image, leader, follower = await follower_stops_after(nodes, client, batch(2, tag=b"seen"))
        _, answer = await produce(client, 1, batch(3, tag=b"unreplicated"), acks=1)
        assert (answer.error_code, answer.base_offset) == (NONE, 2)  # acks=1: answered at once
        assert (leader.log_end_offset, leader.high_watermark) == (5, 2)
        _, data = await consumer_fetch(client, 1, 0)
        assert data.high_watermark == 2 and values_of([bytes(data.records)]) == [b"seen0", b"seen1"]
        _, data = await consumer_fetch(client, 1, 2)
        assert data.error_code == NONE and len(data.records) == 0
        nodes[1].manager.replica_fetchers.update(image, {(TOPIC, 0): follower})
        await wait_until(leader, lambda: leader.high_watermark == 5)
        _, data = await consumer_fetch(client, 1, 2)
        assert values_of([bytes(data.records)]) == [b"unreplicated%d" % i for i in range(3)]

    run_cluster(tmp_path, body)
