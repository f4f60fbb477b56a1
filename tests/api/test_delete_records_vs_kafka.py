"""DeleteRecords: kbroker's answers next to Apache Kafka 4.3.1's for the same raw requests, in the same order, on
the same data."""

import uuid

import pytest

from kbroker.protocol.messages.delete_records_request import (
    DeleteRecordsPartition,
    DeleteRecordsRequest,
    DeleteRecordsTopic,
)
from kbroker.protocol.messages.list_offsets_request import (
    ListOffsetsPartition,
    ListOffsetsRequest,
    ListOffsetsTopic,
)

pytestmark = pytest.mark.java


def delete(target, topics, version):
    request = DeleteRecordsRequest(timeout_ms=30000, topics=[
        DeleteRecordsTopic(name=name, partitions=[DeleteRecordsPartition(partition_index=p, offset=offset)
                                                  for p, offset in partitions])
        for name, partitions in topics])
    response = target.send(request, version)
    assert response.throttle_time_ms == 0
    return sorted((topic.name, sorted((p.partition_index, p.error_code, p.low_watermark) for p in topic.partitions))
                  for topic in response.topics)


def earliest(target, name, partitions):
    request = ListOffsetsRequest(replica_id=-1, topics=[ListOffsetsTopic(name=name, partitions=[
        ListOffsetsPartition(partition_index=p, timestamp=-2) for p in range(partitions)])])
    (topic,) = target.send(request, 10).topics
    return sorted((p.partition_index, p.error_code, p.offset, p.leader_epoch) for p in topic.partitions)


@pytest.mark.parametrize("version", [0, 1, 2])
def test_sequence_of_deletions(kbroker_target, kafka_target, version):
    suffix = uuid.uuid4().hex[:8]
    data, compacted, compact_delete = f"dr-{suffix}", f"dr-compact-{suffix}", f"dr-compact-delete-{suffix}"
    for target in (kbroker_target, kafka_target):
        target.create_topic(data, 2, retention_ms=-1)
        target.create_topic(compacted, 1, cleanup_policy="compact")
        target.create_topic(compact_delete, 1, cleanup_policy="compact,delete", retention_ms=-1)
        for _ in range(5):
            target.produce(data, [(1000, None, b"x" * 10)] * 3)
        target.produce(compact_delete, [(1000, b"k", b"v")] * 2)
        # An internal topic that exists answers INVALID_TOPIC_EXCEPTION, a missing one UNKNOWN_TOPIC_OR_PARTITION;
        # the shared Apache Kafka may have __consumer_offsets from earlier tests, so both brokers get it here.
        target.ensure_group_coordinator(f"dr-group-{suffix}")
    steps = [
        [(data, [(0, 4)])],
        [(data, [(0, 2)])],                       # below the start: nothing moves
        [(data, [(0, 16)])],                      # beyond the high watermark
        [(data, [(0, -2)])],
        [(data, [(0, -1)])],                      # the high watermark
        [(data, [(1, 0), (1, 1), (7, 0)]), ("no-such-topic", [(0, 1)]), (compacted, [(0, 0)]),
         (compact_delete, [(0, 1)])],
        [(data, [(1, 0)]), (data, [(0, 15)]), ("__consumer_offsets", [(0, 0)])],
        [],
    ]
    for step in steps:
        ours, kafkas = delete(kbroker_target, step, version), delete(kafka_target, step, version)
        assert ours == kafkas, step
    for name, partitions in ((data, 2), (compact_delete, 1)):
        assert earliest(kbroker_target, name, partitions) == earliest(kafka_target, name, partitions)
    assert earliest(kbroker_target, data, 2)[0][2] == 15
