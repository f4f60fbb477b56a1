"""The transaction coordinator of a broker: `for_broker(state)` builds it over the broker's partitions, metadata
image and producer-id manager; `coordinator_of(state)` is the one handlers use.

The broker keeps it as `state.txn_coordinator` and runs `coordinator.run` in its nursery once the partitions
are loaded (loading led `__transaction_state` partitions, aborting timed-out transactions, expiring ids).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kbroker.coordinator_partitions import internal_topic_partition_count
from kbroker.producer_ids import producer_id_manager
from kbroker.txn.coordinator import TransactionCoordinator

if TYPE_CHECKING:
    from kbroker.api.state import BrokerState


def for_broker(state: BrokerState) -> TransactionCoordinator:
    def partition_count(topic: str) -> int:
        return internal_topic_partition_count(state.image, state.config, topic)

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
