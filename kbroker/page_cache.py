"""Whether a read of a file's bytes would wait: the question the event loop asks before it sends a fetched
region with `sendfile`.

`sendfile` of a page that is not in the page cache waits for the disk; of a page that a writer holds locked
(the segment's tail, while an append waits in the file system for write-back), it waits for the writer. On the
event loop either wait stops every connection. A read with RWF_NOWAIT (preadv2) refuses with EAGAIN instead of
waiting, so a one-byte read at each end of the range tells, for the price of two system calls, whether the
send may stay on the loop. The pages between are not probed: a cold range is cold from its first page, and the
only page a writer can hold is the last one (the tail of the log).

Where RWF_NOWAIT is missing (not Linux), nothing is probed and every send stays on the loop.
"""

from __future__ import annotations

import os

_NOWAIT = getattr(os, "RWF_NOWAIT", None)
_SCRATCH = bytearray(1)  # the probe's byte; never read


def would_wait(fd: int, first: int, last: int) -> bool:
    """Whether reading the byte at `first` or at `last` of `fd` would wait for the disk or a page lock now."""
    if _NOWAIT is None:
        return False
    try:
        os.preadv(fd, (_SCRATCH,), first, _NOWAIT)
        if last != first:
            os.preadv(fd, (_SCRATCH,), last, _NOWAIT)
    except BlockingIOError:
        return True
    except OSError:
        return False  # the send itself meets the same error and reports it
    return False
