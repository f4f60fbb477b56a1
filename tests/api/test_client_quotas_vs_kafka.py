"""AlterClientQuotas and DescribeClientQuotas: kbroker's answers next to Apache Kafka 4.3.1's for the same raw
requests, in the same order (validate_only, refused entries, set, describe filters, remove)."""

import time
import uuid

import pytest

from kbroker.protocol import records as R
from kbroker.protocol.blocking_client import KafkaConnection
from kbroker.protocol.messages.alter_client_quotas_request import (
    AlterClientQuotasRequest,
    EntityData,
    EntryData,
    OpData,
)
from kbroker.protocol.messages.describe_client_quotas_request import (
    ComponentData,
    DescribeClientQuotasRequest,
)
from kbroker.protocol.messages.fetch_request import FetchPartition, FetchRequest, FetchTopic
from kbroker.protocol.messages.metadata_request import MetadataRequest
from kbroker.protocol.messages.produce_request import PartitionProduceData, ProduceRequest, TopicProduceData

pytestmark = pytest.mark.java


def entry(entity: dict, **ops) -> EntryData:
    return EntryData(entity=[EntityData(entity_type=t, entity_name=n) for t, n in entity.items()],
                     ops=[OpData(key=k, value=0.0 if v is None else float(v), remove=v is None)
                          for k, v in ops.items()])


def alter(target, entries, version, validate_only=False):
    response = target.send(AlterClientQuotasRequest(entries=entries, validate_only=validate_only), version)
    return sorted((sorted((e.entity_type, e.entity_name or "") for e in result.entity), result.error_code,
                   result.error_message) for result in response.entries)


def describe(target, components, strict, version):
    response = target.send(DescribeClientQuotasRequest(
        components=[ComponentData(entity_type=t, match_type=m, match=n) for t, m, n in components], strict=strict),
        version)
    entries = sorted((sorted((e.entity_type, e.entity_name or "<default>") for e in result.entity),
                      sorted((v.key, v.value) for v in result.values)) for result in response.entries or [])
    return response.error_code, response.error_message, entries


def settled(target, client, present, version):
    """Wait until the broker's image shows the alteration (Kafka's brokers apply committed records a moment after
    the controller answers), then describe the client's entities."""
    for _ in range(200):
        found = describe(target, [("client-id", 0, client)], False, version)
        if bool(found[2]) == present:
            return found
        time.sleep(0.05)
    return found


@pytest.mark.parametrize("version", [0, 1])
def test_alter_and_describe(kbroker_target, kafka_target, version):
    suffix = uuid.uuid4().hex[:8]
    user, client = f"qu-{suffix}", f"qc-{suffix}"
    steps = [
        lambda t: alter(t, [entry({"client-id": client}, producer_byte_rate=1048576)], version, validate_only=True),
        lambda t: describe(t, [("client-id", 0, client)], False, version),
        lambda t: alter(t, [entry({"client-id": client}, producer_byte_rate=1048576),
                            entry({"user": user, "client-id": client}, request_percentage=50.5,
                                  consumer_byte_rate=1000),
                            entry({"user": user}, bogus=1),
                            entry({"user": f"{user}-x"}, producer_byte_rate=1.5),
                            entry({"user": f"{user}-y"}, producer_byte_rate=0),
                            entry({"group": "g"}, producer_byte_rate=1),
                            entry({"user": ""}, producer_byte_rate=1),
                            entry({"ip": "127.0.0.1", "user": user}, producer_byte_rate=1),
                            entry({}, producer_byte_rate=1)], version),
        lambda t: settled(t, client, True, version),
        lambda t: describe(t, [("client-id", 0, client)], True, version),
        lambda t: describe(t, [("user", 0, user), ("client-id", 2, None)], True, version),
        lambda t: describe(t, [("user", 0, user)], False, version),
        lambda t: describe(t, [("group", 2, None)], False, version),
        lambda t: describe(t, [("user", 0, None)], False, version),
        lambda t: describe(t, [("user", 2, None), ("user", 2, None)], False, version),
        lambda t: describe(t, [("ip", 2, None), ("user", 2, None)], False, version),
        lambda t: alter(t, [entry({"client-id": client}, producer_byte_rate=None, consumer_byte_rate=None),
                            entry({"user": user, "client-id": client}, request_percentage=None,
                                  consumer_byte_rate=None)], version),
        lambda t: settled(t, client, False, version),
    ]
    for number, step in enumerate(steps):
        assert step(kbroker_target) == step(kafka_target), f"step {number}"


