"""What a share group with share.isolation.level=read_committed must never get (Kafka's
SharePartition.maybeFilterAbortedTransactionalAcquiredRecords): the batches of aborted transactions, and the
transaction markers. A ShareFetch answer has no aborted-transactions list for the client to filter with, so
the broker archives those offsets instead of acquiring them; reads stop at the last stable offset.

A batch is aborted when it is transactional and an aborted transaction of its producer (the log's .txnindex
entries) spans it: from the transaction's first offset to its abort marker.
"""

from __future__ import annotations

import os
import struct
from collections.abc import Iterable

from kbroker.log.txn_index import AbortedTxn
from kbroker.protocol.records import (
    ATTRIBUTES_OFFSET,
    CONTROL_FLAG_MASK,
    LAST_OFFSET_DELTA_OFFSET,
    LOG_OVERHEAD,
    PRODUCER_ID_OFFSET,
    TRANSACTIONAL_FLAG_MASK,
)

_HEADER_SIZE = PRODUCER_ID_OFFSET + 8  # the header up to and with the producer id
_BASE_AND_LENGTH = struct.Struct(">qi")
_I16, _I32, _I64 = struct.Struct(">h"), struct.Struct(">i"), struct.Struct(">q")


def batch_headers(fd: int, position: int, length: int) -> Iterable[tuple[int, int, int, int]]:
    """(base offset, last offset, attributes, producer id) of each whole batch in a file region."""
    end = position + length
    while end - position >= _HEADER_SIZE:
        header = os.pread(fd, _HEADER_SIZE, position)
        if len(header) < _HEADER_SIZE:
            return
        base, size = _BASE_AND_LENGTH.unpack_from(header, 0)
        if position + LOG_OVERHEAD + size > end:
            return
        yield (base, base + _I32.unpack_from(header, LAST_OFFSET_DELTA_OFFSET)[0],
               _I16.unpack_from(header, ATTRIBUTES_OFFSET)[0], _I64.unpack_from(header, PRODUCER_ID_OFFSET)[0])
        position += LOG_OVERHEAD + size


def unreadable_ranges(batches: Iterable[tuple[int, int, int, int]],
                      aborted: list[AbortedTxn]) -> list[tuple[int, int]]:
    """The (first, last) offset ranges among `batches` a read_committed share group must not acquire."""
    ranges: list[tuple[int, int]] = []
    for base, last, attributes, producer_id in batches:
        if attributes & CONTROL_FLAG_MASK or (attributes & TRANSACTIONAL_FLAG_MASK and any(
                txn.producer_id == producer_id and txn.first_offset <= base <= txn.last_offset for txn in aborted)):
            ranges.append((base, last))
    return ranges
