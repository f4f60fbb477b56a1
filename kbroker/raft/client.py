"""The quorum interface the rest of the broker uses for the metadata log (Kafka's RaftClient, reduced).

- `append(records) -> last offset`: the records go into the log as one batch in the current leader epoch;
  the call returns only once they are committed (and the listeners have seen them).
- `register(listener)` before `start()`; `start()` replays what is committed (the latest snapshot, then the
  log after it) into the listeners, then becomes leader of a new epoch.
- `committed_offset` (the high watermark: offsets below it are committed), `log_end_offset`, `leader_epoch`.
- `create_snapshot(...)`: the metadata layer hands over the image as records at a committed offset.

The seam: handlers and the controller only see this interface. Today `SingleVoterRaft` implements it by
driving the KRaft node (node.py) for a one-voter quorum over the log on disk (disk_log.py): the node stands,
leads, and a batch is committed when its flush moves the high watermark past it. The node already runs N
voters and observers (elections with pre-vote, Fetch replication with log reconciliation, the high watermark
on a majority, check-quorum, FetchSnapshot), proven in tests/raft/simulation.py; what a multi-voter
`RaftClient` still needs is a driver that carries the node's requests and responses over Kafka's wire
protocol and its timers on the trio loop. Listeners and callers keep the same calls: `append` returns when
the batch is committed, and a non-leader raises `NotLeaderError` so the controller can forward or fail.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple, Protocol

from kbroker.metadata.serde import MetadataRecord


class RaftError(Exception):
    pass


class NotLeaderError(RaftError):
    """This node cannot append: it is not the leader (a single voter always is, once started)."""


class CommittedBatch(NamedTuple):
    base_offset: int
    last_offset: int
    epoch: int
    append_timestamp: int
    size_in_bytes: int
    records: list[MetadataRecord]


class RaftListener(Protocol):
    def handle_load_snapshot(self, end_offset: int, epoch: int, last_contained_log_timestamp: int,
                             records: list[MetadataRecord]) -> None:
        """Replace all state with the snapshot's (records of offsets below end_offset)."""

    def handle_commit(self, batch: CommittedBatch) -> None:
        """Apply one committed batch (batches arrive in offset order, each exactly once per process)."""


class RaftClient(Protocol):
    node_id: int

    @property
    def leader_epoch(self) -> int: ...

    @property
    def committed_offset(self) -> int: ...

    @property
    def log_end_offset(self) -> int: ...

    def register(self, listener: RaftListener) -> None: ...

    def start(self) -> None: ...

    def append(self, records: Iterable[MetadataRecord]) -> int: ...

    def create_snapshot(self, end_offset: int, epoch: int, last_contained_log_timestamp: int,
                        records: Iterable[MetadataRecord]) -> None: ...

    def close(self) -> None: ...
