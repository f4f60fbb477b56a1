"""Produce and Fetch against an in-process broker, with exact requests and exact answers."""

import threading
import time
import uuid

import pytest

from kbroker.metadata.image import MetadataImage
from kbroker.protocol import records as R
from kbroker.protocol.blocking_client import ConnectionClosedByBroker, KafkaConnection
from kbroker.protocol.messages.create_topics_request import CreatableTopic, CreatableTopicConfig
from kbroker.protocol.messages.fetch_request import FetchPartition, FetchRequest, FetchTopic
from kbroker.protocol.messages.produce_request import PartitionProduceData, ProduceRequest, TopicProduceData

NONE, OFFSET_OUT_OF_RANGE, CORRUPT_MESSAGE, UNKNOWN_TOPIC = 0, 1, 2, 3
MESSAGE_TOO_LARGE, INVALID_REQUIRED_ACKS = 10, 21
FENCED_LEADER_EPOCH, UNKNOWN_LEADER_EPOCH, UNKNOWN_TOPIC_ID, OUT_OF_ORDER_SEQUENCE = 74, 75, 100, 45


def create_topic(broker, name, partitions=1, **configs):
    controller = broker.state.metadata.controller
    topic = CreatableTopic(name=name, num_partitions=partitions, replication_factor=1,
                           configs=[CreatableTopicConfig(name=k.replace("_", "."), value=str(v))
                                    for k, v in configs.items()])
    (result,) = broker.call(broker.state.run_controller, controller.create_topics, [topic])
    assert result.error.code == NONE, result
    return broker.state.image.topic(name).topic_id


def batch(values, **kwargs):
    now = int(time.time() * 1000)
    return bytes(R.build_batch([(now, None, v) for v in values], **kwargs))


def produce(conn, topic, data, *, partition=0, acks=-1, version=9):
    request = ProduceRequest(acks=acks, timeout_ms=5000, topic_data=[TopicProduceData(
        name=topic, partition_data=[PartitionProduceData(index=partition, records=data)])])
    if acks == 0:
        conn.send_no_response(request, version=version)
        return None
    (topic_response,) = conn.send(request, version=version).responses
    (answer,) = topic_response.partition_responses
    return answer


def fetch(conn, topic, offset, *, partition=0, version=12, max_wait_ms=0, min_bytes=0, isolation_level=0,
          current_leader_epoch=-1, partition_max_bytes=1 << 20):
    request = FetchRequest(max_wait_ms=max_wait_ms, min_bytes=min_bytes, max_bytes=50 << 20,
                           isolation_level=isolation_level, session_id=0, session_epoch=-1,
                           topics=[FetchTopic(topic=topic, partitions=[FetchPartition(
                               partition=partition, fetch_offset=offset, partition_max_bytes=partition_max_bytes,
                               current_leader_epoch=current_leader_epoch)])])
    (topic_response,) = conn.send(request, version=version).responses
    (answer,) = topic_response.partitions
    return answer


def values_of(records):
    return [rec.value for b in R.iter_batches(memoryview(bytes(records))) for rec in b.records()]


@pytest.fixture
def conn(kafka_broker):
    with KafkaConnection(kafka_broker.bootstrap) as connection:
        yield connection


def test_produce_assigns_offsets_and_fetch_returns_the_batches(kafka_broker, conn):
    create_topic(kafka_broker, "t")
    first = produce(conn, "t", batch([b"a", b"b"]))
    second = produce(conn, "t", batch([b"c"]))
    assert (first.error_code, first.base_offset, first.log_start_offset) == (NONE, 0, 0)
    assert (second.error_code, second.base_offset) == (NONE, 2)
    answer = fetch(conn, "t", 0)
    assert (answer.error_code, answer.high_watermark, answer.last_stable_offset, answer.log_start_offset) == \
        (NONE, 3, 3, 0)
    assert answer.aborted_transactions is None
    assert values_of(answer.records) == [b"a", b"b", b"c"]
    leader_epoch = kafka_broker.state.image.partition("t", 0).leader_epoch
    assert {b.partition_leader_epoch for b in R.iter_batches(memoryview(bytes(answer.records)))} == {leader_epoch}


