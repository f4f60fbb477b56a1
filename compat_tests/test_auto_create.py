"""Topic auto-creation (auto.create.topics.enable=true, Kafka's default) as clients see it through Metadata."""

import time

from compat_tests.py_clients import Outgoing, ck_consume, kp_produce
from compat_tests.raw_client import RawConnection
from kbroker.protocol.messages.metadata_request import MetadataRequest, MetadataRequestTopic

UNKNOWN_TOPIC_OR_PARTITION = 3
INVALID_TOPIC_EXCEPTION = 17
METADATA_VERSION = 12


def metadata(conn: RawConnection, name: str, allow_auto_topic_creation: bool):
    response = conn.send(MetadataRequest(topics=[MetadataRequestTopic(name=name)],
                                         allow_auto_topic_creation=allow_auto_topic_creation), METADATA_VERSION)
    [topic] = response.topics
    assert topic.name == name
    return topic


def test_metadata_request_creates_the_topic(broker, topic):
    with RawConnection(broker.bootstrap) as conn:
        assert metadata(conn, topic, False).error_code == UNKNOWN_TOPIC_OR_PARTITION
        # The request that starts the creation still finds no topic; a later one finds it with num.partitions=1.
        assert metadata(conn, topic, True).error_code == UNKNOWN_TOPIC_OR_PARTITION
        deadline = time.monotonic() + 10
        while (created := metadata(conn, topic, False)).error_code != 0 and time.monotonic() < deadline:
            time.sleep(0.05)
    assert created.error_code == 0, created
    assert [(p.partition_index, p.error_code, p.leader_id, p.replica_nodes, p.isr_nodes)
            for p in created.partitions] == [(0, 0, 1, [1], [1])]


def test_invalid_topic_name(broker):
    with RawConnection(broker.bootstrap) as conn:
        assert metadata(conn, "not a valid name!", True).error_code == INVALID_TOPIC_EXCEPTION


def test_producer_auto_creates(broker, topic):
    assert kp_produce(broker.bootstrap, topic, [Outgoing(b"k", f"v{i}".encode()) for i in range(3)]) == [0, 1, 2]
    assert [r.value for r in ck_consume(broker.bootstrap, topic, 3)] == [b"v0", b"v1", b"v2"]
