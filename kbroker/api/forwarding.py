"""Requests a broker hands to a remote active controller (Kafka's KafkaApis.maybeForwardToController with its
ForwardingManager): on a node whose controller is not local (`state.controller_channel` set), CreateTopics,
DeleteTopics, CreatePartitions, UpdateFeatures, UnregisterBroker, AlterUserScramCredentials, DescribeQuorum, CreateAcls,
DeleteAcls, ElectLeaders, AlterPartitionReassignments, ListPartitionReassignments, AddRaftVoter, RemoveRaftVoter and AlterClientQuotas are
not handled here but sent to the active controller inside an EnvelopeRequest carrying the client's principal and
address, and the controller's response is relayed to the client (decoded at the client's version, answered under
its correlation id). AlterConfigs and IncrementalAlterConfigs are preprocessed by the broker first, as Kafka's
ConfigAdminManager does (duplicates, malformed entries, BROKER_LOGGER levels applied here), and only a copy holding
the other resources is forwarded (`remote_alter`); the delegation-token writes are checked by the broker first
and then forwarded whole (`forward`, from their handlers). The handler modules keep the local path of a node whose controller runs in-process.

- No controller answered within the request timeout: every entry of the request gets REQUEST_TIMED_OUT.
- The controller refused the envelope itself: every entry gets UNKNOWN_SERVER_ERROR, as Kafka answers.

`create_topics_on_controller` is auto-creation's way to the remote controller (Kafka's AutoTopicCreationManager
sends the controller a CreateTopics in an envelope under the requesting client's principal).
"""

from __future__ import annotations

import attrs

from kbroker.api import (
    alter_client_quotas,
    alter_partition_reassignments,
    alter_user_scram_credentials,
    create_acls,
    delete_acls,
    elect_leaders,
    list_partition_reassignments,
    token_responses,
)
from kbroker.api.context import RequestContext
from kbroker.configs.alter import RemoteAlter
from kbroker.controller_channel import ForwardingFailed
from kbroker.metadata.controller import ApiError
from kbroker.protocol import errors, messages, wire
from kbroker.protocol.messages.add_raft_voter_response import AddRaftVoterResponse
from kbroker.protocol.messages.alter_configs_response import (
    AlterConfigsResourceResponse,
    AlterConfigsResponse,
)
from kbroker.protocol.messages.create_partitions_response import (
    CreatePartitionsResponse,
    CreatePartitionsTopicResult,
)
from kbroker.protocol.messages.create_topics_request import CreateTopicsRequest
from kbroker.protocol.messages.create_topics_response import CreatableTopicResult, CreateTopicsResponse
from kbroker.protocol.messages.delete_topics_response import DeletableTopicResult, DeleteTopicsResponse
from kbroker.protocol.messages.describe_quorum_response import DescribeQuorumResponse
from kbroker.protocol.messages.incremental_alter_configs_response import (
    AlterConfigsResourceResponse as IncrementalResourceResponse,
)
from kbroker.protocol.messages.incremental_alter_configs_response import IncrementalAlterConfigsResponse
from kbroker.protocol.messages.remove_raft_voter_response import RemoveRaftVoterResponse
from kbroker.protocol.messages.request_header import RequestHeader
from kbroker.protocol.messages.response_header import ResponseHeader
from kbroker.protocol.messages.unregister_broker_response import UnregisterBrokerResponse
from kbroker.protocol.messages.update_features_response import UpdateFeaturesResponse