def test_fetch_from_the_middle_of_a_batch_returns_the_whole_batch(kafka_broker, conn):
    create_topic(kafka_broker, "t")
    produce(conn, "t", batch([b"a", b"b", b"c"]))
    produce(conn, "t", batch([b"d"]))
    assert values_of(fetch(conn, "t", 1).records) == [b"a", b"b", b"c", b"d"]
    assert values_of(fetch(conn, "t", 3).records) == [b"d"]
    empty = fetch(conn, "t", 4)
    assert (empty.error_code, bytes(empty.records)) == (NONE, b"")


def test_partition_max_bytes_still_returns_the_first_batch_whole(kafka_broker, conn):
    create_topic(kafka_broker, "t")
    produce(conn, "t", batch([b"x" * 1000]))
    produce(conn, "t", batch([b"y" * 1000]))
    answer = fetch(conn, "t", 0, partition_max_bytes=10)
    assert values_of(answer.records) == [b"x" * 1000]


def test_read_committed_reports_an_empty_aborted_list(kafka_broker, conn):
    create_topic(kafka_broker, "t")
    produce(conn, "t", batch([b"a"]))
    answer = fetch(conn, "t", 0, isolation_level=1)
    assert (answer.last_stable_offset, answer.aborted_transactions) == (1, [])


def test_acks_2_is_invalid_required_acks(kafka_broker, conn):
    create_topic(kafka_broker, "t")
    assert produce(conn, "t", batch([b"a"]), acks=2).error_code == INVALID_REQUIRED_ACKS
    assert fetch(conn, "t", 0).high_watermark == 0


def test_unknown_topic(kafka_broker, conn):
    assert produce(conn, "nope", batch([b"a"])).error_code == UNKNOWN_TOPIC
    assert fetch(conn, "nope", 0).error_code == UNKNOWN_TOPIC


def test_corrupt_crc_is_corrupt_message(kafka_broker, conn):
    create_topic(kafka_broker, "t")
    data = bytearray(batch([b"hello"]))
    data[-1] ^= 0xFF
    assert produce(conn, "t", bytes(data)).error_code == CORRUPT_MESSAGE
    assert fetch(conn, "t", 0).high_watermark == 0


def test_batch_over_max_message_bytes_is_message_too_large(kafka_broker, conn):
    create_topic(kafka_broker, "t", max_message_bytes=1000)
    answer = produce(conn, "t", batch([b"x" * 2000]))
    assert answer.error_code == MESSAGE_TOO_LARGE
    assert produce(conn, "t", batch([b"x" * 100])).error_code == NONE


def test_min_insync_replicas_above_the_replication_factor_is_capped_at_it(kafka_broker, conn):
    """Kafka 4.3.1's effectiveMinIsr: min(min.insync.replicas, replicas assigned), so a single replica, its own
    whole ISR, takes acks=all (NOT_ENOUGH_REPLICAS only when the ISR is smaller than both: tests/partition)."""
    create_topic(kafka_broker, "t", min_insync_replicas=2)
    assert produce(conn, "t", batch([b"a"]), acks=-1).error_code == NONE
    assert produce(conn, "t", batch([b"a"]), acks=1).error_code == NONE


def test_fetch_out_of_range_answers_minus_one(kafka_broker, conn):
    create_topic(kafka_broker, "t")
    produce(conn, "t", batch([b"a"]))
    answer = fetch(conn, "t", 5)
    assert (answer.error_code, answer.high_watermark, answer.log_start_offset, answer.last_stable_offset) == \
        (OFFSET_OUT_OF_RANGE, -1, -1, -1)
    assert bytes(answer.records) == b""


def test_leader_epoch_fencing(kafka_broker, conn):
    create_topic(kafka_broker, "t")
    epoch = kafka_broker.state.image.partition("t", 0).leader_epoch
    assert fetch(conn, "t", 0, current_leader_epoch=epoch).error_code == NONE
    assert fetch(conn, "t", 0, current_leader_epoch=epoch + 1).error_code == UNKNOWN_LEADER_EPOCH
    if epoch > 0:
        assert fetch(conn, "t", 0, current_leader_epoch=epoch - 1).error_code == FENCED_LEADER_EPOCH


