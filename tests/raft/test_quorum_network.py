"""A KRaft quorum of 3 and 5 voters over real sockets on 127.0.0.1 (tests/raft/quorum_cluster.py): each voter is
a QuorumDriver behind a CONTROLLER listener, and they talk with Kafka's own Vote, BeginQuorumEpoch,
EndQuorumEpoch, Fetch and FetchSnapshot. A leader is elected; batches appended on it commit on a majority and
reach every node in order; a stopped or cut-off leader is replaced in a later epoch without losing a committed
batch; a restarted node catches up, from a snapshot when the log it needs is gone. No timed assertions: each
wait has a generous overall timeout and names what it waited for."""

from __future__ import annotations

import uuid

import attrs
import pytest
import trio

from kbroker.network import Address, NodeDirectory, open_channel_manager
from kbroker.network.settings import ClientSettings
from kbroker.protocol import errors as E
from kbroker.protocol.messages.describe_quorum_request import DescribeQuorumRequest
from kbroker.protocol.messages.describe_quorum_request import PartitionData as DescribeQuorumPartition
from kbroker.protocol.messages.describe_quorum_request import TopicData as DescribeQuorumTopic
from kbroker.protocol.messages.update_raft_voter_request import KRaftVersionFeature, UpdateRaftVoterRequest
from kbroker.protocol.messages.update_raft_voter_request import Listener as UpdateListener
from kbroker.raft import raft_messages as M
from kbroker.raft.client import NotLeaderError
from tests.raft.quorum_cluster import CLUSTER_ID, FAST, QuorumCluster, value_record


def run_cluster(tmp_path, voters: int, scenario, **options) -> None:
    async def main():
        async with trio.open_nursery() as nursery:
            cluster = QuorumCluster(nursery, str(tmp_path), voters, **options)
            await cluster.start_all()
            try:
                with trio.fail_after(240):  # the whole scenario, far above what it needs
                    await scenario(cluster)
            finally:
                await cluster.stop_all()

    trio.run(main)


async def append_values(cluster: QuorumCluster, values: list[str]) -> None:
    """Append each value as one batch on whoever leads, retrying on NotLeaderError during an election."""
    for value in values:
        while True:
            leader = await cluster.wait_for_leader()
            try:
                await leader.driver.append_async([value_record(value)])
                break
            except NotLeaderError:
                await trio.sleep(0.05)


async def commit_on_first_leader(cluster: QuorumCluster, count: int):
    """Wait for the first leader, commit `count` values everywhere; (that leader, its epoch, the values)."""
    leader = await cluster.wait_for_leader()
    values = [f"before-{i}" for i in range(count)]
    await append_values(cluster, values)
    await cluster.wait_for_values(values)
    return leader, leader.driver.leader_epoch, values


@pytest.mark.parametrize("voters", [3, 5])
def test_leader_elected_and_batches_reach_every_node(tmp_path, voters):
    async def scenario(cluster: QuorumCluster):
        leader = await cluster.wait_for_leader()
        values = [f"v{i}" for i in range(30)]
        await append_values(cluster, values)
        await cluster.wait_for_values(values)
        assert leader.driver.committed_offset > leader.driver.delivered_offset - 1
        followers = [m for m in cluster.running() if m is not cluster.leader()]
        assert len(followers) == voters - 1
        with pytest.raises(NotLeaderError):
            await followers[0].driver.append_async([value_record("refused")])

    run_cluster(tmp_path, voters, scenario)


def test_worker_threads_append_and_snapshot_as_the_controller_does(tmp_path):
    """The metadata layer calls `append` and `create_snapshot` from trio worker threads: append returns once the
    batch is committed and the listeners have it; a follower refuses with NotLeaderError."""
    async def scenario(cluster: QuorumCluster):
        leader = await cluster.wait_for_leader()
        follower = next(m for m in cluster.running() if m is not leader)
        last_offset = await trio.to_thread.run_sync(leader.driver.append, [value_record("from-a-thread")])
        assert leader.listener.values == ["from-a-thread"]
        assert leader.driver.committed_offset > last_offset
        with pytest.raises(NotLeaderError):
            await trio.to_thread.run_sync(follower.driver.append, [value_record("refused")])
        end = leader.driver.committed_offset
        assert await trio.to_thread.run_sync(leader.driver.create_snapshot, end, leader.driver.leader_epoch, 0,
                                             [value_record("from-a-thread")])
        assert leader.driver.disk.latest_snapshot().end_offset == end
        await cluster.wait_for_values(["from-a-thread"])

    run_cluster(tmp_path, 3, scenario)


