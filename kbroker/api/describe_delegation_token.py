"""DescribeDelegationToken (key 41), v1-3: the tokens of this node's metadata image the principal may see (Kafka's
KafkaApis.handleDescribeTokensRequest with DelegationTokenManager.filterToken; not forwarded).

DELEGATION_TOKEN_REQUEST_NOT_ALLOWED for a token-authenticated principal, a PLAINTEXT listener or an anonymous SSL
client; DELEGATION_TOKEN_AUTH_DISABLED without delegation.token.secret.key. An empty owners list describes nothing,
a null one every token. A token is listed when it belongs to (is owned, requested or renewable by) one of the
owners asked for, and the principal owns, requested or may renew it, or may DESCRIBE the DELEGATION_TOKEN resource
of its id, or DESCRIBE_TOKENS the USER resource of its owner. Its HMAC is this node's (the secret key's).
"""

from __future__ import annotations

from kbroker.api import authz, token_requests
from kbroker.api.context import RequestContext
from kbroker.protocol import errors
from kbroker.protocol.messages.describe_delegation_token_response import (
    DescribedDelegationToken,
    DescribedDelegationTokenRenewer,
    DescribeDelegationTokenResponse,
)
from kbroker.security import acls as A
from kbroker.security.delegation_tokens import TokenInformation, TokenSettings, split_principal, token_hmac

API_KEY = 41
MIN_VERSION = 1
MAX_VERSION = 3


def _visible(ctx: RequestContext, owners: list[str] | None, token: TokenInformation) -> bool:
    if owners is not None and not any(token.owner_or_renewer(owner) for owner in owners):
        return False
    if token.owner_or_renewer(authz.principal_text(ctx)):
        return True
    return (authz.allowed(ctx, A.DESCRIBE, A.DELEGATION_TOKEN, token.token_id, log_denied=False)
            or authz.allowed(ctx, A.DESCRIBE_TOKENS, A.USER, token.owner, log_denied=False))


def _described(token: TokenInformation, secret: str) -> DescribedDelegationToken:
    owner, requester = split_principal(token.owner), split_principal(token.requester)
    return DescribedDelegationToken(
        principal_type=owner[0], principal_name=owner[1], token_requester_principal_type=requester[0],
        token_requester_principal_name=requester[1], issue_timestamp=token.issue_timestamp,
        expiry_timestamp=token.expiry_timestamp, max_timestamp=token.max_timestamp, token_id=token.token_id,
        hmac=token_hmac(secret, token.token_id),
        renewers=[DescribedDelegationTokenRenewer(principal_type=t, principal_name=n)
                  for t, n in map(split_principal, token.renewers)])


def _answer(code: int, tokens: list[DescribedDelegationToken]) -> DescribeDelegationTokenResponse:
    return DescribeDelegationTokenResponse(error_code=code, tokens=tokens, throttle_time_ms=0)


async def handle(ctx: RequestContext, request) -> DescribeDelegationTokenResponse:
    if not token_requests.allow_token_requests(ctx, forwarded=False):
        return _answer(errors.DELEGATION_TOKEN_REQUEST_NOT_ALLOWED.code, [])
    settings = TokenSettings.from_config(ctx.config)
    if not settings.enabled:
        return _answer(errors.DELEGATION_TOKEN_AUTH_DISABLED.code, [])
    if request.owners is not None and not request.owners:
        return _answer(errors.NONE.code, [])
    owners = None if request.owners is None else [f"{o.principal_type}:{o.principal_name}" for o in request.owners]
    tokens = [_described(token, settings.secret) for token in ctx.state.image.delegation_tokens.values()
              if _visible(ctx, owners, token)]
    return _answer(errors.NONE.code, tokens)