def test_topic_ids_in_v13(kafka_broker, conn):
    topic_id = create_topic(kafka_broker, "t")
    request = ProduceRequest(acks=1, timeout_ms=5000, topic_data=[TopicProduceData(
        topic_id=topic_id, partition_data=[PartitionProduceData(index=0, records=batch([b"a"]))])])
    (topic_response,) = conn.send(request, version=13).responses
    assert topic_response.topic_id == topic_id
    assert topic_response.partition_responses[0].error_code == NONE
    fetch_request = FetchRequest(max_wait_ms=0, topics=[FetchTopic(topic_id=topic_id, partitions=[
        FetchPartition(partition=0, fetch_offset=0, partition_max_bytes=1 << 20)])])
    (answer_topic,) = conn.send(fetch_request, version=13).responses
    assert answer_topic.topic_id == topic_id
    assert values_of(answer_topic.partitions[0].records) == [b"a"]
    unknown = FetchRequest(max_wait_ms=0, topics=[FetchTopic(topic_id=uuid.uuid4(), partitions=[
        FetchPartition(partition=0, fetch_offset=0)])])
    assert conn.send(unknown, version=13).responses[0].partitions[0].error_code == UNKNOWN_TOPIC_ID


def test_long_poll_wakes_on_append(kafka_broker, conn):
    create_topic(kafka_broker, "t")
    answers = []
    waiter = threading.Thread(target=lambda: answers.append(fetch(conn, "t", 0, max_wait_ms=60_000,
                                                                  min_bytes=1)))
    waiter.start()
    with KafkaConnection(kafka_broker.bootstrap) as producer:
        # The fetch may not have parked yet; either way it must answer with the record.
        produce(producer, "t", batch([b"wake"]))
    waiter.join(90)
    assert values_of(answers[0].records) == [b"wake"]


def test_long_poll_answers_empty_at_max_wait(kafka_broker, conn):
    create_topic(kafka_broker, "t")
    answer = fetch(conn, "t", 0, max_wait_ms=50, min_bytes=1)
    assert (answer.error_code, bytes(answer.records), answer.high_watermark) == (NONE, b"", 0)


def test_failed_acks_0_produce_closes_the_connection(kafka_broker, conn):
    produce(conn, "nope", batch([b"a"]), acks=0)
    with pytest.raises(ConnectionClosedByBroker):
        fetch(conn, "nope", 0)


def test_acks_0_produce_is_written_without_an_answer(kafka_broker, conn):
    create_topic(kafka_broker, "t")
    produce(conn, "t", batch([b"quiet"]), acks=0)
    assert values_of(fetch(conn, "t", 0).records) == [b"quiet"]


def test_idempotent_duplicate_gets_the_original_offset_and_gaps_are_refused(kafka_broker, conn):
    create_topic(kafka_broker, "t")
    produce(conn, "t", batch([b"x"]))
    first = batch([b"a", b"b"], producer_id=7, producer_epoch=0, base_sequence=0)
    assert produce(conn, "t", first).base_offset == 1
    assert produce(conn, "t", first).base_offset == 1
    gap = batch([b"c"], producer_id=7, producer_epoch=0, base_sequence=5)
    assert produce(conn, "t", gap).error_code == OUT_OF_ORDER_SEQUENCE
    assert fetch(conn, "t", 0).high_watermark == 3


def test_produce_v2_closes_the_connection(kafka_broker, conn):
    create_topic(kafka_broker, "t")
    request = ProduceRequest(acks=1, timeout_ms=5000, topic_data=[TopicProduceData(
        name="t", partition_data=[PartitionProduceData(index=0, records=batch([b"a"]))])])
    _, frame = conn._frame(request, 3)
    frame = frame[:6] + (2).to_bytes(2, "big") + frame[8:]  # size(4) api key(2) api version(2)
    conn.sock.sendall(frame)
    with pytest.raises(ConnectionClosedByBroker):
        conn.receive_frame()


