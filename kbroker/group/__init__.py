"""The group coordinator of a node: `coordinator_of(state)` is the one handlers use.

kbroker.node builds it over the node's hosted partitions and metadata image and runs `coordinator.run` in its
nursery once the partitions are loaded: that loads every led `__consumer_offsets` partition and fires
session/rebalance timeouts and offset expiry in the background.
"""

from __future__ import annotations

from kbroker.group.coordinator import GroupCoordinator


def coordinator_of(state) -> GroupCoordinator:
    """The coordinator held by the handlers' state (anything with a `group_coordinator`)."""
    if state.group_coordinator is None:
        raise RuntimeError("the group coordinator exists once the broker's storage is started")
    return state.group_coordinator
