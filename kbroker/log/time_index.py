"""The sparse time index (`<base>.timeindex`): 12-byte entries (timestamp int64, relative offset int32),
appended only when the segment's max timestamp grows (Kafka's TimeIndex)."""

from __future__ import annotations

import struct

from kbroker.log.offset_index import CorruptIndexError, IndexAppendError, MappedIndex

NO_TIMESTAMP = -1
_TIMESTAMP = struct.Struct(">q")
_REL_OFFSET = struct.Struct(">i")


class TimeIndex(MappedIndex):
    ENTRY = struct.Struct(">qi")

    def entry(self, n: int) -> tuple[int, int]:
        with self._pinned() as view:
            ts, rel = self.ENTRY.unpack_from(view, n * 12)
        return ts, self.base_offset + rel

    def last_timestamp(self) -> int:
        return self.entry(self.entries - 1)[0] if self.entries else NO_TIMESTAMP

    @property
    def last_entry(self) -> tuple[int, int]:
        return self.entry(self.entries - 1) if self.entries else (NO_TIMESTAMP, self.base_offset)

    def maybe_append(self, timestamp: int, offset: int, skip_full_check: bool = False) -> None:
        """Append (timestamp, offset) if the timestamp is larger than the last entry's."""
        if not skip_full_check and self.is_full:
            raise IndexAppendError(f"attempt to append to a full time index {self.path}")
        last_ts, last_offset = self.last_entry
        if self.entries and offset < last_offset:
            raise IndexAppendError(f"offset {offset} is below the last time-indexed offset {last_offset} in {self.path}")
        if self.entries and timestamp < last_ts:
            raise IndexAppendError(f"timestamp {timestamp} is below the last indexed timestamp {last_ts} in {self.path}")
        if timestamp > last_ts or not self.entries:
            if self.entries >= self.max_entries:
                # onBecomeInactiveSegment on a full index: grow by one entry (trimmed right after).
                self.resize((self.entries + 1) * 12)
            rel = offset - self.base_offset
            with self._pinned() as view:
                self.ENTRY.pack_into(view, self.entries * 12, timestamp, rel)
            self.entries += 1

    def lookup(self, target_timestamp: int) -> tuple[int, int]:
        """(timestamp, offset) of the last entry with timestamp <= target; (-1, base_offset) if none."""
        with self._pinned() as view:
            n = self._largest_at_most(lambda n: _TIMESTAMP.unpack_from(view, n * 12)[0], target_timestamp)
            if n < 0:
                return NO_TIMESTAMP, self.base_offset
            ts, rel = self.ENTRY.unpack_from(view, n * 12)
        return ts, self.base_offset + rel

    def truncate_to(self, offset: int) -> None:
        """Drop every entry whose offset is >= `offset`."""
        with self._pinned() as view:
            slot = self._smallest_at_least(lambda n: _REL_OFFSET.unpack_from(view, n * 12 + 8)[0],
                                           offset - self.base_offset)
        self.truncate_entries(slot)

    def sanity_check(self) -> None:
        """O(1) like Kafka's, plus: the last entry's timestamp above the previous one (entries are only added
        when the max timestamp grows, so a zero-filled preallocated tail fails)."""
        if self.file_size % 12:
            raise CorruptIndexError(f"time index {self.path} has a length that is not a multiple of 12")
        if not self.entries:
            return
        with self._pinned() as view:
            last_ts, last_rel = self.ENTRY.unpack_from(view, (self.entries - 1) * 12)
            first_ts = _TIMESTAMP.unpack_from(view, 0)[0]
            before_last_ts = _TIMESTAMP.unpack_from(view, (self.entries - 2) * 12)[0] if self.entries > 1 else None
        if last_rel < 0 or last_ts < first_ts:
            raise CorruptIndexError(f"time index {self.path}: the last entry is before the first")
        if before_last_ts is not None and last_ts <= before_last_ts:
            raise CorruptIndexError(f"time index {self.path}: the last timestamp does not grow")
