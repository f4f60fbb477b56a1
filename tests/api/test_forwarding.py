"""The broker side of forwarding (kbroker/api/forwarding.py): the requests it forwards, how the client's request
is re-encoded for the envelope and the controller's response decoded, and the error responses it answers when no
controller answered."""

from __future__ import annotations

import pytest

from kbroker.api import forwarding
from kbroker.protocol import errors as E
from kbroker.protocol import wire
from kbroker.protocol.messages.alter_configs_request import AlterConfigsRequest, AlterConfigsResource
from kbroker.protocol.messages.create_partitions_request import CreatePartitionsRequest, CreatePartitionsTopic
from kbroker.protocol.messages.create_topics_request import (
    CreatableTopic,
    CreateTopicsRequest,
)
from kbroker.protocol.messages.create_topics_response import CreatableTopicResult, CreateTopicsResponse
from kbroker.protocol.messages.delete_topics_request import DeleteTopicsRequest, DeleteTopicState
from kbroker.protocol.messages.incremental_alter_configs_request import (
    AlterConfigsResource as IncrementalResource,
)
from kbroker.protocol.messages.incremental_alter_configs_request import IncrementalAlterConfigsRequest
from kbroker.protocol.messages.request_header import RequestHeader
from kbroker.protocol.messages.response_header import ResponseHeader
from kbroker.protocol.messages.unregister_broker_request import UnregisterBrokerRequest
from kbroker.protocol.messages.update_features_request import FeatureUpdateKey, UpdateFeaturesRequest


def test_the_requests_forwarded_whole():
    # AlterConfigs and IncrementalAlterConfigs: a copy of what the broker did not settle itself
    assert forwarding.FORWARDED_KEYS == {19, 20, 37, 49, 51, 55, 57, 64}


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
