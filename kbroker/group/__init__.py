"""The group coordinator of a broker: `for_broker(state)` builds it over the broker's hosted partitions and
metadata image; `coordinator_of(state)` is the one handlers use.

The broker keeps it as `state.group_coordinator` and runs `coordinator.run` in its nursery once the partitions
are loaded: that loads every led `__consumer_offsets` partition and fires session/rebalance timeouts and offset
expiry in the background.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kbroker.coordinator_partitions import internal_topic_partition_count
from kbroker.group.coordinator import GroupCoordinator
from kbroker.metadata.topic_names import GROUP_METADATA_TOPIC

if TYPE_CHECKING:
    from kbroker.api.state import BrokerState


def for_broker(state: BrokerState) -> GroupCoordinator:
    def partition_count() -> int:
        return internal_topic_partition_count(state.image, state.config, GROUP_METADATA_TOPIC)

    return GroupCoordinator(state.config, state.partitions, node_id=state.config.node_id,
                            partition_count=partition_count, now_ms=state.clock.time_ms,
                            image=lambda: state.image)


def coordinator_of(state: BrokerState) -> GroupCoordinator:
    if state.group_coordinator is None:
        raise RuntimeError("the group coordinator exists once the broker's storage is started")
    return state.group_coordinator
