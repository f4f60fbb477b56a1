"""The controller mutation quota (KIP-599), against kbroker and Apache Kafka 4.3.1 alike: a client-id with
controller_mutation_rate=1 (set with Kafka's kafka-configs) has a bucket of 11 partitions (11 one-second
samples). A first CreateTopics of 20 partitions is taken whole (the bucket may go below zero); from then on,
while the bucket is below zero, strict versions (CreateTopics v6+, CreatePartitions v3+, DeleteTopics v5+) answer
THROTTLING_QUOTA_EXCEEDED with a throttle time, and an older CreateTopics (v5) is served and only throttled.
Each request goes on its own connection (a throttled connection is muted for the throttle time)."""

from __future__ import annotations

import uuid

from compat_tests.java_tools import check
from compat_tests.test_client_quotas import described, kafka_configs
from kbroker.protocol import errors
from kbroker.protocol.blocking_client import KafkaConnection
from kbroker.protocol.messages.create_partitions_request import CreatePartitionsRequest, CreatePartitionsTopic
from kbroker.protocol.messages.create_topics_request import CreatableTopic, CreateTopicsRequest
from kbroker.protocol.messages.delete_topics_request import DeleteTopicsRequest

THROTTLED = errors.THROTTLING_QUOTA_EXCEEDED.code


def _send(broker, client_id: str, request, version: int):
    with KafkaConnection(broker.bootstrap, client_id=client_id) as connection:
        return connection.send(request, version=version)


def _create(broker, client_id: str, name: str, partitions: int, version: int):
    request = CreateTopicsRequest(topics=[CreatableTopic(name=name, num_partitions=partitions,
                                                         replication_factor=1)], timeout_ms=30000)
    return _send(broker, client_id, request, version)


def test_controller_mutation_rate_refuses_strict_versions_and_throttles_older_ones(broker):
    client_id = f"mutator-{uuid.uuid4().hex[:8]}"
    entity = ("--entity-type", "clients", "--entity-name", client_id)
    check(kafka_configs(broker, "--alter", *entity, "--add-config", "controller_mutation_rate=1"))
    try:
        assert "controller_mutation_rate=1.0" in described(broker, *entity)
        big = f"quota-big-{uuid.uuid4().hex[:8]}"
        first = _create(broker, client_id, big, 20, version=7)
        assert first.topics[0].error_code == 0  # the bucket had tokens: taken whole, now below zero

        refused = _create(broker, client_id, f"quota-refused-{uuid.uuid4().hex[:8]}", 1, version=7)
        assert refused.topics[0].error_code == THROTTLED
        assert refused.topics[0].error_message is None
        assert 0 < refused.throttle_time_ms <= 10000

        more = CreatePartitionsRequest(topics=[CreatePartitionsTopic(name=big, count=21, assignments=None)],
                                       timeout_ms=30000)
        partitions = _send(broker, client_id, more, version=3)
        assert partitions.results[0].error_code == THROTTLED and partitions.throttle_time_ms > 0

        deleted = _send(broker, client_id, DeleteTopicsRequest(topic_names=[big], timeout_ms=30000), version=5)
        assert deleted.responses[0].error_code == THROTTLED and deleted.throttle_time_ms > 0

        permissive = _create(broker, client_id, f"quota-old-{uuid.uuid4().hex[:8]}", 1, version=5)
        assert permissive.topics[0].error_code == 0  # below v6 the request is served, only throttled
        assert permissive.throttle_time_ms > 0
    finally:
        check(kafka_configs(broker, "--alter", *entity, "--delete-config", "controller_mutation_rate"))


def test_a_client_without_the_quota_is_not_throttled(broker):
    response = _create(broker, f"free-{uuid.uuid4().hex[:8]}", f"quota-free-{uuid.uuid4().hex[:8]}", 30, version=7)
    assert (response.topics[0].error_code, response.throttle_time_ms) == (0, 0)
