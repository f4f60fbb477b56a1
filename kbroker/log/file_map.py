"""Shared, writable memory maps of index files that keep no file descriptor open.

Python 3.11's mmap.mmap keeps a duplicate of the descriptor it maps until it is closed, so every mapped
index would hold one descriptor; Kafka's indexes hold none (Java's MappedByteBuffer outlives the file it was
mapped from). FileMap maps through libc's mmap and closes the file at once: a mapped index costs a memory
map (vm.max_map_count) but no descriptor.

A view of the mapping over an unmapped address would crash the whole process if touched (a closed
mmap.mmap only raised ValueError), and index reads run in worker threads outside the log's lock. So the
bytes are reachable only between `pin()`, which returns a byte memoryview of the mapping (for
struct.pack_into / unpack_from), and `unpin()` (or inside `with file_map as view:`); nothing may keep that view, or a slice of it, past unpin
(copy what must outlive it). `retire()` unmaps at once when no reader is pinned, else the last reader's
unpin unmaps; a pin after retire raises MapRetiredError (a ValueError, as a closed mmap.mmap's would).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import mmap
import os
import threading

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


class MapRetiredError(ValueError):
    """The mapping was retired (its index closed, resized, deleted) before this use."""


def _os_error(path: str | None = None) -> OSError:
    code = ctypes.get_errno()
    return OSError(code, os.strerror(code), path)


class FileMap:
    """`length` bytes of the file at `path` (which must be at least that long) mapped shared, read-write.
    A zero length maps nothing (its view is empty)."""

    __slots__ = ("address", "length", "_view", "_lock", "_readers", "_retired")

    def __init__(self, path: str, length: int):
        self.length = length
        self._lock = threading.Lock()
        self._readers = 0
        self._retired = False
        if not length:
            self.address = None
            self._view = memoryview(b"")
            return
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
        # (a byte memoryview: struct.pack_into / unpack_from are faster on it than on the ctypes array or mmap)
        self._view = memoryview((ctypes.c_char * length).from_address(address)).cast("B")

    @property
    def retired(self) -> bool:
        return self._retired

    def __enter__(self) -> memoryview:
        """The mapping's bytes, valid until the matching `__exit__` / `unpin()` (call it in a `finally`)."""
        with self._lock:
            if self._retired:
                raise MapRetiredError("the index mapping was retired")
            self._readers += 1
            return self._view

    def __exit__(self, *exc_info) -> None:
        with self._lock:
            self._readers -= 1
            if self._retired and not self._readers:
                self._unmap()

    pin = __enter__
    unpin = __exit__

    def flush(self) -> None:
        """msync the mapping; a no-op once it is retired (what was written through it is in the page cache)."""
        try:
            self.pin()
        except MapRetiredError:
            return
        try:
            if self.address is not None and _msync(self.address, self.length, _MS_SYNC) != 0:
                raise _os_error()
        finally:
            self.unpin()

    def retire(self) -> None:
        """Give the mapping up: unmapped now if no reader is pinned, else by the last reader's unpin."""
        with self._lock:
            if self._retired:
                return
            self._retired = True
            if not self._readers:
                self._unmap()

    def _unmap(self) -> None:
        # (under _lock, with no reader pinned and no pin possible any more)
        self._view.release()
        if self.address is not None:
            _munmap(self.address, self.length)
        self.address = None
