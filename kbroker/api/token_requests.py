"""What the delegation-token APIs share: who may ask (Kafka's allowTokenRequests) and the flows of
CreateDelegationToken, RenewDelegationToken and ExpireDelegationToken as Kafka 4.3.1 runs them: the broker checks
the request (KafkaApis) and forwards it to the controller, which checks it again as a forwarded request
(ControllerApis) and runs it (metadata/delegation_token_control.py).

- A token-authenticated principal may never create, renew or expire tokens; a request that was not forwarded must
  also not come over PLAINTEXT nor from an anonymous SSL client: DELEGATION_TOKEN_REQUEST_NOT_ALLOWED (timestamps
  -1, DelegationTokenManager.ErrorTimestamp).
- Create for another owner (v3 OwnerPrincipalName) needs CREATE_TOKENS on the USER resource "User:<owner>", else
  DELEGATION_TOKEN_AUTHORIZATION_FAILED; the broker also refuses a renewer that is not a User
  (INVALID_PRINCIPAL_TYPE) before forwarding.
"""

from __future__ import annotations

from kbroker.api import authz, forwarding
from kbroker.api.context import RequestContext
from kbroker.api.controller import run_on_active_controller
from kbroker.api.token_responses import ANONYMOUS, create_response, failing, refusing
from kbroker.protocol import errors
from kbroker.protocol.messages.create_delegation_token_response import CreateDelegationTokenResponse
from kbroker.protocol.messages.expire_delegation_token_response import ExpireDelegationTokenResponse
from kbroker.protocol.messages.renew_delegation_token_response import RenewDelegationTokenResponse
from kbroker.security import acls as A
from kbroker.security.delegation_tokens import USER_TYPE


def allow_token_requests(ctx: RequestContext, *, forwarded: bool) -> bool:
    """Kafka's allowTokenRequests: ControllerApis' with `forwarded`, KafkaApis' (DescribeDelegationToken)
    without."""
    if ctx.token_authenticated:
        return False
    protocol = ctx.security_protocol.upper()
    if not forwarded and protocol == "PLAINTEXT":
        return False
    return not (not forwarded and protocol == "SSL" and tuple(ctx.principal) == ANONYMOUS)


def _owner(ctx: RequestContext, request) -> tuple[str, str]:
    name = getattr(request, "owner_principal_name", None)
    return (request.owner_principal_type, name) if name else tuple(ctx.principal)


def _create_refusal(ctx: RequestContext, request, *, forwarded: bool) -> CreateDelegationTokenResponse | None:
    requester = tuple(ctx.principal)
    owner = _owner(ctx, request)
    if not allow_token_requests(ctx, forwarded=forwarded):
        return create_response(errors.DELEGATION_TOKEN_REQUEST_NOT_ALLOWED.code, owner, requester)
    if owner != requester and not authz.allowed(ctx, A.CREATE_TOKENS, A.USER, f"{owner[0]}:{owner[1]}"):
        return create_response(errors.DELEGATION_TOKEN_AUTHORIZATION_FAILED.code, owner, requester)
    if not forwarded and any(r.principal_type != USER_TYPE for r in request.renewers):
        return create_response(errors.INVALID_PRINCIPAL_TYPE.code, owner, requester)
    return None


def broker_refusal(ctx: RequestContext, request):
    """The answer of the broker's checks (KafkaApis) before it forwards the request; None when it passes them."""
    if ctx.api_key == 38:
        return _create_refusal(ctx, request, forwarded=False)
    if allow_token_requests(ctx, forwarded=False):
        return None
    return refusing(ctx.api_key, errors.DELEGATION_TOKEN_REQUEST_NOT_ALLOWED.code)


async def on_broker(ctx: RequestContext, request, flow):
    """A token write on a broker: its checks, then `flow` (create, renew or expire) on the controller, forwarded in
    an Envelope when the controller is remote, else run here as the forwarded request it would be."""
    refusal = broker_refusal(ctx, request)
    if refusal is not None:
        return refusal
    if ctx.state.controller_channel is not None:
        return await forwarding.forward(ctx, request)
    return await flow(ctx, request, ctx.state.metadata.controller, ctx.state.run_controller, forwarded=True)


async def on_controller(ctx: RequestContext, request, flow):
    """A token write on the controller listener: `flow` on the active controller (checked as forwarded when it came
    in an Envelope); NOT_CONTROLLER from any other node."""
    return await run_on_active_controller(
        ctx, lambda controller, run: flow(ctx, request, controller, run, forwarded=ctx.forwarded),
        lambda code, message: failing(ctx.api_key, request, code))


async def create(ctx: RequestContext, request, controller, run, *, forwarded: bool) -> CreateDelegationTokenResponse:
    refusal = _create_refusal(ctx, request, forwarded=forwarded)
    if refusal is not None:
        return refusal
    requester = tuple(ctx.principal)
    created = await run(controller.create_delegation_token, requester, request, ctx.clock.time_ms())
    return create_response(created.error_code, created.owner, created.requester, issue=created.issue_timestamp_ms,
                           expiry=created.expiry_timestamp_ms, max_timestamp=created.max_timestamp_ms,
                           token_id=created.token_id, hmac=created.hmac)


async def renew(ctx: RequestContext, request, controller, run, *, forwarded: bool) -> RenewDelegationTokenResponse:
    if not allow_token_requests(ctx, forwarded=forwarded):
        return refusing(39, errors.DELEGATION_TOKEN_REQUEST_NOT_ALLOWED.code)
    code, expiry = await run(controller.renew_delegation_token, tuple(ctx.principal), request, ctx.clock.time_ms())
    return RenewDelegationTokenResponse(error_code=code, expiry_timestamp_ms=expiry, throttle_time_ms=0)


async def expire(ctx: RequestContext, request, controller, run, *,
                 forwarded: bool) -> ExpireDelegationTokenResponse:
    if not allow_token_requests(ctx, forwarded=forwarded):
        return refusing(40, errors.DELEGATION_TOKEN_REQUEST_NOT_ALLOWED.code)
    code, expiry = await run(controller.expire_delegation_token, tuple(ctx.principal), request,
                             ctx.clock.time_ms())
    return ExpireDelegationTokenResponse(error_code=code, expiry_timestamp_ms=expiry, throttle_time_ms=0)
