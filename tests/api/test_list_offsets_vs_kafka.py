"""ListOffsets: kbroker's answers next to Apache Kafka 4.3.1's for the same raw requests on the same data."""

import pytest

from kbroker.protocol.compression import GZIP
from kbroker.protocol.messages.list_offsets_request import (
    ListOffsetsPartition,
    ListOffsetsRequest,
    ListOffsetsTopic,
)

pytestmark = pytest.mark.java

BASE = 1_700_000_000_000  # record timestamps (retention.ms=-1 keeps them)
SPECIAL = [-1, -2, -3, -4, -5, -6, -7, -100]
SEARCHED = [0, BASE + 1000, BASE + 1001, BASE + 2500, BASE + 3000, BASE + 3001, BASE + 4000, BASE + 5001]


@pytest.fixture(scope="module")
def topics(kbroker_target, kafka_target):
    import uuid
    suffix = uuid.uuid4().hex[:8]
    names = {"data": f"lo-data-{suffix}", "empty": f"lo-empty-{suffix}"}
    for target in (kbroker_target, kafka_target):
        target.create_topic(names["data"], 2, retention_ms=-1)
        target.create_topic(names["empty"], 1)
        target.produce(names["data"], [(BASE + 1000, None, b"a"), (BASE + 3000, b"k", b"b"),
                                       (BASE + 2000, None, b"c")])
        target.produce(names["data"], [(BASE + 1500, None, b"d")])
        target.produce(names["data"], [(BASE + 3000, None, b"e"), (BASE + 500, None, b"f")])
        target.produce(names["data"], [(BASE + 3000, None, b"g")], partition=1)
        # A compressed batch whose largest timestamp is on a record in its middle.
        target.produce(names["data"], [(BASE + 100, None, b"h"), (BASE + 5000, None, b"i"),
                                       (BASE + 200, None, b"j")], partition=1, compression_type=GZIP)
    return names


def ask(target, topics, version, *, replica_id=-1, isolation_level=0):
    request = ListOffsetsRequest(replica_id=replica_id, isolation_level=isolation_level, topics=[
        ListOffsetsTopic(name=name, partitions=[
            ListOffsetsPartition(partition_index=p, timestamp=ts, current_leader_epoch=epoch)
            for p, ts, epoch in partitions])
        for name, partitions in topics])
    response = target.send(request, version)
    # Kafka groups its answers in hash-map order: compare them sorted.
    return sorted((topic.name, sorted((p.partition_index, p.error_code, p.timestamp, p.offset, p.leader_epoch)
                                       for p in topic.partitions))
                  for topic in response.topics)


def both(kbroker_target, kafka_target, *args, **kwargs):
    return ask(kbroker_target, *args, **kwargs), ask(kafka_target, *args, **kwargs)


@pytest.mark.parametrize("version", range(1, 12))
def test_each_timestamp_at_each_version(kbroker_target, kafka_target, topics, version):
    for name in topics.values():
        for timestamp in SPECIAL + SEARCHED:
            for partition in (0, 1) if name == topics["data"] else (0,):
                ours, kafkas = both(kbroker_target, kafka_target, [(name, [(partition, timestamp, -1)])], version)
                assert ours == kafkas, (name, partition, timestamp)


@pytest.mark.parametrize("isolation_level", [0, 1])
@pytest.mark.parametrize("replica_id", [-1, -2, 1, 7])
def test_replica_ids_and_isolation_levels(kbroker_target, kafka_target, topics, replica_id, isolation_level):
    wanted = [(topics["data"], [(0, -1, -1), (1, -2, -1)]), (topics["empty"], [(0, BASE, -1)])]
    ours, kafkas = both(kbroker_target, kafka_target, wanted, 10, replica_id=replica_id,
                        isolation_level=isolation_level)
    assert ours == kafkas


def test_unknown_isolation_level_fails_every_partition(kbroker_target, kafka_target, topics):
    wanted = [(topics["data"], [(0, -1, -1), (0, -2, -1)]), ("no-such-topic", [(3, -1, -1)])]
    ours, kafkas = both(kbroker_target, kafka_target, wanted, 10, isolation_level=7)
    assert ours == kafkas
    assert {code for _, partitions in ours for _, code, *_ in partitions} == {-1}


@pytest.mark.parametrize("current_leader_epoch", [-1, 0, 1, 5, -5])
def test_current_leader_epoch_fencing(kbroker_target, kafka_target, topics, current_leader_epoch):
    wanted = [(topics["data"], [(0, -1, current_leader_epoch), (1, BASE, current_leader_epoch)])]
    for version in (4, 9, 11):
        ours, kafkas = both(kbroker_target, kafka_target, wanted, version)
        assert ours == kafkas


def test_duplicates_unknown_topics_and_partitions(kbroker_target, kafka_target, topics):
    data = topics["data"]
    wanted = [(data, [(0, -1, -1), (1, -1, -1), (0, -2, -1), (9, -1, -1)]),
              ("no-such-topic", [(0, -1, -1)]), (topics["empty"], [(0, -1, -1)]), (data, [(1, -3, -1)])]
    for version in (1, 6, 11):
        ours, kafkas = both(kbroker_target, kafka_target, wanted, version)
        assert ours == kafkas
