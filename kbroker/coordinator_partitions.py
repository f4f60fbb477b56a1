"""The partitions of a coordinator's internal topic (`__consumer_offsets` for groups, `__transaction_state` for
transactions): the partition a group or transactional id hashes to, whether this node leads it, and the state
loaded from each partition it leads.

A partition's state is loaded on first use and again whenever the partition's topic id or leader epoch is no
longer the one it was loaded from (the topic was recreated, or leadership was lost and won back); a write is
allowed only while the state is current. FindCoordinator uses the same hash, so clients and coordinators agree.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

import attrs
import trio

from kbroker.java_hash import string_hash
from kbroker.metadata.topic_names import (
    GROUP_METADATA_TOPIC,
    SHARE_GROUP_STATE_TOPIC,
    TRANSACTION_STATE_TOPIC,
)
from kbroker.partition.delayed_produce import wait_for_replication
from kbroker.protocol import errors

_INT_MIN = -(1 << 31)
# The config that sizes each internal topic until it exists.
_CONFIGURED_PARTITION_COUNTS = {GROUP_METADATA_TOPIC: "offsets.topic.num.partitions",
                                TRANSACTION_STATE_TOPIC: "transaction.state.log.num.partitions",
                                SHARE_GROUP_STATE_TOPIC: "share.coordinator.state.topic.num.partitions"}

# What a coordinator answers when appending to its partition failed (Kafka's TransactionStateManager and group
# coordinator map the ReplicaManager errors the same way).
APPEND_ERRORS = {
    errors.UNKNOWN_TOPIC_OR_PARTITION.code: errors.COORDINATOR_NOT_AVAILABLE.code,
    errors.NOT_ENOUGH_REPLICAS.code: errors.COORDINATOR_NOT_AVAILABLE.code,
    errors.NOT_ENOUGH_REPLICAS_AFTER_APPEND.code: errors.COORDINATOR_NOT_AVAILABLE.code,
    errors.REQUEST_TIMED_OUT.code: errors.COORDINATOR_NOT_AVAILABLE.code,
    errors.NOT_LEADER_OR_FOLLOWER.code: errors.NOT_COORDINATOR.code,
    errors.KAFKA_STORAGE_ERROR.code: errors.NOT_COORDINATOR.code,
    errors.MESSAGE_TOO_LARGE.code: errors.UNKNOWN_SERVER_ERROR.code,
    errors.RECORD_LIST_TOO_LARGE.code: errors.UNKNOWN_SERVER_ERROR.code,
}


async def wait_until_replicated(hosted, end_offset: int, timeout_ms: int, *, min_insync: bool) -> int:
    """Wait until a coordinator's records ending before `end_offset` are on the partition's in-sync replicas (Kafka
    answers a coordinator write then): NONE, or the error the requester gets, mapped as Kafka's coordinators map
    a failed replication (COORDINATOR_NOT_AVAILABLE after `timeout_ms`, or with fewer in-sync replicas than
    min.insync.replicas when `min_insync` - the transaction coordinator's acks=-1 -, NOT_COORDINATOR once
    leadership moved)."""
    code = await wait_for_replication(hosted, end_offset, trio.current_time() + timeout_ms / 1000,
                                      min_insync=min_insync)
    return APPEND_ERRORS.get(code, code)


def internal_topic_partition_count(image, config, topic: str) -> int:
    """Kafka's coordinators use the partition count of the existing topic, else the configured one."""
    found = image.topic(topic)
    return len(found.partitions) if found is not None else config[_CONFIGURED_PARTITION_COUNTS[topic]]


def partition_for(key: str, partition_count: int) -> int:
    """Utils.abs(key.hashCode) % partitionCount (Utils.abs maps Integer.MIN_VALUE to 0)."""
    h = string_hash(key)
    return (0 if h == _INT_MIN else abs(h)) % partition_count


@attrs.define(eq=False)
class PartitionState:
    """What a coordinator loaded from one partition: `topic_id` and `epoch` (the partition's leader epoch, Kafka's
    coordinator epoch) say which incarnation of the partition it came from."""
    index: int
    topic_id: object
    epoch: int


S = TypeVar("S", bound=PartitionState)


class CoordinatorPartitions(Generic[S]):
    """`partitions.get(topic, index)` finds a hosted partition; `partition_count()` is the topic's partition
    count; `load(index, hosted)` reads a partition's state from its log and puts it in `states` as soon as it may
    be found (before any follow-up work of its own); `not_coordinator()` is the error raised for a partition
    this node does not lead."""

    def __init__(self, topic: str, partitions, *, node_id: int, partition_count: Callable[[], int],
                 load: Callable[[int, object], S], not_coordinator: Callable[[], Exception]):
        self.topic = topic
        self.partitions = partitions
        self.node_id = node_id
        self.partition_count = partition_count
        self._load = load
        self._not_coordinator = not_coordinator
        self.states: dict[int, S] = {}

    def partition_for(self, key: str) -> int:
        return partition_for(key, self.partition_count())

    def led(self, index: int):
        """The hosted partition when this node leads it, else None."""
        hosted = self.partitions.get(self.topic, index)
        return hosted if hosted is not None and hosted.leader == self.node_id else None

    def get(self, index: int) -> S:
        """The current state of a partition this node leads, loading it if needed; not_coordinator() else."""
        hosted = self.led(index)
        if hosted is None:
            self.states.pop(index, None)
            raise self._not_coordinator()
        state = self.states.get(index)
        if state is None or not _loaded_from(state, hosted):
            state = self._load(index, hosted)
        return state

    def load_owned(self) -> None:
        """Load every partition this node leads and forget the others (start-up, after metadata changes)."""
        for index in range(self.partition_count()):
            if self.led(index) is not None:
                self.get(index)
            else:
                self.states.pop(index, None)

    def writable(self, state: S):
        """The hosted partition to append to for `state`, or None when the state is no longer current."""
        hosted = self.led(state.index)
        return hosted if hosted is not None and _loaded_from(state, hosted) else None


def _loaded_from(state: PartitionState, hosted) -> bool:
    return state.topic_id == hosted.topic_id and state.epoch == hosted.leader_epoch
