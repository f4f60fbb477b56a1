"""ElectLeaders (key 43), v0-v2: preferred (0) and unclean (1) leader elections, answered as Kafka 4.3's
controller does (ReplicationControlManager.electLeaders, reached through the broker's forwarding).

- Per partition: an unknown topic or partition is UNKNOWN_TOPIC_OR_PARTITION ("No such topic as t", "No such
  partition as t-p"); a preferred election where the first replica already leads, or an unclean one where the
  partition has a leader, is ELECTION_NOT_NEEDED with Kafka's default message.
- TopicPartitions null means every partition of every topic (internal ones included); partitions whose
  election is not needed are then left out, so each topic appears with the others only.
- An election type other than 0 and 1 (v1+; v0 is always preferred) fails the request: top-level and
  per-partition INVALID_REQUEST, "Unknown election type N" (ElectLeadersRequest.getErrorResponse).
- The top-level ErrorCode (v1+) is NONE otherwise; ThrottleTimeMs 0; TimeoutMs is not needed.
Single node: the only broker leads every partition it hosts, so no election ever changes a leader. Were the
first replica not the leader (it cannot be here), the preferred election answers PREFERRED_LEADER_NOT_AVAILABLE
and an unclean election of a leaderless partition ELIGIBLE_LEADERS_NOT_AVAILABLE: kbroker's controller has no
leader-change operation to offer.
"""

from __future__ import annotations

from kbroker.api import authz
from kbroker.api.context import RequestContext
from kbroker.metadata.image import NO_LEADER, MetadataImage
from kbroker.protocol import errors
from kbroker.protocol.messages.elect_leaders_response import (
    ElectLeadersResponse,
    PartitionResult,
    ReplicaElectionResult,
)

API_KEY = 43
MIN_VERSION = 0
MAX_VERSION = 2

PREFERRED, UNCLEAN = 0, 1
TOP_LEVEL_ERROR_VERSION = 1


def elect(image: MetadataImage, topic: str, index: int, election_type: int) -> tuple[int, str]:
    """(error code, message) of one partition's election."""
    if image.topic(topic) is None:
        return errors.UNKNOWN_TOPIC_OR_PARTITION.code, f"No such topic as {topic}"
    registration = image.partition(topic, index)
    if registration is None:
        return errors.UNKNOWN_TOPIC_OR_PARTITION.code, f"No such partition as {topic}-{index}"
    if election_type == PREFERRED:
        if registration.replicas and registration.leader == registration.replicas[0]:
            return errors.ELECTION_NOT_NEEDED.code, errors.ELECTION_NOT_NEEDED.message
        return errors.PREFERRED_LEADER_NOT_AVAILABLE.code, errors.PREFERRED_LEADER_NOT_AVAILABLE.message
    if registration.leader != NO_LEADER:
        return errors.ELECTION_NOT_NEEDED.code, errors.ELECTION_NOT_NEEDED.message
    return errors.ELIGIBLE_LEADERS_NOT_AVAILABLE.code, errors.ELIGIBLE_LEADERS_NOT_AVAILABLE.message


def _response(version: int, code: int, results: list[ReplicaElectionResult]) -> ElectLeadersResponse:
    # v0 has no top-level error code: its field must stay at the default there.
    return ElectLeadersResponse(throttle_time_ms=0, replica_election_results=results,
                                error_code=code if version >= TOP_LEVEL_ERROR_VERSION else 0)


async def handle(ctx: RequestContext, request) -> ElectLeadersResponse:
    version = ctx.api_version
    election_type = request.election_type
    if election_type not in (PREFERRED, UNCLEAN):
        message = f"Unknown election type {election_type}"
        code = errors.INVALID_REQUEST.code
        return _response(version, code, [
            ReplicaElectionResult(topic=topic.topic, partition_result=[
                PartitionResult(partition_id=index, error_code=code, error_message=message)
                for index in topic.partitions])
            for topic in request.topic_partitions or ()])
    if not authz.cluster_allowed(ctx, authz.ALTER):
        code = errors.CLUSTER_AUTHORIZATION_FAILED.code
        return _response(version, code, [
            ReplicaElectionResult(topic=topic.topic, partition_result=[
                PartitionResult(partition_id=index, error_code=code, error_message=None) for index in topic.partitions])
            for topic in request.topic_partitions or ()])
    image = ctx.state.image
    results = []
    if request.topic_partitions is None:
        for name, topic in sorted(image.topics_by_name.items()):
            outcomes = [(index, *elect(image, name, index, election_type)) for index in sorted(topic.partitions)]
            results.append(ReplicaElectionResult(topic=name, partition_result=[
                PartitionResult(partition_id=index, error_code=code, error_message=message)
                for index, code, message in outcomes if code != errors.ELECTION_NOT_NEEDED.code]))
    else:
        for topic in request.topic_partitions:
            results.append(ReplicaElectionResult(topic=topic.topic, partition_result=[
                PartitionResult(partition_id=index, error_code=code, error_message=message)
                for index in topic.partitions
                for code, message in [elect(image, topic.topic, index, election_type)]]))
    return _response(version, errors.NONE.code, results)
