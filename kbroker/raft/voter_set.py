"""The voters of a dynamic KRaft quorum (KIP-853) and their history in the metadata log (Kafka's VoterSet,
VoterSetHistory and the control-record half of KRaftControlRecordStateMachine).

A VoterSet maps each voter id to its replica key (id, directory id), its endpoints by listener name and the
kraft.version range it supports; it is what a VotersRecord holds. A VoterHistory follows the control records
of the log as the node appends, truncates or replaces it with a snapshot: the voters of the latest
VotersRecord, committed or not, are the node's voters (Kafka's lastVoterSet), and a KRaftVersionRecord sets
kraft.version. A log without either (kraft.version 0) has no history; its voters are `controller.quorum.voters`.
"""

from __future__ import annotations

import struct
import uuid

import attrs

from kbroker.kafka_uuid import kafka_uuid_string
from kbroker.protocol import records as R
from kbroker.protocol.messages.k_raft_version_record import KRaftVersionRecord
from kbroker.protocol.messages.voters_record import Endpoint, KRaftVersionFeature, Voter, VotersRecord
from kbroker.raft import control_records as C

ZERO_DIRECTORY = uuid.UUID(int=0)
_KEY = struct.Struct(">hh")


@attrs.frozen
class VoterNode:
    voter_id: int
    directory_id: uuid.UUID
    endpoints: tuple[tuple[str, str, int], ...] = ()  # (listener name, host, port)
    min_kraft_version: int = 0
    max_kraft_version: int = 1

    def address(self, listener: str) -> tuple[str, int] | None:
        for name, host, port in self.endpoints:
            if name == listener:
                return host, port
        return None

    def key_string(self) -> str:
        """Kafka's ReplicaKey.toString, as its error messages print voters."""
        directory = "<undefined>" if self.directory_id == ZERO_DIRECTORY else kafka_uuid_string(self.directory_id)
        return f"ReplicaKey(id={self.voter_id}, directoryId={directory})"


@attrs.frozen
class VoterSet:
    voters: dict[int, VoterNode] = attrs.field(factory=dict)

    @property
    def ids(self) -> frozenset[int]:
        return frozenset(self.voters)

    def get(self, voter_id: int) -> VoterNode | None:
        return self.voters.get(voter_id)

    def is_voter(self, voter_id: int, directory_id: uuid.UUID) -> bool:
        node = self.voters.get(voter_id)
        return node is not None and node.directory_id == directory_id

    def add(self, node: VoterNode) -> VoterSet | None:
        if node.voter_id in self.voters:
            return None
        return VoterSet({**self.voters, node.voter_id: node})

    def remove(self, voter_id: int, directory_id: uuid.UUID) -> VoterSet | None:
        """Without the voter (id and directory id must both match); None when it is not one, or is the last."""
        if not self.is_voter(voter_id, directory_id) or len(self.voters) == 1:
            return None
        return VoterSet({v: n for v, n in self.voters.items() if v != voter_id})

    def keys_string(self) -> str:
        return "[" + ", ".join(self.voters[v].key_string() for v in sorted(self.voters)) + "]"

    def to_record(self) -> VotersRecord:
        return VotersRecord(version=0, voters=[
            Voter(voter_id=n.voter_id, voter_directory_id=n.directory_id,
                  endpoints=[Endpoint(name=name, host=host, port=port) for name, host, port in n.endpoints],
                  k_raft_version_feature=KRaftVersionFeature(min_supported_version=n.min_kraft_version,
                                                             max_supported_version=n.max_kraft_version))
            for n in (self.voters[v] for v in sorted(self.voters))])

    @classmethod
    def from_record(cls, record: VotersRecord) -> VoterSet:
        return cls({v.voter_id: VoterNode(v.voter_id, v.voter_directory_id,
                                          tuple((e.name, e.host, e.port) for e in v.endpoints),
                                          v.k_raft_version_feature.min_supported_version,
                                          v.k_raft_version_feature.max_supported_version)
                    for v in record.voters})


