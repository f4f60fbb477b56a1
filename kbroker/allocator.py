"""The memory allocator a serving broker runs on, and giving what it freed back to the OS.

CPython's own allocator (pymalloc) carves every object of up to 512 bytes out of 1 MiB arenas, and returns an
arena to the OS only once every object in it has been freed; the free parts of an arena that still holds one
object stay resident. A crowd of connections spreads its tasks, sockets and frames over dozens of arenas, and
whatever long-lived object is allocated while it lasts (a background task's next wait, a counter, a record of
another client) lands in one of them: 5,000 connections trickling a byte a second left 15-25 MiB resident after
they closed, in arenas each kept by a handful of such objects (bench/flood_bench.py). With the C library's malloc the same
objects hold a page each, and `trim_c_heap` (malloc_trim, which server.ConnectionCount calls once a crowd has
ended) returns every free page, inside the heap as well as at its top.

The allocator is fixed when the interpreter starts (PYTHONMALLOC), so `kbroker serve` run as a program executes
itself again, at once, with PYTHONMALLOC=malloc (`serve_on_c_allocator`). A PYTHONMALLOC already set (pymalloc,
debug, ...) is kept, which is also what stops the second start from doing it again; so is pymalloc where the C
library cannot give free pages back (no glibc malloc_trim).
"""

from __future__ import annotations

import ctypes
import os
import sys

ENV = "PYTHONMALLOC"
SERVING = "malloc"


def _load_libc():
    try:
        libc = ctypes.CDLL(None)  # the symbols the process has loaded, the C library's among them
        libc.malloc_trim  # noqa: B018 - glibc only
    except (OSError, AttributeError):
        return None
    return libc


_LIBC = _load_libc()


def trim_c_heap() -> None:
    """Give the C heap's free pages back to the OS (glibc keeps them otherwise)."""
    if _LIBC is not None:
        _LIBC.malloc_trim(0)


def serve_on_c_allocator() -> None:
    """Replace this process (same pid, same command line) with one on the C allocator; return when it already
    is, when PYTHONMALLOC names another choice, in development mode (python -X dev: its debug allocator), or
    when the environment is ignored (python -E or -I)."""
    if (ENV in os.environ or _LIBC is None or sys.flags.ignore_environment or sys.flags.dev_mode
            or not sys.orig_argv):
        return
    sys.stdout.flush()
    sys.stderr.flush()
    os.execve(sys.executable, [sys.executable, *sys.orig_argv[1:]], {**os.environ, ENV: SERVING})
