"""`kbroker format --standalone / --initial-controllers` against Apache Kafka 4.3.1's own `kafka-storage format`
(StorageTool, run from the same jars) on the same config: the same meta.properties keys and values, the same
bootstrap checkpoint records (kraft.version 1, the voters), which Kafka's DumpLogSegments reads; the same refusals
for flags that do not fit the config; and kbroker's one-voter start reads a directory formatted either way.

Needs the jars `make java` assembles: without them these tests fail under CI=true and skip otherwise.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

from compat_tests.kafka_dist import kafka_dist_is_built, missing_dist_message, run_kafka_tool
from kbroker.config import parse_properties
from kbroker.protocol import records as R
from kbroker.protocol.messages.voters_record import VotersRecord
from kbroker.raft import control_records as C
from kbroker.storage_format import parse_kafka_uuid
from kbroker.testing import start_broker_process

pytestmark = pytest.mark.java

CLUSTER_ID = "MkU3OEVBNTcwNTJENDM2Qg"
CHECKPOINT = "__cluster_metadata-0/00000000000000000000-0000000000.checkpoint"
THREE = ("1@127.0.0.1:19093:OBwtglENT76SK7gGCjHpvA,2@127.0.0.1:19094:PVP48-L1TtCTJ6tTOuK3uA,"
         "3@127.0.0.1:19095:j8xlT-kGTom22UlSGqzpBg")


@pytest.fixture(autouse=True)
def _require_kafka_jars():
    if not kafka_dist_is_built():
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail(missing_dist_message())
        pytest.skip(missing_dist_message())


def properties(path, log_dir, **extra: str):
    props = {"process.roles": "broker,controller", "node.id": "1",
             "controller.quorum.bootstrap.servers": "127.0.0.1:19093",
             "listeners": "PLAINTEXT://127.0.0.1:0,CONTROLLER://127.0.0.1:19093",
             "controller.listener.names": "CONTROLLER", "log.dirs": str(log_dir), **extra}
    path.write_text("".join(f"{k}={v}\n" for k, v in props.items() if v))
    return path


def kafka_format(config, *flags: str) -> subprocess.CompletedProcess:
    return run_kafka_tool("kafka.tools.StorageTool", "format", "-t", CLUSTER_ID, "-c", str(config), *flags)


def kbroker_format(config, *flags: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "kbroker", "format", "--config", str(config), "-t", CLUSTER_ID,
                           *flags], capture_output=True, text=True, timeout=60)


def meta_properties(log_dir) -> dict[str, str]:
    return parse_properties((log_dir / "meta.properties").read_text())


def checkpoint_records(log_dir) -> list[tuple[bool, int, int, int, bytes]]:
    """(control?, offset, control type, partition leader epoch, value) of every record in the checkpoint."""
    found = []
    for batch in R.iter_batches((log_dir / CHECKPOINT).read_bytes()):
        assert batch.is_valid()
        for record in batch.records():
            kind = C.control_type(record) if batch.is_control else -1
            found.append((batch.is_control, record.offset, kind, batch.partition_leader_epoch, bytes(record.value)))
    return found


def voters(log_dir) -> VotersRecord:
    (value,) = [value for _, _, kind, _, value in checkpoint_records(log_dir) if kind == C.KRAFT_VOTERS]
    return VotersRecord.decode(memoryview(value), 0, 0)[0]


def without_header_timestamp(records):
    return [(control, offset, kind, epoch, None if kind == C.SNAPSHOT_HEADER else value)
            for control, offset, kind, epoch, value in records]


def test_standalone_writes_what_kafka_storage_writes(tmp_path):
    theirs, ours = tmp_path / "kafka", tmp_path / "kbroker"
    assert kafka_format(properties(tmp_path / "k.properties", theirs), "--standalone").returncode == 0
    result = kbroker_format(properties(tmp_path / "o.properties", ours), "--standalone")
    assert result.returncode == 0, result.stderr
    # meta.properties: the same keys; the same values but the directory id, which is random.
    their_meta, our_meta = meta_properties(theirs), meta_properties(ours)
    assert sorted(their_meta) == sorted(our_meta) == ["cluster.id", "directory.id", "node.id", "version"]
    assert {k: v for k, v in our_meta.items() if k != "directory.id"} == \
        {k: v for k, v in their_meta.items() if k != "directory.id"}
    # The checkpoint: the same records at the same offsets and epochs; the voter's directory id is each
    # directory's own, the rest of the VotersRecord is the same.
    their_voters, our_voters = voters(theirs), voters(ours)
    assert our_voters.voters[0].voter_directory_id == parse_kafka_uuid(our_meta["directory.id"])
    assert their_voters.voters[0].voter_directory_id == parse_kafka_uuid(their_meta["directory.id"])
    our_voters.voters[0].voter_directory_id = their_voters.voters[0].voter_directory_id
    assert our_voters == their_voters
    same_ids = [(c, o, k, e, None if k == C.KRAFT_VOTERS else v)
                for c, o, k, e, v in without_header_timestamp(checkpoint_records(ours))]
    assert same_ids == [(c, o, k, e, None if k == C.KRAFT_VOTERS else v)
                        for c, o, k, e, v in without_header_timestamp(checkpoint_records(theirs))]


def dump(path) -> str:
    result = run_kafka_tool("org.apache.kafka.tools.DumpLogSegments", "--deep-iteration", "--files", str(path))
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_initial_controllers_checkpoint_is_kafkas_and_dump_log_segments_reads_it(tmp_path):
    theirs, ours = tmp_path / "kafka", tmp_path / "kbroker"
    assert kafka_format(properties(tmp_path / "k.properties", theirs), "--initial-controllers", THREE).returncode == 0
    result = kbroker_format(properties(tmp_path / "o.properties", ours), "--initial-controllers", THREE)
    assert result.returncode == 0, result.stderr
    # This node's voter directory id becomes its metadata directory's id, as Kafka does.
    assert meta_properties(ours)["directory.id"] == meta_properties(theirs)["directory.id"] == "OBwtglENT76SK7gGCjHpvA"
    assert without_header_timestamp(checkpoint_records(ours)) == without_header_timestamp(checkpoint_records(theirs))
    ours_dumped, theirs_dumped = dump(ours / CHECKPOINT), dump(theirs / CHECKPOINT)
    assert "KRaftVersion {\"version\":0,\"kRaftVersion\":1}" in ours_dumped
    record_lines = [re.sub(r"CreateTime: \d+|\"lastContainedLogTimestamp\":\d+|crc: \d+|/\S+", "", line)
                    for line in ours_dumped.splitlines()]
    assert record_lines == [re.sub(r"CreateTime: \d+|\"lastContainedLogTimestamp\":\d+|crc: \d+|/\S+", "", line)
                            for line in theirs_dumped.splitlines()]


@pytest.mark.parametrize("extra, flags", [
    ({"controller.quorum.voters": "1@127.0.0.1:19093", "controller.quorum.bootstrap.servers": ""}, ["--standalone"]),
    ({}, []),
    ({"process.roles": "broker", "node.id": "4", "listeners": "PLAINTEXT://127.0.0.1:0"}, ["--standalone"]),
])
def test_flags_that_do_not_fit_the_config_are_refused_as_kafka_storage_does(tmp_path, extra, flags):
    config = properties(tmp_path / "s.properties", tmp_path / "logs", **extra)
    theirs = kafka_format(config, *flags)
    ours = kbroker_format(config, *flags)
    assert theirs.returncode != 0 and ours.returncode == 1
    message = (theirs.stdout + theirs.stderr).strip().splitlines()[-1]
    assert message in ours.stderr


@pytest.mark.parametrize("formatter", [kafka_format, kbroker_format])
def test_one_voter_start_reads_a_directory_formatted_standalone_either_way(tmp_path, formatter):
    log_dir = tmp_path / "logs"
    config = properties(tmp_path / "s.properties", log_dir)
    assert formatter(config, "--standalone").returncode == 0
    overrides = {"listeners": "PLAINTEXT://127.0.0.1:0,CONTROLLER://127.0.0.1:0"}
    with start_broker_process(log_dir, overrides, extra_args=["--config", str(config)]) as broker:
        assert f"cluster {CLUSTER_ID}, node 1" in broker.log_text()
        assert broker.terminate() == 0
