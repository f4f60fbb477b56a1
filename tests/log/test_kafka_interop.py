"""Our partition directories are Kafka's: Apache Kafka 4.3.1's DumpLogSegments reads what kbroker's Log writes
without an error, and kbroker's Log reads back every record a real Apache Kafka broker wrote.

Needs the jars `make java` assembles: without them these tests fail under CI=true and skip otherwise.
"""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import time
from pathlib import Path

import pytest

from compat_tests.dump_log import dump_errors
from compat_tests.kafka_dist import (
    TOOL_JVM_OPTIONS,
    TOOLS_LOG4J_CONFIG,
    ApacheKafka,
    kafka_classpath,
    kafka_dist_is_built,
    missing_dist_message,
)
from kbroker.log.clean_shutdown import read_broker_epoch
from kbroker.log.cleaner import LogCleaner
from kbroker.log.config import LogConfig
from kbroker.log.leader_epoch import LeaderEpochCache
from kbroker.log.log import ORIGIN_COORDINATOR, Log
from kbroker.log.partition_metadata import PartitionMetadataFile
from kbroker.protocol import compression
from kbroker.protocol import records as R

pytestmark = pytest.mark.java

CODECS = [compression.NONE, compression.GZIP, compression.SNAPPY, compression.LZ4, compression.ZSTD]
T0 = 1_700_000_000_000
SEGMENT_FILES = (".log", ".index", ".timeindex", ".snapshot", ".txnindex")
# Kafka 4 refuses segment.bytes below 1 MiB; small indexes make it roll early instead (a full index rolls).
TXN_TOPIC = "interop-transactions"
SMALL_SEGMENTS = {"segment.index.bytes": "96", "index.interval.bytes": "1024"}


@pytest.fixture(autouse=True)
def _require_kafka_jars():
    if not kafka_dist_is_built():
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail(missing_dist_message())
        pytest.skip(missing_dist_message())


# --- DumpLogSegments over our files -----------------------------------------------------------------------

def write_partition(directory: str, clock: list[int]) -> Log:
    """Several segments of every codec, plain, idempotent and transactional (committed and aborted) batches,
    two leader epochs; closed cleanly (producer snapshot, trimmed indexes)."""
    log = Log.open(directory, LogConfig(segment_bytes=6000, index_interval_bytes=300), clock=lambda: clock[0])
    sequences = {21: 0, 22: 0}
    for i in range(60):
        codec = CODECS[i % 5]
        epoch = 0 if i < 30 else 3
        batch_records = [(clock[0] - 3 + j, b"key-%d" % ((i * 4 + j) % 17), b"value %d/%d " % (i, j) * (1 + j),
                          [("h", b"%d" % j)]) for j in range(4)]
        kind = i % 4
        if kind == 0:
            batch = R.build_batch(batch_records, compression_type=codec)
            log.append_as_leader(batch, epoch)
        elif kind == 1:
            batch = R.build_batch(batch_records, compression_type=codec, producer_id=21, producer_epoch=0,
                                  base_sequence=sequences[21])
            sequences[21] += 4
            log.append_as_leader(batch, epoch)
        else:
            batch = R.build_batch(batch_records, compression_type=codec, producer_id=22, producer_epoch=0,
                                  base_sequence=sequences[22], transactional=True)
            sequences[22] += 4
            log.append_as_leader(batch, epoch, origin=ORIGIN_COORDINATOR)
            marker = R.CONTROL_ABORT if kind == 2 else R.CONTROL_COMMIT
            log.append_control_marker(marker, producer_id=22, producer_epoch=0, coordinator_epoch=1,
                                      leader_epoch=epoch)
        clock[0] += 7
    return log


def partition_files(directory: str) -> list[Path]:
    return sorted(p for p in Path(directory).iterdir() if p.suffix in SEGMENT_FILES)


def test_dump_log_segments_reads_our_files(tmp_path):
    clock = [T0]
    directory = str(tmp_path / "interop-0")
    log = write_partition(directory, clock)
    assert len(log.segments) >= 3
    assert log.collect_aborted_transactions(0, log.log_end_offset)
    log.close()
    files = partition_files(directory)
    suffixes = {p.suffix for p in files}
    assert suffixes == set(SEGMENT_FILES), suffixes
    assert dump_errors(files, "--deep-iteration", "--index-sanity-check") == []
    indexes = [p for p in files if p.suffix in (".index", ".timeindex")]
    assert dump_errors(indexes, "--verify-index-only") == []
    assert dump_errors(indexes, "--deep-iteration") == []


