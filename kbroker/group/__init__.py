"""The group coordinator of a broker: `for_broker(state)` builds it over the broker's hosted partitions and
metadata image; `coordinator_of(state)` is the one handlers use.

The broker keeps it as `state.group_coordinator` and runs `coordinator.run` in its nursery once the partitions
are loaded: that loads every led `__consumer_offsets` partition and fires session/rebalance timeouts and offset
expiry in the background.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kbroker.group.coordinator import GroupCoordinator
from kbroker.metadata.topic_names import GROUP_METADATA_TOPIC

if TYPE_CHECKING:
    from kbroker.api.state import BrokerState


def for_broker(state: BrokerState) -> GroupCoordinator:
    def partition_count() -> int:
        # Kafka uses the partition count of the existing topic, else the configured one.
        found = state.image.topic(GROUP_METADATA_TOPIC)
        return len(found.partitions) if found is not None else state.config["offsets.topic.num.partitions"]

    return GroupCoordinator(state.config, state.partitions, node_id=state.config.node_id,
                            partition_count=partition_count, now_ms=state.clock.time_ms,
                            image=lambda: state.image)


def coordinator_of(state: BrokerState) -> GroupCoordinator:
    if state.group_coordinator is None:
        raise RuntimeError("the group coordinator exists once the broker's storage is started")
    return state.group_coordinator
