"""What client quotas do to a served request (Kafka's KafkaApis / RequestHandlerHelper with its quota managers,
KIP-219): charge the request to its client's quotas, put the throttle time in the response, and say how long the
connection stays muted.

- Produce: its request bytes go to producer_byte_rate, its handler time to request_percentage (not for acks=0);
  throttle_time_ms is the larger of the two.
- Fetch from a consumer: before the handler, its max_bytes (and min_bytes with it) is cut to what its quota allows
  over the quota window but one (Kafka's maxValueInQuotaWindow); the response's bytes go to consumer_byte_rate, the handler time to request_percentage;
  when either throttles, the bytes are taken back and the answer is an empty response carrying the throttle time
  (Kafka's FetchContext.getThrottledResponse), so a throttled consumer gets no data. A follower's fetch is exempt.
- WriteTxnMarkers (a cluster action, exempt in Kafka): not charged.
- Any other API: the handler time goes to request_percentage, and a response with a ThrottleTimeMs field carries
  the throttle time.

The handler time is the time from the start of the handler to its answer minus the time it was parked on other
replicas or on data (acks=all, fetch long polls): kbroker's stand-in for Kafka's request thread time. The
connection is then muted (not read) for the throttle time: after the response for the versions whose clients
throttle themselves (KIP-219), before it for older Produce (< v6) and Fetch (< v8), whose clients Kafka makes wait
for the response.
"""

from __future__ import annotations

import attrs

from kbroker.api.context import NO_RESPONSE, RequestContext
from kbroker.security.quota_manager import ClientQuotas

PRODUCE_KEY, FETCH_KEY = 0, 1
# Inter-broker requests Kafka answers with sendResponseExemptThrottle (cluster actions): never charged.
_EXEMPT_KEYS = frozenset({27})  # WriteTxnMarkers
_CLIENT_THROTTLES_FROM = {PRODUCE_KEY: 6, FETCH_KEY: 8}  # below these versions the response itself waits


@attrs.define
class Charge:
    """The outcome for one request: the response to send, its throttle time, and whether to send it first."""

    response: object
    throttle_ms: int = 0
    respond_first: bool = True


def client_throttles(api_key: int, version: int) -> bool:
    """Whether the client throttles itself on throttle_time_ms (KIP-219), so the response goes out at once."""
    return version >= _CLIENT_THROTTLES_FROM.get(api_key, 0)


def _who(ctx: RequestContext) -> tuple[str, str]:
    return ctx.principal[1], ctx.client_id or ""


_JAVA_INT_MAX = 2**31 - 1


def _from_follower(ctx: RequestContext, request) -> bool:
    replica_id = request.replica_state.replica_id if ctx.api_version >= 15 else request.replica_id
    return replica_id >= 0


def limit_fetch(quotas: ClientQuotas, ctx: RequestContext, request) -> None:
    """Before a consumer's Fetch is handled: at most what its consumer_byte_rate allows in one quota window."""
    if ctx.api_key != FETCH_KEY or not quotas.any_set() or _from_follower(ctx, request):
        return
    most = quotas.fetch.max_value_in_window(*_who(ctx))
    if most is not None:
        request.max_bytes = min(request.max_bytes, min(int(most), _JAVA_INT_MAX))
        request.min_bytes = min(request.min_bytes, request.max_bytes)


def charge(quotas: ClientQuotas, ctx: RequestContext, request, response, request_size: int, local_s: float,
           now_ms: float, response_size=None) -> Charge:
    """Charge a served request; `response_size()` gives a Fetch response's encoded size."""
    if ctx.api_key in _EXEMPT_KEYS or not quotas.any_set():
        return Charge(response)
    user, client_id = _who(ctx)
    percent = local_s * 100.0  # request_percentage counts handler time in percent of a second
    respond_first = client_throttles(ctx.api_key, ctx.api_version)
    if ctx.api_key == PRODUCE_KEY:
        bandwidth = quotas.produce.record(user, client_id, request_size, now_ms)
        requested = 0 if request.acks == 0 else quotas.request.record(user, client_id, percent, now_ms)
        throttle = max(bandwidth, requested)
        if throttle > 0 and response is not NO_RESPONSE:
            response.throttle_time_ms = throttle
        return Charge(response, throttle, respond_first)
    if ctx.api_key == FETCH_KEY:
        if ctx.notes.also == "FetchFollower":
            return Charge(response)
        size = response_size() if quotas.fetch.enabled() else 0
        bandwidth = quotas.fetch.record(user, client_id, size, now_ms)
        requested = quotas.request.record(user, client_id, percent, now_ms)
        throttle = max(bandwidth, requested)
        if throttle > 0:
            quotas.fetch.unrecord(user, client_id, size, now_ms)
            response = type(response)(throttle_time_ms=throttle, error_code=response.error_code,
                                      session_id=response.session_id, responses=[])
        return Charge(response, throttle, respond_first)
    throttle = quotas.request.record(user, client_id, percent, now_ms)
    if hasattr(response, "throttle_time_ms"):
        # the larger of this and what the handler put there (a controller mutation quota's, KIP-599)
        throttle = max(throttle, response.throttle_time_ms)
        response.throttle_time_ms = throttle
    return Charge(response, throttle, respond_first)
