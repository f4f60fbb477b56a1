"""The share coordinator's durability promise with a real `kbroker serve` process killed with SIGKILL mid-work
and restarted on the same log dir: records whose acknowledgement was answered are never delivered again, and
records that were only acquired are delivered again (their locks died with the broker) with their delivery
count carried over. The state it reloads is what `__share_group_state` holds, in Kafka's ShareSnapshot format:
Apache Kafka's own kafka-dump-log --share-group-state-decoder reads it."""

from __future__ import annotations

import json

import pytest

from compat_tests.kafka_dist import kafka_dist_is_built, run_kafka_tool
from kbroker.kafka_uuid import kafka_uuid_string
from kbroker.protocol.blocking_client import KafkaConnection
from kbroker.protocol.messages.metadata_request import MetadataRequest, MetadataRequestTopic
from kbroker.testing import start_broker_process
from tests.share.share_wire import (
    ACCEPT,
    REJECT,
    acquired,
    create_topic,
    join,
    partition_codes,
    produce,
    share_acknowledge,
    share_fetch,
)

SETTINGS = {"group.share.record.lock.duration.ms": 60_000, "group.share.max.record.lock.duration.ms": 60_000}
TOPIC, GROUP = "jobs", "workers"


def _topic_id(conn):
    response = conn.send(MetadataRequest(topics=[MetadataRequestTopic(name=TOPIC)]), version=12)
    (topic,) = response.topics
    return topic.topic_id


def test_acknowledged_records_stay_done_and_acquired_ones_come_back_after_kill_9(tmp_path):
    log_dir = tmp_path / "logs"
    with start_broker_process(log_dir, SETTINGS) as broker:
        create_topic(broker.bootstrap, TOPIC)
        with KafkaConnection(broker.bootstrap) as conn:
            topic_id = _topic_id(conn)
            assert join(conn, GROUP, "m1", TOPIC).error_code == 0
            assert share_fetch(conn, GROUP, "m1", 0, topic_id, max_wait_ms=0).error_code == 0
            produce(broker.bootstrap, TOPIC, [f"job-{i}" for i in range(10)])
            assert acquired(share_fetch(conn, GROUP, "m1", 1, topic_id)) == [(0, 9, 1)]
            answer = share_acknowledge(conn, GROUP, "m1", 2, topic_id, [(0, 3, ACCEPT), (4, 4, REJECT)])
            assert partition_codes(answer) == [0]
        broker.kill()  # SIGKILL: 5-9 are still acquired by m1, their locks a minute from expiring

    with start_broker_process(log_dir, SETTINGS) as broker:
        with KafkaConnection(broker.bootstrap) as conn:
            got, epoch = _join_and_fetch(conn, "m2", topic_id)
            assert got == [(5, 9, 2)]
            answer = share_acknowledge(conn, GROUP, "m2", epoch, topic_id, [(5, 6, ACCEPT)])
            assert partition_codes(answer) == [0]
        broker.kill()

    with start_broker_process(log_dir, SETTINGS) as broker:
        with KafkaConnection(broker.bootstrap) as conn:
            assert _join_and_fetch(conn, "m3", topic_id)[0] == [(7, 9, 3)]
        broker.terminate()

    if not kafka_dist_is_built():
        pytest.skip("Apache Kafka's kafka-dump-log is needed to read the state as Kafka does")
    segments = sorted(log_dir.glob("__share_group_state-*/*.log"))
    written = [s for s in segments if s.stat().st_size > 0]
    assert len(written) == 1, written
    dumped = run_kafka_tool("org.apache.kafka.tools.DumpLogSegments", "--share-group-state-decoder",
                            "--print-data-log", "--files", str(written[0]), timeout=90)
    assert dumped.returncode == 0, dumped.stderr
    records = [line for line in dumped.stdout.splitlines() if " key: " in line and " payload: " in line]
    assert records, dumped.stdout
    last_key, last_value = _key_value(records[-1])
    assert last_key == {"type": "0", "data": {"groupId": GROUP, "topicId": kafka_uuid_string(topic_id),
                                              "partition": 0}}
    assert last_value["data"]["startOffset"] == 7
    # Written at start-up (initialization), then after each acknowledgement: the third snapshot of the key.
    assert last_value["data"]["snapshotEpoch"] == 2
    assert [(b["firstOffset"], b["lastOffset"], b["deliveryState"], b["deliveryCount"])
            for b in last_value["data"]["stateBatches"]] == [(7, 9, 0, 2)]


def _join_and_fetch(conn, member: str, topic_id) -> tuple[list, int]:
    """A new member's first records after a restart: (acquired ranges, the session epoch to use next). The
    opening fetch may answer before the share-partition's records are readable, so a second one may be needed."""
    assert join(conn, GROUP, member, TOPIC).error_code == 0
    got = acquired(share_fetch(conn, GROUP, member, 0, topic_id))
    if got:
        return got, 1
    return acquired(share_fetch(conn, GROUP, member, 1, topic_id)), 2


def _key_value(line: str) -> tuple[dict, dict]:
    """The decoded key and value of one record line of kafka-dump-log (`... key: {json} payload: {json}`)."""
    key, value = line.split(" key: ", 1)[1].split(" payload: ", 1)
    return json.loads(key), json.loads(value)
