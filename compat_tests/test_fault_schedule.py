"""The seeded fault schedule and the failover percentiles of compat_tests/cluster/faults.py."""

from __future__ import annotations

from compat_tests.cluster.faults import FAULT_KINDS, percentile, schedule


def test_a_seed_replays_the_same_schedule_and_another_seed_draws_another():
    assert schedule(42, 50, partitions=3) == schedule(42, 50, partitions=3)
    assert schedule(42, 50, partitions=3) != schedule(43, 50, partitions=3)


def test_the_first_rounds_take_every_fault_kind_once():
    for seed in range(20):
        rounds = schedule(seed, len(FAULT_KINDS), partitions=3)
        assert sorted(r.kind for r in rounds) == sorted(FAULT_KINDS)
        assert all(0 <= r.partition < 3 and r.other_pick in (0, 1) and 1.0 <= r.hold_s <= 6.0 for r in rounds)


def test_nearest_rank_percentiles():
    values = [float(v) for v in range(1, 101)]
    assert percentile(values, 0.5) == 50.0
    assert percentile(values, 0.99) == 99.0
    assert percentile([7.0], 0.99) == 7.0
