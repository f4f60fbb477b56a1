"""Records of `__transaction_state` (Kafka's TransactionLog): the key is the transactional id, the value the
transaction's state, both prefixed by their int16 schema version; a null value (tombstone) removes the id.

Values are written at version 1 (the flexible one, with the previous and next producer ids and the client's
transaction version as tagged fields) once the finalized transaction.version is 1 or more, else at version 0, as
Kafka's TransactionLog.valueToBytes; both versions are read. The value of an Empty transaction
carries a null partition list, as Kafka's.
"""

from __future__ import annotations

import struct
from collections.abc import Iterator

import attrs

from kbroker.protocol import records as R
from kbroker.protocol.messages.transaction_coordinator.transaction_log_key import TransactionLogKey
from kbroker.protocol.messages.transaction_coordinator.transaction_log_value import (
    PartitionsSchema,
    TransactionLogValue,
)
from kbroker.txn.metadata import TransactionMetadata, TxnState, TxnTransit

_VERSION = struct.Struct(">h")
KEY_VERSION = 0
FLEXIBLE_VALUE_VERSION = 1


class CorruptTransactionLog(ValueError):
    """A record of __transaction_state that does not decode."""


def encode_key(transactional_id: str) -> bytes:
    return _VERSION.pack(KEY_VERSION) + TransactionLogKey(transactional_id=transactional_id).encode(KEY_VERSION)


def value_version(transaction_version_level: int) -> int:
    return FLEXIBLE_VALUE_VERSION if transaction_version_level >= 1 else 0


def encode_value(transit: TxnTransit, transaction_version_level: int = 0) -> bytes:
    if transit.state == TxnState.EMPTY:
        partitions = None
    else:
        by_topic: dict[str, list[int]] = {}
        for topic, partition in sorted(transit.partitions):
            by_topic.setdefault(topic, []).append(partition)
        partitions = [PartitionsSchema(topic=topic, partition_ids=ids) for topic, ids in by_topic.items()]
    value = TransactionLogValue(
        producer_id=transit.producer_id, producer_epoch=transit.producer_epoch,
        transaction_timeout_ms=transit.txn_timeout_ms, transaction_status=int(transit.state),
        transaction_partitions=partitions, transaction_last_update_timestamp_ms=transit.txn_last_update_timestamp,
        transaction_start_timestamp_ms=transit.txn_start_timestamp)
    version = value_version(transaction_version_level)
    if version >= FLEXIBLE_VALUE_VERSION:  # tagged fields version 0 does not have
        value.previous_producer_id = transit.previous_producer_id
        value.next_producer_id = transit.next_producer_id
        value.client_transaction_version = transit.client_transaction_version
    return _VERSION.pack(version) + value.encode(version)


def build_record_batch(transactional_id: str, transit: TxnTransit | None, timestamp: int,
                       transaction_version_level: int = 0) -> bytearray:
    """One uncompressed batch holding the record (a tombstone when `transit` is None)."""
    value = None if transit is None else encode_value(transit, transaction_version_level)
    return R.build_batch([(timestamp, encode_key(transactional_id), value)])


@attrs.frozen
class LoadedRecord:
    transactional_id: str
    metadata: TransactionMetadata | None  # None for a tombstone


def decode_record(key: bytes | None, value: bytes | None) -> LoadedRecord | None:
    """The transaction a record describes; None for a key of another (unknown) version, which Kafka skips."""
    if key is None or len(key) < 2:
        raise CorruptTransactionLog("record without a versioned key")
    (key_version,) = _VERSION.unpack_from(key, 0)
    if key_version != KEY_VERSION:
        return None
    try:
        decoded_key, _ = TransactionLogKey.decode(memoryview(key), 2, key_version)
        txn_id = decoded_key.transactional_id
        if value is None:
            return LoadedRecord(txn_id, None)
        (value_version,) = _VERSION.unpack_from(value, 0)
        if not TransactionLogValue.LOWEST_VERSION <= value_version <= TransactionLogValue.HIGHEST_VERSION:
            raise CorruptTransactionLog(f"unknown TransactionLogValue version {value_version} for {txn_id!r}")
        v, _ = TransactionLogValue.decode(memoryview(value), 2, value_version)
    except (ValueError, struct.error) as exc:
        raise CorruptTransactionLog(str(exc)) from exc
    partitions = {(p.topic, index) for p in v.transaction_partitions or () for index in p.partition_ids}
    metadata = TransactionMetadata(
        transactional_id=txn_id, producer_id=v.producer_id, previous_producer_id=v.previous_producer_id,
        producer_epoch=v.producer_epoch, txn_timeout_ms=v.transaction_timeout_ms,
        state=TxnState(v.transaction_status), partitions=partitions,
        txn_start_timestamp=v.transaction_start_timestamp_ms,
        txn_last_update_timestamp=v.transaction_last_update_timestamp_ms, next_producer_id=v.next_producer_id,
        client_transaction_version=v.client_transaction_version)
    return LoadedRecord(txn_id, metadata)


def iter_log_records(batches) -> Iterator[LoadedRecord]:
    """Every transaction record of the given stored batches, in log order (control batches skipped)."""
    for raw in batches:
        for batch in R.iter_batches(raw):
            if batch.is_control:
                continue
            for record in batch.records():
                loaded = decode_record(record.key, record.value)
                if loaded is not None:
                    yield loaded
