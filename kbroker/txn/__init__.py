"""The transaction coordinator of a node: `coordinator_of(state)` is the one handlers use.

kbroker.node builds it over the node's partitions, metadata image and producer-id manager and runs
`coordinator.run` in its nursery once the partitions are loaded (loading led `__transaction_state` partitions,
aborting timed-out transactions, expiring ids).
"""

from __future__ import annotations

from kbroker.txn.coordinator import TransactionCoordinator


def coordinator_of(state) -> TransactionCoordinator:
    """The coordinator held by the handlers' state (anything with a `txn_coordinator`)."""
    if state.txn_coordinator is None:
        raise RuntimeError("the transaction coordinator exists once the broker's storage is started")
    return state.txn_coordinator
