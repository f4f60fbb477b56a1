"""Offset and time index files: layout, lookups, truncation, preallocation and trimming, sanity checks."""

import os
import struct

import pytest

from kbroker.log.offset_index import CorruptIndexError, IndexAppendError, OffsetIndex
from kbroker.log.time_index import TimeIndex


def test_offset_index_layout_and_lookup(tmp_path):
    idx = OffsetIndex(str(tmp_path / "00000000000000000100.index"), 100, 1000, writable=True)
    assert os.path.getsize(idx.path) == 1000 and idx.max_entries == 125
    for i in range(10):
        idx.append(100 + 10 * i, 1000 * i)
    assert idx.lookup(99) == (100, 0)
    assert idx.lookup(100) == (100, 0)
    assert idx.lookup(155) == (150, 5000)
    assert idx.lookup(10_000) == (190, 9000)
    with pytest.raises(IndexAppendError):
        idx.append(190, 9500)
    idx.truncate_to(150)
    assert idx.entries == 5 and idx.lookup(10_000) == (140, 4000)
    idx.trim_to_valid_size()
    assert os.path.getsize(idx.path) == 40
    raw = open(idx.path, "rb").read()
    assert struct.unpack(">ii", raw[8:16]) == (10, 1000)
    idx.close()
    reopened = OffsetIndex(idx.path, 100, 1000, writable=False)
    assert reopened.entries == 5 and reopened.lookup(133) == (130, 3000)
    reopened.sanity_check()


def test_offset_index_full(tmp_path):
    idx = OffsetIndex(str(tmp_path / "0.index"), 0, 20, writable=True)
    assert idx.max_entries == 2
    idx.append(1, 0)
    idx.append(2, 10)
    assert idx.is_full
    with pytest.raises(IndexAppendError):
        idx.append(3, 20)


def test_zero_filled_preallocated_index_fails_sanity(tmp_path):
    path = str(tmp_path / "0.index")
    with open(path, "wb") as f:
        f.write(b"\x00" * 64)
    with pytest.raises(CorruptIndexError):
        OffsetIndex(path, 0, 64, writable=False).sanity_check()
    with open(path, "ab") as f:
        f.write(b"\x01\x02\x03")
    with pytest.raises(CorruptIndexError):
        OffsetIndex(path, 0, 64, writable=False).sanity_check()


def test_time_index(tmp_path):
    idx = TimeIndex(str(tmp_path / "00000000000000000050.timeindex"), 50, 120, writable=True)
    assert os.path.getsize(idx.path) == 120
    idx.maybe_append(1000, 55)
    idx.maybe_append(1000, 57)   # not larger: skipped
    idx.maybe_append(2000, 60)
    assert idx.entries == 2
    assert idx.lookup(999) == (-1, 50)
    assert idx.lookup(1500) == (1000, 55)
    assert idx.lookup(5000) == (2000, 60)
    with open(idx.path, "rb") as f:   # the mapping is shared: the file holds the appended entries
        raw = f.read(24)
    assert struct.unpack(">qiqi", raw) == (1000, 5, 2000, 10)
    idx.truncate_to(60)
    assert idx.entries == 1
    idx.trim_to_valid_size()
    assert os.path.getsize(idx.path) == 12
    idx.sanity_check()


def _search_of_mapped_file(idx: OffsetIndex, target: int) -> tuple[int, int]:
    """The answer of an index that has no in-memory keys (an inactive segment's), from a copy of the file."""
    twin_path = idx.path + ".twin"
    with open(idx.path, "rb") as src, open(twin_path, "wb") as dst:
        dst.write(src.read()[:idx.entries * 8])
    twin = OffsetIndex(twin_path, idx.base_offset, 0, writable=False)
    try:
        assert twin._keys is None
        return twin.lookup(target)
    finally:
        twin.close()


def test_active_offset_index_keys_follow_appends_truncation_and_reset(tmp_path):
    idx = OffsetIndex(str(tmp_path / "00000000000000000050.index"), 50, 4000, writable=True)
    assert idx._keys is not None
    for i in range(200):
        idx.append(50 + 3 * i + 1, 100 * i)
    targets = [0, 49, 50, 51, 52, 53, 300, 347, 348, 649, 650, 10**12]
    for target in targets:
        assert idx.lookup(target) == _search_of_mapped_file(idx, target), target
    idx.truncate_to(300)
    assert list(idx._keys) == [3 * i + 1 for i in range(idx.entries)]
    for target in targets:
        assert idx.lookup(target) == _search_of_mapped_file(idx, target), target
    idx.reset()
    assert idx.lookup(400) == (50, 0) and len(idx._keys) == 0
    idx.append(60, 7)
    assert idx.lookup(400) == (60, 7)
    idx.trim_to_valid_size()
    assert idx._keys is None and idx.lookup(400) == (60, 7)
    idx.resize(4000)
    assert list(idx._keys) == [10]
    idx.close()


def test_offset_index_bracket(tmp_path):
    idx = OffsetIndex(str(tmp_path / "0.index"), 0, 800, writable=True)
    for last_offset, position in ((9, 0), (19, 1000), (29, 2000)):
        idx.append(last_offset, position)
    assert idx.bracket(5) == (0, 0)        # no entry below: from the start, up to the first indexed batch
    assert idx.bracket(9) == (0, 0)        # an indexed batch ends exactly there
    assert idx.bracket(10) == (0, 1000)
    assert idx.bracket(25) == (1000, 2000)
    assert idx.bracket(40) == (2000, -1)
    idx.close()
