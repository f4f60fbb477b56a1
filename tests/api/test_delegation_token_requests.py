"""Who may ask for delegation-token writes (kbroker/api/token_requests.py, Kafka's allowTokenRequests on the broker
and on the controller), the token flag an Envelope carries to the controller, and the error answers of a
forwarded token request no controller answered."""

from __future__ import annotations

import pytest

from kbroker.api import forwarding, token_requests
from kbroker.api.context import RequestContext
from kbroker.api.controller.envelope import parse_principal
from kbroker.controller_channel import serialize_principal
from kbroker.protocol import errors as E
from kbroker.protocol.messages.create_delegation_token_request import CreateDelegationTokenRequest
from kbroker.protocol.messages.expire_delegation_token_request import ExpireDelegationTokenRequest
from kbroker.protocol.messages.renew_delegation_token_request import RenewDelegationTokenRequest


def _ctx(protocol: str, principal=("User", "alice"), *, token: bool = False, forwarded: bool = False,
         api_key: int = 38) -> RequestContext:
    return RequestContext(api_key=api_key, api_version=3, correlation_id=1, client_id="c", header=None,
                          peer=("127.0.0.1", 1), listener_name="L", security_protocol=protocol, state=None,
                          registry=None, principal=principal, token_authenticated=token, forwarded=forwarded)


@pytest.mark.parametrize("protocol, principal, token, forwarded, allowed", [
    ("SASL_PLAINTEXT", ("User", "alice"), False, False, True),
    ("SASL_SSL", ("User", "alice"), True, False, False),      # a token may not make tokens
    ("SASL_PLAINTEXT", ("User", "alice"), True, True, False),  # not even through a broker
    ("PLAINTEXT", ("User", "ANONYMOUS"), False, False, False),
    ("PLAINTEXT", ("User", "alice"), False, True, True),       # the controller trusts the forwarding broker's check
    ("SSL", ("User", "ANONYMOUS"), False, False, False),       # one-way TLS
    ("SSL", ("User", "CN=client"), False, False, True),
])
def test_who_may_ask(protocol, principal, token, forwarded, allowed):
    assert token_requests.allow_token_requests(_ctx(protocol, principal, token=token, forwarded=forwarded),
                                               forwarded=forwarded) is allowed


def test_the_broker_refuses_before_forwarding():
    create = CreateDelegationTokenRequest(renewers=[], max_lifetime_ms=-1)
    refused = token_requests.broker_refusal(_ctx("PLAINTEXT", ("User", "ANONYMOUS")), create)
    assert (refused.error_code, refused.principal_name, refused.issue_timestamp_ms, refused.hmac) == (
        E.DELEGATION_TOKEN_REQUEST_NOT_ALLOWED.code, "ANONYMOUS", -1, b"")
    renew = token_requests.broker_refusal(_ctx("SASL_SSL", token=True, api_key=39), RenewDelegationTokenRequest())
    assert (renew.error_code, renew.expiry_timestamp_ms) == (E.DELEGATION_TOKEN_REQUEST_NOT_ALLOWED.code, -1)
    assert token_requests.broker_refusal(_ctx("SASL_SSL", api_key=40), ExpireDelegationTokenRequest()) is None


def test_an_envelope_carries_the_token_flag():
    for token in (False, True):
        principal = parse_principal(serialize_principal("User", "alice", token_authenticated=token))
        assert (principal.type, principal.name, principal.token_authenticated) == ("User", "alice", token)


def test_unanswered_forwarded_token_requests_get_the_error():
    create = forwarding.error_response(38, CreateDelegationTokenRequest(), E.REQUEST_TIMED_OUT.code)
    assert (create.error_code, create.principal_name, create.token_id) == (E.REQUEST_TIMED_OUT.code, "ANONYMOUS", "")
    for key, request in ((39, RenewDelegationTokenRequest()), (40, ExpireDelegationTokenRequest())):
        answer = forwarding.error_response(key, request, E.UNKNOWN_SERVER_ERROR.code)
        assert (answer.error_code, answer.expiry_timestamp_ms) == (E.UNKNOWN_SERVER_ERROR.code, 0)
