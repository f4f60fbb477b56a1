"""The queue checker (compat_tests/cluster/checker.py) on synthetic histories: each anomaly is found in a
history that has it and not in the same history without it."""

from __future__ import annotations

import pytest

from compat_tests.cluster.checker import (
    Ack,
    IsrSample,
    Read,
    Writer,
    check,
    duplicated_positions,
    parse_value,
)
from compat_tests.cluster.workload import History


def clean_history() -> tuple[list[Ack], list[Read]]:
    """Two producers on partition 0, one on partition 1; every acknowledged value read where it was acked."""
    acks = [Ack("p1-0", 0, 0, 1.0, 0.9), Ack("p2-0", 0, 1, 1.1, 1.0), Ack("p1-1", 0, 2, 1.2, 1.1),
            Ack("7.0", 1, 0, 1.3), Ack("7.1", 1, 1, 1.4)]
    reads = [Read(a.partition, a.offset, a.value) for a in acks]
    return acks, reads


def test_a_clean_history_has_no_anomaly():
    acks, reads = clean_history()
    result = check(acks, reads + reads)  # read twice (group consumer and final read): still clean
    assert result.ok
    assert result.summary() == {"acknowledged": 5, "read": 10, "lost": 0, "duplicated": 0, "reordered": 0,
                                "inconsistent_offsets": 0, "acked_below_min_isr": 0,
                                "acknowledged_without_offset": 0, "resent_under_new_epoch": 0,
                                "isr_samples_judged": 0, "acked_below_min_isr_any_node": 0}


def test_values_of_both_producer_kinds_parse():
    assert parse_value("p12-345") == ("p12", 345)
    assert parse_value("7.89") == ("j7", 89)
    with pytest.raises(ValueError):
        parse_value("hello")


def test_an_acknowledged_value_never_read_is_lost():
    acks, reads = clean_history()
    result = check(acks, [read for read in reads if read.value != "p2-0"])
    assert result.lost == [(0, "p2-0", 1)]
    assert not result.ok
    # a value never acknowledged may be missing: not lost
    assert check(acks[:1] + acks[2:], [read for read in reads if read.value != "p2-0"]).ok


def test_an_acknowledgement_without_an_offset_counts_for_lost_only():
    acks, reads = clean_history()
    unknown_offset = [acks[0]._replace(offset=None), *acks[1:]]
    assert check(unknown_offset, reads).ok
    assert check(unknown_offset, reads[1:]).lost == [(0, "p1-0", -1)]


def test_a_value_at_two_offsets_is_duplicated():
    acks, reads = clean_history()
    result = check(acks, reads + [Read(0, 3, "p1-1")])
    assert result.duplicated == [("p1-1", [(0, 2), (0, 3)])]
    assert not result.lost and not result.inconsistent and not result.reordered


def test_a_copy_written_under_a_newer_epoch_is_a_client_resend_not_a_duplicate():
    acks, reads = clean_history()
    copied = reads + [Read(0, 3, "p1-1")]
    assert duplicated_positions(acks, copied) == {(0, 2), (0, 3)}
    resent = check(acks, copied, writers={(0, 2): Writer(5, 0, 1), (0, 3): Writer(5, 1, 0)})
    assert resent.ok and resent.resent_under_new_epoch == [("p1-1", [(0, 2), (0, 3)])]
    # the same epoch and sequence twice is a retry the broker should have recognised
    same_epoch = check(acks, copied, writers={(0, 2): Writer(5, 0, 1), (0, 3): Writer(5, 0, 1)})
    assert same_epoch.duplicated == [("p1-1", [(0, 2), (0, 3)])] and not same_epoch.resent_under_new_epoch
    # a copy whose writer is unknown, or from another producer id, stays a duplicate
    assert check(acks, copied, writers={(0, 2): Writer(5, 0, 1)}).duplicated
    assert check(acks, copied, writers={(0, 2): Writer(5, 0, 1), (0, 3): Writer(6, 1, 0)}).duplicated


def test_a_copy_resent_under_a_newer_epoch_after_later_values_is_not_a_reordering_but_a_real_one_still_is():
    """librdkafka gave up on p1-1's first send (it had landed), bumped the epoch and sent it again after p1-2 and
    p1-3: the second copy sits after them. Judged by its own send it is in order; p1-0 after p1-3 is not."""
    acks = [Ack("p1-0", 0, 0, 1.0), Ack("p1-2", 0, 2, 1.2), Ack("p1-3", 0, 3, 1.3), Ack("p1-1", 0, 4, 1.4)]
    reads = [Read(0, 0, "p1-0"), Read(0, 1, "p1-1"), Read(0, 2, "p1-2"), Read(0, 3, "p1-3"), Read(0, 4, "p1-1")]
    writers = {(0, 1): Writer(5, 0, 1), (0, 4): Writer(5, 1, 2)}
    resent = check(acks, reads, writers=writers)
    assert resent.resent_under_new_epoch == [("p1-1", [(0, 1), (0, 4)])]
    assert resent.reordered == [] and resent.ok
    # without the writers the second copy is a duplicate, and out of order too
    unexplained = check(acks, reads)
    assert unexplained.duplicated == [("p1-1", [(0, 1), (0, 4)])]
    assert unexplained.reordered == [(0, "p1-3", "p1-1")]
    # a value of the producer landing after a later one is still a reordering, re-sent copies or not
    reordered = check(acks + [Ack("p1-4", 0, 5, 1.6)], reads + [Read(0, 5, "p1-4"), Read(0, 6, "p1-0")],
                      writers=writers)
    assert reordered.reordered == [(0, "p1-4", "p1-0")]
    assert reordered.duplicated == [("p1-0", [(0, 0), (0, 6)])]


