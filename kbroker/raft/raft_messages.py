"""Builders and readers for the KRaft RPCs of the one metadata partition (Kafka's RaftUtil, reduced).

Every KRaft request and response carries one topic (`__cluster_metadata`) with one partition (0); these
helpers build the generated message classes with that shape, and `single_partition` pulls the partition out
of a request or response, or returns None when the shape is wrong (the caller answers INVALID_REQUEST).
"""

from __future__ import annotations

import uuid

from kbroker.protocol import errors
from kbroker.protocol.messages import begin_quorum_epoch_request as bqe_req
from kbroker.protocol.messages import begin_quorum_epoch_response as bqe_resp
from kbroker.protocol.messages import describe_quorum_response as dq_resp
from kbroker.protocol.messages import end_quorum_epoch_request as eqe_req
from kbroker.protocol.messages import end_quorum_epoch_response as eqe_resp
from kbroker.protocol.messages import fetch_request as fetch_req
from kbroker.protocol.messages import fetch_response as fetch_resp
from kbroker.protocol.messages import fetch_snapshot_request as fs_req
from kbroker.protocol.messages import fetch_snapshot_response as fs_resp
from kbroker.protocol.messages import vote_request as vote_req
from kbroker.protocol.messages import vote_response as vote_resp
from kbroker.protocol.wire import ZERO_UUID

METADATA_TOPIC = "__cluster_metadata"
METADATA_TOPIC_ID = uuid.UUID(int=1)  # Kafka's Topic.CLUSTER_METADATA_TOPIC_ID


def single_partition(message):
    """The one partition of a KRaft request/response, or None when it is not exactly one metadata partition."""
    topics = getattr(message, "topics", None)
    if topics is None:
        topics = message.responses
    if len(topics) != 1:
        return None
    topic = topics[0]
    name = getattr(topic, "topic_name", None) or getattr(topic, "topic", None) or getattr(topic, "name", None)
    if name and name != METADATA_TOPIC:
        return None
    partitions = topic.partitions
    if len(partitions) != 1:
        return None
    partition = partitions[0]
    index = getattr(partition, "partition_index", getattr(partition, "partition", getattr(partition, "index", 0)))
    return partition if index == 0 else None


def vote_request(cluster_id: str, *, epoch: int, candidate: int, voter: int, last_epoch: int, last_offset: int,
                 pre_vote: bool, candidate_directory: uuid.UUID = ZERO_UUID,
                 voter_directory: uuid.UUID = ZERO_UUID) -> vote_req.VoteRequest:
    partition = vote_req.PartitionData(partition_index=0, replica_epoch=epoch, replica_id=candidate,
                                       replica_directory_id=candidate_directory, voter_directory_id=voter_directory,
                                       last_offset_epoch=last_epoch, last_offset=last_offset, pre_vote=pre_vote)
    return vote_req.VoteRequest(cluster_id=cluster_id, voter_id=voter,
                                topics=[vote_req.TopicData(topic_name=METADATA_TOPIC, partitions=[partition])])


def vote_response(error: int, *, epoch: int = 0, leader_id: int = -1, granted: bool = False,
                  top_level_error: int = 0) -> vote_resp.VoteResponse:
    if top_level_error:
        return vote_resp.VoteResponse(error_code=top_level_error)
    partition = vote_resp.PartitionData(partition_index=0, error_code=error, leader_id=leader_id,
                                        leader_epoch=epoch, vote_granted=granted)
    return vote_resp.VoteResponse(topics=[vote_resp.TopicData(topic_name=METADATA_TOPIC, partitions=[partition])])


def begin_quorum_epoch_request(cluster_id: str, *, epoch: int, leader: int,
                               voter: int) -> bqe_req.BeginQuorumEpochRequest:
    partition = bqe_req.PartitionData(partition_index=0, leader_id=leader, leader_epoch=epoch)
    return bqe_req.BeginQuorumEpochRequest(
        cluster_id=cluster_id, voter_id=voter,
        topics=[bqe_req.TopicData(topic_name=METADATA_TOPIC, partitions=[partition])])


