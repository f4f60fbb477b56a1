"""The broker's state as handlers see it: config, clock, bound listeners, finalized features, and the partition
logs present in the log directories.

Today the partition logs are found by scanning each log dir for `<topic>-<partition>` directories (what
Kafka's LogManager loads); the log layer replaces `partition_logs()` with its loaded logs when it arrives.
"""

from __future__ import annotations

import os
import re
import socket
import time
from collections.abc import Mapping

import attrs
import trio

from kbroker.api import features
from kbroker.config import BrokerConfig, Listener

# Kafka's KRaft metadata log lives in a log dir too, but it is not a partition LogManager serves.
METADATA_LOG_DIR_NAME = "__cluster_metadata-0"
_PARTITION_DIR = re.compile(r"^(?P<topic>[A-Za-z0-9._-]+)-(?P<partition>[0-9]+)$")
_FUTURE_DIR = re.compile(r"^(?P<topic>[A-Za-z0-9._-]+)-(?P<partition>[0-9]+)\.[0-9a-f]{32}-future$")


class Clock:
    """Time for handlers: wall-clock milliseconds (timestamps) and trio's clock in milliseconds (timeouts;
    follows `trio.testing.MockClock` in tests). Tests may substitute their own."""

    def time_ms(self) -> int:
        return time.time_ns() // 1_000_000

    def monotonic_ms(self) -> int:
        return int(trio.current_time() * 1000)


@attrs.frozen
class PartitionLogInfo:
    log_dir: str
    topic: str
    partition: int
    size_bytes: int  # sum of the segment (.log) files, as Kafka's UnifiedLog.size
    offset_lag: int = 0  # max(HW - LEO, 0) for a current log, which is 0 on a leader
    is_future: bool = False


def _segment_bytes(path: str) -> int:
    total = 0
    with os.scandir(path) as entries:
        for entry in entries:
            if entry.name.endswith(".log") and entry.is_file(follow_symlinks=False):
                total += entry.stat(follow_symlinks=False).st_size
    return total


def scan_partition_logs(log_dir: str) -> list[PartitionLogInfo]:
    """Partition directories in one log dir; deleted (`-delete`) and stray (`-stray`) dirs are skipped."""
    found = []
    with os.scandir(log_dir) as entries:
        for entry in entries:
            if not entry.is_dir(follow_symlinks=False) or entry.name == METADATA_LOG_DIR_NAME:
                continue
            match = _PARTITION_DIR.match(entry.name)
            is_future = False
            if match is None:
                match = _FUTURE_DIR.match(entry.name)
                is_future = match is not None
            if match is None:
                continue
            found.append(PartitionLogInfo(log_dir, match["topic"], int(match["partition"]),
                                          _segment_bytes(entry.path), 0, is_future))
    found.sort(key=lambda info: (info.topic, info.partition, info.is_future))
    return found


@attrs.define
class BrokerState:
    config: BrokerConfig
    clock: Clock = attrs.field(factory=Clock)
    # Listener name -> the address actually bound (port 0 in the config becomes the real port here).
    bound: dict[str, tuple[str, int]] = attrs.field(factory=dict)
    finalized_features_epoch: int = 0
    # Finalized feature name -> level (min level is always 1 on a KRaft broker).
    finalized_features: Mapping[str, int] = attrs.field(factory=lambda: dict(features.BOOTSTRAP_FINALIZED))

    @property
    def log_dirs(self) -> list[str]:
        return self.config.log_dirs

    def partition_logs(self, log_dir: str) -> list[PartitionLogInfo]:
        """The partition logs in one of this broker's log dirs (raises OSError if the dir is unreadable)."""
        return scan_partition_logs(log_dir)

    def advertised_listeners(self) -> list[Listener]:
        """advertised.listeners with port 0 / empty host resolved from the bound sockets."""
        resolved = []
        for listener in self.config.advertised_listeners:
            host, port = listener.host, listener.port
            bound = self.bound.get(listener.name)
            if bound is not None:
                if port == 0:
                    port = bound[1]
                if not host:
                    # Kafka advertises the canonical host name for a listener bound to every interface.
                    host = socket.getfqdn() if bound[0] in ("", "0.0.0.0", "::") else bound[0]
            resolved.append(attrs.evolve(listener, host=host, port=port))
        return resolved
