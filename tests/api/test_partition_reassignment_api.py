"""AlterPartitionReassignments and ListPartitionReassignments on a single in-process node (one voter, combined),
which runs them on its own controller as Kafka's single combined node does."""

from kbroker.protocol import errors
from kbroker.protocol.blocking_client import KafkaConnection
from kbroker.protocol.messages.alter_partition_reassignments_request import (
    AlterPartitionReassignmentsRequest,
    ReassignablePartition,
    ReassignableTopic,
)
from kbroker.protocol.messages.create_topics_request import CreatableTopic
from kbroker.protocol.messages.list_partition_reassignments_request import (
    ListPartitionReassignmentsRequest,
    ListPartitionReassignmentsTopics,
)


def alter(broker, version, targets, *, timeout_ms=5000, allow_rf_change=True):
    request = AlterPartitionReassignmentsRequest(timeout_ms=timeout_ms, allow_replication_factor_change=allow_rf_change,
                                                 topics=[ReassignableTopic(name="t", partitions=[
                                                     ReassignablePartition(partition_index=p, replicas=r)
                                                     for p, r in targets])])
    with KafkaConnection(broker.bootstrap) as conn:
        response = conn.send(request, version=version)
    return response.error_code, [(p.partition_index, p.error_code, p.error_message)
                                 for topic in response.responses for p in topic.partitions]


def test_single_node_reassignments(kafka_broker):
    controller = kafka_broker.state.metadata.controller
    (result,) = kafka_broker.call(kafka_broker.state.run_controller, controller.create_topics,
                                  [CreatableTopic(name="t", num_partitions=2, replication_factor=1)])
    assert result.error.code == errors.NONE.code
    assert alter(kafka_broker, 1, [(0, [1]), (1, [2]), (2, [1]), (1, None)]) == (errors.NONE.code, [
        (0, errors.NONE.code, None),
        (1, errors.INVALID_REPLICA_ASSIGNMENT.code,
         "The manual partition assignment includes broker 2, but no such broker is registered."),
        (2, errors.UNKNOWN_TOPIC_OR_PARTITION.code, "Unable to find partition t:2."),
        (1, errors.NO_REASSIGNMENT_IN_PROGRESS.code, "No partition reassignment is in progress.")])
    assert alter(kafka_broker, 0, [(0, [1])], timeout_ms=0) == (
        errors.REQUEST_TIMED_OUT.code, [(0, errors.REQUEST_TIMED_OUT.code, errors.REQUEST_TIMED_OUT.message)])
    with KafkaConnection(kafka_broker.bootstrap) as conn:
        listed = conn.send(ListPartitionReassignmentsRequest(timeout_ms=5000, topics=None), version=0)
        named = conn.send(ListPartitionReassignmentsRequest(timeout_ms=5000, topics=[
            ListPartitionReassignmentsTopics(name="t", partition_indexes=[0, 1])]), version=0)
    assert (listed.error_code, listed.error_message, listed.topics) == (errors.NONE.code, None, [])
    assert (named.error_code, named.topics) == (errors.NONE.code, [])
