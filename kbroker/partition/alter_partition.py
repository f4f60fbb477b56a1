"""ISR changes a leader proposes to the controller (Kafka's AlterPartitionManager): one AlterPartition request
in flight at a time, carrying every partition's proposal queued since the last one (at most one per partition),
and each partition's answer handed back to it.

The transport is a narrow async callable, `send(request) -> response`, given by the node (the broker's channel
to the active controller); it raises kbroker.network.NetworkError when no answer came. As Kafka's
DefaultAlterPartitionManager does, the same proposals are sent again after `retry_backoff_ms` when no answer came
or the answer has a top-level error (NOT_CONTROLLER, STALE_BROKER_EPOCH while this broker re-registers, ...),
and a proposal the answer left out goes again with the next request. A partition is free to propose again once
its answer is handed to it (its callback may do so at once: Partition retries an unexpected error).
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Awaitable, Callable

import attrs
import trio

from kbroker.network.errors import NetworkError
from kbroker.protocol import errors
from kbroker.protocol.messages.alter_partition_request import (
    AlterPartitionRequest,
    BrokerState,
    PartitionData,
    TopicData,
)
from kbroker.protocol.messages.alter_partition_response import AlterPartitionResponse

log = logging.getLogger(__name__)

RETRY_BACKOFF_MS = 50


@attrs.frozen
class AlterPartitionItem:
    """One partition's proposed ISR; `broker_epochs` in the order of `new_isr` (-1 for the leader itself, which
    the manager fills with its own broker epoch)."""

    topic_id: uuid.UUID
    partition: int
    leader_epoch: int
    partition_epoch: int
    new_isr: tuple[int, ...]
    broker_epochs: tuple[int, ...]
    leader_recovery_state: int = 0


@attrs.frozen
class AlterPartitionResult:
    error_code: int
    leader_id: int = -1
    leader_epoch: int = -1
    isr: tuple[int, ...] = ()
    partition_epoch: int = -1


AlterPartitionSend = Callable[[AlterPartitionRequest], Awaitable[AlterPartitionResponse]]
ResultCallback = Callable[[AlterPartitionResult], None]


def build_request(broker_id: int, broker_epoch: int, items: list[AlterPartitionItem]) -> AlterPartitionRequest:
    """AlterPartition v3 (the ISR with broker epochs, KIP-903), what Kafka 4's brokers send: every metadata
    version a Kafka 4 cluster runs has it."""
    topics: dict[uuid.UUID, TopicData] = {}
    for item in items:
        topic = topics.setdefault(item.topic_id, TopicData(topic_id=item.topic_id, partitions=[]))
        epochs = [broker_epoch if replica == broker_id else epoch
                  for replica, epoch in zip(item.new_isr, item.broker_epochs, strict=True)]
        topic.partitions.append(PartitionData(
            partition_index=item.partition, leader_epoch=item.leader_epoch,
            new_isr_with_epochs=[BrokerState(broker_id=r, broker_epoch=e) for r, e in zip(item.new_isr, epochs,
                                                                                          strict=True)],
            leader_recovery_state=item.leader_recovery_state, partition_epoch=item.partition_epoch))
    return AlterPartitionRequest(broker_id=broker_id, broker_epoch=broker_epoch, topics=list(topics.values()))


def results_of(response: AlterPartitionResponse) -> dict[tuple[uuid.UUID, int], AlterPartitionResult]:
    found = {}
    for topic in response.topics:
        for p in topic.partitions:
            found[(topic.topic_id, p.partition_index)] = AlterPartitionResult(
                p.error_code, p.leader_id, p.leader_epoch, tuple(p.isr), p.partition_epoch)
    return found


class AlterPartitionManager:
    """Start `run` in a nursery; partitions call `submit`."""

    def __init__(self, send: AlterPartitionSend, broker_id: int, broker_epoch: Callable[[], int], *,
                 retry_backoff_ms: int = RETRY_BACKOFF_MS):
        self._send = send
        self.broker_id = broker_id
        self._broker_epoch = broker_epoch
        self._retry_backoff_ms = retry_backoff_ms
        self._queued: dict[tuple[uuid.UUID, int], tuple[AlterPartitionItem, ResultCallback]] = {}
        self._in_flight: set[tuple[uuid.UUID, int]] = set()
        self._wake = trio.Event()

    def submit(self, item: AlterPartitionItem, on_result: ResultCallback) -> bool:
        """Queue `item`; False (nothing queued) while the same partition has a proposal unanswered."""
        key = (item.topic_id, item.partition)
        if key in self._queued or key in self._in_flight:
            return False
        self._queued[key] = (item, on_result)
        self._wake.set()
        return True

    async def run(self, *, task_status=trio.TASK_STATUS_IGNORED) -> None:
        task_status.started()
        while True:
            if not self._queued:
                await self._wake.wait()
                self._wake = trio.Event()
                continue
            batch, self._queued = self._queued, {}
            self._in_flight = set(batch)
            try:
                answered = await self._send_once(batch)
            finally:
                self._in_flight = set()
            if not answered:
                await trio.sleep(self._retry_backoff_ms / 1000)

    async def _send_once(self, batch: dict) -> bool:
        """One request for `batch`; False when it must go again after the backoff. Every proposal the answer
        names is handed its result; the others go back to the front of the queue."""
        items = [item for item, _callback in batch.values()]
        try:
            response = await self._send(build_request(self.broker_id, self._broker_epoch(), items))
        except NetworkError as exc:
            log.info("AlterPartition for %d partitions got no answer (%s); retrying", len(items), exc)
            found = {}
        else:
            found = results_of(response) if response.error_code == errors.NONE.code else {}
            if response.error_code == errors.NOT_CONTROLLER.code:
                log.info("AlterPartition reached a node that is no longer the controller; retrying")
            elif response.error_code == errors.STALE_BROKER_EPOCH.code:
                log.warning("AlterPartition: the controller found broker epoch %d stale; retrying",
                            self._broker_epoch())
            elif response.error_code != errors.NONE.code:
                log.warning("AlterPartition: the controller answered top-level error %s; retrying",
                            errors.for_code(response.error_code).name)
        unanswered = {key: entry for key, entry in batch.items() if key not in found}
        if unanswered and found:
            log.warning("AlterPartition: the answer left out %d of the partitions sent; sending them again",
                        len(unanswered))
        self._queued = {**unanswered, **self._queued}
        for key, (_item, callback) in batch.items():
            if key in found:
                self._in_flight.discard(key)
                callback(found[key])
        return not unanswered
