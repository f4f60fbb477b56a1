"""The sparse offset index (`<base>.index`): 8-byte entries (relative offset int32, file position int32).

Also holds MappedIndex, the memory-mapped, preallocated entry file both indexes share (Kafka's AbstractIndex):
a writable index is preallocated to `max_index_size` bytes (rounded down to whole entries) and trimmed to its
entries when its segment stops being active; an existing file opened later is taken as full of entries.
"""

from __future__ import annotations

import array
import bisect
import os
import struct
import sys
import threading

from kbroker.log.file_map import FileMap


class IndexAppendError(Exception):
    """Misuse of an index (append out of order, append to a full index)."""


class CorruptIndexError(Exception):
    """An index file that fails its sanity check; the loader rebuilds it."""


class MappedIndex:
    """An index file of fixed-size entries, mapped through FileMap (no descriptor kept). A writable (active)
    index is mapped at once; an existing one (an older segment's) is mapped on first use, as Kafka's
    LazyIndex does. Every touch of the mapped bytes is inside `with self._pinned() as view:` (which maps the
    file when it is not mapped yet), so no view of a mapping outlives its use (kbroker.log.file_map)."""

    ENTRY = struct.Struct(">ii")

    def __init__(self, path: str, base_offset: int, max_index_size: int, writable: bool):
        self.path = path
        self.base_offset = base_offset
        self.entry_size = self.ENTRY.size
        self.max_index_size = max_index_size
        self._file_map: FileMap | None = None
        self._map_lock = threading.Lock()  # one lazy mapping, even when two threads are first to read at once
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            self.file_size = os.fstat(fd).st_size
            self.entries = self.file_size // self.entry_size
            if writable:
                size = max(self._rounded(max_index_size), self.entries * self.entry_size)
                if size != self.file_size:
                    os.ftruncate(fd, size)
                    self.file_size = size
        finally:
            os.close(fd)
        self.max_entries = self.file_size // self.entry_size
        if writable:
            self._map()

    def _rounded(self, size: int) -> int:
        return size - size % self.entry_size

    def _map(self) -> FileMap:
        self._file_map = FileMap(self.path, self.file_size)
        return self._file_map

    def _pinned(self) -> FileMap:
        """The mapping, to use as `with self._pinned() as view:`; a reader that raced a retire of the mapping
        gets MapRetiredError from the `with`, never a view of an unmapped address."""
        file_map = self._file_map
        if file_map is not None:
            return file_map
        with self._map_lock:
            return self._file_map if self._file_map is not None else self._map()

    def _unmap(self) -> None:
        if self._file_map is not None:
            self._file_map.retire()
            self._file_map = None

    @property
    def is_mapped(self) -> bool:
        return self._file_map is not None

    def _set_file_size(self, size: int) -> None:
        """Resize the file to `size` bytes. A mapping at least that long is kept (only the entries below the
        file's end are ever touched); a longer file is mapped again."""
        if size != self.file_size:
            os.truncate(self.path, size)
            self.file_size = size
        self.max_entries = size // self.entry_size
        mapped = self._file_map.length if self._file_map is not None else 0
        if self.is_mapped and size > mapped:
            self._unmap()
            self._map()

    @property
    def is_full(self) -> bool:
        return self.entries >= self.max_entries

    @property
    def size_bytes(self) -> int:
        return self.entries * self.entry_size

    def resize(self, new_size: int) -> None:
        """Resize to `new_size` bytes (rounded down to whole entries, never below the current entries)."""
        self._set_file_size(max(self._rounded(new_size), self.entries * self.entry_size))

    def trim_to_valid_size(self) -> None:
        self._set_file_size(self.entries * self.entry_size)

    def flush(self) -> None:
        if self._file_map is not None:
            self._file_map.flush()

    def truncate_entries(self, entries: int) -> None:
        self.entries = max(0, min(entries, self.entries))

    def reset(self) -> None:
        self.entries = 0

    def close(self) -> None:
        self._unmap()

    def release(self) -> None:
        """Unmap until the next use (an older segment's index after the loader checked it)."""
        self._unmap()

    def rename(self, new_path: str) -> None:
        os.rename(self.path, new_path)
        self.path = new_path

    def delete(self) -> None:
        self.close()
        try:
            os.unlink(self.path)
        except FileNotFoundError:
            pass

    def _largest_at_most(self, key_of, target) -> int:
        """Index of the last entry whose key is <= target, or -1."""
        lo, hi = 0, self.entries - 1
        if hi < 0 or key_of(0) > target:
            return -1
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if key_of(mid) <= target:
                lo = mid
            else:
                hi = mid - 1
        return lo

    def _smallest_at_least(self, key_of, target) -> int:
        """Index of the first entry whose key is >= target, or `entries`."""
        lo, hi = 0, self.entries
        while lo < hi:
            mid = (lo + hi) // 2
            if key_of(mid) < target:
                lo = mid + 1
            else:
                hi = mid
        return lo


_ENTRY = struct.Struct(">ii")
_REL_OFFSET = struct.Struct(">i")


