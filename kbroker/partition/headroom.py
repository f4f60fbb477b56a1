"""Room for new partition logs in this process's file descriptors (`ulimit -n`) and memory maps
(vm.max_map_count).

A new log holds one descriptor (its active segment's `.log`) and two maps (its `.index` and `.timeindex`).
Creation is refused while it would leave less than a reserve of either: with none left, the broker could no
longer accept a connection, write a checkpoint or a producer snapshot, or roll a segment, and every request
would fail where one creation is refused now. Apache Kafka keeps no such reserve (it fails on the exhausted
resource and takes the log dir offline); the reserve is the single-node answer to issue #20.

Counting the open descriptors lists /proc/self/fd (24 ms with 10,000 open), and counting maps reads
/proc/self/maps; each is only done when an estimate from the segment files open (one descriptor and two maps
each, at most) comes within a quarter of the limit.
"""

from __future__ import annotations

import errno
import os
import resource

from kbroker.log.segment import open_log_files

DESCRIPTORS_PER_LOG = 1
MAPS_PER_LOG = 2
MIN_RESERVED_DESCRIPTORS = 64
RESERVED_DESCRIPTORS_FRACTION = 20  # at least a twentieth of `ulimit -n` stays free
RESERVED_MAPS = 4096
_MAX_MAP_COUNT = "/proc/sys/vm/max_map_count"


def reserved_descriptors(limit: int) -> int:
    return max(MIN_RESERVED_DESCRIPTORS, limit // RESERVED_DESCRIPTORS_FRACTION)


def _descriptor_limit() -> int | None:
    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    return None if soft == resource.RLIM_INFINITY else soft


def _map_limit() -> int | None:
    try:
        with open(_MAX_MAP_COUNT) as f:
            return int(f.read())
    except (OSError, ValueError):
        return None


def _open_descriptors() -> int | None:
    try:
        return len(os.listdir("/proc/self/fd")) - 1  # less the one listdir used
    except OSError:
        return None


def _memory_maps() -> int | None:
    try:
        with open("/proc/self/maps", "rb") as f:
            return sum(1 for _ in f)
    except OSError:
        return None


def check_room_for_logs(new_logs: int) -> None:
    """Raise OSError (EMFILE, or ENOMEM for maps) when `new_logs` more logs would eat into the reserve."""
    hosted_segments = open_log_files.count
    limit = _descriptor_limit()
    if limit is not None:
        reserve = reserved_descriptors(limit)
        wanted = new_logs * DESCRIPTORS_PER_LOG
        if hosted_segments + wanted + reserve > limit * 3 // 4:
            in_use = _open_descriptors()
            if in_use is not None and in_use + wanted + reserve > limit:
                raise OSError(errno.EMFILE, f"Too many open files: {in_use} of the {limit} descriptors `ulimit -n` "
                              f"allows are open, {wanted} more are needed and {reserve} stay in reserve")
    map_limit = _map_limit()
    if map_limit is not None:
        wanted = new_logs * MAPS_PER_LOG
        if (hosted_segments + new_logs) * MAPS_PER_LOG + RESERVED_MAPS > map_limit * 3 // 4:
            maps = _memory_maps()
            if maps is not None and maps + wanted + RESERVED_MAPS > map_limit:
                raise OSError(errno.ENOMEM, f"Out of memory maps: {maps} of the {map_limit} vm.max_map_count "
                              f"allows are in use, {wanted} more are needed and {RESERVED_MAPS} stay in reserve")
