"""One node's log dir, written by one broker kind, served by the other (issue #19): a single combined node (node.id
1, its own one-voter quorum) of one kind writes a partition log of several segments (idempotent batches of every
codec, committed and aborted transactions, a group's committed offset) and stops; a node of the other kind
starts on the same log dir (same meta.properties, cluster id, node id, metadata log) and serves everything back:
read_committed sees exactly the committed records, read_uncommitted the aborted ones too, the group's committed
offset is there, and it appends more. Both ways round.

Kafka's DumpLogSegments reads every file kbroker wrote without complaint: the partition's segments with
--deep-iteration, its indexes with --verify-index-only and --index-sanity-check, and the `__cluster_metadata`
log with --cluster-metadata-decoder.
"""

from __future__ import annotations

import random
import time
from pathlib import Path

import confluent_kafka
import pytest
from confluent_kafka.admin import AdminClient, NewTopic

from compat_tests.broker_fixtures import require_kafka_dist
from compat_tests.cluster.nodes import NODE_KINDS, NodeProcess, combined_node_configs
from compat_tests.dump_log import dump_errors
from compat_tests.kafka_dist import SINGLE_NODE_DEFAULTS, free_port, random_cluster_id
from compat_tests.py_clients import ck_read_to_end

pytestmark = pytest.mark.java

TOPIC = "swapped"
GROUP = "swap-group"
CODECS = ("none", "gzip", "snappy", "lz4", "zstd")
RECORDS_PER_CODEC = 400
TRANSACTIONS = 6  # every other one aborted
RECORDS_PER_TRANSACTION = 50
# Kafka refuses segment.bytes below 1 MiB: a small index fills up and rolls the segment instead.
SMALL_SEGMENTS = {"segment.index.bytes": "80", "index.interval.bytes": "1024"}
SEGMENT_FILES = (".log", ".index", ".timeindex", ".txnindex", ".snapshot")
WAIT_S = 120
CLEAN_EXIT = (0, 143)  # kbroker exits 0 after SIGTERM, the JVM 128 + 15 once its shutdown hooks ran


def _value(label: str, index: int) -> bytes:
    # mostly incompressible, so compressed batches still fill segments
    return f"{label}-{index}-".encode() + random.Random(f"{label}-{index}").randbytes(150 + index % 100)


def _node(kind: str, name: str, tmp_path: Path, log_dir: Path, ports: dict[str, int]) -> NodeProcess:
    configs = {**combined_node_configs(1, {1: ports["controller"]}, ports["client"], log_dir),
               **SINGLE_NODE_DEFAULTS, "auto.create.topics.enable": "false"}
    node = NODE_KINDS[kind](1, configs, tmp_path / name)
    (tmp_path / name / "logs").mkdir(parents=True, exist_ok=True)
    node.client_port = ports["client"]
    return node


def _format(node: NodeProcess, cluster_id: str) -> None:
    """Each kind's own format defaults: Kafka's finalize eligible leader replicas (a controlled shutdown of the
    partition's only replica then leaves it leaderless, the replica in its ELR, which the reader elects again)."""
    formatting = node.start_format(cluster_id)
    output, _ = formatting.communicate(timeout=WAIT_S)
    assert formatting.returncode == 0, output


def _serve(node: NodeProcess) -> str:
    node.launch()
    node.wait_ready([1], timeout=WAIT_S)
    return f"127.0.0.1:{node.client_port}"


def _produce_idempotently(bootstrap: str, label: str, codec: str, count: int) -> list[bytes]:
    producer = confluent_kafka.Producer({"bootstrap.servers": bootstrap, "enable.idempotence": True, "acks": "all",
                                         "compression.type": codec, "linger.ms": 20, "batch.size": 16384})
    values = [_value(f"{label}-{codec}", i) for i in range(count)]
    for value in values:
        producer.produce(TOPIC, value=value, key=value[:12], partition=0)
    assert producer.flush(WAIT_S) == 0
    return values


def _transactions(bootstrap: str, label: str) -> tuple[list[bytes], list[bytes]]:
    """(committed values, aborted values) of TRANSACTIONS transactions, every other one aborted."""
    producer = confluent_kafka.Producer({"bootstrap.servers": bootstrap, "transactional.id": f"{label}-txn",
                                         "compression.type": "lz4", "linger.ms": 5})
    producer.init_transactions(WAIT_S)
    committed, aborted = [], []
    for transaction in range(TRANSACTIONS):
        values = [_value(f"{label}-txn{transaction}", i) for i in range(RECORDS_PER_TRANSACTION)]
        producer.begin_transaction()
        for value in values:
            producer.produce(TOPIC, value=value, partition=0)
        if transaction % 2:
            assert producer.flush(WAIT_S) == 0  # written before the abort (else librdkafka just drops them)
            producer.abort_transaction(WAIT_S)
            aborted += values
        else:
            producer.commit_transaction(WAIT_S)
            committed += values
    return committed, aborted


