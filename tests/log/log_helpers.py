"""Shared helpers for the storage tests: a virtual clock and batch makers."""

import contextlib
import os
import shutil
import tempfile

from kbroker.protocol import records as R

START_MS = 1_700_000_000_000


class VirtualClock:
    def __init__(self, now: int = START_MS):
        self.now = now

    def __call__(self) -> int:
        return self.now

    def advance(self, ms: int) -> None:
        self.now += ms


def make_batch(n=3, *, ts=START_MS, value_size=50, key=b"k", **kw):
    return R.build_batch([(ts + i, key + b"%d" % i, b"v" * value_size) for i in range(n)], **kw)


@contextlib.contextmanager
def fast_tmpdir(fallback):
    """A scratch directory in RAM (/dev/shm) when available: the many-seed tests check logic, and fsync on a
    shared disk would dominate their time. Removed afterwards."""
    base = "/dev/shm" if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK) else str(fallback)
    path = tempfile.mkdtemp(prefix="kbroker-log-", dir=base)
    try:
        yield path
    finally:
        shutil.rmtree(path, ignore_errors=True)
