"""The feature levels (KIP-584) kbroker's software runs at, shared by what a node advertises (ApiVersions,
BrokerRegistration, ControllerRegistration), what its controller accepts in UpdateFeatures, and what `format`
finalizes.

As Kafka 4.3.1: transaction.version 0-2 (2 is transactions v2, KIP-890 part 2), group.version 0-1 (1 turns on the
consumer rebalance protocol, KIP-848), eligible.leader.replicas.version 0-1 (KIP-966; level 1 depends on
metadata.version 4.0-IV1), share.version 0-1 (share groups, KIP-932) and streams.version 0-1 (streams groups,
KIP-1071), neither with dependencies in 4.3.1 (`kafka-features feature-dependencies`). A fresh `format` finalizes what
Kafka 4.3.1's `kafka-storage format` does for metadata.version 4.3-IV0 (`kafka-features version-mapping`):
transaction.version 2, group.version 1, eligible.leader.replicas.version 1, share.version 1 and streams.version 1.
Eligible leader replicas rest on the brokers' proof of a clean shutdown (the broker epoch of the log dirs'
clean-shutdown markers, sent as BrokerRegistration's previousBrokerEpoch: kbroker.log.clean_shutdown) and on the
last-known-leader election that brings a sole replica back after an unclean one (kbroker.metadata.partition_change).
kbroker serves share and streams groups at any finalized level (Kafka refuses them at 0): see SKIPPED_FEATURES.md.
"""

from __future__ import annotations

from collections.abc import Mapping

TRANSACTION_VERSION = "transaction.version"
GROUP_VERSION = "group.version"
ELR_VERSION = "eligible.leader.replicas.version"
SHARE_VERSION = "share.version"
STREAMS_VERSION = "streams.version"

# name -> (min supported, max supported), beside metadata.version and kraft.version (which their owners declare).
SUPPORTED_RANGES: Mapping[str, tuple[int, int]] = {
    TRANSACTION_VERSION: (0, 2),
    GROUP_VERSION: (0, 1),
    ELR_VERSION: (0, 1),
    SHARE_VERSION: (0, 1),
    STREAMS_VERSION: (0, 1),
}

# What `format` finalizes besides metadata.version (Kafka 4.3.1's defaults for metadata.version 4.3-IV0).
BOOTSTRAP_LEVELS: Mapping[str, int] = {
    TRANSACTION_VERSION: 2,
    GROUP_VERSION: 1,
    ELR_VERSION: 1,
    SHARE_VERSION: 1,
    STREAMS_VERSION: 1,
}

# FeatureVersion.dependencies(): feature -> level -> {feature: minimum level} (metadata.version 23 is 4.0-IV1).
DEPENDENCIES: Mapping[str, Mapping[int, Mapping[str, int]]] = {
    ELR_VERSION: {1: {"metadata.version": 23}},
}