CREATE_TOPICS, DELETE_TOPICS, ALTER_CONFIGS, CREATE_PARTITIONS, INCREMENTAL_ALTER_CONFIGS = 19, 20, 33, 37, 44
UPDATE_FEATURES, UNREGISTER_BROKER, ALTER_USER_SCRAM_CREDENTIALS, DESCRIBE_QUORUM = 57, 64, 51, 55
CREATE_ACLS, DELETE_ACLS = 30, 31
ELECT_LEADERS, ALTER_PARTITION_REASSIGNMENTS, LIST_PARTITION_REASSIGNMENTS = 43, 45, 46
ADD_RAFT_VOTER, REMOVE_RAFT_VOTER = 80, 81
ALTER_CLIENT_QUOTAS = 49
CREATE_DELEGATION_TOKEN, RENEW_DELEGATION_TOKEN, EXPIRE_DELEGATION_TOKEN = 38, 39, 40
FORWARDED_KEYS = frozenset({CREATE_TOPICS, DELETE_TOPICS, CREATE_PARTITIONS, UPDATE_FEATURES, UNREGISTER_BROKER,
                            ALTER_USER_SCRAM_CREDENTIALS, DESCRIBE_QUORUM, CREATE_ACLS, DELETE_ACLS, ELECT_LEADERS,
                            ALTER_PARTITION_REASSIGNMENTS, LIST_PARTITION_REASSIGNMENTS, ADD_RAFT_VOTER,
                            REMOVE_RAFT_VOTER, ALTER_CLIENT_QUOTAS})
CREATE_TOPICS_VERSION = 7  # what auto-creation sends; Kafka 4.3.1's controllers serve v2-v7


def is_forwarded(ctx: RequestContext) -> bool:
    """Whether the whole request goes to the remote controller instead of its handler."""
    return ctx.state.controller_channel is not None and ctx.api_key in FORWARDED_KEYS


def remote_alter(ctx: RequestContext, request) -> RemoteAlter | None:
    """For AlterConfigs / IncrementalAlterConfigs on a node whose controller is remote: what forwards a copy of
    `request` holding only the resources the broker did not settle itself, and returns their answers."""
    if ctx.state.controller_channel is None:
        return None

    async def send(resources: list) -> list[ApiError]:
        response = await _send(ctx, attrs.evolve(request, resources=resources))
        answers = {(r.resource_type, r.resource_name): ApiError(r.error_code, r.error_message)
                   for r in response.responses}
        missing = ApiError(errors.UNKNOWN_SERVER_ERROR.code, "the controller did not answer this resource")
        return [answers.get((r.resource_type, r.resource_name), missing) for r in resources]

    return send


def request_bytes(header: RequestHeader, request, version: int) -> bytes:
    """A request as a client sends it, without the size prefix: header, then body."""
    writer = wire.Writer()
    header.encode_into(writer, request.header_version(version))
    request.encode_into(writer, version)
    return writer.getvalue()


def decode_response(data: bytes, api_key: int, version: int):
    response_class = messages.response_class(api_key)
    _, position = ResponseHeader.decode(data, 0, response_class.header_version(version))
    response, _ = response_class.decode(data, position, version)
    return response


async def _send(ctx: RequestContext, request):
    """The controller's response to the client's `request`, or an error response for every entry."""
    channel = ctx.state.controller_channel
    try:
        data = await channel.forward(request_bytes(ctx.header, request, ctx.api_version), client_host=ctx.peer[0],
                                     principal=ctx.principal, token_authenticated=ctx.token_authenticated)
    except ForwardingFailed:
        return error_response(ctx.api_key, request, errors.UNKNOWN_SERVER_ERROR.code, ctx.api_version)
    if data is None:
        return error_response(ctx.api_key, request, errors.REQUEST_TIMED_OUT.code, ctx.api_version)
    return decode_response(data, ctx.api_key, ctx.api_version)


async def forward(ctx: RequestContext, request):
    """Kafka's answer to a forwarded request (see the module docstring)."""
    return await _send(ctx, request)


async def create_topics_on_controller(ctx: RequestContext, topics: list) -> list[CreatableTopicResult]:
    """Auto-creation's CreateTopics, sent to the remote controller under the client's principal and address;
    one result per topic (REQUEST_TIMED_OUT for all when no controller answered)."""
    request = CreateTopicsRequest(topics=topics, timeout_ms=int(ctx.config.get("request.timeout.ms", 30000)),
                                  validate_only=False)
    header = RequestHeader(request_api_key=CREATE_TOPICS, request_api_version=CREATE_TOPICS_VERSION,
                           correlation_id=ctx.correlation_id, client_id=ctx.client_id)
    try:
        data = await ctx.state.controller_channel.forward(request_bytes(header, request, CREATE_TOPICS_VERSION),
                                                          client_host=ctx.peer[0], principal=ctx.principal)
    except ForwardingFailed:
        data, code = None, errors.UNKNOWN_SERVER_ERROR.code
    else:
        code = errors.REQUEST_TIMED_OUT.code
    if data is None:
        return [_topic_failure(topic.name, code, None) for topic in topics]
    return decode_response(data, CREATE_TOPICS, CREATE_TOPICS_VERSION).topics


