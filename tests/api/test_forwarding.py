"""The broker side of forwarding (kbroker/api/forwarding.py): the requests it forwards, how the client's request
is re-encoded for the envelope and the controller's response decoded, and the error responses it answers when no
controller answered."""

from __future__ import annotations

import pytest

from kbroker.api import forwarding
from kbroker.protocol import errors as E
from kbroker.protocol import wire
from kbroker.protocol.messages.add_raft_voter_request import AddRaftVoterRequest
from kbroker.protocol.messages.alter_configs_request import AlterConfigsRequest, AlterConfigsResource
from kbroker.protocol.messages.alter_partition_reassignments_request import (
    AlterPartitionReassignmentsRequest,
    ReassignablePartition,
    ReassignableTopic,
)
from kbroker.protocol.messages.create_acls_request import AclCreation, CreateAclsRequest
from kbroker.protocol.messages.create_partitions_request import CreatePartitionsRequest, CreatePartitionsTopic
from kbroker.protocol.messages.create_topics_request import (
    CreatableTopic,
    CreateTopicsRequest,
)
from kbroker.protocol.messages.create_topics_response import CreatableTopicResult, CreateTopicsResponse
from kbroker.protocol.messages.delete_acls_request import DeleteAclsFilter, DeleteAclsRequest
from kbroker.protocol.messages.delete_topics_request import DeleteTopicsRequest, DeleteTopicState
from kbroker.protocol.messages.elect_leaders_request import ElectLeadersRequest, TopicPartitions
from kbroker.protocol.messages.incremental_alter_configs_request import (
    AlterConfigsResource as IncrementalResource,
)
from kbroker.protocol.messages.incremental_alter_configs_request import IncrementalAlterConfigsRequest
from kbroker.protocol.messages.list_partition_reassignments_request import (
    ListPartitionReassignmentsRequest,
    ListPartitionReassignmentsTopics,
)
from kbroker.protocol.messages.remove_raft_voter_request import RemoveRaftVoterRequest
from kbroker.protocol.messages.request_header import RequestHeader
from kbroker.protocol.messages.response_header import ResponseHeader
from kbroker.protocol.messages.unregister_broker_request import UnregisterBrokerRequest
from kbroker.protocol.messages.update_features_request import FeatureUpdateKey, UpdateFeaturesRequest


def test_the_requests_forwarded_whole():
    # AlterConfigs and IncrementalAlterConfigs: a copy of what the broker did not settle itself
    assert forwarding.FORWARDED_KEYS == {19, 20, 30, 31, 37, 43, 45, 46, 49, 51, 55, 57, 64, 80, 81}


def test_request_bytes_are_the_header_and_body_a_client_sends():
    request = CreateTopicsRequest(topics=[CreatableTopic(name="t", num_partitions=1, replication_factor=1)],
                                  timeout_ms=5000)
    header = RequestHeader(request_api_key=19, request_api_version=7, correlation_id=42, client_id="app")
    data = forwarding.request_bytes(header, request, 7)
    decoded_header, position = RequestHeader.decode(data, 0, request.header_version(7))
    assert (decoded_header.correlation_id, decoded_header.client_id) == (42, "app")
    assert CreateTopicsRequest.decode(data, position, 7)[0] == request


def test_the_response_data_is_decoded_at_the_clients_version():
    response = CreateTopicsResponse(topics=[CreatableTopicResult(name="t", error_code=E.TOPIC_ALREADY_EXISTS.code,
                                                                 error_message="exists", configs=[])])
    writer = wire.Writer()
    ResponseHeader(correlation_id=42).encode_into(writer, CreateTopicsResponse.header_version(5))
    response.encode_into(writer, 5)
    assert forwarding.decode_response(writer.getvalue(), 19, 5) == response


