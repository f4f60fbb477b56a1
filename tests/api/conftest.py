"""Shared fixtures of the API tests: two brokers behind one small interface (`ApiTarget`), for differential tests
that send the same raw requests to kbroker and to Apache Kafka 4.3.1 and compare the answers.

- `kbroker_target`: an in-process kbroker (kbroker.testing.run_broker_in_thread) for the test module.
- `kafka_target`: one Apache Kafka 4.3.1 (compat_tests.kafka_dist.ApacheKafka, KRaft combined mode on 127.0.0.1)
  for the whole session. It is shared: tests give their topics names of their own (`unique_name`). Skipped when
  `make java` has not assembled Kafka; in CI (CI set) a missing distribution fails instead.
"""

from __future__ import annotations

import os
import re
import time
import uuid

import pytest

from kbroker.protocol import records as R
from kbroker.protocol.blocking_client import KafkaConnection
from kbroker.protocol.messages.create_topics_request import (
    CreatableTopic,
    CreatableTopicConfig,
    CreateTopicsRequest,
)
from kbroker.protocol.messages.find_coordinator_request import FindCoordinatorRequest
from kbroker.protocol.messages.list_offsets_request import (
    ListOffsetsPartition,
    ListOffsetsRequest,
    ListOffsetsTopic,
)
from kbroker.protocol.messages.produce_request import PartitionProduceData, ProduceRequest, TopicProduceData

LEADER_WAIT_ATTEMPTS = 300
COORDINATOR_WAIT_ATTEMPTS = 300


class ApiTarget:
    """A broker to send raw requests to: `send(request, version)`, `create_topic`, `produce`."""

    def __init__(self, name: str, bootstrap: str, running_broker=None):
        self.name = name
        self.bootstrap = bootstrap
        self.running_broker = running_broker  # kbroker.testing.RunningBroker for the in-process kbroker
        self.conn = KafkaConnection(bootstrap)

    def close(self) -> None:
        self.conn.close()

    def send(self, request, version: int):
        return self.conn.send(request, version=version)

    def create_topic(self, name: str, partitions: int = 1, **configs) -> None:
        topic = CreatableTopic(name=name, num_partitions=partitions, replication_factor=1,
                               configs=[CreatableTopicConfig(name=k.replace("_", "."), value=str(v))
                                        for k, v in configs.items()])
        broker = self.running_broker
        if broker is not None:
            controller = broker.state.metadata.controller
            (result,) = broker.call(broker.state.run_controller, controller.create_topics, [topic])
            assert result.error.code == 0, result
            return
        (result,) = self.send(CreateTopicsRequest(topics=[topic], timeout_ms=30000), version=7).topics
        assert result.error_code == 0, result
        self._wait_for_leaders(name, partitions)

    def _wait_for_leaders(self, name: str, partitions: int) -> None:
        """Kafka creates topics asynchronously: wait until every partition answers as a leader."""
        request = ListOffsetsRequest(replica_id=-1, topics=[ListOffsetsTopic(name=name, partitions=[
            ListOffsetsPartition(partition_index=p, timestamp=-1) for p in range(partitions)])])
        for _ in range(LEADER_WAIT_ATTEMPTS):
            answers = [p for t in self.send(request, version=10).topics for p in t.partitions]
            if all(p.error_code == 0 for p in answers):
                return
            time.sleep(0.1)
        raise AssertionError(f"{name} has partitions without a leader: {answers}")

    def ensure_group_coordinator(self, group: str) -> None:
        """FindCoordinator for `group` until it answers. Both brokers create __consumer_offsets on the first such
        request; the shared Apache Kafka may already have it from earlier tests, so a test whose answers depend
        on the topic existing calls this on both targets."""
        for _ in range(COORDINATOR_WAIT_ATTEMPTS):
            answer = self.send(FindCoordinatorRequest(key_type=0, coordinator_keys=[group]), version=4)
            if answer.coordinators[0].error_code == 0:
                return
            time.sleep(0.1)
        raise AssertionError(f"no group coordinator for {group} on {self.name}")

    def produce(self, topic: str, records, *, partition: int = 0, **batch_fields) -> int:
        """Append one batch of (timestamp, key, value) records with acks=-1; returns its base offset."""
        batch = bytes(R.build_batch(records, **batch_fields))
        request = ProduceRequest(acks=-1, timeout_ms=30000, topic_data=[TopicProduceData(
            name=topic, partition_data=[PartitionProduceData(index=partition, records=batch)])])
        (answer,) = self.send(request, version=9).responses[0].partition_responses
        assert answer.error_code == 0, answer
        return answer.base_offset


def now_ms() -> int:
    return int(time.time() * 1000)


@pytest.fixture
def unique_name(request):
    """A topic-name prefix unique to this test run (the shared Apache Kafka outlives a test)."""
    readable = re.sub(r"[^a-zA-Z0-9._-]+", "-", request.node.name).strip("-")[:60]
    return f"{readable}-{uuid.uuid4().hex[:6]}"


@pytest.fixture(scope="module")
def kbroker_target(tmp_path_factory):
    from kbroker.testing import broker_config, run_broker_in_thread

    with run_broker_in_thread(broker_config(tmp_path_factory.mktemp("kbroker") / "logs")) as broker:
        target = ApiTarget("kbroker", broker.bootstrap, broker)
        try:
            yield target
        finally:
            target.close()


@pytest.fixture(scope="session")
def apache_kafka_bootstrap():
    from compat_tests.kafka_dist import ApacheKafka, kafka_dist_is_built, missing_dist_message

    if not kafka_dist_is_built():
        if os.environ.get("CI"):
            pytest.fail(missing_dist_message())
        pytest.skip(missing_dist_message())
    with ApacheKafka() as kafka:
        yield kafka.bootstrap


@pytest.fixture(scope="module")
def kafka_target(apache_kafka_bootstrap):
    target = ApiTarget("kafka", apache_kafka_bootstrap)
    try:
        yield target
    finally:
        target.close()
