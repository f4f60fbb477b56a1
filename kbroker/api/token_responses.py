"""The answers of the delegation-token writes that carry no token: a refusal's (CreateDelegationTokenResponse.
prepareResponse, timestamps -1) and a forwarded request's that no controller answered (each request's
getErrorResponse). Shared by kbroker/api/token_requests.py and kbroker/api/forwarding.py."""

from __future__ import annotations

from kbroker.protocol.messages.create_delegation_token_response import CreateDelegationTokenResponse
from kbroker.protocol.messages.expire_delegation_token_response import ExpireDelegationTokenResponse
from kbroker.protocol.messages.renew_delegation_token_response import RenewDelegationTokenResponse

ERROR_TIMESTAMP = -1  # DelegationTokenManager.ErrorTimestamp
ANONYMOUS = ("User", "ANONYMOUS")


def create_response(code: int, owner: tuple[str, str], requester: tuple[str, str], *, issue: int = ERROR_TIMESTAMP,
                    expiry: int = ERROR_TIMESTAMP, max_timestamp: int = ERROR_TIMESTAMP, token_id: str = "",
                    hmac: bytes = b"") -> CreateDelegationTokenResponse:
    """CreateDelegationTokenResponse.prepareResponse."""
    return CreateDelegationTokenResponse(
        error_code=code, principal_type=owner[0], principal_name=owner[1], token_requester_principal_type=requester[0],
        token_requester_principal_name=requester[1], issue_timestamp_ms=issue, expiry_timestamp_ms=expiry,
        max_timestamp_ms=max_timestamp, token_id=token_id, hmac=hmac, throttle_time_ms=0)


def failing(api_key: int, request, code: int):
    """The error response of a forwarded request that got no answer (getErrorResponse of each request)."""
    if api_key == 38:
        return create_response(code, ANONYMOUS, ANONYMOUS)
    response_class = RenewDelegationTokenResponse if api_key == 39 else ExpireDelegationTokenResponse
    return response_class(error_code=code, expiry_timestamp_ms=0, throttle_time_ms=0)


def refusing(api_key: int, code: int):
    """Renew's or Expire's refusal before it reaches the controller."""
    response_class = RenewDelegationTokenResponse if api_key == 39 else ExpireDelegationTokenResponse
    return response_class(error_code=code, expiry_timestamp_ms=ERROR_TIMESTAMP, throttle_time_ms=0)
