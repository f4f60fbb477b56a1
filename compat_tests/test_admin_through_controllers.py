"""Admin requests served by three controller-only nodes, kbroker or Apache Kafka 4.3.1 alike (the same steps, the
same outcomes):
- through an Apache Kafka 4.3.1 broker, which forwards them to the active controller in Envelopes: `kafka-topics
  --create` creates a topic (a second time: "already exists"), `kafka-configs --alter` sets a topic config (an
  invalid value fails with Kafka's message), an idempotent producer, whose producer id the broker takes from
  a block the controller allocates (AllocateProducerIds), writes through it what a consumer reads back, and
  `kafka-topics --alter --partitions` (not to fewer) and `--delete` change and remove the topic;
- directly to the controllers: CreateTopics (raw: Kafka's Java Admin client refuses to send it with
  `bootstrap.controllers`) answered by the active controller, NOT_CONTROLLER by the others; IncrementalAlterConfigs
  from the Admin client with `bootstrap.controllers` (KIP-919), and `kafka-configs --bootstrap-controller`
  setting and describing the cluster-wide broker defaults. The broker sees the topic and its config.
"""

from __future__ import annotations

import subprocess
import time
from pathlib import Path

from confluent_kafka.admin import ConfigResource

from compat_tests.broker_fixtures import require_kafka_dist
from compat_tests.java_tools import kafka_topics
from compat_tests.kafka_dist import kafka_classpath, run_kafka_tool
from compat_tests.py_clients import Outgoing, admin_client, ck_consume, ck_produce, wait_for_leaders
from compat_tests.raw_client import RawConnection
from compat_tests.test_controller_quorum import VOTERS, WAIT_S, running_controllers
from compat_tests.test_kafka_broker_on_kbroker_controllers import ready_kafka_broker
from kbroker.protocol import errors as E
from kbroker.protocol.messages.create_topics_request import (
    CreatableTopic,
    CreatableTopicConfig,
    CreateTopicsRequest,
)
from kbroker.protocol.messages.describe_cluster_request import DescribeClusterRequest

CONTROLLER_ENDPOINT = 2
CONFIG_COMMAND = "kafka.admin.ConfigCommand"
CONTROLLER_ADMIN = Path(__file__).parent / "java" / "ControllerAdmin.java"


def kafka_configs(bootstrap: str, *args: str) -> subprocess.CompletedProcess[str]:
    return run_kafka_tool(CONFIG_COMMAND, "--bootstrap-server", bootstrap, *args, timeout=WAIT_S)


def topic_config(bootstrap: str, topic: str, name: str) -> str | None:
    """The value of one config of `topic` as the broker describes it."""
    resource = ConfigResource("topic", topic)
    admin = admin_client(bootstrap)  # kept alive until the answer arrives
    entries = admin.describe_configs([resource])[resource].result(timeout=WAIT_S)
    return entries[name].value


def wait_for(condition, what: str):
    deadline = time.monotonic() + WAIT_S
    while not (result := condition()):
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.3)
    return result


def controller_admin(ports: dict[int, int], *calls: str) -> list[str]:
    """Kafka's Admin client with bootstrap.controllers: one outcome line per call (compat_tests/java)."""
    bootstrap = ",".join(f"127.0.0.1:{p}" for p in ports.values())
    result = subprocess.run(["java", "-cp", kafka_classpath(), str(CONTROLLER_ADMIN), bootstrap, *calls],
                            capture_output=True, text=True, timeout=WAIT_S * 2, stdin=subprocess.DEVNULL)
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout.splitlines()


def test_a_kafka_broker_forwards_admin_requests_to_the_controllers(broker_kind, tmp_path):
    require_kafka_dist()
    with running_controllers({n: broker_kind for n in VOTERS}, tmp_path) as (cluster_id, ports, _):
        with ready_kafka_broker(cluster_id, ports, tmp_path) as broker:
            bootstrap = f"127.0.0.1:{broker.client_port}"
            created = kafka_topics(bootstrap, "--create", "--topic", "forwarded", "--partitions", "2",
                                   "--replication-factor", "1")
            assert created.returncode == 0, created.stdout + created.stderr
            assert "Created topic forwarded." in created.stdout
            again = kafka_topics(bootstrap, "--create", "--topic", "forwarded", "--partitions", "2")
            assert again.returncode != 0
            assert "Topic 'forwarded' already exists." in again.stdout + again.stderr
            wait_for_leaders(admin_client(bootstrap), "forwarded", 2)

            altered = kafka_configs(bootstrap, "--alter", "--entity-type", "topics", "--entity-name", "forwarded",
                                    "--add-config", "retention.ms=60000")
            assert altered.returncode == 0, altered.stdout + altered.stderr
            wait_for(lambda: topic_config(bootstrap, "forwarded", "retention.ms") == "60000", "retention.ms")
            invalid = kafka_configs(bootstrap, "--alter", "--entity-type", "topics", "--entity-name", "forwarded",
                                    "--add-config", "retention.ms=soon")
            assert invalid.returncode != 0
            assert "Invalid value soon for configuration retention.ms: Not a number of type LONG" in \
                invalid.stdout + invalid.stderr

            records = [Outgoing(f"k{i}".encode(), f"v{i}".encode()) for i in range(20)]
            offsets = ck_produce(bootstrap, "forwarded", records, partition=1, **{"enable.idempotence": True})
            assert offsets == list(range(20))
            read = ck_consume(bootstrap, "forwarded", 20, partition=1)
            assert [(r.key, r.value) for r in read] == [(r.key, r.value) for r in records]

            grown = kafka_topics(bootstrap, "--alter", "--topic", "forwarded", "--partitions", "3")
            assert grown.returncode == 0, grown.stdout + grown.stderr
            wait_for_leaders(admin_client(bootstrap), "forwarded", 3)
            shrunk = kafka_topics(bootstrap, "--alter", "--topic", "forwarded", "--partitions", "2")
            assert shrunk.returncode != 0
            assert "The topic forwarded currently has 3 partition(s); 2 would not be an increase." in \
                shrunk.stdout + shrunk.stderr
            deleted = kafka_topics(bootstrap, "--delete", "--topic", "forwarded")
            assert deleted.returncode == 0, deleted.stdout + deleted.stderr
            wait_for(lambda: "forwarded" not in kafka_topics(bootstrap, "--list").stdout.split(), "the deletion")