def test_dump_log_segments_reads_our_compacted_files(tmp_path):
    clock = [T0]
    directory = str(tmp_path / "compacted-0")
    log = write_partition(directory, clock)
    log.close()
    config = LogConfig(segment_bytes=6000, index_interval_bytes=300, cleanup_policy="compact",
                       min_cleanable_dirty_ratio=0.01, file_delete_delay_ms=0)
    log = Log.open(directory, config, clock=lambda: clock[0])
    before = log.log_end_offset
    cleaner = LogCleaner(lambda: clock[0])
    cleaner.add_log(log)
    assert cleaner.clean_until_idle() > 0
    assert log.log_end_offset == before
    log.close()
    files = partition_files(directory)
    logs = tuple(p.name for p in files if p.suffix == ".log")
    assert dump_errors(files, "--deep-iteration", "--index-sanity-check", allow_gaps_in=logs) == []
    indexes = [p for p in files if p.suffix in (".index", ".timeindex")]
    assert dump_errors(indexes, "--verify-index-only") == []


def test_the_checker_sees_a_corrupt_batch(tmp_path):
    """The parser above is not blind: a flipped byte inside a batch is reported."""
    clock = [T0]
    directory = str(tmp_path / "broken-0")
    write_partition(directory, clock).close()
    first = partition_files(directory)[0].with_suffix(".log")
    with open(first, "r+b") as f:
        f.seek(200)
        byte = f.read(1)
        f.seek(200)
        f.write(bytes([byte[0] ^ 0xFF]))
    assert dump_errors([first], "--deep-iteration")


# --- our Log over a real Apache Kafka partition directory --------------------------------------------------

def produce_with_kafka_python(bootstrap: str, topic: str, codec_name: str, count: int) -> list[tuple]:
    from kafka import KafkaProducer

    producer = KafkaProducer(bootstrap_servers=bootstrap, acks="all",
                             compression_type=None if codec_name == "none" else codec_name,
                             enable_idempotence=True, linger_ms=5, batch_size=4096)
    sent = []
    try:
        futures = []
        for i in range(count):
            key = b"%s-key-%d" % (codec_name.encode(), i % 23)
            # partly random so that compressed segments still roll
            value = b"%s value %d " % (codec_name.encode(), i) + random.Random(i).randbytes(60 + i % 200)
            headers = [("n", b"%d" % i)] if i % 3 else []
            ts = T0 + i
            futures.append(producer.send(topic, key=key, value=value, headers=headers, timestamp_ms=ts))
            sent.append((key, value, tuple(headers), ts))
        producer.flush(timeout=60)
        offsets = [f.get(timeout=60).offset for f in futures]
    finally:
        producer.close(timeout=30)
    assert offsets == list(range(count))
    return sent


def produce_with_console_producer(bootstrap: str, topic: str, codec_name: str, count: int) -> list[tuple]:
    """Kafka's own Java producer (kafka-console-producer), e.g. for snappy, which kafka-python cannot write
    without python-snappy. Records are `key<TAB>value` lines; timestamps are the producer's clock."""
    sent = []
    lines = []
    for i in range(count):
        key = b"%s-key-%d" % (codec_name.encode(), i % 23)
        value = b"%s value %d %s" % (codec_name.encode(), i, random.Random(i).randbytes(40 + i % 150).hex().encode())
        lines.append(key + b"\t" + value + b"\n")
        sent.append((key, value, (), None))
    command = ["java", *TOOL_JVM_OPTIONS, f"-Dlog4j2.configurationFile={TOOLS_LOG4J_CONFIG}", "-cp",
               kafka_classpath(), "org.apache.kafka.tools.ConsoleProducer", "--bootstrap-server", bootstrap,
               "--topic", topic, "--compression-codec", codec_name, "--property", "parse.key=true",
               "--property", "key.separator=\t", "--producer-property", "acks=all",
               "--producer-property", "linger.ms=5", "--producer-property", "batch.size=4096"]
    done = subprocess.run(command, input=b"".join(lines), capture_output=True, timeout=120)
    assert done.returncode == 0, done.stderr.decode(errors="replace")[-2000:]
    return sent


def produce_transactions(bootstrap: str, topic: str) -> tuple[list[tuple], list[tuple]]:
    """Alternating committed and aborted transactions (kafka-python's transactional producer, zstd)."""
    from kafka import KafkaProducer

    producer = KafkaProducer(bootstrap_servers=bootstrap, transactional_id="kbroker-interop",
                             compression_type="zstd")
    committed, aborted = [], []
    try:
        producer.init_transactions()
        for t in range(6):
            producer.begin_transaction()
            batch = [(b"txn-%d-%d" % (t, i), b"payload %d/%d" % (t, i)) for i in range(5)]
            for key, value in batch:
                producer.send(topic, key=key, value=value)
            producer.flush(timeout=60)
            if t % 2:
                producer.abort_transaction()
                aborted.extend(batch)
            else:
                producer.commit_transaction()
                committed.extend(batch)
    finally:
        producer.close(timeout=30)
    return committed, aborted