def test_a_producer_over_its_quota_sees_the_same_throttle_time(kbroker_target, kafka_target, unique_name):
    """One 30 KB produce against a 2 KiB/s producer_byte_rate: the throttle time is Kafka's arithmetic on the
    request's size over the 10 s minimum window, so both brokers give the same number."""
    client = f"qp-{uuid.uuid4().hex[:8]}"
    answers = []
    for target in (kbroker_target, kafka_target):
        target.create_topic(unique_name)
        assert alter(target, [entry({"client-id": client}, producer_byte_rate=2048)], 1)[0][1] == 0
        settled(target, client, True, 1)
        producer = KafkaConnection(target.bootstrap, client_id=client)
        try:
            batch = bytes(R.build_batch([(int(time.time() * 1000), None, bytes(1000))] * 30))
            request = ProduceRequest(acks=-1, timeout_ms=30000, topic_data=[TopicProduceData(
                name=unique_name, partition_data=[PartitionProduceData(index=0, records=batch)])])
            response = producer.send(request, version=9)
        finally:
            producer.close()
        assert response.responses[0].partition_responses[0].error_code == 0
        answers.append(response.throttle_time_ms)
        alter(target, [entry({"client-id": client}, producer_byte_rate=None)], 1)
    assert answers[0] > 0
    assert answers[0] == answers[1]


def _client_quota(target, client, **ops):
    assert alter(target, [entry({"client-id": client}, **ops)], 1)[0][1] == 0
    settled(target, client, any(v is not None for v in ops.values()), 1)


def _send_as(target, client: str, request, version: int):
    """`request` on a connection of its own whose client id is `client`."""
    conn = KafkaConnection(target.bootstrap, client_id=client)
    try:
        return conn.send(request, version=version)
    finally:
        conn.close()


def _fetch_from_start(target, client: str, topic: str):
    return _send_as(target, client, FetchRequest(max_wait_ms=0, min_bytes=1, max_bytes=1 << 20, isolation_level=0,
                                                 topics=[FetchTopic(topic=topic, partitions=[FetchPartition(
                                                     partition=0, fetch_offset=0, partition_max_bytes=1 << 20)])]),
                    12)


def test_a_consumer_over_its_quota_gets_an_empty_throttled_fetch(kbroker_target, kafka_target, unique_name):
    """30 KB fetched against a 2 KiB/s consumer_byte_rate: the answer is an empty Fetch response carrying the
    throttle time (Kafka takes the bytes back and sends no data)."""
    client = f"qf-{uuid.uuid4().hex[:8]}"
    answers = []
    for target in (kbroker_target, kafka_target):
        target.create_topic(unique_name)
        target.produce(unique_name, [(int(time.time() * 1000), None, bytes(1000))] * 30)
        _client_quota(target, client, consumer_byte_rate=2048)
        throttled = _fetch_from_start(target, client, unique_name)
        answers.append((throttled.error_code, throttled.throttle_time_ms > 0, throttled.responses))
        _client_quota(target, client, consumer_byte_rate=None)
    assert answers[0] == answers[1] == (0, True, [])


def test_request_percentage_throttles_any_api_for_at_most_one_window(kbroker_target, kafka_target):
    """A request_percentage far below any request's time: Metadata answers with throttle_time_ms of one quota
    window (1000 ms), the cap Kafka's ClientRequestQuotaManager puts on request throttling."""
    client = f"qr-{uuid.uuid4().hex[:8]}"
    answers = []
    for target in (kbroker_target, kafka_target):
        _client_quota(target, client, request_percentage=1e-9)
        answers.append(_send_as(target, client, MetadataRequest(topics=[], allow_auto_topic_creation=False), 12)
                       .throttle_time_ms)
        _client_quota(target, client, request_percentage=None)
    assert answers == [1000, 1000]


def test_a_consumer_fetch_is_cut_to_what_its_quota_allows_in_one_window(kbroker_target, kafka_target, unique_name):
    """consumer_byte_rate=4000 with 60 KB to read: one Fetch may carry at most 4000 x 10 bytes of records (the quota
    over the window but one), so the response is just over the quota's 10 s measure and throttled for tens of ms
    (uncut, 60 KB would be 5 s of throttle), on both brokers."""
    client = f"qw-{uuid.uuid4().hex[:8]}"
    answers = []
    for target in (kbroker_target, kafka_target):
        target.create_topic(unique_name)
        for _ in range(6):
            target.produce(unique_name, [(int(time.time() * 1000), None, bytes(1000))] * 10)
        _client_quota(target, client, consumer_byte_rate=4000)
        response = _fetch_from_start(target, client, unique_name)
        answers.append((0 < response.throttle_time_ms < 200, response.responses))
        _client_quota(target, client, consumer_byte_rate=None)
    assert answers[0] == answers[1] == (True, [])
