"""Verification of a transactional write by a transaction coordinator on another broker (Kafka's
AddPartitionsToTxnManager): an AddPartitionsToTxn with VerifyOnly (v4+, KIP-890 part 1) for one partition, sent to
the broker leading the transactional id's `__transaction_state` partition over this broker's inter-broker channels
(the replica fetchers' ChannelManager, whose directory holds every other broker's inter-broker endpoint). For a
transaction version 2 write (Produce v12+, TxnOffsetCommit v5) the same request goes with VerifyOnly false (v5): the
coordinator adds the partition to the transaction instead of only checking it.

The answer is the partition's error code from the coordinator; a request that got no answer (connection lost,
timed out, no channel) is NETWORK_EXCEPTION, and a response-level error is the answer for the partition, as in
Kafka.
"""

from __future__ import annotations

from kbroker.network import NetworkError
from kbroker.protocol import errors
from kbroker.protocol.messages.add_partitions_to_txn_request import (
    AddPartitionsToTxnRequest,
    AddPartitionsToTxnTopic,
    AddPartitionsToTxnTransaction,
)


async def verify_on_coordinator(channels, coordinator_id: int, transactional_id: str, producer_id: int,
                                producer_epoch: int, topic: str, partition: int, *, add: bool = False) -> int:
    """The coordinator broker's verdict on (topic, partition) being in the producer's open transaction (with
    `add`, on adding it)."""
    if channels is None:
        return errors.NETWORK_EXCEPTION.code
    request = AddPartitionsToTxnRequest(transactions=[AddPartitionsToTxnTransaction(
        transactional_id=transactional_id, producer_id=producer_id, producer_epoch=producer_epoch, verify_only=not add,
        topics=[AddPartitionsToTxnTopic(name=topic, partitions=[partition])])])
    try:
        response = await channels.send(coordinator_id, request)
    except NetworkError:
        return errors.NETWORK_EXCEPTION.code
    if response.error_code != errors.NONE.code:
        return response.error_code
    for result in response.results_by_transaction:
        if result.transactional_id != transactional_id:
            continue
        for topic_result in result.topic_results:
            for partition_result in topic_result.results_by_partition:
                if topic_result.name == topic and partition_result.partition_index == partition:
                    return partition_result.partition_error_code
    return errors.UNKNOWN_SERVER_ERROR.code
