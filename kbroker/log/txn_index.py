"""`.txnindex`: the aborted transactions of one segment (Kafka's TransactionIndex / AbortedTxn).

Each entry is 34 bytes, big-endian: version int16 (0), producerId int64, firstOffset int64, lastOffset int64,
lastStableOffset int64. Entries are appended in increasing lastOffset order when an ABORT marker is written
(lastStableOffset = the LSO right after the marker). Fetch in read_committed collects, per segment, the aborted
transactions overlapping the fetched range. Like Kafka, the file is only created on the first append.
"""

from __future__ import annotations

import os
import struct
import threading
from typing import NamedTuple

ABORTED_TXN_VERSION = 0
ENTRY_SIZE = 34

_ENTRY = struct.Struct(">hqqqq")


class TxnIndexError(OSError):
    """A `.txnindex` that cannot be read (Kafka: CorruptIndexException / KafkaException)."""


class AbortedTxn(NamedTuple):
    producer_id: int
    first_offset: int
    last_offset: int
    last_stable_offset: int

    def encode(self) -> bytes:
        return _ENTRY.pack(ABORTED_TXN_VERSION, self.producer_id, self.first_offset, self.last_offset,
                           self.last_stable_offset)


class TxnIndexSearchResult(NamedTuple):
    aborted: list[AbortedTxn]
    # True once an entry's lastStableOffset reached the upper bound: later segments cannot add more.
    is_complete: bool


def decode_entries(path: str, data: bytes) -> list[AbortedTxn]:
    if len(data) % ENTRY_SIZE:
        raise TxnIndexError(f"Unexpected end of transaction index {path}: {len(data)} bytes is not a multiple "
                            f"of {ENTRY_SIZE}")
    entries = []
    for pos in range(0, len(data), ENTRY_SIZE):
        version, pid, first, last, lso = _ENTRY.unpack_from(data, pos)
        if version != ABORTED_TXN_VERSION:
            raise TxnIndexError(f"Unexpected aborted transaction version {version} in transaction index {path}, "
                                f"current version is {ABORTED_TXN_VERSION}")
        entries.append(AbortedTxn(pid, first, last, lso))
    return entries


class TransactionIndex:
    """The `.txnindex` of the segment starting at `start_offset`; entries are cached in memory."""

    def __init__(self, start_offset: int, path: str):
        self.start_offset = start_offset
        self.path = path
        self._lock = threading.Lock()
        self._entries: list[AbortedTxn] | None = None

    def _load(self) -> list[AbortedTxn]:
        if self._entries is None:
            try:
                with open(self.path, "rb") as f:
                    data = f.read()
            except FileNotFoundError:
                data = b""
            self._entries = decode_entries(self.path, data)
        return self._entries

    def all_entries(self) -> list[AbortedTxn]:
        with self._lock:
            return list(self._load())

    def last_offset(self) -> int | None:
        with self._lock:
            entries = self._load()
            return entries[-1].last_offset if entries else None

    def append(self, txn: AbortedTxn) -> None:
        """Add an aborted transaction; its last offset must exceed every one already indexed."""
        with self._lock:
            entries = self._load()
            if entries and entries[-1].last_offset >= txn.last_offset:
                raise ValueError(f"The last offset of appended transactions must increase sequentially, but "
                                 f"{txn.last_offset} is not greater than current last offset "
                                 f"{entries[-1].last_offset} of index {self.path}")
            fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
            try:
                os.write(fd, txn.encode())
            finally:
                os.close(fd)
            entries.append(txn)

    def collect_aborted(self, fetch_offset: int, upper_bound_offset: int) -> TxnIndexSearchResult:
        """Aborted transactions overlapping [fetch_offset, upper_bound_offset)."""
        with self._lock:
            aborted = []
            for txn in self._load():
                if txn.last_offset >= fetch_offset and txn.first_offset < upper_bound_offset:
                    aborted.append(txn)
                if txn.last_stable_offset >= upper_bound_offset:
                    return TxnIndexSearchResult(aborted, True)
            return TxnIndexSearchResult(aborted, False)

    def truncate_to(self, offset: int) -> None:
        """Drop the entries whose last offset is >= `offset` (the log was truncated there)."""
        with self._lock:
            entries = self._load()
            keep = 0
            while keep < len(entries) and entries[keep].last_offset < offset:
                keep += 1
            if keep == len(entries):
                return
            del entries[keep:]
            if os.path.exists(self.path):
                os.truncate(self.path, keep * ENTRY_SIZE)

    def reset(self) -> None:
        """Empty the index (before a rebuild by replaying the segment)."""
        with self._lock:
            self._entries = []
            if os.path.exists(self.path):
                os.truncate(self.path, 0)

    def sanity_check(self) -> None:
        """Kafka's check: a readable file whose entries all end at or after the segment's start offset."""
        with self._lock:
            self._entries = None
            for txn in self._load():
                if txn.last_offset < self.start_offset:
                    raise TxnIndexError(f"Last offset of aborted transaction {txn} in index {self.path} is less "
                                        f"than start offset {self.start_offset}")

    def flush(self) -> None:
        if os.path.exists(self.path):
            fd = os.open(self.path, os.O_RDONLY)
            try:
                os.fsync(fd)
            finally:
                os.close(fd)

    def rename(self, new_path: str) -> None:
        with self._lock:
            if os.path.exists(self.path):
                os.rename(self.path, new_path)
            self.path = new_path

    def delete(self) -> None:
        with self._lock:
            try:
                os.unlink(self.path)
            except FileNotFoundError:
                pass
            self._entries = []


def collect_aborted_transactions(indexes: list[TransactionIndex], fetch_offset: int,
                                 upper_bound_offset: int) -> list[AbortedTxn]:
    """Across consecutive segments' indexes (from the one holding `fetch_offset`), stopping once complete
    (UnifiedLog.collectAbortedTransactions)."""
    result: list[AbortedTxn] = []
    for index in indexes:
        found = index.collect_aborted(fetch_offset, upper_bound_offset)
        result.extend(found.aborted)
        if found.is_complete:
            break
    return result
