"""page_cache.would_wait: a probe that says whether reading a file's bytes now would wait for the disk."""

import os

from kbroker import page_cache


def _evicted_file(path, size: int) -> int:
    path.write_bytes(os.urandom(size))
    fd = os.open(path, os.O_RDONLY)
    os.fsync(fd)  # dirty pages cannot be dropped
    os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
    return fd


def test_pages_that_are_not_cached_would_wait_and_cached_ones_would_not(tmp_path):
    fd = _evicted_file(tmp_path / "cold.log", 1 << 20)
    try:
        assert page_cache.would_wait(fd, 0, (1 << 20) - 1)
        os.pread(fd, 1 << 20, 0)  # into the cache
        assert not page_cache.would_wait(fd, 0, (1 << 20) - 1)
    finally:
        os.close(fd)


def test_either_end_of_the_range_uncached_would_wait(tmp_path):
    fd = _evicted_file(tmp_path / "half.log", 1 << 20)
    try:
        os.pread(fd, 4096, 0)  # only the first page is cached
        assert not page_cache.would_wait(fd, 0, 0)
        assert page_cache.would_wait(fd, 0, (1 << 20) - 1)
    finally:
        os.close(fd)


def test_a_range_past_the_end_of_the_file_is_left_to_the_send(tmp_path):
    path = tmp_path / "short.log"
    path.write_bytes(b"x" * 100)
    fd = os.open(path, os.O_RDONLY)
    try:
        assert not page_cache.would_wait(fd, 50, 10_000)
    finally:
        os.close(fd)