def test_an_acknowledgement_and_a_read_that_disagree_on_the_offset_are_inconsistent_and_duplicated():
    acks, reads = clean_history()
    moved = [Read(0, 0, "p1-0"), Read(0, 1, "p1-1"), Read(0, 2, "p2-0"), *reads[3:]]
    result = check(acks, moved)
    assert [(p, o) for p, o, _ in result.inconsistent] == [(0, 1), (0, 2)]
    assert {value for value, _ in result.duplicated} == {"p1-1", "p2-0"}


def test_two_reads_of_one_offset_with_different_values_are_inconsistent():
    acks, reads = clean_history()
    result = check(acks, reads + [Read(1, 1, "p2-9")])
    assert result.inconsistent == [(1, 1, ["7.1", "p2-9"])]


def test_a_producers_values_out_of_send_order_on_a_partition_are_reordered():
    acks = [Ack("p1-0", 0, 0, 1.0), Ack("p1-2", 0, 1, 1.1), Ack("p1-1", 0, 2, 1.2), Ack("p2-0", 0, 3, 1.3)]
    reads = [Read(a.partition, a.offset, a.value) for a in acks]
    assert check(acks, reads).reordered == [(0, "p1-2", "p1-1")]
    # the same values in order, and one producer's values interleaved with another's, are fine
    in_order = [Read(0, 0, "p1-0"), Read(0, 1, "p2-0"), Read(0, 2, "p1-1"), Read(0, 3, "p1-2")]
    assert check([], in_order).reordered == []
    # order is per partition: a later value on another partition at a lower offset is not a reordering
    assert check([], [Read(0, 5, "p1-0"), Read(1, 0, "p1-1")]).reordered == []


def test_an_ack_while_every_isr_sample_around_it_was_below_min_is_suspicious():
    ack = Ack("p1-0", 0, 0, acked_at=10.0, sent_at=9.5)
    reads = [Read(0, 0, "p1-0")]
    below = [IsrSample(9.0, 0, 1), IsrSample(9.7, 0, 1), IsrSample(10.5, 0, 1)]
    result = check([ack], reads, below, min_isr=2)
    assert result.acked_below_min_isr == [ack]
    assert result.ok  # a suspicion, reported apart from the four anomalies
    recovered = [IsrSample(9.0, 0, 1), IsrSample(9.7, 0, 2), IsrSample(10.5, 0, 1)]
    assert check([ack], reads, recovered, min_isr=2).acked_below_min_isr == []
    other_partition = [IsrSample(9.0, 1, 1), IsrSample(10.5, 1, 1)]
    assert check([ack], reads, other_partition, min_isr=2).acked_below_min_isr == []
    no_sample_after = [IsrSample(9.0, 0, 1)]
    assert check([ack], reads, no_sample_after, min_isr=2).acked_below_min_isr == []


def test_isr_samples_that_name_their_node_count_only_from_the_partitions_leader():
    """Node 2's metadata still shows the old ISR of one; node 1, the leader that acknowledged, shows two."""
    ack = Ack("p1-0", 0, 0, acked_at=10.0, sent_at=9.5)
    reads = [Read(0, 0, "p1-0")]
    lagging = [IsrSample(t, 0, 1, node=2, leader=1) for t in (9.0, 9.7, 10.5)]
    leader = [IsrSample(t, 0, 2, node=1, leader=1) for t in (9.1, 9.8, 10.6)]
    judged = check([ack], reads, lagging + leader, min_isr=2)
    assert judged.acked_below_min_isr == [] and judged.isr_samples_judged == 3
    assert judged.acked_below_min_isr_any_node == 0  # node 1's samples interleave node 2's
    assert check([ack], reads, lagging, min_isr=2).acked_below_min_isr_any_node == 1
    leader_below = [sample._replace(isr_size=1) for sample in leader]
    assert check([ack], reads, lagging + leader_below, min_isr=2).acked_below_min_isr == [ack]
    # a node describing a partition it does not lead (a stale leader field included) is not the leader's view
    assert check([ack], reads, [s._replace(leader=2) for s in lagging], min_isr=2).acked_below_min_isr == [ack]


def test_the_history_finds_the_first_acknowledgement_of_a_record_sent_after_a_fault():
    history = History()
    for n in range(10):
        history.ack(Ack(f"p1-{n}", n % 2, n // 2, acked_at=float(n), sent_at=n - 0.5))
    history.ack(Ack("7.0", 0, 9, acked_at=9.5))  # no send time (VerifiableProducer): never the answer
    assert history.first_ack_sent_after(0, 3.0).value == "p1-4"
    assert history.first_ack_sent_after(1, 3.6).value == "p1-5"
    assert history.first_ack_sent_after(0, 9.0) is None
