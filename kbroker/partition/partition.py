"""One hosted partition (Kafka's Partition on its leader): the partition log, the leadership the metadata image
gives it, the high watermark, and the fetches parked until data arrives.

A single node is the only member of every ISR, so the high watermark follows the log end offset at once; an
append with acks=-1 is committed as soon as it is written, provided the ISR is not smaller than
min.insync.replicas (else NOT_ENOUGH_REPLICAS, checked before the write as Kafka does).

Waiters are the in-memory side of Kafka's DelayedFetch: a fetch that found too little registers a callback
here, and every advance of the high watermark calls it with the number of bytes appended.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable

from kbroker.log.log import AppendResult, Log, LogError
from kbroker.metadata.image import PartitionRegistration
from kbroker.protocol import errors

AppendListener = Callable[["Partition", int], None]


class Partition:
    def __init__(self, topic: str, partition: int, topic_id: uuid.UUID, log: Log,
                 registration: PartitionRegistration):
        self.topic = topic
        self.partition = partition
        self.topic_id = topic_id
        self.log = log
        self.registration = registration
        self._listeners: set[AppendListener] = set()
        log.become_leader(registration.leader_epoch)

    def __repr__(self) -> str:
        return f"Partition({self.topic}-{self.partition}, epoch {self.leader_epoch})"

    # --- leadership ------------------------------------------------------------------------------------------
    @property
    def leader_epoch(self) -> int:
        return self.registration.leader_epoch

    @property
    def leader(self) -> int:
        return self.registration.leader

    @property
    def isr(self) -> tuple[int, ...]:
        return self.registration.isr

    def update_registration(self, registration: PartitionRegistration) -> None:
        if registration.leader_epoch != self.registration.leader_epoch:
            self.log.become_leader(registration.leader_epoch)
        self.registration = registration

    # --- offsets ---------------------------------------------------------------------------------------------
    @property
    def high_watermark(self) -> int:
        return self.log.log_end_offset

    @property
    def log_start_offset(self) -> int:
        return self.log.log_start_offset

    @property
    def log_end_offset(self) -> int:
        return self.log.log_end_offset

    def last_stable_offset(self) -> int:
        return self.log.last_stable_offset(self.high_watermark)

    # --- append ----------------------------------------------------------------------------------------------
    def append_records(self, records, *, required_acks: int, produce_version: int | None = None,
                       origin: str = "client", transaction_version: int = 0) -> AppendResult:
        """Append one produced batch as the leader; raises LogError with Kafka's code on failure."""
        if required_acks == -1:
            min_isr = self.log.config.min_insync_replicas
            if len(self.isr) < min_isr:
                raise LogError(errors.NOT_ENOUGH_REPLICAS.code,
                               f"The size of the current ISR {set(self.isr)} is insufficient to satisfy the min.isr "
                               f"requirement of {min_isr} for partition {self.topic}-{self.partition}")
        size = len(records)
        result = self.log.append_as_leader(records, self.leader_epoch, origin=origin,
                                           produce_version=produce_version,
                                           transaction_version=transaction_version)
        if not result.duplicate:
            self.notify_appended(size)
        return result

    def append_control_marker(self, control_type: int, *, producer_id: int, producer_epoch: int,
                              coordinator_epoch: int, transaction_version: int = 0) -> AppendResult:
        """Write a transaction COMMIT/ABORT marker (WriteTxnMarkers on the leader); wakes parked fetches, since
        the last stable offset may have moved."""
        result = self.log.append_control_marker(control_type, producer_id=producer_id,
                                                producer_epoch=producer_epoch, coordinator_epoch=coordinator_epoch,
                                                leader_epoch=self.leader_epoch,
                                                transaction_version=transaction_version)
        self.notify_appended(1)
        return result

    def notify_appended(self, size: int) -> None:
        """Wake parked fetches after the high watermark moved (appends, control markers)."""
        for listener in list(self._listeners):
            listener(self, size)

    # --- parked fetches --------------------------------------------------------------------------------------
    def add_listener(self, listener: AppendListener) -> None:
        self._listeners.add(listener)

    def remove_listener(self, listener: AppendListener) -> None:
        self._listeners.discard(listener)