class OffsetIndex(MappedIndex):
    """Entries are (batch last offset - base offset, batch position). The active segment's index also keeps
    its relative offsets as native ints (`_keys`, ~4 bytes an entry) so that a fetch bisects them in C; an
    inactive index drops them and searches the mapped file."""

    ENTRY = _ENTRY
    _keys: array.array | None = None

    def _map(self) -> FileMap:
        file_map = super()._map()
        self._keys = self._read_keys(file_map) if self.max_entries > self.entries else None
        return file_map

    def _set_file_size(self, size: int) -> None:
        super()._set_file_size(size)
        if self.is_mapped:
            self._keys = self._read_keys(self._pinned()) if self.max_entries > self.entries else None

    def _read_keys(self, file_map: FileMap) -> array.array:
        pairs = array.array("i")
        with file_map as view:
            pairs.frombytes(view[:self.entries * 8])
        if sys.byteorder == "little":
            pairs.byteswap()
        return pairs[::2]

    def truncate_entries(self, entries: int) -> None:
        super().truncate_entries(entries)
        if self._keys is not None:
            del self._keys[self.entries:]

    def reset(self) -> None:
        super().reset()
        if self._keys is not None:
            del self._keys[:]

    def close(self) -> None:
        super().close()
        self._keys = None

    def entry(self, n: int) -> tuple[int, int]:
        with self._pinned() as view:
            rel, position = _ENTRY.unpack_from(view, n * 8)
        return self.base_offset + rel, position

    @property
    def last_offset(self) -> int:
        return self.entry(self.entries - 1)[0] if self.entries else self.base_offset

    def append(self, offset: int, position: int) -> None:
        entries = self.entries
        if entries >= self.max_entries:
            raise IndexAppendError(f"attempt to append to a full index {self.path}")
        rel = offset - self.base_offset
        with self._pinned() as view:
            if entries and rel <= _REL_OFFSET.unpack_from(view, (entries - 1) << 3)[0]:
                raise IndexAppendError(f"offset {offset} is not larger than the last indexed offset "
                                       f"{self.base_offset + _REL_OFFSET.unpack_from(view, (entries - 1) << 3)[0]} "
                                       f"in {self.path}")
            if not 0 <= rel <= 0x7FFFFFFF:
                raise IndexAppendError(f"offset {offset} does not fit in an index based at {self.base_offset}")
            _ENTRY.pack_into(view, entries << 3, rel, position)
        self.entries = entries + 1
        if self._keys is not None:
            self._keys.append(rel)

    def lookup(self, target_offset: int) -> tuple[int, int]:
        """(offset, position) of the last entry at or below `target_offset`; (base_offset, 0) if none."""
        with self._pinned() as view:
            n = self._floor_slot(view, target_offset - self.base_offset)
            if n < 0:
                return self.base_offset, 0
            rel, position = _ENTRY.unpack_from(view, n << 3)
        return self.base_offset + rel, position

    def bracket(self, target_offset: int) -> tuple[int, int]:
        """Positions of two batches around `target_offset`: the last indexed batch ending at or below it
        (0 if none) and the first indexed batch ending at or above it (-1 if none). The batch holding
        `target_offset` starts after the first and at or before the second."""
        target = target_offset - self.base_offset
        with self._pinned() as view:
            n = self._floor_slot(view, target)
            if n < 0:
                floor_rel, floor_position = -1, 0
            else:
                floor_rel, floor_position = _ENTRY.unpack_from(view, n << 3)
            if floor_rel == target:
                return floor_position, floor_position
            if n + 1 < self.entries:
                return floor_position, _ENTRY.unpack_from(view, (n + 1) << 3)[1]
        return floor_position, -1

    def _floor_slot(self, mm: memoryview, target: int) -> int:
        """Slot of the last entry whose relative offset is <= `target`, or -1 (this runs on every fetch;
        `mm` is the pinned view)."""
        keys = self._keys
        if keys is not None:
            return bisect.bisect_right(keys, target) - 1
        unpack = _REL_OFFSET.unpack_from
        lo, hi = 0, self.entries - 1
        if hi < 0 or unpack(mm, 0)[0] > target:
            return -1
        while lo < hi:
            mid = (lo + hi + 1) >> 1
            if unpack(mm, mid << 3)[0] <= target:
                lo = mid
            else:
                hi = mid - 1
        return lo

    def truncate_to(self, offset: int) -> None:
        """Drop every entry for an offset >= `offset`."""
        with self._pinned() as view:
            slot = self._smallest_at_least(lambda n: _REL_OFFSET.unpack_from(view, n * 8)[0], offset - self.base_offset)
        self.truncate_entries(slot)

    def sanity_check(self) -> None:
        """O(1) like Kafka's: whole entries, and the last entry above the one before it (a zero-filled
        preallocated file left by a crash fails this)."""
        if self.file_size % 8:
            raise CorruptIndexError(f"index file {self.path} has a length that is not a multiple of 8")
        if not self.entries:
            return
        with self._pinned() as view:
            last = _REL_OFFSET.unpack_from(view, (self.entries - 1) * 8)[0]
            before_last = _REL_OFFSET.unpack_from(view, (self.entries - 2) * 8)[0] if self.entries > 1 else None
        if before_last is not None and last <= before_last:
            raise CorruptIndexError(f"index file {self.path}: the last entry is not above the one before it")
        if last < 0:
            raise CorruptIndexError(f"index file {self.path}: negative relative offset")
