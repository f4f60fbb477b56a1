"""The process's own families, under the names Prometheus client libraries (and the JMX exporter's agent) give
them: CPU seconds, resident memory, open file descriptors and their limit, start time. Read from the OS at scrape
time (/proc on Linux; a family the OS cannot give is left out)."""

from __future__ import annotations

import os
import resource

from kbroker.http.exposition import Family


def process_families() -> list[Family]:
    times = os.times()
    cpu = Family("process_cpu_seconds_total", "counter", "User and system CPU time of the process in seconds.")
    cpu.add(times.user + times.system)
    families = [cpu]
    rss = _resident_bytes()
    if rss is not None:
        family = Family("process_resident_memory_bytes", "gauge", "Resident memory of the process in bytes.")
        family.add(rss)
        families.append(family)
    try:
        open_fds = len(os.listdir("/proc/self/fd"))
    except OSError:
        open_fds = None
    if open_fds is not None:
        family = Family("process_open_fds", "gauge", "Open file descriptors of the process.")
        family.add(open_fds)
        families.append(family)
    soft_limit = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    if soft_limit != resource.RLIM_INFINITY:
        family = Family("process_max_fds", "gauge", "The process's limit on open file descriptors.")
        family.add(soft_limit)
        families.append(family)
    started = start_time_s()
    if started is not None:
        family = Family("process_start_time_seconds", "gauge", "Start time of the process, in seconds since the epoch.")
        family.add(started)
        families.append(family)
    return families


def _resident_bytes() -> int | None:
    try:
        with open("/proc/self/statm", "rb") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return None


def start_time_s() -> float | None:
    """When this process started, in seconds since the epoch (None where /proc cannot say)."""
    try:
        with open("/proc/self/stat", "rb") as f:
            # the fields after the command name (which may hold spaces) start at the state, field 3
            fields = f.read().rsplit(b")", 1)[1].split()
        with open("/proc/stat", "rb") as f:
            boot = next(int(line.split()[1]) for line in f if line.startswith(b"btime "))
        return boot + int(fields[19]) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError, StopIteration):
        return None
