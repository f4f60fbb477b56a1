"""Generated codecs for the schemas in schemas/group-coordinator/ (kbroker.protocol.codegen).

message_class(schema type, api key) imports one module on first use.
"""

import importlib

_CLASSES: dict[tuple[str, int], tuple[str, str]] = {
    ('coordinator-key', 0): ('legacy_offset_commit_key', 'LegacyOffsetCommitKey'),
    ('coordinator-key', 1): ('offset_commit_key', 'OffsetCommitKey'),
    ('coordinator-key', 2): ('group_metadata_key', 'GroupMetadataKey'),
    ('coordinator-key', 3): ('consumer_group_metadata_key', 'ConsumerGroupMetadataKey'),
    ('coordinator-key', 4): ('consumer_group_partition_metadata_key', 'ConsumerGroupPartitionMetadataKey'),
    ('coordinator-key', 5): ('consumer_group_member_metadata_key', 'ConsumerGroupMemberMetadataKey'),
    ('coordinator-key', 6): ('consumer_group_target_assignment_metadata_key', 'ConsumerGroupTargetAssignmentMetadataKey'),
    ('coordinator-key', 7): ('consumer_group_target_assignment_member_key', 'ConsumerGroupTargetAssignmentMemberKey'),
    ('coordinator-key', 8): ('consumer_group_current_member_assignment_key', 'ConsumerGroupCurrentMemberAssignmentKey'),
    ('coordinator-key', 10): ('share_group_member_metadata_key', 'ShareGroupMemberMetadataKey'),
    ('coordinator-key', 11): ('share_group_metadata_key', 'ShareGroupMetadataKey'),
    ('coordinator-key', 12): ('share_group_target_assignment_metadata_key', 'ShareGroupTargetAssignmentMetadataKey'),
    ('coordinator-key', 13): ('share_group_target_assignment_member_key', 'ShareGroupTargetAssignmentMemberKey'),
    ('coordinator-key', 14): ('share_group_current_member_assignment_key', 'ShareGroupCurrentMemberAssignmentKey'),
    ('coordinator-key', 15): ('share_group_state_partition_metadata_key', 'ShareGroupStatePartitionMetadataKey'),
    ('coordinator-key', 16): ('consumer_group_regular_expression_key', 'ConsumerGroupRegularExpressionKey'),
    ('coordinator-key', 17): ('streams_group_metadata_key', 'StreamsGroupMetadataKey'),
    ('coordinator-key', 19): ('streams_group_member_metadata_key', 'StreamsGroupMemberMetadataKey'),
    ('coordinator-key', 20): ('streams_group_target_assignment_metadata_key', 'StreamsGroupTargetAssignmentMetadataKey'),
    ('coordinator-key', 21): ('streams_group_target_assignment_member_key', 'StreamsGroupTargetAssignmentMemberKey'),
    ('coordinator-key', 22): ('streams_group_current_member_assignment_key', 'StreamsGroupCurrentMemberAssignmentKey'),
    ('coordinator-key', 23): ('streams_group_topology_key', 'StreamsGroupTopologyKey'),
    ('coordinator-value', 0): ('legacy_offset_commit_value', 'LegacyOffsetCommitValue'),
    ('coordinator-value', 1): ('offset_commit_value', 'OffsetCommitValue'),
    ('coordinator-value', 2): ('group_metadata_value', 'GroupMetadataValue'),
    ('coordinator-value', 3): ('consumer_group_metadata_value', 'ConsumerGroupMetadataValue'),
    ('coordinator-value', 4): ('consumer_group_partition_metadata_value', 'ConsumerGroupPartitionMetadataValue'),
    ('coordinator-value', 5): ('consumer_group_member_metadata_value', 'ConsumerGroupMemberMetadataValue'),
    ('coordinator-value', 6): ('consumer_group_target_assignment_metadata_value', 'ConsumerGroupTargetAssignmentMetadataValue'),
    ('coordinator-value', 7): ('consumer_group_target_assignment_member_value', 'ConsumerGroupTargetAssignmentMemberValue'),
    ('coordinator-value', 8): ('consumer_group_current_member_assignment_value', 'ConsumerGroupCurrentMemberAssignmentValue'),
    ('coordinator-value', 10): ('share_group_member_metadata_value', 'ShareGroupMemberMetadataValue'),
    ('coordinator-value', 11): ('share_group_metadata_value', 'ShareGroupMetadataValue'),
    ('coordinator-value', 12): ('share_group_target_assignment_metadata_value', 'ShareGroupTargetAssignmentMetadataValue'),
    ('coordinator-value', 13): ('share_group_target_assignment_member_value', 'ShareGroupTargetAssignmentMemberValue'),
    ('coordinator-value', 14): ('share_group_current_member_assignment_value', 'ShareGroupCurrentMemberAssignmentValue'),
    ('coordinator-value', 15): ('share_group_state_partition_metadata_value', 'ShareGroupStatePartitionMetadataValue'),
    ('coordinator-value', 16): ('consumer_group_regular_expression_value', 'ConsumerGroupRegularExpressionValue'),
    ('coordinator-value', 17): ('streams_group_metadata_value', 'StreamsGroupMetadataValue'),
    ('coordinator-value', 19): ('streams_group_member_metadata_value', 'StreamsGroupMemberMetadataValue'),
    ('coordinator-value', 20): ('streams_group_target_assignment_metadata_value', 'StreamsGroupTargetAssignmentMetadataValue'),
    ('coordinator-value', 21): ('streams_group_target_assignment_member_value', 'StreamsGroupTargetAssignmentMemberValue'),
    ('coordinator-value', 22): ('streams_group_current_member_assignment_value', 'StreamsGroupCurrentMemberAssignmentValue'),
    ('coordinator-value', 23): ('streams_group_topology_value', 'StreamsGroupTopologyValue'),
}


def message_class(schema_type: str, api_key: int):
    """The class of a keyed message, e.g. ("metadata", 2) (KeyError when there is none)."""
    module, name = _CLASSES[(schema_type, api_key)]
    return getattr(importlib.import_module(f'{__name__}.{module}'), name)


def api_keys(schema_type: str) -> list[int]:
    """The api keys of the keyed messages of one schema type, ascending."""
    return sorted(key for kind, key in _CLASSES if kind == schema_type)
