"""kbroker's StripedReplicaPlacer: run side by side with Apache Kafka 4.3.1's on the same java.util.Random
sequence (both must place every partition alike and refuse with the same message), and properties of its
placements for any cluster and randomness."""

from __future__ import annotations

import random
import shutil
import subprocess
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from java_random import JavaRandom

from kbroker.metadata.replica_placement import PlacementError, StripedReplicaPlacer, UsableBroker

REPO = Path(__file__).resolve().parents[2]
KAFKA_LIBS = REPO / ".cache" / "kafka-4.3.1" / "libs"
HARNESS = Path(__file__).parent / "java" / "StripedPlacement.java"
# Racks whose Java hash order (HashMap buckets of Optional<String>) is also their sorted order, the order in which
# kbroker draws each rack's random offsets.
RACKS = (None, "a", "b", "c", "d")


def place(brokers, count, factor, rng=None):
    return StripedReplicaPlacer(rng or random.Random(0)).place(brokers, count, factor)


def unfenced(*ids, rack=None):
    return [UsableBroker(i, rack, False) for i in ids]


# --- Kafka's refusals ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("factor", [0, -1])
def test_a_non_positive_replication_factor_is_refused(factor):
    with pytest.raises(PlacementError, match=rf"^Invalid replication factor {factor}: the replication factor "
                                             r"must be positive\.$"):
        place(unfenced(1, 2), 1, factor)


def test_no_unfenced_broker_is_refused_before_too_few_brokers():
    brokers = [UsableBroker(1, None, True), UsableBroker(2, None, True)]
    with pytest.raises(PlacementError, match=r"^All brokers are currently fenced, or have all their log "
                                             r"directories cordoned\.$"):
        place(brokers, 1, 3)
    with pytest.raises(PlacementError, match="^All brokers are currently fenced"):
        place([], 1, 1)


def test_more_replicas_than_usable_brokers_is_refused_and_fenced_brokers_count():
    brokers = [UsableBroker(1, "a", False), UsableBroker(2, "b", True)]
    assert sorted(place(brokers, 1, 2)[0]) == [1, 2]
    with pytest.raises(PlacementError, match=r"^The target replication factor of 3 cannot be reached because only "
                                             r"2 broker\(s\) are registered or some brokers have all their log "
                                             r"directories cordoned\.$"):
        place(brokers, 1, 3)


def test_zero_partitions_place_nothing():
    assert place(unfenced(1), 0, 1) == []


def test_a_fenced_broker_never_leads():
    brokers = [UsableBroker(1, None, True), *unfenced(2, 3)]
    placements = place(brokers, 30, 3, random.Random(5))
    assert {p[0] for p in placements} == {2, 3}


# --- side by side with Kafka 4.3.1 -----------------------------------------------------------------------------

def _case(rng: random.Random) -> tuple[int, int, int, list[UsableBroker]]:
    ids = rng.sample(range(25), rng.randint(0, 9))
    racks = rng.sample(RACKS, rng.randint(1, len(RACKS)))
    brokers = [UsableBroker(i, rng.choice(racks), rng.random() < 0.25) for i in ids]
    factor = rng.randint(-1, len(brokers) + 1)
    return rng.randrange(1 << 40), factor, rng.randint(0, 12), brokers


def _kbroker_answer(seed: int, factor: int, count: int, brokers) -> str:
    try:
        placements = StripedReplicaPlacer(JavaRandom(seed)).place(brokers, count, factor)
    except PlacementError as exc:
        return f"ERROR {exc}"
    return ";".join(",".join(map(str, p)) for p in placements)


@pytest.mark.skipif(shutil.which("java") is None or not KAFKA_LIBS.is_dir(),
                    reason="needs java and Apache Kafka 4.3.1's jars in .cache/kafka-4.3.1/libs")
