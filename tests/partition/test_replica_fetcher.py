"""The replica fetcher's handling of a leader's answers, partition by partition: records appended with the HW and
log start offset, a diverging epoch truncated, OFFSET_OUT_OF_RANGE resolved with ListOffsets to the leader,
FENCED_LEADER_EPOCH parking the partition, other errors backing it off, answers to an older request ignored."""

import uuid

import pytest
import trio
import trio.testing

from kbroker.log.config import LogConfig
from kbroker.log.log import Log
from kbroker.metadata.image import MetadataImage, PartitionRegistration
from kbroker.partition.partition import Partition
from kbroker.partition.replica_fetcher import FetcherSettings, ReplicaFetcher
from kbroker.partition.replication_quota import ReplicationQuota
from kbroker.protocol import errors, wire
from kbroker.protocol import records as R
from kbroker.protocol.messages.fetch_response import (
    EpochEndOffset,
    FetchableTopicResponse,
    FetchResponse,
    PartitionData,
)
from kbroker.protocol.messages.list_offsets_request import ListOffsetsRequest
from kbroker.protocol.messages.list_offsets_response import (
    ListOffsetsPartitionResponse,
    ListOffsetsResponse,
    ListOffsetsTopicResponse,
)
from tests.log.log_helpers import START_MS, VirtualClock

TOPIC_ID = uuid.UUID(int=3)
LEADER = 2
KEY = ("t", 0)


def batch(n, *, epoch, base_offset=0, tag=b"v"):
    return R.build_batch([(START_MS + i, None, tag + b"%d" % i) for i in range(n)], base_offset=base_offset,
                         partition_leader_epoch=epoch)


class LeaderOffsets:
    """Answers the fetcher's ListOffsets as the leader: -1 is the latest offset, -2 the earliest."""

    def __init__(self, earliest, latest):
        self.offsets = {-2: earliest, -1: latest}
        self.asked = []

    async def send(self, node_id, request, *, version_cap=None, timeout_ms=None):
        writer = wire.Writer()  # as on the wire, at the version a Kafka 4 leader answers
        request.encode_into(writer, ListOffsetsRequest.HIGHEST_VERSION)
        request, _ = ListOffsetsRequest.decode(writer.getvalue(), 0, ListOffsetsRequest.HIGHEST_VERSION)
        (topic,) = request.topics
        (p,) = topic.partitions
        self.asked.append((node_id, request.replica_id, p.timestamp, p.current_leader_epoch))
        return ListOffsetsResponse(topics=[ListOffsetsTopicResponse(name=topic.name, partitions=[
            ListOffsetsPartitionResponse(partition_index=p.partition_index, error_code=errors.NONE.code,
                                         offset=self.offsets[p.timestamp])])])


@pytest.fixture
def follower(tmp_path):
    log_ = Log.open(str(tmp_path / "t-0"), LogConfig(), clock=VirtualClock())
    partition = Partition("t", 0, TOPIC_ID, log_, PartitionRegistration(0, (1, 2), (1, 2), LEADER, 4, 0), node_id=1)
    yield partition
    log_.close()


def fetcher_of(partition, channels=None):
    fetcher = ReplicaFetcher(LEADER, channels, FetcherSettings(replica_id=1, backoff_ms=1000), lambda: 7)
    fetcher.add(partition)
    return fetcher


def answer(**data):
    return FetchResponse(responses=[FetchableTopicResponse(topic_id=TOPIC_ID, partitions=[
        PartitionData(partition_index=0, **data)])])


def process(fetcher, response, sent=None):
    request, asked = fetcher.build_request(0.0, 18) if sent is None else (None, sent)
    trio.run(fetcher.process_response, response, asked, clock=trio.testing.MockClock(autojump_threshold=0))
    return request


def test_request_names_the_replica_its_epochs_and_offsets(follower):
    follower.append_as_follower(batch(3, epoch=3))
    fetcher = fetcher_of(follower)
    request, sent = fetcher.build_request(0.0, 18)
    assert (request.replica_state.replica_id, request.replica_state.replica_epoch, request.replica_id) == (1, 7, -1)
    (partition,) = request.topics[0].partitions
    assert (partition.fetch_offset, partition.current_leader_epoch, partition.last_fetched_epoch) == (3, 4, 3)
    old, _ = fetcher.build_request(0.0, 14)
    assert (old.replica_id, old.replica_state.replica_id) == (1, -1)
    assert sent == {KEY: (3, 4)}


def test_records_are_appended_with_the_leaders_hw_and_log_start(follower):
    fetcher = fetcher_of(follower)
    process(fetcher, answer(high_watermark=2, log_start_offset=0, records=bytes(batch(3, epoch=4))))
    assert (follower.log_end_offset, follower.high_watermark) == (3, 2)
    state = fetcher.partitions[KEY]
    assert (state.fetch_offset, state.last_fetched_epoch) == (3, 4)


def test_a_diverging_epoch_truncates(follower):
    follower.append_as_follower(batch(2, epoch=1) + batch(3, epoch=3, base_offset=2))
    fetcher = fetcher_of(follower)
    process(fetcher, answer(high_watermark=2, diverging_epoch=EpochEndOffset(epoch=1, end_offset=2), records=b""))
    assert follower.log_end_offset == 2
    state = fetcher.partitions[KEY]
    assert (state.fetch_offset, state.last_fetched_epoch) == (2, 1)


