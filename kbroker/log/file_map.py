"""Shared, writable memory maps of index files that keep no file descriptor open.

Python 3.11's mmap.mmap keeps a duplicate of the descriptor it maps until it is closed, so every mapped
index would hold one descriptor; Kafka's indexes hold none (Java's MappedByteBuffer outlives the file it was
mapped from). FileMap maps through libc's mmap and closes the file at once: a mapped index costs a memory
map (vm.max_map_count) but no descriptor.

`buffer` is a byte memoryview of the mapping, for struct.pack_into / unpack_from (a slice is a view too:
copy it at once).
A mapping is never unmapped while a reader could still be using it: `retire()` queues it, and it is unmapped
by a later retire or map once RETIRE_GRACE_S has passed (reads run outside the log's lock, and a reader that
touched an unmapped address would crash the process, where a closed mmap.mmap only raised ValueError).
"""

from __future__ import annotations

import collections
import ctypes
import ctypes.util
import mmap
import os
import threading
import time

RETIRE_GRACE_S = 5.0

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
_mmap = _libc.mmap
_mmap.restype = ctypes.c_void_p
_mmap.argtypes = (ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_long)
_munmap = _libc.munmap
_munmap.argtypes = (ctypes.c_void_p, ctypes.c_size_t)
_msync = _libc.msync
_msync.argtypes = (ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int)
_madvise = _libc.madvise
_madvise.argtypes = (ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int)
_MAP_FAILED = ctypes.c_void_p(-1).value
_MS_SYNC = 4  # Linux

_retired: collections.deque[tuple[float, int, int]] = collections.deque()  # oldest first
_retired_lock = threading.Lock()


def _os_error(path: str | None = None) -> OSError:
    code = ctypes.get_errno()
    return OSError(code, os.strerror(code), path)


class FileMap:
    """`length` bytes of the file at `path` (which must be at least that long) mapped shared, read-write."""

    __slots__ = ("address", "length", "buffer")

    def __init__(self, path: str, length: int):
        _unmap_retired()
        fd = os.open(path, os.O_RDWR)
        try:
            address = _mmap(None, length, mmap.PROT_READ | mmap.PROT_WRITE, mmap.MAP_SHARED, fd, 0)
            if address == _MAP_FAILED or address is None:
                raise _os_error(path)
        finally:
            os.close(fd)
        # Lookups touch a few pages of a binary search and appends one page at a time; the kernel's default
        # read-ahead would instead fill the whole preallocated (sparse) file on the first fault, about 2 ms for
        # a 10 MiB index, on the append that first writes to a new segment.
        _madvise(address, length, mmap.MADV_RANDOM)
        self.address = address
        self.length = length
        # (a byte memoryview: struct.pack_into / unpack_from are faster on it than on the ctypes array or mmap)
        self.buffer = memoryview((ctypes.c_char * length).from_address(address)).cast("B")

    def flush(self) -> None:
        if self.buffer is not None and _msync(self.address, self.length, _MS_SYNC) != 0:
            raise _os_error()

    def retire(self) -> None:
        """Give the mapping up: it is unmapped once no reader can still be inside it (see the module doc)."""
        if self.buffer is None:
            return
        self.buffer = None
        with _retired_lock:
            _retired.append((time.monotonic(), self.address, self.length))
        _unmap_retired()


def _unmap_retired() -> None:
    if not _retired or _retired[0][0] > time.monotonic() - RETIRE_GRACE_S:
        return
    due = time.monotonic() - RETIRE_GRACE_S
    ripe = []
    with _retired_lock:
        while _retired and _retired[0][0] <= due:
            ripe.append(_retired.popleft())
    for _at, address, length in ripe:
        _munmap(address, length)
