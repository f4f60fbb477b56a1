"""Client quotas with Kafka 4.3.1's own `kafka-configs` (ConfigCommand) against kbroker and Apache Kafka alike:
set quotas on a client-id, a user, a user's client-id and the client-id default, describe them, see a producer
over its producer_byte_rate get throttle_time_ms in its Produce response, then delete them.

kafka-configs' `--describe` of users asks DescribeClientQuotas and DescribeUserScramCredentials; `--alter` of quotas
sends AlterClientQuotas (kafka.admin.ConfigCommand)."""

from __future__ import annotations

import time
import uuid

from compat_tests.java_tools import check
from compat_tests.kafka_dist import run_kafka_tool
from compat_tests.py_clients import WAIT_S, create_topic
from kbroker.protocol import records as R
from kbroker.protocol.blocking_client import KafkaConnection
from kbroker.protocol.messages.produce_request import PartitionProduceData, ProduceRequest, TopicProduceData

CONFIG_COMMAND = "kafka.admin.ConfigCommand"


def kafka_configs(broker, *args: str):
    return run_kafka_tool(CONFIG_COMMAND, "--bootstrap-server", broker.bootstrap, *args, timeout=90)


def described(broker, *entity: str) -> str:
    """The --describe output, once the broker's image shows what was altered (Kafka's brokers apply the
    controller's records a moment after it answers), i.e. once two describes in a row agree."""
    last = None
    for _ in range(100):
        out = check(kafka_configs(broker, "--describe", *entity)).stdout.strip()
        if out == last:
            return out
        last = out
        time.sleep(0.2)
    return last


def test_kafka_configs_sets_describes_and_deletes_quotas(broker, topic):
    client, user = f"quota-client-{uuid.uuid4().hex[:8]}", f"quota-user-{uuid.uuid4().hex[:8]}"
    assert "Completed updating config for client " + client in check(kafka_configs(
        broker, "--alter", "--entity-type", "clients", "--entity-name", client,
        "--add-config", "producer_byte_rate=51200,consumer_byte_rate=2097152")).stdout
    check(kafka_configs(broker, "--alter", "--entity-type", "users", "--entity-name", user,
                        "--add-config", "request_percentage=50.5"))
    check(kafka_configs(broker, "--alter", "--entity-type", "users", "--entity-name", user, "--entity-type", "clients",
                        "--entity-name", client, "--add-config", "controller_mutation_rate=10"))
    check(kafka_configs(broker, "--alter", "--entity-type", "clients", "--entity-default",
                        "--add-config", "consumer_byte_rate=104857600"))
    try:
        out = described(broker, "--entity-type", "clients", "--entity-name", client)
        assert f"Quota configs for client-id '{client}' are " in out
        assert "producer_byte_rate=51200.0" in out and "consumer_byte_rate=2097152.0" in out
        out = described(broker, "--entity-type", "users", "--entity-name", user)
        assert f"Quota configs for user-principal '{user}' are request_percentage=50.5" in out
        out = described(broker, "--entity-type", "users", "--entity-name", user, "--entity-type", "clients")
        assert (f"Quota configs for user-principal '{user}', client-id '{client}' are controller_mutation_rate=10.0"
                in out)
        out = described(broker, "--entity-type", "clients", "--entity-default")
        assert "Quota configs for the default client-id are consumer_byte_rate=1.048576E8" in out
        bad = kafka_configs(broker, "--alter", "--entity-type", "clients", "--entity-name", client,
                            "--add-config", "producer_byte_rate=1.5")
        assert bad.returncode != 0 and "producer_byte_rate cannot be a fractional value." in bad.stderr + bad.stdout

        # 600 KB at once against 50 KiB/s: over the 10 s the rate is first measured on, ~1.7 s of throttle.
        create_topic(broker.bootstrap, topic)
        producer = KafkaConnection(broker.bootstrap, client_id=client)
        try:
            batch = bytes(R.build_batch([(int(time.time() * 1000), None, bytes(100_000))] * 6))
            request = ProduceRequest(acks=1, timeout_ms=int(WAIT_S * 1000), topic_data=[TopicProduceData(
                name=topic, partition_data=[PartitionProduceData(index=0, records=batch)])])
            response = None
            for _ in range(100):  # the topic's leader may take a moment to be known
                response = producer.send(request, version=9)
                if response.responses[0].partition_responses[0].error_code == 0:
                    break
                time.sleep(0.1)
        finally:
            producer.close()
        assert response.responses[0].partition_responses[0].error_code == 0
        assert response.throttle_time_ms > 0
    finally:
        check(kafka_configs(broker, "--alter", "--entity-type", "clients", "--entity-name", client,
                            "--delete-config", "producer_byte_rate,consumer_byte_rate"))
        check(kafka_configs(broker, "--alter", "--entity-type", "users", "--entity-name", user,
                            "--delete-config", "request_percentage"))
        check(kafka_configs(broker, "--alter", "--entity-type", "users", "--entity-name", user, "--entity-type",
                            "clients", "--entity-name", client, "--delete-config", "controller_mutation_rate"))
        check(kafka_configs(broker, "--alter", "--entity-type", "clients", "--entity-default",
                            "--delete-config", "consumer_byte_rate"))
    out = described(broker, "--entity-type", "clients", "--entity-name", client)
    assert "producer_byte_rate" not in out and "consumer_byte_rate" not in out
