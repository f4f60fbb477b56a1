"""Outbound requests of a KRaft node, per destination (Kafka's RequestManager): at most one in flight, a
request timeout (controller.quorum.request.timeout.ms) after which it counts as failed, and a retry backoff
(controller.quorum.retry.backoff.ms) after a failure. A response is only accepted for the request in flight.
"""

from __future__ import annotations


class RequestManager:
    """One request in flight per destination, with a timeout and a retry backoff (Kafka's RequestManager)."""

    def __init__(self, request_timeout_ms: int, retry_backoff_ms: int):
        self.request_timeout_ms = request_timeout_ms
        self.retry_backoff_ms = retry_backoff_ms
        self.inflight: dict[int, tuple[int, int]] = {}
        self.backoff_until: dict[int, int] = {}

    def ready(self, destination: int, now: int) -> bool:
        pending = self.inflight.get(destination)
        if pending is not None:
            if now < pending[1]:
                return False
            del self.inflight[destination]
            self.backoff_until[destination] = now + self.retry_backoff_ms
        return self.backoff_until.get(destination, 0) <= now

    def sent(self, destination: int, correlation_id: int, now: int) -> None:
        self.inflight[destination] = (correlation_id, now + self.request_timeout_ms)

    def ready_at(self, destination: int) -> int:
        pending = self.inflight.get(destination)
        if pending is not None:
            return pending[1]
        return self.backoff_until.get(destination, 0)

    def expects(self, source: int, correlation_id: int) -> bool:
        pending = self.inflight.get(source)
        return pending is not None and pending[0] == correlation_id

    def completed(self, source: int, ok: bool, now: int) -> None:
        self.inflight.pop(source, None)
        if ok:
            self.backoff_until.pop(source, None)
        else:
            self.backoff_until[source] = now + self.retry_backoff_ms

    def reset(self) -> None:
        self.inflight.clear()
        self.backoff_until.clear()
