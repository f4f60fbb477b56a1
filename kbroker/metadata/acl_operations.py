"""Kafka's AclOperation codes and the "authorized operations" bitfields responses carry (KIP-430).

kbroker has no authorizer, so, like a Kafka broker without `authorizer.class.name`, every principal may do
every operation a resource type supports: the bitfield has the bit of each supported operation set.
A field the client did not ask for keeps the schema default `OMITTED` (INT32 min).
"""

from __future__ import annotations

OMITTED = -(1 << 31)

READ, WRITE, CREATE, DELETE, ALTER, DESCRIBE = 3, 4, 5, 6, 7, 8
CLUSTER_ACTION, DESCRIBE_CONFIGS, ALTER_CONFIGS, IDEMPOTENT_WRITE = 9, 10, 11, 12


def bitfield(operations) -> int:
    """Utils.to32BitField: bit n set for operation code n."""
    bits = 0
    for code in operations:
        bits |= 1 << code
    return bits


# The operations of ResourceType.TOPIC and ResourceType.CLUSTER (AclEntry.supportedOperations).
TOPIC_OPERATIONS = bitfield((READ, WRITE, CREATE, DESCRIBE, DELETE, ALTER, DESCRIBE_CONFIGS, ALTER_CONFIGS))
CLUSTER_OPERATIONS = bitfield((CREATE, CLUSTER_ACTION, DESCRIBE_CONFIGS, ALTER_CONFIGS, IDEMPOTENT_WRITE, ALTER,
                               DESCRIBE))
