"""The broker's side of KIP-858 directory assignment (Kafka's AssignmentsManager): whenever a hosted replica's
log is in a log dir other than the one the metadata names for it (a new replica on a broker with several log
dirs starts unassigned), or a replica moving by AlterReplicaLogDirs is not yet assigned to its target dir (the
move's swap waits for that, as Kafka's does), AssignReplicasToDirs tells the active controller, batched, one request in flight; an assignment not yet in the metadata is sent again after
RESEND_S. Only from metadata.version 3.7-IV2, as Kafka's brokers (isDirectoryAssignmentSupported).
"""

from __future__ import annotations

import logging
import os
import uuid
from collections.abc import Awaitable, Callable, Mapping

import trio

from kbroker.network.errors import NetworkError
from kbroker.partition.manager import PartitionManager
from kbroker.protocol import errors
from kbroker.protocol.messages.assign_replicas_to_dirs_request import (
    AssignReplicasToDirsRequest,
    DirectoryData,
    PartitionData,
    TopicData,
)

log = logging.getLogger(__name__)

DIRECTORY_ASSIGNMENT_METADATA_VERSION = 17  # MetadataVersion.IBP_3_7_IV2
ROUND_S = 0.5
RESEND_S = 5.0


class DirectoryAssigner:
    def __init__(self, partitions: PartitionManager, log_dir_ids: Mapping[str, uuid.UUID],
                 send: Callable[[AssignReplicasToDirsRequest], Awaitable], broker_epoch: Callable[[], int]):
        self._partitions = partitions
        self._dir_ids = {os.path.abspath(path): dir_id for path, dir_id in log_dir_ids.items()}
        self._send = send
        self._broker_epoch = broker_epoch
        self._sent: dict[tuple[uuid.UUID, int], tuple[uuid.UUID, float]] = {}
        partitions.log_dir_mover.assigned_to = self.assigned_to

    def _metadata_dir(self, topic: str, index: int) -> uuid.UUID | None:
        image = self._partitions.image
        registration = image.partition(topic, index) if image is not None else None
        node_id = self._partitions.node_id
        if registration is None or node_id not in registration.replicas or not registration.directories:
            return None
        return registration.directories[registration.replicas.index(node_id)]

    def assigned_to(self, key: tuple[str, int], log_dir: str) -> bool:
        """Whether the metadata puts this broker's replica of `key` in `log_dir` (a move swaps only then)."""
        image = self._partitions.image
        if image is None or image.metadata_version < DIRECTORY_ASSIGNMENT_METADATA_VERSION:
            return True
        return self._metadata_dir(*key) == self._dir_ids.get(os.path.abspath(log_dir))

    def pending(self, now: float) -> dict[uuid.UUID, dict[uuid.UUID, list[int]]]:
        """dir id -> topic id -> partitions whose metadata directory differs from their log's dir."""
        manager = self._partitions
        image = manager.image
        wanted: dict[uuid.UUID, dict[uuid.UUID, list[int]]] = {}
        if image is None or image.metadata_version < DIRECTORY_ASSIGNMENT_METADATA_VERSION:
            return wanted
        node_id = manager.node_id
        for partition in list(manager):
            if partition.log.closed:
                continue
            # a replica moving to another log dir is assigned to its target first
            future = manager.log_dir_mover.futures.get((partition.topic, partition.partition))
            log_dir = future.target_dir if future is not None else os.path.dirname(partition.log.directory)
            dir_id = self._dir_ids.get(log_dir)
            registration = image.partition(partition.topic, partition.partition)
            if dir_id is None or registration is None or node_id not in registration.replicas:
                continue
            current = self._metadata_dir(partition.topic, partition.partition)
            key = (partition.topic_id, partition.partition)
            if current == dir_id:
                self._sent.pop(key, None)
                continue
            sent = self._sent.get(key)
            if sent is not None and sent[0] == dir_id and now - sent[1] < RESEND_S:
                continue
            wanted.setdefault(dir_id, {}).setdefault(partition.topic_id, []).append(partition.partition)
        return wanted

    async def run(self, *, task_status=trio.TASK_STATUS_IGNORED) -> None:
        task_status.started()
        while True:
            await trio.sleep(ROUND_S)
            now = trio.current_time()
            wanted = self.pending(now)
            if not wanted:
                continue
            request = AssignReplicasToDirsRequest(broker_id=self._partitions.node_id,
                                                  broker_epoch=self._broker_epoch(), directories=[
                DirectoryData(id=dir_id, topics=[
                    TopicData(topic_id=topic_id, partitions=[PartitionData(partition_index=p) for p in sorted(ps)])
                    for topic_id, ps in topics.items()])
                for dir_id, topics in wanted.items()])
            for dir_id, topics in wanted.items():
                for topic_id, ps in topics.items():
                    for p in ps:
                        self._sent[(topic_id, p)] = (dir_id, now)
            try:
                response = await self._send(request)
            except NetworkError as exc:
                log.info("AssignReplicasToDirs not answered (%s); sending again", exc)
                self._sent.clear()
                continue
            if response.error_code != errors.NONE.code:
                log.info("AssignReplicasToDirs refused with error %d; sending again", response.error_code)
                self._sent.clear()
                continue
            for directory in response.directories:
                for topic in directory.topics:
                    for p in topic.partitions:
                        if p.error_code != errors.NONE.code:
                            log.info("AssignReplicasToDirs of %s-%d to dir %s: error %d", topic.topic_id,
                                     p.partition_index, directory.id, p.error_code)
