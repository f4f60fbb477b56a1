"""The broker's side of KIP-858 directory assignment (Kafka's AssignmentsManager): whenever a hosted replica's
log is in a log dir other than the one the metadata names for it (a new replica on a broker with several log
dirs starts unassigned; a replica moved by AlterReplicaLogDirs changes dir), AssignReplicasToDirs tells the active
controller, batched, one request in flight; an assignment not yet in the metadata is sent again after
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
            dir_id = self._dir_ids.get(os.path.dirname(partition.log.directory))
            registration = image.partition(partition.topic, partition.partition)
            if dir_id is None or registration is None or node_id not in registration.replicas:
                continue
            current = (registration.directories[registration.replicas.index(node_id)]
                       if registration.directories else None)
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
