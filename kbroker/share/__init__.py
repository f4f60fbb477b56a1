"""Share groups (KIP-932, Kafka's queues): membership and assignment, share sessions, the share-partitions'
delivery state and the share coordinator's `__share_group_state`; `coordinator.ShareCoordinator` ties them
together for the handlers (kbroker/api/share_*.py and the share state and offsets APIs)."""
