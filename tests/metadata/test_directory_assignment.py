"""KIP-858 on the controller: AssignReplicasToDirs sets a replica's directory (and its errors), and a heartbeat
reporting a log dir offline takes the broker's replicas there out of leadership and the ISRs and leaves the dir
out of the broker's registration."""

import uuid

from cluster_helpers import MetadataLog, dir_id, heartbeat, registration

from kbroker.protocol import errors
from kbroker.protocol.messages.assign_replicas_to_dirs_request import (
    AssignReplicasToDirsRequest,
    DirectoryData,
    PartitionData,
    TopicData,
)


def joined_with_two_dirs(log: MetadataLog, broker_id: int) -> int:
    epoch = log.register(registration(broker_id, log_dirs=[dir_id(broker_id, 0), dir_id(broker_id, 1)])
                         ).response.broker_epoch
    assert not log.heartbeat(heartbeat(broker_id, epoch, log.image.offset)).response.is_fenced
    return epoch


def assign(log: MetadataLog, broker_id: int, epoch: int, directory: uuid.UUID, topic_id: uuid.UUID, *partitions):
    request = AssignReplicasToDirsRequest(broker_id=broker_id, broker_epoch=epoch, directories=[DirectoryData(
        id=directory, topics=[TopicData(topic_id=topic_id, partitions=[PartitionData(partition_index=p)
                                                                      for p in partitions])])])
    outcome = log.control.assign_replicas_to_dirs(log.image, request)
    log.commit(outcome.records)
    return outcome.response


def test_a_replica_is_assigned_to_the_dir_its_broker_names():
    log = MetadataLog()
    epochs = {b: joined_with_two_dirs(log, b) for b in (1, 2)}
    topic_id = log.create_topic("t", {0: [1, 2], 1: [2, 1]})
    answer = assign(log, 1, epochs[1], dir_id(1, 1), topic_id, 0, 1, 7)
    codes = [(p.partition_index, p.error_code) for p in answer.directories[0].topics[0].partitions]
    assert answer.error_code == 0
    assert codes == [(0, 0), (1, 0), (7, errors.UNKNOWN_TOPIC_OR_PARTITION.code)]
    assert log.partition("t", 0).directories == (dir_id(1, 1), dir_id(2))
    assert log.partition("t", 1).directories == (dir_id(2), dir_id(1, 1))
    assert log.partition("t", 0).leader == 1  # an online dir: nothing else changes
    unknown = assign(log, 1, epochs[1], dir_id(1, 1), uuid.uuid4(), 0)
    assert unknown.directories[0].topics[0].partitions[0].error_code == errors.UNKNOWN_TOPIC_ID.code
    stale = assign(log, 1, epochs[1] - 1, dir_id(1, 1), topic_id, 0)
    assert stale.error_code == errors.STALE_BROKER_EPOCH.code
    log.create_topic("other", {0: [2]})
    not_a_replica = assign(log, 1, epochs[1], dir_id(1, 1), log.image.topic("other").topic_id, 0)
    assert not_a_replica.directories[0].topics[0].partitions[0].error_code == errors.NOT_LEADER_OR_FOLLOWER.code


def test_an_offline_dir_moves_leadership_off_its_replicas():
    log = MetadataLog()
    epochs = {b: joined_with_two_dirs(log, b) for b in (1, 2)}
    topic_id = log.create_topic("t", {0: [1, 2], 1: [1, 2]})
    assign(log, 1, epochs[1], dir_id(1, 1), topic_id, 1)  # partition 0 stays in dir 0, partition 1 in dir 1
    request = heartbeat(1, epochs[1], log.image.offset)
    request.offline_log_dirs = [dir_id(1, 1)]
    assert log.heartbeat(request).response.error_code == 0
    moved = log.partition("t", 1)
    assert (moved.leader, moved.isr) == (2, (2,))
    kept = log.partition("t", 0)
    assert (kept.leader, kept.isr) == (1, (1, 2))
    assert log.image.brokers[1].log_dirs == (dir_id(1, 0),)
    # reported again: nothing new to do
    before = log.image.offset
    log.heartbeat(request)
    assert log.image.offset == before