def _topic_failure(name: str, code: int, message: str | None) -> CreatableTopicResult:
    return CreatableTopicResult(name=name, error_code=code, error_message=message, num_partitions=-1,
                                replication_factor=-1, configs=[])


def error_response(api_key: int, request, code: int, version: int | None = None):
    """The response giving `code` to every entry of `request` (Kafka's AbstractRequest.getErrorResponse) at
    `version` (None: the latest)."""
    if api_key == CREATE_TOPICS:
        return CreateTopicsResponse(throttle_time_ms=0, topics=[_topic_failure(t.name, code, None)
                                                                for t in request.topics])
    if api_key == DELETE_TOPICS:
        entries = [DeletableTopicResult(name=t.name, topic_id=t.topic_id, error_code=code) for t in request.topics]
        entries += [DeletableTopicResult(name=name, error_code=code) for name in request.topic_names]
        return DeleteTopicsResponse(throttle_time_ms=0, responses=entries)
    if api_key == CREATE_PARTITIONS:
        return CreatePartitionsResponse(throttle_time_ms=0, results=[
            CreatePartitionsTopicResult(name=t.name, error_code=code, error_message=None) for t in request.topics])
    if api_key == ALTER_CONFIGS:
        return AlterConfigsResponse(throttle_time_ms=0, responses=[
            AlterConfigsResourceResponse(error_code=code, error_message=None, resource_type=r.resource_type,
                                         resource_name=r.resource_name) for r in request.resources])
    if api_key == INCREMENTAL_ALTER_CONFIGS:
        return IncrementalAlterConfigsResponse(throttle_time_ms=0, responses=[
            IncrementalResourceResponse(error_code=code, error_message=None, resource_type=r.resource_type,
                                        resource_name=r.resource_name) for r in request.resources])
    if api_key == UPDATE_FEATURES:
        return UpdateFeaturesResponse(throttle_time_ms=0, error_code=code, error_message=None, results=[])
    if api_key == UNREGISTER_BROKER:
        return UnregisterBrokerResponse(throttle_time_ms=0, error_code=code, error_message=None)
    if api_key == ALTER_USER_SCRAM_CREDENTIALS:
        return alter_user_scram_credentials.failing(request, code)
    if api_key == CREATE_ACLS:
        return create_acls.failing(request, code)
    if api_key == DELETE_ACLS:
        return delete_acls.failing(request, code)
    if api_key == ELECT_LEADERS:
        return elect_leaders.failing(request, code, version=version)
    if api_key == ALTER_PARTITION_REASSIGNMENTS:
        return alter_partition_reassignments.failing(request, code)
    if api_key == LIST_PARTITION_REASSIGNMENTS:
        return list_partition_reassignments.failing(request, code)
    if api_key == ALTER_CLIENT_QUOTAS:
        return alter_client_quotas.failing(request, code)
    if api_key in (CREATE_DELEGATION_TOKEN, RENEW_DELEGATION_TOKEN, EXPIRE_DELEGATION_TOKEN):
        return token_responses.failing(api_key, request, code)
    if api_key == DESCRIBE_QUORUM:  # Kafka's DescribeQuorumRequest.getErrorResponse: the top-level error alone
        return DescribeQuorumResponse(error_code=code, error_message=errors.for_code(code).message)
    if api_key in (ADD_RAFT_VOTER, REMOVE_RAFT_VOTER):  # getErrorResponse: the error's default message
        response_class = AddRaftVoterResponse if api_key == ADD_RAFT_VOTER else RemoveRaftVoterResponse
        return response_class(throttle_time_ms=0, error_code=code, error_message=errors.for_code(code).message)
    raise ValueError(f"API key {api_key} is not forwarded")