def voters_batch(voters: VoterSet, *, base_offset: int, epoch: int, timestamp: int) -> bytearray:
    """A control batch with one VotersRecord (what a leader appends for a voter change)."""
    return R.build_batch([(timestamp, _KEY.pack(0, C.KRAFT_VOTERS), voters.to_record().encode(0))],
                         base_offset=base_offset, control=True, partition_leader_epoch=epoch)


def kraft_version_and_voters_batch(voters: VoterSet, *, base_offset: int, epoch: int, timestamp: int,
                                   kraft_version: int = 1) -> bytearray:
    """A control batch setting kraft.version and the voters (what a bootstrap checkpoint holds, and what a
    kraft.version upgrade appends)."""
    return R.build_batch(snapshot_control_records(kraft_version, voters, timestamp), base_offset=base_offset,
                         control=True, partition_leader_epoch=epoch)


def snapshot_control_records(kraft_version: int, voters: VoterSet | None, timestamp: int) -> list[tuple]:
    """The KRaftVersionRecord and VotersRecord a snapshot carries after its header under kraft.version 1."""
    if kraft_version == 0 or voters is None:
        return []
    return [(timestamp, _KEY.pack(0, C.KRAFT_VERSION),
             KRaftVersionRecord(version=0, k_raft_version=kraft_version).encode(0)),
            (timestamp, _KEY.pack(0, C.KRAFT_VOTERS), voters.to_record().encode(0))]


def control_changes(data: bytes) -> list[tuple[int, int, object]]:
    """(offset, control type, value) of every KRaftVersionRecord and VotersRecord in `data` (whole batches)."""
    found = []
    for batch in R.iter_batches(memoryview(data)):
        if not batch.is_control:
            continue
        for record in batch.records():
            kind = C.control_type(record)
            if kind == C.KRAFT_VOTERS:
                found.append((record.offset, kind, VoterSet.from_record(
                    VotersRecord.decode(memoryview(record.value), 0, 0)[0])))
            elif kind == C.KRAFT_VERSION:
                found.append((record.offset, kind,
                              KRaftVersionRecord.decode(memoryview(record.value), 0, 0)[0].k_raft_version))
    return found


class VoterHistory:
    """The voter sets and kraft.version the log and its latest snapshot hold, by offset."""

    def __init__(self) -> None:
        self._voters: list[tuple[int, VoterSet]] = []  # (offset, voters), offsets increasing
        self._versions: list[tuple[int, int]] = []  # (offset, kraft.version)

    @property
    def kraft_version(self) -> int:
        return self._versions[-1][1] if self._versions else 0

    def entries(self) -> list[tuple[int, VoterSet]]:
        return list(self._voters)

    def latest(self) -> tuple[int, VoterSet] | None:
        return self._voters[-1] if self._voters else None

    def voters_at(self, offset: int) -> VoterSet | None:
        """The voter set in force at `offset` (the latest one written at or before it)."""
        found = None
        for at, voters in self._voters:
            if at > offset:
                break
            found = voters
        return found

    def kraft_version_at(self, offset: int) -> int:
        found = 0
        for at, version in self._versions:
            if at > offset:
                break
            found = version
        return found

    def observe(self, data: bytes, *, from_offset: int = 0) -> bool:
        """Take the control records of batches appended to the log; True when the voter set changed."""
        changed = False
        for offset, kind, value in control_changes(data):
            if offset < from_offset:
                continue
            if kind == C.KRAFT_VOTERS:
                self._voters.append((offset, value))
                changed = True
            else:
                self._versions.append((offset, value))
        return changed

    def truncate(self, end_offset: int) -> bool:
        """The log was truncated to `end_offset`: entries at or past it go. True when the voter set changed."""
        before = len(self._voters)
        self._voters = [(at, v) for at, v in self._voters if at < end_offset]
        self._versions = [(at, v) for at, v in self._versions if at < end_offset]
        return len(self._voters) != before

    def reset_to_snapshot(self, end_offset: int, snapshot: bytes) -> None:
        """The log now starts at a snapshot: its voters are in force from end_offset - 1, as Kafka records them."""
        self._voters, self._versions = [], []
        for _, kind, value in control_changes(snapshot):
            if kind == C.KRAFT_VOTERS:
                self._voters = [(end_offset - 1, value)]
            else:
                self._versions = [(end_offset - 1, value)]
