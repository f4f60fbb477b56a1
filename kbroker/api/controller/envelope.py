"""Envelope (key 58), v0, on the controller listener: a request a broker forwards for its client (Kafka's
ForwardingManager), served by this listener's own handler, as Kafka 4.3.1's ControllerApis and EnvelopeUtils do.

The envelope's checks, in Kafka's order, each failing the whole envelope (EnvelopeResponse with that error code and
no ResponseData):
- RequestPrincipal must be a version-prefixed DefaultPrincipalData (what Kafka's DefaultKafkaPrincipalBuilder
  writes): PRINCIPAL_DESERIALIZATION_FAILURE otherwise, a null principal included;
- ClientHostAddress must be an IPv4 or IPv6 address (4 or 16 bytes): INVALID_REQUEST otherwise;
- RequestData must start with a request header of a known API key: UNSUPPORTED_VERSION otherwise;
- that API must be one Kafka forwards (FORWARDABLE_API_KEYS, Kafka's ApiKeys.forwardable): INVALID_REQUEST;
- its body must parse at its version: UNSUPPORTED_VERSION. A forwardable API this listener does not serve, or
  a version outside the range it advertises, gets UNSUPPORTED_VERSION too: this controller cannot parse it, and a
  Kafka broker never forwards what the controller's ApiVersions did not advertise.
The sender needs CLUSTER_ACTION on the cluster (else CLUSTER_AUTHORIZATION_FAILED). The embedded request runs through this listener's registry
with the forwarded header (its correlation id and client id) and the client's address. Its response is returned
in ResponseData with its response header (the forwarded correlation id, the header version of its API and
version), error NONE; except that a response carrying NOT_CONTROLLER anywhere (NOT_LEADER_OR_FOLLOWER for
DescribeQuorum) becomes an envelope of NOT_CONTROLLER without ResponseData, so the forwarding broker looks for the
active controller and forwards again (Kafka's RequestChannel.Request.buildResponseSend).
"""

from __future__ import annotations

import ipaddress
import logging
import struct

import attrs

from kbroker.api import authz
from kbroker.api.context import RequestContext
from kbroker.protocol import errors, messages, wire
from kbroker.protocol.messages.default_principal_data import DefaultPrincipalData
from kbroker.protocol.messages.envelope_response import EnvelopeResponse
from kbroker.protocol.messages.request_header import RequestHeader
from kbroker.server import encode_response

log = logging.getLogger(__name__)

API_KEY = 58
MIN_VERSION = 0
MAX_VERSION = 0

# Kafka 4.3.1's ApiKeys with forwardable=true: CreateTopics, DeleteTopics, CreateAcls, DeleteAcls, AlterConfigs,
# CreatePartitions, the three delegation token writes, ElectLeaders, IncrementalAlterConfigs, Alter/List
# PartitionReassignments, AlterClientQuotas, AlterUserScramCredentials, DescribeQuorum, UpdateFeatures,
# UnregisterBroker, AllocateProducerIds, AddRaftVoter, RemoveRaftVoter.
FORWARDABLE_API_KEYS = frozenset({19, 20, 30, 31, 33, 37, 38, 39, 40, 43, 44, 45, 46, 49, 51, 55, 57, 64, 67, 80,
                                  81})
_DESCRIBE_QUORUM = 55
_PRINCIPAL_VERSION = wire.INT16


class _EnvelopeError(Exception):
    def __init__(self, error: errors.KafkaError, message: str) -> None:
        super().__init__(message)
        self.error = error


def parse_principal(data: bytes | None) -> DefaultPrincipalData:
    """The forwarded client principal: an int16 version, then DefaultPrincipalData at that version."""
    if data is None:
        raise _EnvelopeError(errors.PRINCIPAL_DESERIALIZATION_FAILURE, "the envelope carries no principal")
    try:
        version = _PRINCIPAL_VERSION.unpack_from(data, 0)[0]
        principal, _ = DefaultPrincipalData.decode(data, _PRINCIPAL_VERSION.size, version)
    except (wire.DecodeError, struct.error) as exc:
        raise _EnvelopeError(errors.PRINCIPAL_DESERIALIZATION_FAILURE,
                             f"Failed to deserialize client principal from envelope: {exc}") from None
    return principal


