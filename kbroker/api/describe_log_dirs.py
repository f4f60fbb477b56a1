"""DescribeLogDirs (key 35), v1-v5: this broker's log directories and the partition logs in each.

Mirrors Kafka 4.3 (KafkaApis.handleDescribeLogDirsRequest + ReplicaManager.describeLogDirs):
- Topics null means every partition log; otherwise only the listed (topic, partition) pairs are reported.
  Topics left with no matching partition in a directory are omitted.
- Each configured log dir is one result with error NONE, its absolute path, TotalBytes/UsableBytes of its
  file system (v4+; from statvfs: blocks * fragment size, available blocks * fragment size) and IsCordoned
  false (v5; kbroker has no cordoned log dirs). A directory that cannot be read reports KAFKA_STORAGE_ERROR.
- PartitionSize is the sum of the partition's segment files; OffsetLag is 0 for a current log (Kafka's
  max(HW - LEO, 0) on a leader); IsFutureKey marks `-future` directories.
- Top-level ErrorCode (v3+) NONE, or CLUSTER_AUTHORIZATION_FAILED with no results without DESCRIBE on the
  cluster; ThrottleTimeMs 0.
Kafka 4.3 is the first release with v5, which kafka-python uses to recognise a 4.3 broker.
"""

from __future__ import annotations

import logging
import os
from collections import defaultdict

import trio

from kbroker.api import authz
from kbroker.api.context import RequestContext
from kbroker.api.state import BrokerState, PartitionLogInfo
from kbroker.protocol import errors
from kbroker.protocol.messages.describe_log_dirs_response import (
    DescribeLogDirsPartition,
    DescribeLogDirsResponse,
    DescribeLogDirsResult,
    DescribeLogDirsTopic,
)

API_KEY = 35
MIN_VERSION = 1
MAX_VERSION = 5

log = logging.getLogger(__name__)
_LONG_MAX = (1 << 63) - 1


def _space(log_dir: str) -> tuple[int, int]:
    stats = os.statvfs(log_dir)
    total = stats.f_blocks * stats.f_frsize
    usable = stats.f_bavail * stats.f_frsize
    return min(total, _LONG_MAX), min(usable, _LONG_MAX)


def describe_dir(log_dir: str, logs: list[PartitionLogInfo],
                 wanted: set[tuple[str, int]] | None) -> DescribeLogDirsResult:
    by_topic: dict[str, list[DescribeLogDirsPartition]] = defaultdict(list)
    for info in logs:
        if wanted is not None and (info.topic, info.partition) not in wanted:
            continue
        by_topic[info.topic].append(DescribeLogDirsPartition(
            partition_index=info.partition, partition_size=info.size_bytes,
            offset_lag=info.offset_lag, is_future_key=info.is_future))
    total, usable = _space(log_dir)
    return DescribeLogDirsResult(
        error_code=errors.NONE.code, log_dir=log_dir,
        topics=[DescribeLogDirsTopic(name=topic, partitions=partitions)
                for topic, partitions in sorted(by_topic.items())],
        total_bytes=total, usable_bytes=usable, is_cordoned=False)


def describe_log_dirs(state: BrokerState, wanted: set[tuple[str, int]] | None) -> list[DescribeLogDirsResult]:
    results = []
    for log_dir in state.log_dirs:
        try:
            results.append(describe_dir(log_dir, state.partition_logs(log_dir), wanted))
        except OSError as e:
            log.warning("DescribeLogDirs: log dir %s is unreadable: %s", log_dir, e)
            results.append(DescribeLogDirsResult(error_code=errors.KAFKA_STORAGE_ERROR.code, log_dir=log_dir,
                                                 topics=[]))
    return results


async def handle(ctx: RequestContext, request) -> DescribeLogDirsResponse:
    if not authz.cluster_allowed(ctx, authz.DESCRIBE):
        return DescribeLogDirsResponse(throttle_time_ms=0, error_code=errors.CLUSTER_AUTHORIZATION_FAILED.code,
                                       results=[])
    wanted = None
    if request.topics is not None:
        wanted = {(topic.topic, partition) for topic in request.topics for partition in topic.partitions}
    # Directory scans and statvfs are file-system calls: keep them off the event loop.
    results = await trio.to_thread.run_sync(describe_log_dirs, ctx.state, wanted)
    return DescribeLogDirsResponse(throttle_time_ms=0, error_code=errors.NONE.code, results=results)