def begin_quorum_epoch_response(error: int, *, epoch: int = 0, leader_id: int = -1,
                                top_level_error: int = 0) -> bqe_resp.BeginQuorumEpochResponse:
    if top_level_error:
        return bqe_resp.BeginQuorumEpochResponse(error_code=top_level_error)
    partition = bqe_resp.PartitionData(partition_index=0, error_code=error, leader_id=leader_id, leader_epoch=epoch)
    return bqe_resp.BeginQuorumEpochResponse(
        topics=[bqe_resp.TopicData(topic_name=METADATA_TOPIC, partitions=[partition])])


def end_quorum_epoch_request(cluster_id: str, *, epoch: int, leader: int,
                             preferred_successors: list[int]) -> eqe_req.EndQuorumEpochRequest:
    partition = eqe_req.PartitionData(
        partition_index=0, leader_id=leader, leader_epoch=epoch, preferred_successors=list(preferred_successors),
        preferred_candidates=[eqe_req.ReplicaInfo(candidate_id=c) for c in preferred_successors])
    return eqe_req.EndQuorumEpochRequest(
        cluster_id=cluster_id, topics=[eqe_req.TopicData(topic_name=METADATA_TOPIC, partitions=[partition])])


def end_quorum_epoch_response(error: int, *, epoch: int = 0, leader_id: int = -1,
                              top_level_error: int = 0) -> eqe_resp.EndQuorumEpochResponse:
    if top_level_error:
        return eqe_resp.EndQuorumEpochResponse(error_code=top_level_error)
    partition = eqe_resp.PartitionData(partition_index=0, error_code=error, leader_id=leader_id, leader_epoch=epoch)
    return eqe_resp.EndQuorumEpochResponse(
        topics=[eqe_resp.TopicData(topic_name=METADATA_TOPIC, partitions=[partition])])


def fetch_request(cluster_id: str, *, replica_id: int, epoch: int, fetch_offset: int, last_fetched_epoch: int,
                  max_wait_ms: int, max_bytes: int, directory_id: uuid.UUID = ZERO_UUID) -> fetch_req.FetchRequest:
    partition = fetch_req.FetchPartition(partition=0, current_leader_epoch=epoch, fetch_offset=fetch_offset,
                                         last_fetched_epoch=last_fetched_epoch, partition_max_bytes=max_bytes,
                                         replica_directory_id=directory_id)
    return fetch_req.FetchRequest(
        cluster_id=cluster_id,  # the replica is named in ReplicaState since v15 (KIP-903)
        replica_state=fetch_req.ReplicaState(replica_id=replica_id, replica_epoch=-1),
        max_wait_ms=max_wait_ms, min_bytes=1, max_bytes=max_bytes,
        topics=[fetch_req.FetchTopic(topic=METADATA_TOPIC, topic_id=METADATA_TOPIC_ID, partitions=[partition])])


def fetch_response(error: int, *, epoch: int, leader_id: int, high_watermark: int = -1, log_start_offset: int = -1,
                   records: bytes | None = None, diverging: tuple[int, int] | None = None,
                   snapshot: tuple[int, int] | None = None, top_level_error: int = 0) -> fetch_resp.FetchResponse:
    if top_level_error:
        return fetch_resp.FetchResponse(error_code=top_level_error)
    partition = fetch_resp.PartitionData(
        partition_index=0, error_code=error, high_watermark=high_watermark, log_start_offset=log_start_offset,
        current_leader=fetch_resp.LeaderIdAndEpoch(leader_id=leader_id, leader_epoch=epoch), records=records)
    if diverging is not None:
        partition.diverging_epoch = fetch_resp.EpochEndOffset(epoch=diverging[1], end_offset=diverging[0])
    if snapshot is not None:
        partition.snapshot_id = fetch_resp.SnapshotId(end_offset=snapshot[0], epoch=snapshot[1])
    return fetch_resp.FetchResponse(responses=[fetch_resp.FetchableTopicResponse(
        topic=METADATA_TOPIC, topic_id=METADATA_TOPIC_ID, partitions=[partition])])


