"""The bootstrap checkpoint of a dynamic quorum (KIP-853): what `kafka-storage format --standalone` or
`--initial-controllers` writes as `__cluster_metadata-0/00000000000000000000-0000000000.checkpoint`, and reading
its voters back.

The file is a snapshot at offset 0, epoch 0: one control batch holding the SnapshotHeaderRecord, a
KRaftVersionRecord (kraft.version 1) and a VotersRecord (each voter's id, directory id, controller endpoint and
supported kraft.version range 0-1), then a control batch with the SnapshotFooterRecord (Kafka's Formatter with
RecordsSnapshotWriter). `--initial-controllers` takes `id@host:port:directoryId` entries (comma-separated).
"""

from __future__ import annotations

import os
import re
import struct
import uuid

import attrs

from kbroker.kafka_uuid import kafka_uuid_string, parse_kafka_uuid
from kbroker.log.checkpoints import fsync_directory
from kbroker.protocol import records as R
from kbroker.protocol.messages.k_raft_version_record import KRaftVersionRecord
from kbroker.protocol.messages.snapshot_header_record import SnapshotHeaderRecord
from kbroker.protocol.messages.voters_record import Endpoint, KRaftVersionFeature, Voter, VotersRecord
from kbroker.raft import control_records as C
from kbroker.raft.snapshots import SnapshotId

BOOTSTRAP_SNAPSHOT = SnapshotId(0, 0)
KRAFT_VERSION_DYNAMIC = 1
_CONTROL_KEY = struct.Struct(">hh")


class BootstrapCheckpointError(ValueError):
    pass


@attrs.frozen
class BootstrapVoter:
    voter_id: int
    directory_id: uuid.UUID
    listener: str
    host: str
    port: int

    def __str__(self) -> str:
        return f"{self.voter_id}@{self.host}:{self.port}:{kafka_uuid_string(self.directory_id)}"


def parse_initial_controllers(text: str, listener: str) -> list[BootstrapVoter]:
    """`--initial-controllers`: `id@host:port:directoryId[,...]`; `listener` names the endpoints."""
    voters: dict[int, BootstrapVoter] = {}
    for entry in (item.strip() for item in text.split(",")):
        match = re.fullmatch(r"(-?[0-9]+)@(\[[^\]]+\]|[^:@\[\]]+):([0-9]+):([A-Za-z0-9_-]{22})", entry)
        if match is None:
            raise BootstrapCheckpointError(f"Invalid --initial-controllers entry {entry!r}: expected "
                                           "id@host:port:directoryId")
        voter_id = int(match.group(1))
        if voter_id in voters:
            raise BootstrapCheckpointError(f"Node {voter_id} is specified more than once in --initial-controllers")
        try:
            directory_id = parse_kafka_uuid(match.group(4))
        except ValueError as exc:
            raise BootstrapCheckpointError(f"Invalid directory id in --initial-controllers entry {entry!r}: "
                                           f"{exc}") from None
        voters[voter_id] = BootstrapVoter(voter_id, directory_id, listener, match.group(2).strip("[]"),
                                          int(match.group(3)))
    return list(voters.values())


def _control(kind: int, value: bytes, timestamp: int) -> tuple:
    return (timestamp, _CONTROL_KEY.pack(0, kind), value)


def encode_bootstrap_checkpoint(voters: list[BootstrapVoter], now_ms: int) -> bytes:
    header = SnapshotHeaderRecord(version=0, last_contained_log_timestamp=now_ms).encode(0)
    kraft_version = KRaftVersionRecord(version=0, k_raft_version=KRAFT_VERSION_DYNAMIC).encode(0)
    voters_record = VotersRecord(version=0, voters=[
        Voter(voter_id=v.voter_id, voter_directory_id=v.directory_id,
              endpoints=[Endpoint(name=v.listener, host=v.host, port=v.port)],
              k_raft_version_feature=KRaftVersionFeature(min_supported_version=0,
                                                         max_supported_version=KRAFT_VERSION_DYNAMIC))
        for v in sorted(voters, key=lambda v: v.voter_id)]).encode(0)
    first = R.build_batch([_control(C.SNAPSHOT_HEADER, header, now_ms),
                           _control(C.KRAFT_VERSION, kraft_version, now_ms),
                           _control(C.KRAFT_VOTERS, voters_record, now_ms)],
                          base_offset=0, control=True, partition_leader_epoch=BOOTSTRAP_SNAPSHOT.epoch)
    footer = C.snapshot_footer_batch(base_offset=3, epoch=BOOTSTRAP_SNAPSHOT.epoch, timestamp=now_ms)
    return bytes(first) + bytes(footer)


def write_bootstrap_checkpoint(partition_dir: str, voters: list[BootstrapVoter], now_ms: int) -> str:
    os.makedirs(partition_dir, exist_ok=True)
    path = os.path.join(partition_dir, BOOTSTRAP_SNAPSHOT.file_name)
    partial = path + ".part"
    with open(partial, "wb") as f:
        f.write(encode_bootstrap_checkpoint(voters, now_ms))
        f.flush()
        os.fsync(f.fileno())
    os.replace(partial, path)
    fsync_directory(partition_dir)
    return path


def read_bootstrap_voters(partition_dir: str) -> list[BootstrapVoter] | None:
    """The voters of the bootstrap checkpoint in `partition_dir`, or None when there is none (a static quorum,
    or kbroker's own format)."""
    path = os.path.join(partition_dir, BOOTSTRAP_SNAPSHOT.file_name)
    try:
        with open(path, "rb") as f:
            data = f.read()
    except FileNotFoundError:
        return None
    for batch in R.iter_batches(data):
        if not batch.is_valid():
            raise BootstrapCheckpointError(f"{path} has a corrupt batch at offset {batch.base_offset}")
        if not batch.is_control:
            continue
        for record in batch.records():
            if C.control_type(record) == C.KRAFT_VOTERS:
                message = VotersRecord.decode(memoryview(record.value), 0, 0)[0]
                return [BootstrapVoter(v.voter_id, v.voter_directory_id,
                                       v.endpoints[0].name if v.endpoints else "",
                                       v.endpoints[0].host if v.endpoints else "",
                                       v.endpoints[0].port if v.endpoints else 0) for v in message.voters]
    return None
