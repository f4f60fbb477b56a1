"""The leader-epoch cache of a partition and its `leader-epoch-checkpoint` file (Kafka's LeaderEpochFileCache).

Owns the sequence of (leader epoch, start offset) entries: the first offset each leader epoch wrote. Epochs and
start offsets both strictly increase. The file is Kafka's checkpoint format, version 0:

    0\\n<count>\\n<epoch> <startOffset>\\n...

Every change is written through atomically (tmp file, fsync, rename, fsync dir) unless the caller defers it
(`flush=False`, as Kafka's *AsyncFlush variants) and calls flush() later.
"""

from __future__ import annotations

import bisect
import os
import threading
from typing import NamedTuple

from kbroker.log.checkpoints import (
    decode_checkpoint,
    encode_checkpoint,
    read_text,
    split_fields,
    write_atomically,
)

LEADER_EPOCH_CHECKPOINT = "leader-epoch-checkpoint"
LEADER_EPOCH_CHECKPOINT_VERSION = 0
UNDEFINED_EPOCH = -1
UNDEFINED_EPOCH_OFFSET = -1


class EpochEntry(NamedTuple):
    epoch: int
    start_offset: int


def _parse_entry(line: str) -> EpochEntry | None:
    fields = split_fields(line)
    if len(fields) != 2:
        return None
    try:
        return EpochEntry(int(fields[0], 10), int(fields[1], 10))
    except ValueError:
        return None


def read_leader_epoch_checkpoint(path: str) -> list[EpochEntry]:
    text = read_text(path)
    if text is None:
        return []
    return decode_checkpoint(path, text, LEADER_EPOCH_CHECKPOINT_VERSION, _parse_entry)


def write_leader_epoch_checkpoint(path: str, entries: list[EpochEntry], *, sync: bool = True) -> None:
    lines = [f"{e.epoch} {e.start_offset}" for e in entries]
    write_atomically(path, encode_checkpoint(LEADER_EPOCH_CHECKPOINT_VERSION, lines), sync=sync)