def session_fetch(conn, session_id, epoch, partitions=(), *, forgotten=(), version=12, max_wait_ms=0):
    """A Fetch in session `session_id` at `epoch`; a topic is a name, or from v13 a topic id."""
    from kbroker.protocol.messages.fetch_request import ForgottenTopic
    topics = {}
    for topic, partition, offset in partitions:
        topics.setdefault(topic, []).append(FetchPartition(partition=partition, fetch_offset=offset,
                                                           partition_max_bytes=1 << 20))
    by_id = version >= 13
    request = FetchRequest(max_wait_ms=max_wait_ms, min_bytes=1, max_bytes=50 << 20, session_id=session_id,
                           session_epoch=epoch,
                           topics=[FetchTopic(topic_id=t, partitions=p) if by_id else FetchTopic(topic=t, partitions=p)
                                   for t, p in topics.items()],
                           forgotten_topics_data=[ForgottenTopic(topic=t, partitions=[p]) for t, p in forgotten])
    return conn.send(request, version=version)


def answered(response):
    return {(t.topic or t.topic_id, p.partition_index): (p.error_code, p.high_watermark, values_of(p.records))
            for t in response.responses for p in t.partitions}


def test_incremental_fetch_session_answers_only_what_changed(kafka_broker, conn):
    create_topic(kafka_broker, "s", partitions=2)
    produce(conn, "s", batch([b"a"]), partition=0)
    full = session_fetch(conn, 0, 0, [("s", 0, 0), ("s", 1, 0)])
    assert full.session_id != 0
    assert answered(full) == {("s", 0): (NONE, 1, [b"a"]), ("s", 1): (NONE, 0, [])}
    # Nothing changed for the session's partitions: an empty incremental answer.
    quiet = session_fetch(conn, full.session_id, 1, [("s", 0, 1)])
    assert (quiet.error_code, quiet.session_id, answered(quiet)) == (NONE, full.session_id, {})
    produce(conn, "s", batch([b"b"]), partition=1)
    changed = session_fetch(conn, full.session_id, 2)
    assert answered(changed) == {("s", 1): (NONE, 1, [b"b"])}
    # Forgetting a partition drops it from the session.
    session_fetch(conn, full.session_id, 3, [("s", 1, 1)], forgotten=[("s", 0)])
    produce(conn, "s", batch([b"c"]), partition=0)
    assert answered(session_fetch(conn, full.session_id, 4)) == {}


def test_fetch_session_errors(kafka_broker, conn):
    create_topic(kafka_broker, "s")
    full = session_fetch(conn, 0, 0, [("s", 0, 0)])
    assert session_fetch(conn, full.session_id, 5).error_code == 71  # INVALID_FETCH_SESSION_EPOCH
    assert session_fetch(conn, full.session_id + 1 if full.session_id < 2**31 - 1 else 1, 1).error_code == 70
    assert session_fetch(conn, full.session_id, 1, version=13).error_code == 106  # FETCH_SESSION_TOPIC_ID_ERROR
    closing = session_fetch(conn, full.session_id, -1, [("s", 0, 0)])
    assert (closing.error_code, closing.session_id) == (NONE, 0)
    assert session_fetch(conn, full.session_id, 2).error_code == 70  # FETCH_SESSION_ID_NOT_FOUND


def test_fetch_before_v7_never_opens_a_session(kafka_broker, conn):
    create_topic(kafka_broker, "s")
    assert session_fetch(conn, 0, 0, [("s", 0, 0)], version=6).session_id == 0


def test_a_session_reads_a_topic_the_broker_learned_of_after_the_client(kafka_broker, conn, monkeypatch):
    """Kafka's maybeResolveUnknownName: a follower can name a new topic's id before its leader has applied the
    topic, and sends the partition again only when its position changes; the session looks the id up again."""
    topic_id = create_topic(kafka_broker, "late")
    produce(conn, "late", batch([b"a"]))
    known = MetadataImage.topic_by_id
    hidden = {topic_id}
    monkeypatch.setattr(MetadataImage, "topic_by_id", lambda image, wanted: None if wanted in hidden
                        else known(image, wanted))
    full = session_fetch(conn, 0, 0, [(topic_id, 0, 0)], version=13)
    assert answered(full) == {(topic_id, 0): (UNKNOWN_TOPIC_ID, -1, [])}
    hidden.clear()
    later = session_fetch(conn, full.session_id, 1, version=13)
    assert answered(later) == {(topic_id, 0): (NONE, 1, [b"a"])}