def test_out_of_range_above_the_leaders_end_truncates_to_it(follower):
    follower.append_as_follower(batch(2, epoch=1) + batch(3, epoch=3, base_offset=2))
    channels = LeaderOffsets(earliest=0, latest=2)
    fetcher = fetcher_of(follower, channels)
    process(fetcher, answer(error_code=errors.OFFSET_OUT_OF_RANGE.code))
    assert follower.log_end_offset == 2 and fetcher.partitions[KEY].fetch_offset == 2
    assert channels.asked == [(LEADER, 1, -1, 4)]


def test_out_of_range_below_the_leaders_start_starts_the_log_there(follower):
    follower.append_as_follower(batch(2, epoch=1))
    channels = LeaderOffsets(earliest=50, latest=60)
    fetcher = fetcher_of(follower, channels)
    process(fetcher, answer(error_code=errors.OFFSET_OUT_OF_RANGE.code))
    assert (follower.log_start_offset, follower.log_end_offset, follower.high_watermark) == (50, 50, 50)
    assert fetcher.partitions[KEY].fetch_offset == 50


def test_fenced_epoch_parks_the_partition_and_other_errors_back_off(follower):
    fetcher = fetcher_of(follower)
    process(fetcher, answer(error_code=errors.NOT_LEADER_OR_FOLLOWER.code))
    state = fetcher.partitions[KEY]
    assert not state.fenced and not state.ready(0.0) and state.ready(1.0)
    process(fetcher, answer(error_code=errors.FENCED_LEADER_EPOCH.code), sent={KEY: (0, 4)})
    assert state.fenced and not state.ready(1e9)
    assert fetcher.build_request(1e9, 18) == (None, {})


def test_an_answer_to_an_older_request_is_ignored(follower):
    fetcher = fetcher_of(follower)
    process(fetcher, answer(high_watermark=0, records=bytes(batch(1, epoch=4))), sent={KEY: (0, 3)})
    assert follower.log_end_offset == 0


def test_a_throttled_partition_behind_the_leader_waits_while_the_follower_quota_is_exceeded(follower):
    now = [0]
    quota = ReplicationQuota("follower", 1, lambda: now[0])
    quota.update(MetadataImage(broker_configs={"1": {"follower.replication.throttled.rate": "10"}},
                               topic_configs={"t": {"follower.replication.throttled.replicas": "0:1"}}))
    fetcher = ReplicaFetcher(LEADER, None, FetcherSettings(replica_id=1), lambda: 7, quota=quota)
    fetcher.add(follower)
    process(fetcher, answer(high_watermark=10, log_start_offset=0, records=bytes(batch(3, epoch=4))))
    assert quota.is_quota_exceeded()  # the appended batch was recorded
    assert fetcher.build_request(0.0, 18) == (None, {})
    now[0] += 60_000  # the samples have left the window
    assert fetcher.build_request(0.0, 18)[1] == {KEY: (3, 4)}
    process(fetcher, answer(high_watermark=6, log_start_offset=0, records=bytes(batch(3, epoch=4, base_offset=3))))
    assert quota.is_quota_exceeded()
    # caught up with the leader's high watermark: in sync, no longer held back
    assert fetcher.build_request(0.0, 18)[1] == {KEY: (6, 4)}


def test_fetches_after_the_first_go_in_the_leaders_session_with_only_what_changed(follower, tmp_path):
    other_log = Log.open(str(tmp_path / "t-1"), LogConfig(), clock=VirtualClock())
    other = Partition("t", 1, TOPIC_ID, other_log, PartitionRegistration(0, (1, 2), (1, 2), LEADER, 4, 0), node_id=1)
    fetcher = fetcher_of(follower)
    fetcher.add(other)
    first, sent = fetcher.build_request(0.0, 18)
    assert (first.session_id, first.session_epoch) == (0, 0)
    assert sorted(p.partition for p in first.topics[0].partitions) == [0, 1]
    session_answer = answer(high_watermark=0, log_start_offset=0, records=bytes(batch(3, epoch=4)))
    session_answer.session_id = 5
    trio.run(fetcher.process_response, session_answer, sent)
    second, sent = fetcher.build_request(0.0, 18)
    assert (second.session_id, second.session_epoch, second.forgotten_topics_data) == (5, 1, [])
    assert [(p.partition, p.fetch_offset) for p in second.topics[0].partitions] == [(0, 3)]
    assert sent == {KEY: (3, 4), ("t", 1): (0, 4)}  # what the leader reads: the session holds partition 1
    fenced = FetchResponse(session_id=5, responses=[FetchableTopicResponse(topic_id=TOPIC_ID, partitions=[
        PartitionData(partition_index=1, error_code=errors.FENCED_LEADER_EPOCH.code)])])
    trio.run(fetcher.process_response, fenced, sent)
    third, sent = fetcher.build_request(0.0, 18)
    assert (third.session_id, third.session_epoch, third.topics) == (5, 2, [])
    assert [(t.topic_id, t.partitions) for t in third.forgotten_topics_data] == [(TOPIC_ID, [1])]
    assert sent == {KEY: (3, 4)}
    other_log.close()