def fetch_snapshot_request(cluster_id: str, *, replica_id: int, epoch: int, snapshot: tuple[int, int],
                           position: int, max_bytes: int) -> fs_req.FetchSnapshotRequest:
    partition = fs_req.PartitionSnapshot(partition=0, current_leader_epoch=epoch, position=position,
                                         snapshot_id=fs_req.SnapshotId(end_offset=snapshot[0], epoch=snapshot[1]))
    return fs_req.FetchSnapshotRequest(cluster_id=cluster_id, replica_id=replica_id, max_bytes=max_bytes,
                                       topics=[fs_req.TopicSnapshot(name=METADATA_TOPIC, partitions=[partition])])


def fetch_snapshot_response(error: int, *, epoch: int, leader_id: int, snapshot: tuple[int, int] = (-1, -1),
                            size: int = 0, position: int = 0, chunk: bytes | None = None,
                            top_level_error: int = 0) -> fs_resp.FetchSnapshotResponse:
    if top_level_error:
        return fs_resp.FetchSnapshotResponse(error_code=top_level_error)
    partition = fs_resp.PartitionSnapshot(
        index=0, error_code=error, snapshot_id=fs_resp.SnapshotId(end_offset=snapshot[0], epoch=snapshot[1]),
        current_leader=fs_resp.LeaderIdAndEpoch(leader_id=leader_id, leader_epoch=epoch), size=size,
        position=position, unaligned_records=chunk if chunk is not None else b"")
    return fs_resp.FetchSnapshotResponse(topics=[fs_resp.TopicSnapshot(name=METADATA_TOPIC, partitions=[partition])])


def describe_quorum_error(request, error: errors.KafkaError) -> dq_resp.DescribeQuorumResponse:
    """`error` for every partition the request names, as Kafka's DescribeQuorumRequest
    .getPartitionLevelErrorResponse answers: the request's topic names and partition indexes, the error's
    default message, every other field at its default (leader id 0, no voters, no Nodes)."""
    return dq_resp.DescribeQuorumResponse(topics=[dq_resp.TopicData(topic_name=topic.topic_name, partitions=[
        dq_resp.PartitionData(partition_index=partition.partition_index, error_code=error.code,
                              error_message=error.message) for partition in topic.partitions])
        for topic in request.topics])


def describe_quorum_response(error: int, *, leader_id: int = -1, epoch: int = 0, high_watermark: int = -1,
                             voters: list[tuple] = (), observers: list[tuple] = (),
                             top_level_error: int = 0) -> dq_resp.DescribeQuorumResponse:
    """Replicas as (id, log end offset, last fetch ms, last caught-up ms[, directory id])."""
    if top_level_error:
        return dq_resp.DescribeQuorumResponse(error_code=top_level_error)

    def states(replicas):
        return [dq_resp.ReplicaState(replica_id=r, log_end_offset=end, last_fetch_timestamp=fetched,
                                     last_caught_up_timestamp=caught_up,
                                     replica_directory_id=directory[0] if directory else ZERO_UUID)
                for r, end, fetched, caught_up, *directory in replicas]

    partition = dq_resp.PartitionData(partition_index=0, error_code=error, leader_id=leader_id, leader_epoch=epoch,
                                      high_watermark=high_watermark, current_voters=states(voters),
                                      observers=states(observers))
    return dq_resp.DescribeQuorumResponse(
        topics=[dq_resp.TopicData(topic_name=METADATA_TOPIC, partitions=[partition])])


DIRECTORY_IDS_VERSION = 2  # DescribeQuorumResponse's ReplicaDirectoryId (KIP-853)


def describe_quorum_at_version(response: dq_resp.DescribeQuorumResponse, version: int):
    """`response` as it can be sent at `version`: without directory ids below v2, as Kafka's RaftUtil builds it."""
    if version < DIRECTORY_IDS_VERSION:
        for topic in response.topics:
            for partition in topic.partitions:
                for replica in (*partition.current_voters, *partition.observers):
                    replica.replica_directory_id = ZERO_UUID
    return response
