"""Generated codecs for the schemas in schemas/metadata/ (kbroker.protocol.codegen).

message_class(schema type, api key) imports one module on first use.
"""

import importlib

_CLASSES: dict[tuple[str, int], tuple[str, str]] = {
    ('metadata', 0): ('register_broker_record', 'RegisterBrokerRecord'),
    ('metadata', 1): ('unregister_broker_record', 'UnregisterBrokerRecord'),
    ('metadata', 2): ('topic_record', 'TopicRecord'),
    ('metadata', 3): ('partition_record', 'PartitionRecord'),
    ('metadata', 4): ('config_record', 'ConfigRecord'),
    ('metadata', 5): ('partition_change_record', 'PartitionChangeRecord'),
    ('metadata', 7): ('fence_broker_record', 'FenceBrokerRecord'),
    ('metadata', 8): ('unfence_broker_record', 'UnfenceBrokerRecord'),
    ('metadata', 9): ('remove_topic_record', 'RemoveTopicRecord'),
    ('metadata', 10): ('delegation_token_record', 'DelegationTokenRecord'),
    ('metadata', 11): ('user_scram_credential_record', 'UserScramCredentialRecord'),
    ('metadata', 12): ('feature_level_record', 'FeatureLevelRecord'),
    ('metadata', 14): ('client_quota_record', 'ClientQuotaRecord'),
    ('metadata', 15): ('producer_ids_record', 'ProducerIdsRecord'),
    ('metadata', 17): ('broker_registration_change_record', 'BrokerRegistrationChangeRecord'),
    ('metadata', 18): ('access_control_entry_record', 'AccessControlEntryRecord'),
    ('metadata', 19): ('remove_access_control_entry_record', 'RemoveAccessControlEntryRecord'),
    ('metadata', 20): ('no_op_record', 'NoOpRecord'),
    ('metadata', 21): ('zk_migration_record', 'ZkMigrationStateRecord'),
    ('metadata', 22): ('remove_user_scram_credential_record', 'RemoveUserScramCredentialRecord'),
    ('metadata', 23): ('begin_transaction_record', 'BeginTransactionRecord'),
    ('metadata', 24): ('end_transaction_record', 'EndTransactionRecord'),
    ('metadata', 25): ('abort_transaction_record', 'AbortTransactionRecord'),
    ('metadata', 26): ('remove_delegation_token_record', 'RemoveDelegationTokenRecord'),
    ('metadata', 27): ('register_controller_record', 'RegisterControllerRecord'),
    ('metadata', 28): ('clear_elr_record', 'ClearElrRecord'),
}


def message_class(schema_type: str, api_key: int):
    """The class of a keyed message, e.g. ("metadata", 2) (KeyError when there is none)."""
    module, name = _CLASSES[(schema_type, api_key)]
    return getattr(importlib.import_module(f'{__name__}.{module}'), name)


def api_keys(schema_type: str) -> list[int]:
    """The api keys of the keyed messages of one schema type, ascending."""
    return sorted(key for kind, key in _CLASSES if kind == schema_type)
