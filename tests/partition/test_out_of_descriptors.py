"""A real `kbroker serve` under a low `ulimit -n` (RLIMIT_NOFILE), asked for topics until its descriptors run
out: the CreateTopics whose logs would eat into the descriptors kept in reserve (kbroker.partition.headroom)
is refused with KAFKA_STORAGE_ERROR (the code Kafka's LogManager gives a log creation that failed with an
IOException) and one log line, the connection stays open, the refused
topic is neither in the metadata nor on disk, every topic in the metadata has all its partition directories,
and the broker goes on serving. Restarted with the limit raised, everything acknowledged reads back. Each
hosted partition holds one descriptor (its segment's `.log`)."""

from __future__ import annotations

import os
import time
from pathlib import Path

from compat_tests.py_clients import ck_read_to_end
from kbroker.protocol import errors
from kbroker.protocol import records as R
from kbroker.protocol.blocking_client import KafkaConnection
from kbroker.protocol.messages.create_topics_request import CreatableTopic, CreateTopicsRequest
from kbroker.protocol.messages.metadata_request import MetadataRequest
from kbroker.protocol.messages.produce_request import PartitionProduceData, ProduceRequest, TopicProduceData
from kbroker.testing import start_broker_process

OPEN_FILES_LIMIT = 192
PARTITIONS = 10
ACKED_TOPIC = "acknowledged"


def create(conn: KafkaConnection, name: str, partitions: int = PARTITIONS):
    answer = conn.send(CreateTopicsRequest(timeout_ms=30000, topics=[
        CreatableTopic(name=name, num_partitions=partitions, replication_factor=1)]), version=7)
    return answer.topics[0]


def produce(conn: KafkaConnection, topic: str, partition: int, value: bytes):
    batch = bytes(R.build_batch([(int(time.time() * 1000), None, value)]))
    answer = conn.send(ProduceRequest(acks=1, timeout_ms=30000, topic_data=[
        TopicProduceData(name=topic, partition_data=[PartitionProduceData(index=partition, records=batch)])]),
        version=9)
    return answer.responses[0].partition_responses[0]


def topics_in_metadata(conn: KafkaConnection) -> dict[str, list[int]]:
    answer = conn.send(MetadataRequest(topics=None, allow_auto_topic_creation=False), version=12)
    assert all(t.error_code == 0 for t in answer.topics), answer
    return {t.name: sorted(p.partition_index for p in t.partitions) for t in answer.topics}


def descriptors_of(pid: int, directory: Path) -> list[str]:
    held = []
    for fd in os.listdir(f"/proc/{pid}/fd"):
        try:
            target = os.readlink(f"/proc/{pid}/fd/{fd}")
        except FileNotFoundError:
            continue
        if target.startswith(str(directory) + os.sep):
            held.append(os.path.basename(target))
    return held


def test_topics_created_until_descriptors_run_out_are_refused_whole(tmp_path):
    log_dir = tmp_path / "logs"
    acknowledged: list[bytes] = []
    with start_broker_process(log_dir, open_files_limit=OPEN_FILES_LIMIT) as broker:
        with KafkaConnection(broker.bootstrap) as conn:
            assert create(conn, ACKED_TOPIC).error_code == 0
            created = [ACKED_TOPIC]
            for n in range(OPEN_FILES_LIMIT // PARTITIONS + 1):
                name = f"many-{n:03d}"
                result = create(conn, name)
                if result.error_code != 0:
                    break
                created.append(name)
                value = b"value-%03d" % n
                answer = produce(conn, ACKED_TOPIC, n % PARTITIONS, value)
                assert answer.error_code == 0, answer
                acknowledged.append(value)
            else:
                raise AssertionError(f"{OPEN_FILES_LIMIT} descriptors were enough for {len(created)} topics")
            assert result.error_code == errors.KAFKA_STORAGE_ERROR.code, result
            assert "Too many open files" in result.error_message
            assert result.topic_id.int == 0 and result.num_partitions == -1
            refused = name
            assert len(created) > 5

            # nothing half-created: the metadata holds exactly the created topics, each with all its logs
            in_metadata = topics_in_metadata(conn)
            assert sorted(in_metadata) == sorted(created)
            for topic, partitions in in_metadata.items():
                assert partitions == list(range(PARTITIONS))
                for partition in partitions:
                    assert (log_dir / f"{topic}-{partition}" / "partition.metadata").is_file()
            assert not list(log_dir.glob(f"{refused}-*"))
            assert descriptors_of(broker.proc.pid, log_dir / f"{ACKED_TOPIC}-0") == [f"{0:020d}.log"]

            # still serving, on the same connection: a topic needing more descriptors than a refusal gave back
            # is refused the same way, and produces go on
            again = create(conn, refused, partitions=5 * PARTITIONS)
            assert again.error_code == errors.KAFKA_STORAGE_ERROR.code, again
            assert not list(log_dir.glob(f"{refused}-*"))
            answer = produce(conn, ACKED_TOPIC, 0, b"after")
            assert answer.error_code == 0, answer
            acknowledged.append(b"after")
        failures = [line for line in broker.log_text().splitlines() if "Too many open files" in line]
        assert len(failures) == 2, failures
        assert f"Cannot create the {PARTITIONS} logs of {refused} in dir {log_dir}" in failures[0]
        assert broker.terminate() == 0

    with start_broker_process(log_dir) as broker:
        with KafkaConnection(broker.bootstrap) as conn:
            assert sorted(topics_in_metadata(conn)) == sorted(created)
        read_back = ck_read_to_end(broker.bootstrap, ACKED_TOPIC, tuple(range(PARTITIONS)))
        assert sorted(read_back) == sorted(acknowledged)
        assert broker.terminate() == 0