def _client_address(data: bytes) -> str:
    if len(data) not in (4, 16):
        raise _EnvelopeError(errors.INVALID_REQUEST, "Failed to parse client address from envelope")
    return str(ipaddress.ip_address(bytes(data)))


def _forwarded(ctx: RequestContext, data: bytes):
    """(spec, header, request) of the embedded request."""
    view = memoryview(data)
    try:
        api_key, version = wire.INT16.unpack_from(view, 0)[0], wire.INT16.unpack_from(view, 2)[0]
        request_class = messages.request_class(api_key)
        header, body_pos = RequestHeader.decode(view, 0, request_class.header_version(version))
    except (KeyError, struct.error, wire.DecodeError):
        raise _EnvelopeError(errors.UNSUPPORTED_VERSION, "Failed to parse request header from envelope") from None
    if api_key not in FORWARDABLE_API_KEYS:
        raise _EnvelopeError(errors.INVALID_REQUEST,
                             f"API {api_key} is not enabled or is not eligible for forwarding")
    spec = ctx.registry.get(api_key)
    if spec is None or not spec.supports(version):
        raise _EnvelopeError(errors.UNSUPPORTED_VERSION, f"API {api_key} v{version} is not served by this "
                             "controller")
    try:
        request, _ = request_class.decode(view, body_pos, version)
    except wire.DecodeError as exc:
        raise _EnvelopeError(errors.UNSUPPORTED_VERSION, f"Failed to parse forwarded request: {exc}") from None
    return spec, header, request


def _error_codes(message, found: set[int]) -> set[int]:
    """Every ErrorCode in a response, nested ones included (Kafka's AbstractResponse.errorCounts)."""
    if isinstance(message, list):
        for item in message:
            _error_codes(item, found)
    elif attrs.has(type(message)):
        for field in attrs.fields(type(message)):
            value = getattr(message, field.name)
            if field.name == "error_code" and isinstance(value, int):
                found.add(value)
            elif isinstance(value, list) or attrs.has(type(value)):
                _error_codes(value, found)
    return found


def _redirects(api_key: int, response) -> bool:
    lost = errors.NOT_LEADER_OR_FOLLOWER if api_key == _DESCRIBE_QUORUM else errors.NOT_CONTROLLER
    return lost.code in _error_codes(response, set())


def _failed(error: errors.KafkaError) -> EnvelopeResponse:
    return EnvelopeResponse(response_data=None, error_code=error.code)


async def handle(ctx: RequestContext, request) -> EnvelopeResponse:
    # Only a broker may speak for a client: the sender needs CLUSTER_ACTION (Kafka's ControllerApis).
    if not authz.cluster_allowed(ctx, authz.CLUSTER_ACTION):
        return _failed(errors.CLUSTER_AUTHORIZATION_FAILED)
    try:
        principal = parse_principal(request.request_principal)
        client_host = _client_address(request.client_host_address)
        spec, header, forwarded = _forwarded(ctx, request.request_data)
    except _EnvelopeError as exc:
        log.info("envelope from %s:%d (client id %r) fails with %s: %s", *ctx.peer, ctx.client_id, exc.error.name,
                 exc)
        return _failed(exc.error)
    inner = RequestContext(
        api_key=header.request_api_key, api_version=header.request_api_version,
        correlation_id=header.correlation_id, client_id=header.client_id, header=header, peer=(client_host, 0),
        listener_name=ctx.listener_name, security_protocol=ctx.security_protocol, state=ctx.state,
        registry=ctx.registry, principal=(principal.type, principal.name),
        token_authenticated=bool(principal.token_authenticated), forwarded=True)
    response = await spec.handle(inner, forwarded)
    if _redirects(inner.api_key, response):
        return _failed(errors.NOT_CONTROLLER)
    chunks = encode_response(inner.correlation_id, response, spec.response_class, inner.api_version)
    payload = b"".join(bytes(chunk) for chunk in chunks)[4:]  # the frame without its size prefix
    return EnvelopeResponse(response_data=payload, error_code=errors.NONE.code)