def test_stopped_leader_is_replaced_and_catches_up_after_restart(tmp_path):
    async def scenario(cluster: QuorumCluster):
        first, old_epoch, before = await commit_on_first_leader(cluster, 10)
        await cluster.stop(first.node_id)
        second = await cluster.wait_for_leader(after_epoch=old_epoch)
        after = [f"after-{i}" for i in range(10)]
        await append_values(cluster, after)
        await cluster.wait_for_values(before + after)
        await cluster.start(first.node_id)
        await cluster.wait_for_values(before + after, list(cluster.members.values()))
        restarted = cluster.members[first.node_id]
        assert restarted.driver.leader_id == cluster.leader().node_id
        assert second.driver.leader_epoch > old_epoch

    run_cluster(tmp_path, 3, scenario)


def test_isolated_leader_resigns_and_a_later_epoch_keeps_every_committed_batch(tmp_path):
    async def scenario(cluster: QuorumCluster):
        first, old_epoch, before = await commit_on_first_leader(cluster, 5)
        await cluster.isolate(first.node_id)
        second = await cluster.wait_for_leader(after_epoch=old_epoch, excluding=first.node_id)
        await cluster.wait_for(lambda: not first.driver.is_leader, "the cut-off leader to resign (check-quorum)")
        during = [f"during-{i}" for i in range(5)]
        for value in during:
            await second.driver.append_async([value_record(value)])
        majority = [m for m in cluster.running() if m is not first]
        await cluster.wait_for_values(before + during, majority)
        cluster.heal()
        await cluster.wait_for_values(before + during)
        assert first.driver.leader_epoch >= second.driver.leader_epoch

    run_cluster(tmp_path, 3, scenario)


def test_restarted_node_fetches_the_snapshot_when_the_log_it_needs_is_gone(tmp_path):
    async def scenario(cluster: QuorumCluster):
        leader = await cluster.wait_for_leader()
        lagging = next(m for m in cluster.running() if m is not leader)
        await cluster.stop(lagging.node_id)
        values = [f"value-{i}-" + "x" * 200 for i in range(40)]  # several 2 KiB segments
        await append_values(cluster, values)
        await cluster.wait_for_values(values)
        driver = leader.driver
        end = driver.committed_offset
        assert driver.create_snapshot(end, driver.leader_epoch, 0, [value_record(v) for v in values])
        assert driver.disk.log_start_offset > 0, "the snapshot deleted no segment"
        await cluster.start(lagging.node_id)
        restarted = cluster.members[lagging.node_id]
        await cluster.wait_for(lambda: restarted.listener.snapshot_end == end, f"node {lagging.node_id} to load "
                               f"the leader's snapshot at offset {end}")
        more = ["after-snapshot"]
        await append_values(cluster, more)
        await cluster.wait_for_values(values + more)

    run_cluster(tmp_path, 3, scenario, segment_bytes=2048)


