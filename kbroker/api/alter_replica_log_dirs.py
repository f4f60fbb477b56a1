"""AlterReplicaLogDirs (key 34), v1-v2: move replicas of this broker between its log dirs (KIP-113), as Kafka
4.3's KafkaApis.handleAlterReplicaLogDirsRequest and ReplicaManager.alterReplicaLogDirs answer it.

Per partition: NONE once the move is started (a future log catches up in the background and is swapped in:
kbroker.partition.log_dir_mover), or already where asked; LOG_DIR_NOT_FOUND for a path that is not one of
`log.dirs`; KAFKA_STORAGE_ERROR for an offline target dir or replica; REPLICA_NOT_AVAILABLE for a partition this
broker does not host (the dir is remembered for when its replica is created, as kafka-reassign-partitions
expects); INVALID_TOPIC_EXCEPTION for a name too long for a future log's directory. Without ALTER on the
cluster every partition gets CLUSTER_AUTHORIZATION_FAILED. Answers are grouped by topic in order of appearance.
"""

from __future__ import annotations

import logging
import os

from kbroker.api import authz
from kbroker.api.context import RequestContext
from kbroker.protocol import errors
from kbroker.protocol.messages.alter_replica_log_dirs_response import (
    AlterReplicaLogDirPartitionResult,
    AlterReplicaLogDirsResponse,
    AlterReplicaLogDirTopicResult,
)

API_KEY = 34
MIN_VERSION = 1
MAX_VERSION = 2
# `<topic>-<partition>.<32 hex>-future` must fit in a file name (UnifiedLog.logFutureDirName, KAFKA-4893)
MAX_DIR_NAME = 255

log = logging.getLogger(__name__)


async def handle(ctx: RequestContext, request) -> AlterReplicaLogDirsResponse:
    allowed = authz.cluster_allowed(ctx, authz.ALTER)
    partitions = ctx.state.partitions
    results: dict[str, list[AlterReplicaLogDirPartitionResult]] = {}
    for log_dir in request.dirs:
        for topic in log_dir.topics:
            for index in topic.partitions:
                if not allowed:
                    code = errors.CLUSTER_AUTHORIZATION_FAILED.code
                elif len(f"{topic.name}-{index}") + 1 + 32 + len("-future") > MAX_DIR_NAME:
                    code = errors.INVALID_TOPIC_EXCEPTION.code
                else:
                    hosted = partitions.get(topic.name, index)
                    code = partitions.log_dir_mover.request_move((topic.name, index), hosted,
                                                                 os.path.abspath(log_dir.path))
                if code != errors.NONE.code:
                    log.info("AlterReplicaLogDirs of %s-%d to %s from client %r: error %d", topic.name, index,
                             log_dir.path, ctx.client_id, code)
                results.setdefault(topic.name, []).append(
                    AlterReplicaLogDirPartitionResult(partition_index=index, error_code=code))
    return AlterReplicaLogDirsResponse(throttle_time_ms=0, results=[
        AlterReplicaLogDirTopicResult(topic_name=name, partitions=answers) for name, answers in results.items()])
