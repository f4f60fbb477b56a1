"""A real `kbroker serve` whose disk fills up part way through a batch (RLIMIT_FSIZE: the write fails with
EFBIG, as with ENOSPC) does what Apache Kafka does: the log dir goes offline (its partitions answer
KAFKA_STORAGE_ERROR, the other log dirs carry on), and with no log dir left the broker halts with exit status 1
("Shutdown broker because all log dirs in ... have failed"). A failed batch is not acknowledged. After a
restart with room on the disk, every acknowledged record reads back, nothing else does, and appends continue
at the next offset."""

from __future__ import annotations

import time

from compat_tests.py_clients import ck_read_to_end
from kbroker.protocol import errors
from kbroker.protocol import records as R
from kbroker.protocol.blocking_client import KafkaConnection
from kbroker.protocol.messages.create_topics_request import CreatableTopic, CreateTopicsRequest
from kbroker.protocol.messages.produce_request import PartitionProduceData, ProduceRequest, TopicProduceData
from kbroker.testing import start_broker_process

TOPIC = "filling"
# Above the 10 MiB each preallocated index takes, so the segment's .log is the file that hits the limit.
FILE_SIZE_LIMIT = 24 << 20
RECORDS_PER_BATCH = 64
VALUE_BYTES = 4096


def produce(conn: KafkaConnection, values: list[bytes], partition: int = 0):
    batch = bytes(R.build_batch([(int(time.time() * 1000), None, v) for v in values]))
    answer = conn.send(ProduceRequest(acks=1, timeout_ms=30000, topic_data=[
        TopicProduceData(name=TOPIC, partition_data=[PartitionProduceData(index=partition, records=batch)])]),
        version=9)
    return answer.responses[0].partition_responses[0]


def create_topic(conn: KafkaConnection, partitions: int) -> None:
    created = conn.send(CreateTopicsRequest(timeout_ms=30000, topics=[
        CreatableTopic(name=TOPIC, num_partitions=partitions, replication_factor=1)]), version=7)
    assert created.topics[0].error_code == 0, created


def fill(conn: KafkaConnection, partition: int, acknowledged: list[bytes]):
    """Produce to `partition` until a batch is refused; returns the refusal (a response or the broken
    connection). Acknowledged values are added to `acknowledged`."""
    for n in range(2 * FILE_SIZE_LIMIT // (RECORDS_PER_BATCH * VALUE_BYTES)):
        values = batch_values(partition * 10**4 + n)
        try:
            answer = produce(conn, values, partition)
        except (ConnectionError, OSError) as exc:
            return exc
        if answer.error_code != 0:
            assert answer.error_code == errors.KAFKA_STORAGE_ERROR.code, answer
            return answer
        assert answer.base_offset == len(acknowledged)
        acknowledged.extend(values)
    raise AssertionError("the file size limit was never reached")


def batch_values(n: int) -> list[bytes]:
    return [b"%06d-%03d-" % (n, i) + bytes(VALUE_BYTES - 11) for i in range(RECORDS_PER_BATCH)]


def test_a_full_disk_halts_the_broker_and_loses_no_acknowledged_record(tmp_path):
    log_dir = tmp_path / "logs"
    acknowledged: list[bytes] = []
    with start_broker_process(log_dir, file_size_limit=FILE_SIZE_LIMIT) as broker:
        with KafkaConnection(broker.bootstrap) as conn:
            create_topic(conn, 1)
            fill(conn, 0, acknowledged)
        assert broker.proc.wait(30) == 1
        log_text = broker.log_text()
    assert "Shutdown broker because all log dirs in" in log_text, log_text[-3000:]
    assert "log dir" in log_text and "offline" in log_text
    assert len(acknowledged) * VALUE_BYTES > FILE_SIZE_LIMIT // 2

    with start_broker_process(log_dir) as broker:
        assert ck_read_to_end(broker.bootstrap, TOPIC) == acknowledged
        with KafkaConnection(broker.bootstrap) as conn:
            answer = produce(conn, batch_values(10**5))
        assert (answer.error_code, answer.base_offset) == (0, len(acknowledged))
        assert broker.terminate() == 0


def test_one_full_log_dir_goes_offline_while_the_other_carries_on(tmp_path):
    dirs = [tmp_path / "a", tmp_path / "b"]
    acknowledged: list[list[bytes]] = [[], []]
    overrides = {"log.dirs": ",".join(map(str, dirs))}
    with start_broker_process(dirs[0], overrides, file_size_limit=FILE_SIZE_LIMIT) as broker:
        with KafkaConnection(broker.bootstrap) as conn:
            create_topic(conn, 2)
            assert sorted(p.name for d in dirs for p in d.iterdir() if p.name.startswith(TOPIC)) == [
                f"{TOPIC}-0", f"{TOPIC}-1"]
            assert produce(conn, batch_values(1), 1).error_code == 0
            acknowledged[1].extend(batch_values(1))
            refusal = fill(conn, 0, acknowledged[0])
            assert refusal.error_code == errors.KAFKA_STORAGE_ERROR.code, "the broker stays up"
            assert produce(conn, batch_values(2), 0).error_code == errors.KAFKA_STORAGE_ERROR.code
            assert produce(conn, batch_values(3), 1).error_code == 0
            acknowledged[1].extend(batch_values(3))
            fill(conn, 1, acknowledged[1])
        assert broker.proc.wait(30) == 1
        assert "Shutdown broker because all log dirs in" in broker.log_text()

    with start_broker_process(dirs[0], overrides) as broker:
        for partition in (0, 1):
            assert ck_read_to_end(broker.bootstrap, TOPIC, (partition,)) == acknowledged[partition]
        assert broker.terminate() == 0
