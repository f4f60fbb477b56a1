"""Feature flags (KIP-584) the broker reports in ApiVersions v3+.

SUPPORTED is what this broker's software can run at; the finalized levels live in the broker state (the
metadata image, once it exists). transaction.version (0-2), group.version (0-1) and
eligible.leader.replicas.version (0-1) are Kafka 4.3.1's ranges (kbroker.metadata.feature_levels); share.version and
streams.version are absent: kbroker does not implement them. kraft.version (0-1, KIP-853) is the metadata quorum's:
its finalized level is the quorum's, reported when above 0 (BrokerState.finalized_feature_levels).
"""

from __future__ import annotations

from kbroker.metadata import feature_levels

METADATA_VERSION = "metadata.version"
# Kafka's MetadataVersion feature levels: 7 is 3.3-IV3 (the minimum Kafka 4.x accepts), 30 is 4.3-IV0.
METADATA_VERSION_MIN = 7
METADATA_VERSION_4_3_IV0 = 30

# Feature name -> (min supported version, max supported version).
SUPPORTED: dict[str, tuple[int, int]] = {
    METADATA_VERSION: (METADATA_VERSION_MIN, METADATA_VERSION_4_3_IV0),
    "kraft.version": (0, 1),
    **feature_levels.SUPPORTED_RANGES,
}

# Finalized levels of a freshly formatted single-node kbroker.
BOOTSTRAP_FINALIZED: dict[str, int] = {
    METADATA_VERSION: METADATA_VERSION_4_3_IV0,
    **feature_levels.BOOTSTRAP_LEVELS,
}
