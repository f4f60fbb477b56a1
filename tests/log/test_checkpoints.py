"""Log-dir checkpoint files and partition.metadata: exact bytes, round trips, corruption errors."""

import os
import uuid

import pytest

from kbroker.log.checkpoints import (
    CLEANER_OFFSET_CHECKPOINT,
    RECOVERY_POINT_CHECKPOINT,
    CheckpointError,
    OffsetCheckpointFile,
    log_dir_checkpoint,
)
from kbroker.log.partition_metadata import (
    PartitionMetadataError,
    PartitionMetadataFile,
    uuid_from_kafka_string,
    uuid_to_kafka_string,
)


def test_offset_checkpoint_golden_bytes_and_round_trip(tmp_path):
    ckpt = log_dir_checkpoint(str(tmp_path), RECOVERY_POINT_CHECKPOINT)
    offsets = {("orders", 0): 42, ("orders", 1): 0, ("__consumer_offsets", 17): 123456789012}
    ckpt.write(offsets)
    with open(tmp_path / RECOVERY_POINT_CHECKPOINT, "rb") as f:
        assert f.read() == b"0\n3\norders 0 42\norders 1 0\n__consumer_offsets 17 123456789012\n"
    assert ckpt.read() == offsets
    assert not os.path.exists(str(tmp_path / RECOVERY_POINT_CHECKPOINT) + ".tmp")


def test_empty_and_missing(tmp_path):
    ckpt = log_dir_checkpoint(str(tmp_path), CLEANER_OFFSET_CHECKPOINT)
    assert ckpt.read() == {}
    ckpt.write({})
    with open(ckpt.path, "rb") as f:
        assert f.read() == b"0\n0\n"
    assert ckpt.read() == {}
    for text in (b"", b"0\n"):
        with open(ckpt.path, "wb") as f:
            f.write(text)
        assert ckpt.read() == {}


def test_reads_whitespace_like_kafka(tmp_path):
    path = str(tmp_path / "c")
    with open(path, "w") as f:
        f.write("0\n2\nt  3\t7\nu 0 9\n")
    assert OffsetCheckpointFile(path).read() == {("t", 3): 7, ("u", 0): 9}


@pytest.mark.parametrize("text, message", [
    ("1\n0\n", "Unrecognised version: 1"),
    ("x\n0\n", "Malformed line"),
    ("0\n2\nt 0 1\n", "Expected 2 entries"),
    ("0\n1\nt 0 1\nu 0 2\n", "Expected 1 entries"),
    ("0\n1\nt 0\n", "Malformed line .*'t 0'"),
    ("0\n1\nt zero 1\n", "Malformed line"),
    ("0\n1\nt 0 1 2\n", "Malformed line"),
])
def test_corrupt_checkpoint_errors_name_the_file(tmp_path, text, message):
    path = str(tmp_path / "replication-offset-checkpoint")
    with open(path, "w") as f:
        f.write(text)
    with pytest.raises(CheckpointError, match=message) as info:
        OffsetCheckpointFile(path).read()
    assert "replication-offset-checkpoint" in str(info.value)


def test_rewrite_replaces_atomically(tmp_path):
    ckpt = OffsetCheckpointFile(str(tmp_path / "c"))
    ckpt.write({("a", 0): 1})
    ckpt.write([(("b", 1), 2)])
    assert ckpt.read() == {("b", 1): 2}
    assert sorted(os.listdir(tmp_path)) == ["c"]


def test_kafka_uuid_string():
    assert uuid_to_kafka_string(uuid.UUID(int=1)) == "AAAAAAAAAAAAAAAAAAAAAQ"
    value = uuid.UUID("f1e2d3c4-b5a6-9788-7766-554433221100")
    text = uuid_to_kafka_string(value)
    assert len(text) == 22 and "=" not in text
    assert uuid_from_kafka_string(text) == value
    assert uuid_from_kafka_string(text + "==") == value
    for bad in ("AAAA", "A" * 25, "AAAAAAAAAAAAAAAAAAAA!Q"):
        with pytest.raises(ValueError):
            uuid_from_kafka_string(bad)


def test_partition_metadata_golden_bytes(tmp_path):
    meta = PartitionMetadataFile(str(tmp_path))
    assert not meta.exists() and meta.read() is None
    meta.write(uuid.UUID(int=1))
    with open(tmp_path / "partition.metadata", "rb") as f:
        assert f.read() == b"version: 0\ntopic_id: AAAAAAAAAAAAAAAAAAAAAQ"
    assert meta.read() == uuid.UUID(int=1)
    with pytest.raises(ValueError):
        meta.write(uuid.UUID(int=0))


@pytest.mark.parametrize("text, message", [
    ("version: -1\ntopic_id: AAAAAAAAAAAAAAAAAAAAAQ", "Unrecognized version"),
    ("version: 0\ntopic_id: AAAAAAAAAAAAAAAAAAAAAA", "Invalid topic ID"),
    ("version:0\ntopic_id: AAAAAAAAAAAAAAAAAAAAAQ", "Malformed line"),
    ("version: 0\n", "Malformed line"),
    ("version: 0\ntopicid: AAAAAAAAAAAAAAAAAAAAAQ", "Malformed line"),
    ("version: 0\ntopic_id: nope", "Malformed line"),
])
def test_partition_metadata_corruption(tmp_path, text, message):
    with open(tmp_path / "partition.metadata", "w") as f:
        f.write(text)
    with pytest.raises(PartitionMetadataError, match=message):
        PartitionMetadataFile(str(tmp_path)).read()


def test_partition_metadata_accepts_trailing_newline_and_newer_version(tmp_path):
    with open(tmp_path / "partition.metadata", "w") as f:
        f.write("version: 1\ntopic_id: AAAAAAAAAAAAAAAAAAAAAQ\n")
    assert PartitionMetadataFile(str(tmp_path)).read() == uuid.UUID(int=1)
