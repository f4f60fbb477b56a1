"""The transaction coordinator of a broker: `for_broker(state)` builds it over the broker's partitions, metadata
image and producer-id manager; `coordinator_of(state)` is the one handlers use.

The broker keeps it as `state.txn_coordinator` and runs `coordinator.run` in its nursery once the partitions
are loaded (loading led `__transaction_state` partitions, aborting timed-out transactions, expiring ids).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kbroker.metadata.topic_names import GROUP_METADATA_TOPIC, TRANSACTION_STATE_TOPIC
from kbroker.producer_ids import producer_id_manager
from kbroker.txn.coordinator import TransactionCoordinator

if TYPE_CHECKING:
    from kbroker.api.state import BrokerState

_DEFAULT_PARTITION_COUNTS = {GROUP_METADATA_TOPIC: "offsets.topic.num.partitions",
                             TRANSACTION_STATE_TOPIC: "transaction.state.log.num.partitions"}


def for_broker(state: BrokerState) -> TransactionCoordinator:
    def partition_count(topic: str) -> int:
        # Kafka's coordinators use the partition count of the existing topic, else the configured one.
        found = state.image.topic(topic)
        return len(found.partitions) if found is not None else state.config[_DEFAULT_PARTITION_COUNTS[topic]]

    async def generate_producer_id() -> int:
        return await producer_id_manager(state).generate_producer_id()

    return TransactionCoordinator(
        state.config, state.partitions, node_id=state.config.node_id, partition_count=partition_count,
        generate_producer_id=generate_producer_id, now_ms=state.clock.time_ms,
        group_coordinator=lambda: state.group_coordinator)


def coordinator_of(state: BrokerState) -> TransactionCoordinator:
    if state.txn_coordinator is None:
        raise RuntimeError("the transaction coordinator exists once the broker's storage is started")
    return state.txn_coordinator