def test_placements_and_refusals_match_kafkas_striped_replica_placer():
    rng = random.Random(20261125)
    cases = [_case(rng) for _ in range(400)]
    lines = "".join(f"{seed} {factor} {count} " + " ".join(
        f"{b.broker_id}/{b.rack or '-'}/{int(b.fenced)}" for b in brokers) + "\n"
        for seed, factor, count, brokers in cases)
    result = subprocess.run(["java", "-cp", f"{KAFKA_LIBS}/*", str(HARNESS)], input=lines, capture_output=True,
                            text=True, timeout=300, check=False)
    assert result.returncode == 0, result.stderr[-3000:]
    kafka = result.stdout.splitlines()
    assert len(kafka) == len(cases)
    for case, expected in zip(cases, kafka, strict=True):
        assert _kbroker_answer(*case) == expected, case


# --- properties ------------------------------------------------------------------------------------------------

@st.composite
def clusters(draw):
    ids = draw(st.lists(st.integers(0, 40), min_size=1, max_size=12, unique=True))
    racks = draw(st.sampled_from([(None,), ("a", "b"), ("a", "b", "c"), (None, "x", "y", "z")]))
    brokers = [UsableBroker(i, draw(st.sampled_from(racks)), draw(st.booleans())) for i in ids]
    if all(b.fenced for b in brokers):
        brokers[0] = UsableBroker(brokers[0].broker_id, brokers[0].rack, False)
    factor = draw(st.integers(1, len(brokers)))
    return brokers, factor, draw(st.integers(1, 40)), draw(st.integers(0, 1 << 32))


@settings(max_examples=300, deadline=None)
@given(clusters())
def test_every_partition_gets_distinct_usable_brokers_led_by_an_unfenced_one(cluster):
    brokers, factor, count, seed = cluster
    placements = place(brokers, count, factor, random.Random(seed))
    by_id = {b.broker_id: b for b in brokers}
    assert len(placements) == count
    for replicas in placements:
        assert len(replicas) == factor and len(set(replicas)) == factor
        assert set(replicas) <= set(by_id)
        assert not by_id[replicas[0]].fenced


@settings(max_examples=300, deadline=None)
@given(clusters())
def test_unfenced_brokers_are_used_before_fenced_ones_until_the_first_reshuffle(cluster):
    # After the reshuffle, epochs start over at 0 and a list last used in epoch 0 is not reset: its rack may give
    # a fenced broker before an unfenced one. Kafka does the same (the side-by-side test covers those placements).
    brokers, factor, count, seed = cluster
    by_rack_unfenced = Counter(b.rack for b in brokers if not b.fenced)
    count = min(count, sum(by_rack_unfenced.values()))
    for replicas in place(brokers, count, factor, random.Random(seed)):
        fenced_by_rack = Counter(b.rack for b in brokers if b.broker_id in replicas and b.fenced)
        taken_by_rack = Counter(b.rack for b in brokers if b.broker_id in replicas and not b.fenced)
        for rack in fenced_by_rack:
            assert taken_by_rack[rack] == by_rack_unfenced[rack], "a fenced broker before its rack's unfenced ones"


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 4), st.integers(1, 3), st.integers(1, 30), st.integers(0, 1 << 32))
def test_replicas_spread_over_as_many_racks_as_they_can(racks, per_rack, count, seed):
    brokers = [UsableBroker(r * 10 + i, f"rack{r}", False) for r in range(racks) for i in range(per_rack)]
    for factor in range(1, len(brokers) + 1):
        for replicas in place(brokers, count, factor, random.Random(seed)):
            used = Counter(f"rack{b // 10}" for b in replicas)
            # Striping fills the racks evenly: no rack holds two more replicas than another.
            assert len(used) == min(factor, racks)
            assert max(used.values()) - min(used.values()) <= 1 or len(used) < racks


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 8), st.integers(1, 3), st.integers(0, 1 << 32))
def test_leaders_spread_evenly_over_unfenced_brokers(size, rounds, seed):
    brokers = unfenced(*range(size))
    placements = place(brokers, size * rounds, min(2, size), random.Random(seed))
    leaders = Counter(p[0] for p in placements)
    assert set(leaders) == set(range(size)) and set(leaders.values()) == {rounds}