class LeaderEpochCache:
    """In-memory epochs backed by `<partition dir>/leader-epoch-checkpoint`; thread-safe."""

    def __init__(self, path: str, entries: list[EpochEntry] | None = None):
        self.path = path
        self._lock = threading.RLock()
        self._epochs: list[int] = []
        self._entries: list[EpochEntry] = []
        for entry in entries if entries is not None else []:
            self._assign(entry)
        # saved: the file holds the entries; synced: and durably (not written unsynced since)
        self.saved = True
        self.synced = True

    @classmethod
    def load(cls, partition_dir: str) -> LeaderEpochCache:
        """Read the checkpoint of a partition directory (missing file: empty cache)."""
        path = os.path.join(partition_dir, LEADER_EPOCH_CHECKPOINT)
        # As Kafka, entries are re-assigned in order: a non-monotonic tail replaces what it contradicts.
        return cls(path, read_leader_epoch_checkpoint(path))

    # --- queries -----------------------------------------------------------------------------------------------
    def entries(self) -> list[EpochEntry]:
        with self._lock:
            return list(self._entries)

    def is_empty(self) -> bool:
        return not self._entries

    def latest_entry(self) -> EpochEntry | None:
        with self._lock:
            return self._entries[-1] if self._entries else None

    def earliest_entry(self) -> EpochEntry | None:
        with self._lock:
            return self._entries[0] if self._entries else None

    def latest_epoch(self) -> int | None:
        entry = self.latest_entry()
        return entry.epoch if entry else None

    def previous_epoch(self) -> int | None:
        """The epoch before the latest one, if any."""
        with self._lock:
            return self._entries[-2].epoch if len(self._entries) >= 2 else None

    def epoch_for_offset(self, offset: int) -> int | None:
        """The epoch whose range holds `offset` (the last entry starting at or before it)."""
        with self._lock:
            result = None
            for entry in self._entries:
                if entry.start_offset > offset:
                    break
                result = entry.epoch
            return result

    def end_offset_for(self, requested_epoch: int, log_end_offset: int) -> tuple[int, int]:
        """(epoch, end offset) answering OffsetForLeaderEpoch for `requested_epoch`.

        The end offset of an epoch is the start offset of the next higher epoch, or the log end offset for the
        latest epoch. An epoch absent from the cache answers with the largest epoch below it and the start of
        the next one; nothing known at or above it answers (UNDEFINED_EPOCH, UNDEFINED_EPOCH_OFFSET).
        """
        with self._lock:
            if requested_epoch == UNDEFINED_EPOCH:
                return UNDEFINED_EPOCH, UNDEFINED_EPOCH_OFFSET
            if self._entries and self._entries[-1].epoch == requested_epoch:
                return requested_epoch, log_end_offset
            higher = bisect.bisect_right(self._epochs, requested_epoch)
            if higher == len(self._entries):
                return UNDEFINED_EPOCH, UNDEFINED_EPOCH_OFFSET
            higher_start = self._entries[higher].start_offset
            if higher == 0:
                return requested_epoch, higher_start
            return self._entries[higher - 1].epoch, higher_start

    def entries_in_range(self, start_offset: int, end_offset: int) -> list[EpochEntry]:
        """Entries whose epoch covers some offset in [start_offset, end_offset)."""
        with self._lock:
            result = []
            for i, entry in enumerate(self._entries):
                next_start = self._entries[i + 1].start_offset if i + 1 < len(self._entries) else None
                if entry.start_offset >= end_offset:
                    break
                if next_start is not None and next_start <= start_offset:
                    continue
                result.append(entry)
            return result

    # --- changes -----------------------------------------------------------------------------------------------
    def assign(self, epoch: int, start_offset: int, *, flush: bool = True, sync: bool = True) -> bool:
        """Record that `epoch` starts at `start_offset`; returns whether the cache changed.

        Nothing changes when the latest entry has this epoch and starts at or before `start_offset`. Otherwise
        every entry with an epoch >= `epoch` or a start offset >= `start_offset` is dropped first, so both
        sequences stay strictly increasing (a new leader's view replaces a diverged tail).
        """
        with self._lock:
            changed = self._assign(EpochEntry(epoch, start_offset))
            if changed and flush:
                self.flush(sync=sync)
            elif changed:
                self.saved = self.synced = False
            return changed

    def _assign(self, entry: EpochEntry) -> bool:
        if entry.epoch < 0 or entry.start_offset < 0:
            raise ValueError(f"Received invalid partition leader epoch entry {entry}")
        if self._entries:
            latest = self._entries[-1]
            if entry.epoch == latest.epoch and entry.start_offset >= latest.start_offset:
                return False
        while self._entries and (self._entries[-1].epoch >= entry.epoch
                                 or self._entries[-1].start_offset >= entry.start_offset):
            self._entries.pop()
            self._epochs.pop()
        self._entries.append(entry)
        self._epochs.append(entry.epoch)
        return True

    def truncate_from_end(self, end_offset: int, *, flush: bool = True) -> None:
        """Drop entries starting at or after `end_offset` (the log was truncated to `end_offset`)."""
        with self._lock:
            if end_offset < 0 or not self._entries or self._entries[-1].start_offset < end_offset:
                return
            while self._entries and self._entries[-1].start_offset >= end_offset:
                self._entries.pop()
                self._epochs.pop()
            if flush:
                self.flush()
            else:
                self.saved = self.synced = False

    def truncate_from_start(self, start_offset: int, *, flush: bool = True) -> None:
        """The log start moved to `start_offset`: drop entries starting at or before it and re-start the
        latest of those at `start_offset`."""
        with self._lock:
            removed = None
            while self._entries and self._entries[0].start_offset <= start_offset:
                removed = self._entries.pop(0)
                self._epochs.pop(0)
            if removed is None:
                return
            self._entries.insert(0, EpochEntry(removed.epoch, start_offset))
            self._epochs.insert(0, removed.epoch)
            if flush:
                self.flush()
            else:
                self.saved = self.synced = False

    def clear_and_flush(self) -> None:
        with self._lock:
            self._entries.clear()
            self._epochs.clear()
            self.flush()

    def flush(self, *, sync: bool = True) -> None:
        with self._lock:
            entries = list(self._entries)
            self.saved, self.synced = True, sync
        write_leader_epoch_checkpoint(self.path, entries, sync=sync)