def describe_controllers(port: int):
    with RawConnection(f"127.0.0.1:{port}") as conn:
        return conn.send(DescribeClusterRequest(endpoint_type=CONTROLLER_ENDPOINT), version=1)


def create_directly(port: int, name: str, **configs: str) -> list[tuple[int, str | None]]:
    """CreateTopics sent straight to one controller: (error code, message) of each topic."""
    request = CreateTopicsRequest(topics=[CreatableTopic(
        name=name, num_partitions=3, replication_factor=1,
        configs=[CreatableTopicConfig(name=k, value=v) for k, v in configs.items()])], timeout_ms=30000)
    with RawConnection(f"127.0.0.1:{port}") as conn:
        return [(t.error_code, t.error_message) for t in conn.send(request, version=7).topics]


def test_admin_requests_sent_directly_to_the_controllers(broker_kind, tmp_path):
    """CreateTopics sent to each controller (Kafka's Admin client does not send it with bootstrap.controllers):
    the active controller creates the topic, the others answer NOT_CONTROLLER; then the Admin client with
    bootstrap.controllers alters its config. The broker sees both."""
    require_kafka_dist()
    with running_controllers({n: broker_kind for n in VOTERS}, tmp_path) as (cluster_id, ports, _):
        with ready_kafka_broker(cluster_id, ports, tmp_path) as broker:
            bootstrap = f"127.0.0.1:{broker.client_port}"
            active = wait_for(lambda: describe_controllers(ports[1]).controller_id in VOTERS and
                              describe_controllers(ports[1]).controller_id, "an active controller")
            for node_id in VOTERS:
                if node_id != active:
                    assert create_directly(ports[node_id], "direct") == \
                        [(E.NOT_CONTROLLER.code, f"The active controller appears to be node {active}.")]
            assert create_directly(ports[active], "direct") == [(E.NONE.code, None)]
            assert create_directly(ports[active], "direct") == \
                [(E.TOPIC_ALREADY_EXISTS.code, "Topic 'direct' already exists.")]
            assert create_directly(ports[active], "bad", **{"retention.ms": "soon"}) == \
                [(E.INVALID_CONFIG.code, "Invalid value soon for configuration retention.ms: Not a number of type "
                                         "LONG")]
            wait_for_leaders(admin_client(bootstrap), "direct", 3)

            outcomes = controller_admin(ports, "alter:direct:retention.ms=90000", "alter:direct:retention.ms=soon",
                                        "alter:missing:retention.ms=1", "create:other:1")
            assert outcomes == [
                "alter:direct:retention.ms=90000 OK",
                "alter:direct:retention.ms=soon InvalidConfigurationException: Invalid value soon for configuration "
                "retention.ms: Not a number of type LONG",
                "alter:missing:retention.ms=1 UnknownTopicOrPartitionException: The topic 'missing' does not exist.",
                "create:other:1 UnsupportedEndpointTypeException: This Admin API is not yet supported when "
                "communicating directly with the controller quorum.",
            ]
            wait_for(lambda: topic_config(bootstrap, "direct", "retention.ms") == "90000", "retention.ms")

            # kafka-configs with --bootstrap-controller: the cluster-wide broker defaults, set and described.
            def configs_through_controllers(*args: str) -> subprocess.CompletedProcess[str]:
                return run_kafka_tool(CONFIG_COMMAND, "--bootstrap-controller",
                                      ",".join(f"127.0.0.1:{p}" for p in ports.values()), *args, timeout=WAIT_S)

            altered = configs_through_controllers("--alter", "--entity-type", "brokers", "--entity-default",
                                                  "--add-config", "log.retention.bytes=1000")
            assert altered.returncode == 0, altered.stdout + altered.stderr
            described = wait_for(lambda: (d := configs_through_controllers(
                "--describe", "--entity-type", "brokers", "--entity-default")).returncode == 0
                and "log.retention.bytes" in d.stdout and d, "the default described")
            assert described.stdout.splitlines() == [
                "Default configs for brokers in the cluster are:",
                "  log.retention.bytes=1000 sensitive=false synonyms={DYNAMIC_DEFAULT_BROKER_CONFIG:"
                "log.retention.bytes=1000}",
                "  min.insync.replicas=1 sensitive=false synonyms={DYNAMIC_DEFAULT_BROKER_CONFIG:"
                "min.insync.replicas=1}"]
