"""OffsetForLeaderEpoch: kbroker's answers next to Apache Kafka 4.3.1's for the same raw requests."""

import uuid

import pytest

from kbroker.protocol.messages.offset_for_leader_epoch_request import (
    OffsetForLeaderEpochRequest,
    OffsetForLeaderPartition,
    OffsetForLeaderTopic,
)

pytestmark = pytest.mark.java


@pytest.fixture(scope="module")
def topics(kbroker_target, kafka_target):
    suffix = uuid.uuid4().hex[:8]
    names = {"data": f"ofle-data-{suffix}", "empty": f"ofle-empty-{suffix}"}
    for target in (kbroker_target, kafka_target):
        target.create_topic(names["data"], 2, retention_ms=-1)
        target.create_topic(names["empty"], 1)
        for _ in range(3):
            target.produce(names["data"], [(1000, None, b"v"), (2000, None, b"w")])
    return names


def ask(target, topics, version, replica_id=-1):
    request = OffsetForLeaderEpochRequest(replica_id=replica_id, topics=[
        OffsetForLeaderTopic(topic=name, partitions=[
            OffsetForLeaderPartition(partition=p, current_leader_epoch=current, leader_epoch=epoch)
            for p, current, epoch in partitions])
        for name, partitions in topics])
    return target.send(request, version)


@pytest.mark.parametrize("version", [2, 3, 4])
@pytest.mark.parametrize("replica_id", [-1, -2, 1, 3])
def test_epochs_fencing_and_unknown_partitions(kbroker_target, kafka_target, topics, version, replica_id):
    data, empty = topics["data"], topics["empty"]
    wanted = [(data, [(0, -1, 0), (0, -1, 1), (0, -1, -1), (0, -1, 7), (0, 0, 0), (0, 1, 0), (0, -3, 0),
                      (1, -1, 0), (4, -1, 0)]),
              (empty, [(0, -1, 0), (0, -1, 1), (0, 0, 0)]),
              ("no-such-topic", [(0, -1, 0)]),
              (data, [(0, -1, 0)])]
    ours = ask(kbroker_target, wanted, version, replica_id)
    kafkas = ask(kafka_target, wanted, version, replica_id)
    assert ours == kafkas
    assert ours.topics[0].partitions[0].end_offset == 6
