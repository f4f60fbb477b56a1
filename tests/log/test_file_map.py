"""FileMap's unmapping: a retired mapping stays mapped while a reader is pinned inside it, is unmapped by the
last reader out (or at once with none), and refuses any use after retire with MapRetiredError."""

import threading

import pytest

from kbroker.log.file_map import FileMap, MapRetiredError
from kbroker.log.time_index import TimeIndex


def _is_mapped(address: int) -> bool:
    with open("/proc/self/maps") as maps:
        for line in maps:
            start, end = (int(bound, 16) for bound in line.split(None, 1)[0].split("-"))
            if start <= address < end:
                return True
    return False


def _file(tmp_path, size: int) -> str:
    path = str(tmp_path / "0.index")
    with open(path, "wb") as f:
        f.write(bytes(range(256)) * (size // 256))
    return path


def test_retire_without_a_reader_unmaps_at_once_and_refuses_later_use(tmp_path):
    file_map = FileMap(_file(tmp_path, 4096), 4096)
    address = file_map.address
    with file_map as view:
        view[0] = 7
    assert _is_mapped(address)
    file_map.retire()
    assert not _is_mapped(address) and file_map.retired
    with pytest.raises(MapRetiredError), file_map:
        pass
    with pytest.raises(ValueError):   # what a closed mmap.mmap raised, which callers already expect
        file_map.pin()
    file_map.flush()   # nothing left to sync
    file_map.retire()   # twice is harmless
    with open(tmp_path / "0.index", "rb") as f:
        assert f.read(1) == b"\x07"


def test_retire_while_a_reader_is_inside_waits_for_the_reader_to_leave(tmp_path):
    file_map = FileMap(_file(tmp_path, 4096), 4096)
    address = file_map.address
    inside, may_leave = threading.Event(), threading.Event()
    seen = []

    def reader():
        with file_map as view:
            inside.set()
            may_leave.wait()
            seen.append(view[1])   # still mapped: the retire below waits for this reader

    thread = threading.Thread(target=reader)
    thread.start()
    assert inside.wait(timeout=60)   # (a guard against hanging if the reader failed, not a synchronisation)
    file_map.retire()
    assert file_map.retired and _is_mapped(address)
    with pytest.raises(MapRetiredError):   # a new reader is refused while the old one is still inside
        file_map.pin()
    may_leave.set()
    thread.join()
    assert seen == [1]
    assert not _is_mapped(address)


def test_closing_an_index_during_a_lookup_in_another_thread(tmp_path):
    idx = TimeIndex(str(tmp_path / "00000000000000000050.timeindex"), 50, 120, writable=True)
    idx.maybe_append(1000, 55)
    idx.maybe_append(2000, 60)
    address = idx._file_map.address
    inside, may_leave = threading.Event(), threading.Event()
    search = idx._largest_at_most

    def paused_search(key_of, target):   # the lookup is inside its pinned region here
        inside.set()
        may_leave.wait()
        return search(key_of, target)

    idx._largest_at_most = paused_search
    answers = []
    thread = threading.Thread(target=lambda: answers.append(idx.lookup(1500)))
    thread.start()
    assert inside.wait(timeout=60)   # (a guard against hanging if the reader failed, not a synchronisation)
    idx.close()
    assert _is_mapped(address)
    may_leave.set()
    thread.join()
    assert answers == [(1000, 55)]
    assert not _is_mapped(address)
