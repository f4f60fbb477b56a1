"""The metadata.version kbroker finalizes and the record versions it writes under it.

Kafka 4.3.1's `kafka-storage format` finalizes metadata.version 4.3-IV0 (feature level 30); at that level
Kafka's controller writes PartitionRecord v2 and PartitionChangeRecord v2 (directory assignments),
RegisterBrokerRecord v4 and the other records at v0 (checked against a dump of a real 4.3.1 metadata log).
"""

METADATA_VERSION_LEVEL = 30
METADATA_VERSION_NAME = "4.3-IV0"
# Oldest level Kafka 4.x supports (3.3-IV3); a broker registration advertises [min, max].
MINIMUM_METADATA_VERSION_LEVEL = 7
# The first level whose controllers register (3.7-IV0, MetadataVersion.isControllerRegistrationSupported).
CONTROLLER_REGISTRATION_LEVEL = 15

FEATURE_LEVEL_RECORD = 0
TOPIC_RECORD = 0
PARTITION_RECORD = 2
PARTITION_CHANGE_RECORD = 2
REMOVE_TOPIC_RECORD = 0
CONFIG_RECORD = 0
PRODUCER_IDS_RECORD = 0
REGISTER_BROKER_RECORD = 4
UNREGISTER_BROKER_RECORD = 0
REGISTER_CONTROLLER_RECORD = 0
BROKER_REGISTRATION_CHANGE_RECORD = 0  # fencing changes (ReplicationControlManager.handleBrokerFenced/Unfenced)
BROKER_REGISTRATION_CHANGE_RECORD_CONTROLLED_SHUTDOWN = 1  # InControlledShutdown exists from v1
NO_OP_RECORD = 0
USER_SCRAM_CREDENTIAL_RECORD = 0
REMOVE_USER_SCRAM_CREDENTIAL_RECORD = 0
ACCESS_CONTROL_ENTRY_RECORD = 0
REMOVE_ACCESS_CONTROL_ENTRY_RECORD = 0
CLIENT_QUOTA_RECORD = 0
DELEGATION_TOKEN_RECORD = 0
REMOVE_DELEGATION_TOKEN_RECORD = 0
