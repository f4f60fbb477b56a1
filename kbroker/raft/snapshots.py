"""Metadata snapshots: `<end offset, 20 digits>-<epoch, 10 digits>.checkpoint` files in the metadata partition
directory (Kafka's Snapshots / FileRawSnapshotWriter / RecordsSnapshotWriter).

A snapshot holds, from offset 0: a control batch with the SnapshotHeaderRecord (followed, under kraft.version
1, by the KRaftVersionRecord and VotersRecord in force at its end offset, as Kafka's RecordsSnapshotWriter
writes them), batches of framed metadata
records (the image as of end offset - 1), and a control batch with the SnapshotFooterRecord; every batch
carries the snapshot epoch as its partition leader epoch. It is written to `<name>.checkpoint.part`,
fsynced, then renamed into place, so a `.checkpoint` file is always complete; leftover `.part` files are
deleted on open.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from typing import NamedTuple

from kbroker.log.checkpoints import fsync_directory
from kbroker.metadata.serde import MetadataRecord, decode_record, encode_record
from kbroker.protocol import records as R
from kbroker.raft import control_records as C

SUFFIX = ".checkpoint"
PARTIAL_SUFFIX = ".checkpoint.part"
RECORDS_PER_BATCH = 1000
_NAME = re.compile(r"^(\d{20})-(\d{10})\.checkpoint$")


class SnapshotError(ValueError):
    pass


class SnapshotId(NamedTuple):
    end_offset: int
    epoch: int

    @property
    def file_name(self) -> str:
        return f"{self.end_offset:020d}-{self.epoch:010d}{SUFFIX}"


class Snapshot(NamedTuple):
    snapshot_id: SnapshotId
    last_contained_log_timestamp: int
    records: list[MetadataRecord]


def list_snapshots(partition_dir: str) -> list[SnapshotId]:
    """Complete snapshots, oldest first; partial ones are deleted."""
    found = []
    for name in os.listdir(partition_dir):
        if name.endswith(PARTIAL_SUFFIX):
            os.unlink(os.path.join(partition_dir, name))
            continue
        match = _NAME.match(name)
        if match:
            found.append(SnapshotId(int(match.group(1)), int(match.group(2))))
    return sorted(found)


def write_snapshot(partition_dir: str, snapshot_id: SnapshotId, records: Iterable[MetadataRecord], *,
                   last_contained_log_timestamp: int, now_ms: int, control: list[tuple] = ()) -> str:
    """`control`: (timestamp, key, value) control records written after the header in its batch (the
    KRaftVersionRecord and VotersRecord of a dynamic quorum, voter_set.snapshot_control_records)."""
    epoch = snapshot_id.epoch
    path = os.path.join(partition_dir, snapshot_id.file_name)
    partial = path[:-len(SUFFIX)] + PARTIAL_SUFFIX
    fd = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    try:
        def write(data) -> None:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]

        write(C.snapshot_header_batch(last_contained_log_timestamp, epoch=epoch, timestamp=now_ms,
                                      control=list(control)))
        offset = 1 + len(control)
        chunk: list[bytes] = []
        for record in records:
            chunk.append(encode_record(record.message, record.version))
            if len(chunk) == RECORDS_PER_BATCH:
                write(_data_batch(chunk, offset, epoch, now_ms))
                offset += len(chunk)
                chunk = []
        if chunk:
            write(_data_batch(chunk, offset, epoch, now_ms))
            offset += len(chunk)
        write(C.snapshot_footer_batch(base_offset=offset, epoch=epoch, timestamp=now_ms))
        os.fsync(fd)
    finally:
        os.close(fd)
    os.replace(partial, path)
    fsync_directory(partition_dir)
    return path


def _data_batch(values: list[bytes], base_offset: int, epoch: int, timestamp: int) -> bytearray:
    return R.build_batch([(timestamp, None, value) for value in values], base_offset=base_offset,
                         partition_leader_epoch=epoch)


def read_snapshot(partition_dir: str, snapshot_id: SnapshotId) -> Snapshot:
    path = os.path.join(partition_dir, snapshot_id.file_name)
    with open(path, "rb") as f:
        data = f.read()
    header_timestamp = None
    footer_seen = False
    records: list[MetadataRecord] = []
    consumed = 0
    for batch in R.iter_batches(data):
        consumed = batch.pos + batch.size
        if not batch.is_valid():
            raise SnapshotError(f"Snapshot {path} has a corrupt batch at offset {batch.base_offset}")
        if footer_seen:
            raise SnapshotError(f"Snapshot {path} has batches after its footer")
        for record in batch.records():
            if batch.is_control:
                kind = C.control_type(record)
                if kind == C.SNAPSHOT_HEADER:
                    header_timestamp = C.decode_snapshot_header(record).last_contained_log_timestamp
                elif kind == C.SNAPSHOT_FOOTER:
                    footer_seen = True
            elif header_timestamp is None:
                raise SnapshotError(f"Snapshot {path} does not start with a SnapshotHeader")
            else:
                records.append(decode_record(record.value))
    if header_timestamp is None or not footer_seen or consumed != len(data):
        raise SnapshotError(f"Snapshot {path} is incomplete (header or footer missing, or trailing bytes)")
    return Snapshot(snapshot_id, header_timestamp, records)


def delete_snapshot(partition_dir: str, snapshot_id: SnapshotId) -> None:
    try:
        os.unlink(os.path.join(partition_dir, snapshot_id.file_name))
    except FileNotFoundError:
        pass
