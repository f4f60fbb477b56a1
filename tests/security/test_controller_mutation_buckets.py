"""kbroker.security.controller_mutation_quota: Kafka's TokenBucket arithmetic and the strict / permissive rules of
KIP-599, on a hand-moved clock."""

from __future__ import annotations

from kbroker.security.controller_mutation_quota import ControllerMutationQuotas

CREATE_TOPICS, DELETE_TOPICS, CREATE_PARTITIONS = 19, 20, 37


class Clock:
    def __init__(self) -> None:
        self.ms = 1_000_000.0

    def __call__(self) -> float:
        return self.ms


def _quotas(rate: float = 10.0, clock: Clock | None = None) -> ControllerMutationQuotas:
    quotas = {(("client-id", "c"),): {"controller_mutation_rate": rate}}
    return ControllerMutationQuotas(lambda: quotas, samples=10, window_s=1, clock_ms=clock or Clock())


def test_strict_takes_while_not_below_zero_then_refuses_with_the_refill_time():
    clock = Clock()
    quotas = _quotas(clock=clock)
    quota = quotas.for_request(CREATE_TOPICS, 6, "", "c")
    assert quota.record(90) == 0  # 100 -> 10
    assert quota.record(90) == 0  # 10 -> -80: taken whole, the bucket was not below zero
    assert quota.record(1) == 8000  # -80 at 10/s: 8 s to refill to zero; nothing taken
    assert quota.throttle_time_ms() == 8000
    clock.ms += 3000
    assert quota.throttle_time_ms() == 5000
    assert quotas.for_request(CREATE_TOPICS, 6, "", "c").record(1) == 5000
    clock.ms += 5000
    assert quotas.for_request(CREATE_TOPICS, 6, "", "c").record(1) == 0


def test_permissive_versions_always_take_and_only_throttle():
    quotas = _quotas()
    quota = quotas.for_request(CREATE_TOPICS, 5, "", "c")
    assert quota.record(150) == 0
    assert quota.throttle_time_ms() == 5000  # -50 at 10/s
    assert quota.record(10) == 0
    assert quota.throttle_time_ms() == 6000


def test_strict_versions_per_api_and_clients_without_a_quota():
    quotas = _quotas(rate=1.0)
    assert quotas.for_request(DELETE_TOPICS, 5, "", "c").strict
    assert not quotas.for_request(DELETE_TOPICS, 4, "", "c").strict
    assert quotas.for_request(CREATE_PARTITIONS, 3, "", "c").strict
    free = quotas.for_request(CREATE_TOPICS, 7, "", "other")
    assert free.record(10_000) == 0 and free.throttle_time_ms() == 0
