"""What writing into the page cache costs the kernel right now: a reference write measured beside each benchmark run.

On this VM (a Firecracker guest booted with free-page reporting, docs/SCALING.md) a page the guest freed goes back to
the host, and the next write that needs it faults it in again through the hypervisor: a GiB written into fresh
page-cache pages has cost 1.4-2.4 system CPU-seconds here, a GiB into recycled ones 0.2-0.6, and which one a run
gets depends on what the machine did before it. Both brokers pay that kernel write for every byte produced, so a
run's CPU per GiB is only comparable with runs whose pages cost the same.

`ReferenceWrite` writes a fixed amount in 1 MiB chunks into a new file, in a child process pinned to the broker's
core, and takes the child's own system and user CPU of the loop alone (getrusage around it): the cost a plain write
of the same bytes had just before the run. The file is kept until the run ends, so the broker draws its pages from
the free pool the probe measured rather than from the pages the probe just gave back. It is a record of the page
state a run began in, not a correction: on 2026-11-29 it read 0.23-0.28 s/GiB before runs whose broker spent
1.3-3.6 s/GiB in the kernel (docs/SCALING.md).
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

GIB = 1024 ** 3
CHUNK = 1024 * 1024
# How much free memory the guest has handed back to the host since boot, where the kernel has page reporting.
REPORTED_KIB = Path("/sys/module/page_reporting/parameters/reported_kib")

# The child writes `mib` chunks of 1 MiB to the path and closes it (no fsync: the brokers do not sync either), then
# prints the system CPU, user CPU and wall seconds of that loop alone, without the interpreter's start.
_WRITER = """
import os, resource, sys, time
chunk = b"\\x5a" * (1024 * 1024)
fd = os.open(sys.argv[1], os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
before, started = resource.getrusage(resource.RUSAGE_SELF), time.monotonic()
try:
    for _ in range(int(sys.argv[2])):
        os.write(fd, chunk)
finally:
    os.close(fd)
after = resource.getrusage(resource.RUSAGE_SELF)
print(after.ru_stime - before.ru_stime, after.ru_utime - before.ru_utime, time.monotonic() - started)
"""


class ReferenceWrite:
    """A reference write of `mib` MiB under `directory` on `cpu`; a context manager that removes its file on exit.

    `figures` after entering: `page_cost_s_per_gib` (the child's system CPU-seconds per GiB written, the figure that
    moves with the VM's page state), `page_cost_user_s_per_gib` and `page_cost_wall_s_per_gib`; after exit, where
    the kernel reports free pages, also `reported_to_host_mib`: the free memory the guest gave back to the host
    while the block ran, each MiB of which the next write to use it faults in again.
    """

    def __init__(self, directory: Path | str | None = None, mib: int = 256, cpu: int | None = None):
        self.directory = Path(directory or tempfile.gettempdir())
        self.mib = mib
        self.cpu = cpu
        self.path: Path | None = None
        self.figures: dict[str, float] = {}
        self._reported_at_start: int | None = None

    def __enter__(self) -> ReferenceWrite:
        self._reported_at_start = _reported_kib()
        self.path = self.directory / f"reference-write-{os.getpid()}-{time.monotonic_ns()}"
        command = [sys.executable, "-c", _WRITER, str(self.path), str(self.mib)]
        if self.cpu is not None:
            command = ["taskset", "-c", str(self.cpu), *command]
        child = subprocess.run(command, capture_output=True, text=True, timeout=300)
        if child.returncode != 0:
            self._remove()
            raise RuntimeError(f"the reference write to {self.path} failed ({child.returncode}): {child.stderr[-2000:]}")
        system, user, wall = (float(value) / (self.mib * CHUNK / GIB) for value in child.stdout.split())
        self.figures = {"page_cost_s_per_gib": system, "page_cost_user_s_per_gib": user,
                        "page_cost_wall_s_per_gib": wall}
        return self

    def __exit__(self, *_exc) -> None:
        self._remove()
        reported = _reported_kib()
        if reported is not None and self._reported_at_start is not None:
            self.figures["reported_to_host_mib"] = (reported - self._reported_at_start) / 1024

    def _remove(self) -> None:
        if self.path is not None:
            self.path.unlink(missing_ok=True)
            self.path = None


def _reported_kib() -> int | None:
    try:
        return int(REPORTED_KIB.read_text())
    except (OSError, ValueError):
        return None