def test_controller_listener_answers_with_kafka_error_codes(tmp_path):
    async def scenario(cluster: QuorumCluster):
        leader = await cluster.wait_for_leader()
        follower = next(m for m in cluster.running() if m is not leader)
        await append_values(cluster, ["one"])
        directory = NodeDirectory({m.node_id: Address("127.0.0.1", m.port) for m in cluster.running()})
        async with open_channel_manager(directory, ClientSettings(client_id="test-admin")) as channels:
            versions = await channels.node(leader.node_id).peer_versions()
            assert sorted(versions.ranges) == [1, 18, 19, 20, 29, 30, 31, 32, 33, 37, 38, 39, 40, 43, 44, 45, 46, 49,
                                               51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 62, 63, 64, 67, 70, 73, 80, 81,
                                               82]
            assert versions.ranges[56] == (2, 3)

            describe = DescribeQuorumRequest(topics=[DescribeQuorumTopic(
                topic_name=M.METADATA_TOPIC, partitions=[DescribeQuorumPartition(partition_index=0)])])
            answer = M.single_partition(await channels.send(leader.node_id, describe))
            assert (answer.error_code, answer.leader_id, answer.leader_epoch) == \
                (E.NONE.code, leader.node_id, leader.driver.leader_epoch)
            assert sorted(v.replica_id for v in answer.current_voters) == sorted(cluster.members)
            assert answer.high_watermark == leader.driver.committed_offset
            answer = M.single_partition(await channels.send(follower.node_id, describe))
            assert answer.error_code == E.NOT_LEADER_OR_FOLLOWER.code

            epoch = leader.driver.leader_epoch
            vote = M.vote_request("another-cluster-id0000", epoch=epoch + 1, candidate=follower.node_id,
                                  voter=leader.node_id, last_epoch=epoch, last_offset=10**6, pre_vote=False)
            assert (await channels.send(leader.node_id, vote)).error_code == E.INCONSISTENT_CLUSTER_ID.code
            stale = M.begin_quorum_epoch_request(CLUSTER_ID, epoch=epoch - 1, leader=follower.node_id,
                                                 voter=leader.node_id)
            answer = M.single_partition(await channels.send(leader.node_id, stale))
            assert (answer.error_code, answer.leader_id, answer.leader_epoch) == \
                (E.FENCED_LEADER_EPOCH.code, leader.node_id, epoch)
            fetch = M.fetch_request(CLUSTER_ID, replica_id=follower.node_id, epoch=epoch, fetch_offset=0,
                                    last_fetched_epoch=0, max_wait_ms=0, max_bytes=1024)
            answer = M.single_partition(await channels.send(follower.node_id, fetch))
            assert answer.error_code == E.NOT_LEADER_OR_FOLLOWER.code
            assert (answer.current_leader.leader_id, answer.current_leader.leader_epoch) == (leader.node_id, epoch)

            # UpdateRaftVoter under kraft.version 0: kept in the leader's memory, as Kafka 4.3.1 does
            update = UpdateRaftVoterRequest(
                cluster_id=CLUSTER_ID, current_leader_epoch=epoch, voter_id=follower.node_id,
                voter_directory_id=uuid.uuid4(),
                listeners=[UpdateListener(name="CONTROLLER", host="127.0.0.1", port=follower.port)],
                k_raft_version_feature=KRaftVersionFeature(min_supported_version=0, max_supported_version=1))
            assert (await channels.send(leader.node_id, update)).error_code == E.NONE.code
            assert leader.driver.node.state.volatile_voters.get(follower.node_id).directory_id == \
                update.voter_directory_id
            assert (await channels.send(leader.node_id, attrs.evolve(update, voter_id=9))).error_code == \
                E.VOTER_NOT_FOUND.code
            assert (await channels.send(follower.node_id, update)).error_code == E.NOT_LEADER_OR_FOLLOWER.code
        assert leader.driver.is_leader and leader.driver.leader_epoch == epoch, "bad requests moved the quorum"
        await cluster.wait_for_values(["one"])

    run_cluster(tmp_path, 3, scenario)


def test_a_leader_that_resigns_before_shutting_down_is_replaced_without_a_fetch_timeout(tmp_path):
    """resign_leadership (a graceful shutdown, as Kafka's): the leader sends EndQuorumEpoch, both followers
    acknowledge it and elect a new leader in a later epoch. Their fetch timeout is ten minutes, so nothing but the
    resignation can have started that election."""
    async def scenario(cluster: QuorumCluster):
        first, old_epoch, before = await commit_on_first_leader(cluster, 3)
        assert await first.driver.resign_leadership(timeout_s=60)
        await cluster.stop(first.node_id)
        second = await cluster.wait_for_leader(after_epoch=old_epoch)
        assert second.node_id != first.node_id
        await append_values(cluster, ["after"])
        await cluster.wait_for_values([*before, "after"])

    run_cluster(tmp_path, 3, scenario, config=attrs.evolve(FAST, fetch_timeout_ms=600_000))


def test_resign_leadership_is_a_no_op_on_a_follower(tmp_path):
    async def scenario(cluster: QuorumCluster):
        leader, epoch, _ = await commit_on_first_leader(cluster, 1)
        follower = next(m for m in cluster.running() if m.node_id != leader.node_id)
        assert not await follower.driver.resign_leadership(timeout_s=60)
        assert cluster.leader().node_id == leader.node_id and leader.driver.leader_epoch == epoch

    run_cluster(tmp_path, 3, scenario)
