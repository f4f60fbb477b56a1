"""A dynamic KRaft quorum (KIP-853) over real sockets (tests/raft/quorum_cluster.py with `dynamic`): node 1 is
formatted as `--standalone`, nodes 2 and 3 know only controller.quorum.bootstrap.servers and find the leader as
observers. AddRaftVoter makes them voters one at a time, an UpdateRaftVoter naming a wrong endpoint is corrected
by the voter's own UpdateRaftVoter, RemoveRaftVoter of the leader makes it resign and the
remaining voters elect a new leader, a restarted voter reads its voters from its log, with Kafka's errors for a duplicate voter, an unknown one, a change while
another is pending and a request sent to a node that does not lead. No timed assertions: each wait has a
generous overall timeout and names what it waited for."""

from __future__ import annotations

import json
import os

import attrs

from kbroker.kafka_uuid import kafka_uuid_string
from kbroker.network import Address, NodeDirectory, open_channel_manager
from kbroker.network.settings import ClientSettings
from kbroker.protocol import errors as E
from kbroker.protocol.messages.add_raft_voter_request import AddRaftVoterRequest, Listener
from kbroker.protocol.messages.describe_quorum_request import DescribeQuorumRequest
from kbroker.protocol.messages.describe_quorum_request import PartitionData as DescribeQuorumPartition
from kbroker.protocol.messages.describe_quorum_request import TopicData as DescribeQuorumTopic
from kbroker.protocol.messages.remove_raft_voter_request import RemoveRaftVoterRequest
from kbroker.protocol.messages.update_raft_voter_request import KRaftVersionFeature, UpdateRaftVoterRequest
from kbroker.protocol.messages.update_raft_voter_request import Listener as UpdateListener
from kbroker.raft import raft_messages as M
from tests.raft.quorum_cluster import CLUSTER_ID, Member, QuorumCluster
from tests.raft.test_quorum_network import append_values, run_cluster


def add_request(member: Member) -> AddRaftVoterRequest:
    return AddRaftVoterRequest(cluster_id=CLUSTER_ID, timeout_ms=30_000, voter_id=member.node_id,
                               voter_directory_id=member.directory_id,
                               listeners=[Listener(name="CONTROLLER", host="127.0.0.1", port=member.port)])


def remove_request(member: Member) -> RemoveRaftVoterRequest:
    return RemoveRaftVoterRequest(cluster_id=CLUSTER_ID, voter_id=member.node_id,
                                  voter_directory_id=member.directory_id)


DESCRIBE = DescribeQuorumRequest(topics=[DescribeQuorumTopic(
    topic_name=M.METADATA_TOPIC, partitions=[DescribeQuorumPartition(partition_index=0)])])