def create_topics(bootstrap: str, topics: list[str]) -> None:
    from kafka import KafkaAdminClient
    from kafka.admin import NewTopic

    admin = KafkaAdminClient(bootstrap_servers=bootstrap)
    try:
        admin.create_topics([NewTopic(t, num_partitions=1, replication_factor=1,
                                      topic_configs=SMALL_SEGMENTS) for t in topics])
    finally:
        admin.close()
    time.sleep(0.5)


def test_our_log_reads_a_real_kafka_partition(tmp_path):
    names = ["none", "gzip", "snappy", "lz4", "zstd"]
    topics = [f"interop-{name}" for name in names]
    all_topics = [*topics, TXN_TOPIC]
    produced = {}
    with ApacheKafka() as kafka:
        create_topics(kafka.bootstrap, all_topics)
        for name, topic in zip(names, topics, strict=True):
            produce = produce_with_console_producer if name == "snappy" else produce_with_kafka_python
            produced[topic] = produce(kafka.bootstrap, topic, name, 300)
        committed, aborted = produce_transactions(kafka.bootstrap, TXN_TOPIC)
        kafka.stop()
        # Kafka's clean-shutdown marker: the partition directories need no recovery.
        assert (kafka.log_dir / ".kafka_cleanshutdown").exists()
        # It holds the broker epoch Kafka's next start registers as previousBrokerEpoch, and kbroker reads it.
        assert read_broker_epoch(str(kafka.log_dir)) >= 0
        for topic in all_topics:
            shutil.copytree(kafka.log_dir / f"{topic}-0", tmp_path / f"{topic}-0")
    for name, topic in zip(names, topics, strict=True):
        directory = str(tmp_path / f"{topic}-0")
        assert len([n for n in os.listdir(directory) if n.endswith(".log")]) > 1, "expected several segments"
        topic_id = PartitionMetadataFile(directory).read()
        assert topic_id is not None and topic_id.int != 0
        assert LeaderEpochCache.load(directory).entries()
        log = Log.open(directory, LogConfig(segment_index_bytes=96, index_interval_bytes=1024), clock=lambda: T0)
        try:
            batches = [R.RecordBatch(bytearray(b)) for b in log.read_batches()]
            assert batches and all(b.is_valid() for b in batches)
            assert {b.compression_type for b in batches} == {compression.BY_NAME[name]}
            assert all(b.producer_id >= 0 for b in batches)  # idempotent producer
            got = [(r.key, r.value, tuple((h.key, h.value) for h in r.headers),
                    r.timestamp if name != "snappy" else None) for b in batches for r in b.records()]
            offsets = [r.offset for b in batches for r in b.records()]
            assert offsets == list(range(len(produced[topic])))
            assert got == produced[topic]
            assert log.log_end_offset == len(produced[topic])
            for segment in log.segments:
                segment.sanity_check()
            middle = log.read(150, 1 << 20)
            region = middle.regions[0]
            first = R.RecordBatch(bytearray(os.pread(region.fd, R.RECORD_BATCH_OVERHEAD, region.position)))
            assert first.base_offset <= 150 <= first.last_offset
        finally:
            log.close()

    check_transactions(str(tmp_path / f"{TXN_TOPIC}-0"), committed, aborted)


def check_transactions(directory: str, committed: list[tuple], aborted: list[tuple]) -> None:
    """Kafka's markers and .txnindex, read by our Log: aborted data is exactly what the index says."""
    txn_files = [n for n in os.listdir(directory) if n.endswith(".txnindex")]
    assert txn_files, "Kafka wrote no .txnindex"
    log = Log.open(directory, LogConfig(segment_index_bytes=96, index_interval_bytes=1024), clock=lambda: T0,
                   had_clean_shutdown=True)
    try:
        batches = [R.RecordBatch(bytearray(b)) for b in log.read_batches()]
        markers = [b.control_record().type for b in batches if b.is_control]
        assert markers == [R.CONTROL_COMMIT, R.CONTROL_ABORT] * 3
        aborted_txns = log.collect_aborted_transactions(0, log.log_end_offset)
        assert len(aborted_txns) == 3
        aborted_ranges = [(t.producer_id, t.first_offset, t.last_offset) for t in aborted_txns]
        visible, hidden = [], []
        for batch in batches:
            if batch.is_control:
                continue
            in_aborted = any(pid == batch.producer_id and first <= batch.base_offset <= last
                             for pid, first, last in aborted_ranges)
            (hidden if in_aborted else visible).extend((r.key, r.value) for r in batch.records())
        assert visible == committed
        assert hidden == aborted
        assert all(b.compression_type == compression.ZSTD for b in batches if not b.is_control)
    finally:
        log.close()