def _commit_offset(bootstrap: str, offset: int) -> None:
    consumer = confluent_kafka.Consumer({"bootstrap.servers": bootstrap, "group.id": GROUP,
                                         "enable.auto.commit": False})
    deadline = time.monotonic() + WAIT_S
    try:
        while True:
            try:
                consumer.commit(offsets=[confluent_kafka.TopicPartition(TOPIC, 0, offset)], asynchronous=False)
                return
            except confluent_kafka.KafkaException as exc:
                if not exc.args[0].retriable() and exc.args[0].code() not in (
                        confluent_kafka.KafkaError.NOT_COORDINATOR,
                        confluent_kafka.KafkaError.COORDINATOR_LOAD_IN_PROGRESS) or time.monotonic() > deadline:
                    raise
            time.sleep(0.3)
    finally:
        consumer.close()


def _committed_offset(bootstrap: str) -> int:
    consumer = confluent_kafka.Consumer({"bootstrap.servers": bootstrap, "group.id": GROUP,
                                         "enable.auto.commit": False})
    try:
        [committed] = consumer.committed([confluent_kafka.TopicPartition(TOPIC, 0)], timeout=WAIT_S)
        return committed.offset
    finally:
        consumer.close()


def _write(bootstrap: str, label: str) -> tuple[list[bytes], list[bytes]]:
    """Idempotent batches of every codec around a run of transactions: (visible to read_committed, aborted)."""
    visible, aborted = [], []
    for codec in CODECS[:3]:
        visible += _produce_idempotently(bootstrap, label, codec, RECORDS_PER_CODEC)
    committed, aborted = _transactions(bootstrap, label)
    # a transaction's records and the idempotent ones after them: the order a read_committed consumer sees
    visible += committed
    for codec in CODECS[3:]:
        visible += _produce_idempotently(bootstrap, label, codec, RECORDS_PER_CODEC)
    return visible, aborted


def _check_served(bootstrap: str, visible: list[bytes], aborted: list[bytes], total: int) -> None:
    assert ck_read_to_end(bootstrap, TOPIC, isolation="read_committed", at_least=len(visible)) == visible
    everything = ck_read_to_end(bootstrap, TOPIC, at_least=total)
    assert len(everything) == total
    assert set(aborted) <= set(everything)


def _dump_problems(log_dir: Path) -> list[str]:
    partition = sorted(p for p in (log_dir / f"{TOPIC}-0").iterdir() if p.suffix in SEGMENT_FILES)
    assert len([p for p in partition if p.suffix == ".log"]) >= 3, f"too few segments: {partition}"
    indexes = [p for p in partition if p.suffix in (".index", ".timeindex")]
    metadata = sorted((log_dir / "__cluster_metadata-0").glob("*.log"))
    return (dump_errors(partition, "--deep-iteration", "--print-data-log")
            + dump_errors(indexes, "--verify-index-only")
            + dump_errors(indexes, "--index-sanity-check")
            + dump_errors(metadata, "--cluster-metadata-decoder"))


@pytest.mark.parametrize("writer_kind, reader_kind", [("kbroker", "kafka"), ("kafka", "kbroker")],
                         ids=["kbroker-then-kafka", "kafka-then-kbroker"])
def test_a_log_dir_written_by_one_kind_is_served_by_the_other(writer_kind, reader_kind, tmp_path):
    require_kafka_dist()
    log_dir = tmp_path / "data"
    ports = {"client": free_port(), "controller": free_port()}
    writer = _node(writer_kind, f"{writer_kind}-writer", tmp_path, log_dir, ports)
    reader = _node(reader_kind, f"{reader_kind}-reader", tmp_path, log_dir, ports)
    _format(writer, random_cluster_id())
    try:
        bootstrap = _serve(writer)
        admin = AdminClient({"bootstrap.servers": bootstrap})
        admin.create_topics([NewTopic(TOPIC, 1, 1, config=SMALL_SEGMENTS)])[TOPIC].result(WAIT_S)
        visible, aborted = _write(bootstrap, "first")
        total = len(visible) + len(aborted)
        _commit_offset(bootstrap, total // 2)
        _check_served(bootstrap, visible, aborted, total)
        assert writer.stop() in CLEAN_EXIT, writer.log_tail()

        if writer_kind == "kbroker":
            assert _dump_problems(log_dir) == []
        bootstrap = _serve(reader)
        _check_served(bootstrap, visible, aborted, total)
        assert _committed_offset(bootstrap) == total // 2
        more = _produce_idempotently(bootstrap, "second", "zstd", RECORDS_PER_CODEC)
        _check_served(bootstrap, visible + more, aborted, total + len(more))
        assert reader.stop() in CLEAN_EXIT, reader.log_tail()
        if reader_kind == "kbroker":
            assert _dump_problems(log_dir) == []
    finally:
        for node in (writer, reader):
            node.stop()