def test_observers_are_added_as_voters_and_the_leader_removes_itself(tmp_path):
    async def scenario(cluster: QuorumCluster):
        first, second, third = (cluster.members[n] for n in (1, 2, 3))
        assert await cluster.wait_for_leader() is first
        await append_values(cluster, ["before"])
        await cluster.wait_for_values(["before"])  # the observers found the leader through the bootstrap server
        assert not second.driver.node.is_voter and second.driver.leader_id == 1
        directory = NodeDirectory({m.node_id: Address("127.0.0.1", m.port) for m in cluster.running()})
        async with open_channel_manager(directory, ClientSettings(client_id="test-admin",
                                                                  request_timeout_ms=30_000)) as channels:
            answer = await channels.send(1, add_request(second))
            assert (answer.error_code, answer.error_message) == (E.NONE.code, None)
            await cluster.wait_for(lambda: all(m.driver.node.voters == {1, 2} for m in cluster.running()),
                                   "voters {1, 2} on every node")
            assert second.driver.node.is_voter and not third.driver.node.is_voter

            answer = await channels.send(1, add_request(second))
            assert answer.error_code == E.DUPLICATE_VOTER.code
            assert answer.error_message == (
                f"The voter id for ReplicaKey(id=2, directoryId={kafka_uuid_string(second.directory_id)}) is already "
                f"part of the set of voters [ReplicaKey(id=1, directoryId={kafka_uuid_string(first.directory_id)}), "
                f"ReplicaKey(id=2, directoryId={kafka_uuid_string(second.directory_id)})].")
            answer = await channels.send(2, add_request(third))
            assert answer.error_code == E.NOT_LEADER_OR_FOLLOWER.code
            answer = await channels.send(1, RemoveRaftVoterRequest(cluster_id=CLUSTER_ID, voter_id=3,
                                                                   voter_directory_id=third.directory_id))
            assert answer.error_code == E.VOTER_NOT_FOUND.code

            answer = await channels.send(1, add_request(third))
            assert answer.error_code == E.NONE.code
            await cluster.wait_for(lambda: all(m.driver.node.voters == {1, 2, 3} for m in cluster.running()),
                                   "voters {1, 2, 3} on every node")
            await append_values(cluster, ["three voters"])
            await cluster.wait_for_values(["before", "three voters"])
            response = await channels.send(1, DESCRIBE)
            described = M.single_partition(response)
            assert sorted(v.replica_id for v in described.current_voters) == [1, 2, 3]
            assert [(n.node_id, [(x.name, x.port) for x in n.listeners]) for n in response.nodes] == \
                [(m.node_id, [("CONTROLLER", m.port)]) for m in (first, second, third)]

            epoch = first.driver.leader_epoch
            update = UpdateRaftVoterRequest(
                cluster_id=CLUSTER_ID, current_leader_epoch=epoch, voter_id=2, voter_directory_id=second.directory_id,
                listeners=[UpdateListener(name="CONTROLLER", host="localhost", port=second.port)],
                k_raft_version_feature=KRaftVersionFeature(min_supported_version=0, max_supported_version=1))
            answer = await channels.send(1, update)
            assert (answer.error_code, answer.current_leader.leader_id, answer.current_leader.leader_epoch,
                    answer.current_leader.port) == (E.NONE.code, 1, epoch, first.port)

            def told_back():  # node 2, a voter, tells the leader the endpoint it really serves (UpdateRaftVoter)
                entries = [voters.get(2).endpoints for _, voters in first.driver.node.history.entries()
                           if voters.get(2) is not None]
                return (("CONTROLLER", "localhost", second.port),) in entries \
                    and entries[-1] == (("CONTROLLER", "127.0.0.1", second.port),)
            await cluster.wait_for(told_back, "node 2 correcting the endpoint the admin set")
            stale = attrs.evolve(update, current_leader_epoch=epoch - 1)
            assert (await channels.send(1, stale)).error_code == E.FENCED_LEADER_EPOCH.code
            unknown = attrs.evolve(update, voter_id=4)
            assert (await channels.send(1, unknown)).error_code == E.VOTER_NOT_FOUND.code

            answer = await channels.send(1, remove_request(first))
            assert answer.error_code == E.NONE.code
            leader = await cluster.wait_for_leader(after_epoch=epoch, excluding=1)
            assert leader.driver.node.voters == {2, 3}
            await cluster.wait_for(lambda: first.driver.leader_id == leader.node_id,
                                   "the removed leader following the new one")
            assert not first.driver.node.is_voter
            described = M.single_partition(await channels.send(leader.node_id, DESCRIBE))
            assert sorted(v.replica_id for v in described.current_voters) == [2, 3]
            assert [o.replica_id for o in described.observers] == [1]
        await append_values(cluster, ["after"])
        await cluster.wait_for_values(["before", "three voters", "after"])

        # A voter restarted over its log dir takes its voter set from the log again.
        follower = next(m for m in (second, third) if not m.driver.is_leader)
        await cluster.stop(follower.node_id)
        await cluster.start(follower.node_id)
        assert follower.driver.node.voters == {2, 3} and follower.driver.node.is_voter
        with open(os.path.join(follower.log_dir, "__cluster_metadata-0", "quorum-state")) as f:
            assert json.load(f)["data_version"] == 1
        await append_values(cluster, ["restarted"])
        await cluster.wait_for_values(["before", "three voters", "after", "restarted"])

    run_cluster(tmp_path, 3, scenario, dynamic=True)