@pytest.mark.parametrize("request_, entries", [
    (CreateTopicsRequest(topics=[CreatableTopic(name="a"), CreatableTopic(name="b")]), ["a", "b"]),
    (DeleteTopicsRequest(topics=[DeleteTopicState(name="a")], topic_names=["b"]), ["a", "b"]),
    (CreatePartitionsRequest(topics=[CreatePartitionsTopic(name="a", count=2)]), ["a"]),
    (AlterConfigsRequest(resources=[AlterConfigsResource(resource_type=2, resource_name="a")]), ["a"]),
    (IncrementalAlterConfigsRequest(resources=[IncrementalResource(resource_type=2, resource_name="a")]), ["a"]),
])
def test_every_entry_gets_the_error_when_no_controller_answered(request_, entries):
    response = forwarding.error_response(request_.API_KEY, request_, E.REQUEST_TIMED_OUT.code)
    results = getattr(response, "topics", None) or getattr(response, "responses", None) or response.results
    names = [getattr(r, "name", None) or getattr(r, "resource_name", None) for r in results]
    assert names == entries
    assert {r.error_code for r in results} == {E.REQUEST_TIMED_OUT.code}


def test_update_features_and_unregister_broker_get_the_error_alone():
    features = forwarding.error_response(57, UpdateFeaturesRequest(feature_updates=[
        FeatureUpdateKey(feature="metadata.version", max_version_level=30)]), E.REQUEST_TIMED_OUT.code)
    assert (features.error_code, features.results) == (E.REQUEST_TIMED_OUT.code, [])
    unregister = forwarding.error_response(64, UnregisterBrokerRequest(broker_id=2), E.REQUEST_TIMED_OUT.code)
    assert unregister.error_code == E.REQUEST_TIMED_OUT.code


def test_acl_writes_give_every_entry_the_error():
    creations = CreateAclsRequest(creations=[AclCreation(resource_name="a"), AclCreation(resource_name="b")])
    created = forwarding.error_response(30, creations, E.REQUEST_TIMED_OUT.code)
    assert [r.error_code for r in created.results] == [E.REQUEST_TIMED_OUT.code] * 2
    deletions = DeleteAclsRequest(filters=[DeleteAclsFilter()])
    deleted = forwarding.error_response(31, deletions, E.REQUEST_TIMED_OUT.code)
    assert [(r.error_code, r.matching_acls) for r in deleted.filter_results] == [(E.REQUEST_TIMED_OUT.code, [])]


def test_elections_and_reassignments_get_the_error_everywhere():
    code = E.REQUEST_TIMED_OUT.code
    elect = ElectLeadersRequest(topic_partitions=[TopicPartitions(topic="a", partitions=[0, 1])])
    for version, top_level in ((2, code), (0, 0)):  # v0 has no top-level error code
        response = forwarding.error_response(43, elect, code, version)
        assert response.error_code == top_level
        assert [(r.topic, [(p.partition_id, p.error_code) for p in r.partition_result])
                for r in response.replica_election_results] == [("a", [(0, code), (1, code)])]
    alter = forwarding.error_response(45, AlterPartitionReassignmentsRequest(topics=[ReassignableTopic(
        name="a", partitions=[ReassignablePartition(partition_index=3, replicas=[1])])]), code)
    assert alter.error_code == code
    assert [(t.name, [(p.partition_index, p.error_code) for p in t.partitions]) for t in alter.responses] == [
        ("a", [(3, code)])]
    listed = forwarding.error_response(46, ListPartitionReassignmentsRequest(topics=[
        ListPartitionReassignmentsTopics(name="a", partition_indexes=[2])]), code)
    assert listed.error_code == code
    assert [(t.name, [p.partition_index for p in t.partitions]) for t in listed.topics] == [("a", [2])]
    assert forwarding.error_response(46, ListPartitionReassignmentsRequest(topics=None), code).topics == []


def test_voter_changes_get_the_error_and_its_default_message():
    add = forwarding.error_response(80, AddRaftVoterRequest(voter_id=4), E.REQUEST_TIMED_OUT.code)
    remove = forwarding.error_response(81, RemoveRaftVoterRequest(voter_id=4), E.UNKNOWN_SERVER_ERROR.code)
    assert (type(add).__name__, add.error_code, add.error_message) == (
        "AddRaftVoterResponse", E.REQUEST_TIMED_OUT.code, E.REQUEST_TIMED_OUT.message)
    assert (type(remove).__name__, remove.error_code, remove.error_message) == (
        "RemoveRaftVoterResponse", E.UNKNOWN_SERVER_ERROR.code, E.UNKNOWN_SERVER_ERROR.message)
