"""A partition's leader and follower states: transitions from registrations, the high watermark on the ISR,
ISR expand/shrink proposals and the controller's answers, acks=all waits, follower appends and truncation."""


import attrs
import pytest
import trio
import trio.testing

from kbroker.log.log import LogError
from kbroker.partition.alter_partition import AlterPartitionResult
from kbroker.partition.delayed_produce import wait_for_replication
from kbroker.partition.replica_fetcher import initial_fetch_state, truncation_offset
from kbroker.protocol import errors
from kbroker.protocol import records as R
from tests.log.log_helpers import START_MS
from tests.partition.partition_helpers import LAG_MS, batch, registration


class Proposals:
    """Stands in for the AlterPartitionManager: records what the partition proposes."""

    def __init__(self, accept=True):
        self.items = []
        self.callbacks = []
        self.accept = accept

    def __call__(self, item, on_result):
        if not self.accept:
            return False
        self.items.append(item)
        self.callbacks.append(on_result)
        return True


def test_single_replica_leader_high_watermark_is_log_end(make_partition):
    partition = make_partition(registration(replicas=(1,)))
    partition.append_records(batch(3), required_acks=-1)
    assert partition.high_watermark == partition.log_end_offset == 3


def test_leader_high_watermark_is_lowest_isr_log_end(make_partition):
    partition = make_partition(registration())
    partition.append_records(batch(3), required_acks=1)
    partition.append_records(batch(2), required_acks=1)
    assert partition.high_watermark == 0  # neither follower has fetched yet
    assert partition.update_follower_fetch_state(2, 5, 0, 5)
    assert partition.high_watermark == 0
    assert partition.update_follower_fetch_state(3, 3, 0, 5)
    assert partition.high_watermark == 3
    assert partition.update_follower_fetch_state(3, 5, 0, 5)
    assert partition.high_watermark == 5
    partition.update_follower_fetch_state(3, 3, 0, 5)  # an older position never moves the HW back
    assert partition.high_watermark == 5


def test_fetch_from_a_broker_that_is_not_a_replica_is_refused(make_partition):
    partition = make_partition(registration(replicas=(1, 2)))
    assert not partition.update_follower_fetch_state(4, 0, 0, 0)


def test_in_sync_follower_is_proposed_for_the_isr_once(make_partition):
    proposals = Proposals()
    partition = make_partition(registration(isr=(1, 2)), proposals=proposals)
    partition.append_records(batch(3), required_acks=1)
    partition.update_follower_fetch_state(2, 3, 0, 3)
    assert partition.high_watermark == 3
    partition.update_follower_fetch_state(3, 2, 0, 3)  # below the HW: not in sync yet
    assert proposals.items == []
    partition.update_follower_fetch_state(3, 3, 0, 3)
    (item,) = proposals.items
    assert item.new_isr == (1, 2, 3) and item.leader_epoch == 0 and item.partition_epoch == 0
    assert partition.isr_state.is_pending and partition.isr == (1, 2)  # acks=all still counts the committed ISR
    partition.update_follower_fetch_state(3, 3, 0, 3)
    assert len(proposals.items) == 1  # nothing more while the proposal is pending
    proposals.callbacks[0](AlterPartitionResult(errors.NONE.code, 1, 0, (1, 2, 3), 1))
    assert partition.isr == (1, 2, 3) and not partition.isr_state.is_pending and partition.partition_epoch == 1


def test_pending_expansion_counts_the_new_member_for_the_high_watermark(make_partition):
    proposals = Proposals()
    partition = make_partition(registration(isr=(1, 2)), proposals=proposals)
    partition.append_records(batch(3), required_acks=1)
    partition.update_follower_fetch_state(2, 3, 0, 3)
    partition.update_follower_fetch_state(3, 3, 0, 3)
    partition.append_records(batch(2), required_acks=1)
    partition.update_follower_fetch_state(2, 5, 0, 5)
    assert partition.high_watermark == 3  # 3 is in the maximal ISR and still at 3


def test_lagging_follower_is_proposed_out_after_the_lag_time(make_partition, clock):
    proposals = Proposals()
    partition = make_partition(registration(), proposals=proposals)
    partition.append_records(batch(3), required_acks=1)
    partition.update_follower_fetch_state(2, 3, 0, 3)
    partition.update_follower_fetch_state(3, 0, 0, 3)
    clock.advance(LAG_MS)
    assert not partition.maybe_shrink_isr()  # exactly the lag time: still in
    partition.update_follower_fetch_state(2, 3, 0, 3)
    clock.advance(1)
    assert partition.maybe_shrink_isr()
    (item,) = proposals.items
    assert item.new_isr == (1, 2)
    assert partition.high_watermark == 0  # the pending shrink still waits for 3
    proposals.callbacks[0](AlterPartitionResult(errors.NONE.code, 1, 0, (1, 2), 1))
    assert partition.isr == (1, 2) and partition.high_watermark == 3


def test_follower_keeping_up_with_appends_stays_in_sync(make_partition, clock):
    proposals = Proposals()
    partition = make_partition(registration(replicas=(1, 2)), proposals=proposals)
    for _ in range(5):
        partition.append_records(batch(1), required_acks=1)
        # the follower reaches the end the leader had at its previous fetch, while new batches keep arriving
        partition.update_follower_fetch_state(2, partition.log_end_offset - 1, 0, partition.log_end_offset)
        clock.advance(LAG_MS // 2)
    assert not partition.maybe_shrink_isr()
    assert proposals.items == []


def shrink_proposed(make_partition, clock):
    """A leader whose only follower never fetched, past the lag time: it has proposed the ISR without it."""
    proposals = Proposals()
    partition = make_partition(registration(replicas=(1, 2)), proposals=proposals)
    partition.append_records(batch(1), required_acks=1)
    clock.advance(LAG_MS + 1)
    assert partition.maybe_shrink_isr()
    return partition, proposals


def test_rejected_proposal_reverts_and_may_be_retried(make_partition, clock):
    partition, proposals = shrink_proposed(make_partition, clock)
    proposals.callbacks[0](AlterPartitionResult(errors.OPERATION_NOT_ATTEMPTED.code))
    assert not partition.isr_state.is_pending and partition.isr == (1, 2)
    assert partition.maybe_shrink_isr()
    proposals.callbacks[1](AlterPartitionResult(errors.FENCED_LEADER_EPOCH.code))
    assert partition.isr_state.is_pending  # waits for the metadata
    partition.apply_registration(registration(replicas=(1, 2), isr=(1,), partition_epoch=1))
    assert not partition.isr_state.is_pending and partition.isr == (1,)


def test_an_unexpected_error_sends_the_same_proposal_again(make_partition, clock):
    partition, proposals = shrink_proposed(make_partition, clock)
    proposals.callbacks[0](AlterPartitionResult(errors.UNKNOWN_SERVER_ERROR.code))
    assert proposals.items == [proposals.items[0]] * 2 and partition.isr_state.pending == (1,)
    proposals.callbacks[1](AlterPartitionResult(errors.NONE.code, 1, 0, (1,), 1))
    assert not partition.isr_state.is_pending and partition.isr == (1,)


def test_an_answer_to_a_proposal_since_replaced_is_ignored(make_partition, clock):
    partition, proposals = shrink_proposed(make_partition, clock)
    # the controller applied it and the metadata came first; a later proposal is pending when the answer arrives
    partition.apply_registration(registration(replicas=(1, 2), isr=(1,), partition_epoch=1))
    partition.update_follower_fetch_state(2, 1, 0, 1)
    assert partition.isr_state.pending == (1, 2)
    proposals.callbacks[0](AlterPartitionResult(errors.OPERATION_NOT_ATTEMPTED.code))
    assert partition.isr_state.pending == (1, 2)
    proposals.callbacks[1](AlterPartitionResult(errors.NONE.code, 1, 0, (1, 2), 2))
    assert partition.isr == (1, 2) and partition.partition_epoch == 2


def test_single_replica_never_proposes(make_partition, clock):
    proposals = Proposals()
    partition = make_partition(registration(replicas=(1,)), proposals=proposals)
    partition.append_records(batch(1), required_acks=1)
    clock.advance(10 * LAG_MS)
    assert not partition.maybe_shrink_isr()
    assert proposals.items == []


def test_older_partition_epoch_is_ignored(make_partition):
    partition = make_partition(registration(leader_epoch=3, partition_epoch=5))
    assert not partition.apply_registration(registration(leader=2, leader_epoch=2, partition_epoch=4))
    assert partition.is_leader and partition.leader_epoch == 3


def test_new_leader_epoch_resets_follower_states(make_partition, clock):
    partition = make_partition(registration(isr=(1, 2)))
    partition.append_records(batch(3), required_acks=1)
    partition.update_follower_fetch_state(2, 3, 0, 3)
    partition.update_follower_fetch_state(3, 1, 0, 3)
    partition.apply_registration(registration(isr=(1, 2), leader_epoch=1, partition_epoch=1))
    assert partition.followers[2].log_end_offset == -1 and partition.followers[3].log_end_offset == -1
    assert partition.followers[2].last_caught_up_time_ms == clock.now   # ISR member: caught up as of now
    assert partition.followers[3].last_caught_up_time_ms == 0
    assert partition.log.leader_epoch_cache.latest_entry() == (1, 3)
    assert partition.leader_epoch_start_offset == 3


def test_follower_refuses_produce_and_takes_the_leaders_high_watermark(make_partition):
    partition = make_partition(registration(leader=2))
    assert not partition.is_leader
    with pytest.raises(LogError) as refused:
        partition.append_records(batch(1), required_acks=1)
    assert refused.value.error_code == errors.NOT_LEADER_OR_FOLLOWER.code
    assert partition.append_as_follower(batch(3, epoch=0)) == 3
    partition.update_follower_high_watermark(10)
    assert partition.high_watermark == 3  # never above this log's end
    partition.update_follower_high_watermark(2)
    assert partition.high_watermark == 2


def test_leader_becoming_follower_keeps_its_log(make_partition):
    partition = make_partition(registration(replicas=(1,)))
    partition.append_records(batch(3), required_acks=1)
    partition.apply_registration(registration(leader=2, replicas=(1, 2), isr=(2,), leader_epoch=1,
                                              partition_epoch=1))
    assert not partition.is_leader and partition.log_end_offset == 3 and partition.followers == {}


def test_append_as_follower_keeps_the_leaders_offsets_and_epochs(make_partition):
    partition = make_partition(registration(leader=2))
    data = batch(2, epoch=4) + batch(3, epoch=6, base_offset=2)
    assert partition.append_as_follower(data) == 5
    stored = partition.log.read_batches()
    assert stored == [bytes(batch(2, epoch=4)), bytes(batch(3, epoch=6, base_offset=2))]
    assert partition.log.leader_epoch_cache.entries() == [(4, 0), (6, 2)]


def test_truncation_on_a_diverging_epoch(make_partition):
    partition = make_partition(registration(leader=2, leader_epoch=3))
    partition.append_as_follower(batch(3, epoch=1) + batch(3, epoch=2, base_offset=3))
    # the leader has epoch 1 up to 4, then epoch 3: everything of epoch 2 here (3 to 5) diverges
    assert truncation_offset(partition, 1, 4) == (3, True)
    # the leader's epoch 2 ended at 4, but this log has epoch 2 from 3 to 6: truncate to 4
    assert truncation_offset(partition, 2, 4) == (4, True)
    partition.truncate_to(3)
    assert partition.log_end_offset == 3
    assert partition.log.leader_epoch_cache.entries() == [(1, 0)]
    state = initial_fetch_state(partition)
    assert (state.fetch_offset, state.last_fetched_epoch, state.current_leader_epoch) == (3, 1, 3)


def test_truncation_when_the_logs_epochs_differ_takes_another_round(make_partition):
    partition = make_partition(registration(leader=2, leader_epoch=4))
    partition.append_as_follower(batch(3, epoch=1) + batch(3, epoch=3, base_offset=3))
    # the leader's epoch 2 ends at 5; this log never had epoch 2: it agrees at most up to its end of epoch 1
    assert truncation_offset(partition, 2, 5) == (3, False)


def test_epoch_assigned_without_data_is_dropped_on_truncation(make_partition):
    partition = make_partition(registration(replicas=(1, 2), leader_epoch=5))
    assert partition.log.leader_epoch_cache.entries() == [(5, 0)]
    partition.apply_registration(registration(leader=2, replicas=(1, 2), leader_epoch=6, partition_epoch=1))
    partition.truncate_to(0)
    assert partition.log.leader_epoch_cache.entries() == []


def test_log_without_epochs_starts_fetching_from_its_high_watermark(make_partition):
    partition = make_partition(registration(leader=2))
    partition.append_as_follower(batch(2) + batch(3, base_offset=2))  # no partition leader epoch (old format)
    partition.update_follower_high_watermark(2)
    state = initial_fetch_state(partition)
    assert (state.fetch_offset, state.last_fetched_epoch) == (2, -1)
    assert partition.log_end_offset == 2


# --- acks=all ------------------------------------------------------------------------------------------------
def run(main):
    return trio.run(main, clock=trio.testing.MockClock(autojump_threshold=0))


def outcome_while(partition, records, during):
    """Append `records` with acks=-1 and wait for the ISR while `during(outcome)` runs; the outcome codes."""
    async def main():
        result = partition.append_records(records, required_acks=-1)
        outcome = []

        async def waiter():
            outcome.append(await wait_for_replication(partition, result.last_offset + 1, trio.current_time() + 30))

        async with trio.open_nursery() as nursery:
            nursery.start_soon(waiter)
            await trio.testing.wait_all_tasks_blocked()
            await during(outcome)
        return outcome

    return run(main)


def test_acks_all_completes_when_the_isr_has_the_batch(make_partition):
    partition = make_partition(registration(replicas=(1, 2)), min_isr=2)

    async def follower_fetches(outcome):
        assert outcome == []
        partition.update_follower_fetch_state(2, 2, 0, 3)
        await trio.testing.wait_all_tasks_blocked()
        assert outcome == []
        partition.update_follower_fetch_state(2, 3, 0, 3)

    assert outcome_while(partition, batch(3), follower_fetches) == [errors.NONE.code]


def test_acks_all_times_out_without_the_follower(make_partition):
    partition = make_partition(registration(replicas=(1, 2)))

    async def main():
        result = partition.append_records(batch(1), required_acks=-1)
        return await wait_for_replication(partition, result.last_offset + 1, trio.current_time() + 30)

    assert run(main) == errors.REQUEST_TIMED_OUT.code


def test_acks_all_pending_when_the_isr_shrank_below_min_waits_for_it_to_grow_back(make_partition, clock):
    """Kafka 4.3.1: the HW does not move while the committed ISR is under min.insync.replicas, so a produce
    appended before the shrink is neither acknowledged nor failed then; it succeeds once the ISR is back."""
    proposals = Proposals()
    partition = make_partition(registration(replicas=(1, 2)), min_isr=2, proposals=proposals)

    async def isr_shrinks_then_grows(outcome):
        clock.advance(LAG_MS + 1)
        partition.maybe_shrink_isr()
        proposals.callbacks[0](AlterPartitionResult(errors.NONE.code, 1, 0, (1,), 1))
        partition.update_follower_fetch_state(2, 3, 0, 3)  # caught up, but the ISR is {1}: nothing committed
        await trio.testing.wait_all_tasks_blocked()
        assert outcome == [] and partition.high_watermark == 0
        with pytest.raises(LogError) as refused:
            partition.append_records(batch(1), required_acks=-1)
        assert refused.value.error_code == errors.NOT_ENOUGH_REPLICAS.code
        assert proposals.items[-1].new_isr == (1, 2)  # the follower is proposed back in
        proposals.callbacks[-1](AlterPartitionResult(errors.NONE.code, 1, 0, (1, 2), 2))

    assert outcome_while(partition, batch(3), isr_shrinks_then_grows) == [errors.NONE.code]
    assert partition.high_watermark == 3


def test_acks_all_pending_when_the_isr_shrank_below_min_times_out(make_partition, clock):
    proposals = Proposals()
    partition = make_partition(registration(replicas=(1, 2)), min_isr=2, proposals=proposals)

    async def main():
        result = partition.append_records(batch(1), required_acks=-1)
        clock.advance(LAG_MS + 1)
        partition.maybe_shrink_isr()
        proposals.callbacks[0](AlterPartitionResult(errors.NONE.code, 1, 0, (1,), 1))
        return await wait_for_replication(partition, result.last_offset + 1, trio.current_time() + 30)

    assert run(main) == errors.REQUEST_TIMED_OUT.code


def test_acks_all_whose_isr_shrank_after_the_high_watermark_passed_it_is_not_enough_replicas_after_append(
        make_partition):
    """The HW passed the batch, but before the produce was looked at again the ISR fell under min.insync.replicas
    (Kafka's checkEnoughReplicasReachOffset judges the maximal ISR at completion)."""
    partition = make_partition(registration(replicas=(1, 2)), min_isr=2)

    async def replicated_then_shrunk(_outcome):
        partition.update_follower_fetch_state(2, 3, 0, 3)
        partition.apply_registration(registration(replicas=(1, 2), isr=(1,), partition_epoch=1))

    assert outcome_while(partition, batch(3), replicated_then_shrunk) == [
        errors.NOT_ENOUGH_REPLICAS_AFTER_APPEND.code]


def test_high_watermark_stays_while_the_committed_isr_is_under_min(make_partition):
    """Records only the leader holds are not committed: a fenced follower removed from the ISR by the controller
    leaves the HW where it was, even for acks=1 appends."""
    partition = make_partition(registration(replicas=(1, 2)), min_isr=2)
    partition.append_records(batch(3), required_acks=-1)
    partition.update_follower_fetch_state(2, 3, 0, 3)
    assert partition.high_watermark == 3
    partition.apply_registration(registration(replicas=(1, 2), isr=(1,), partition_epoch=1))
    partition.append_records(batch(2), required_acks=1)
    assert partition.is_under_min_isr and partition.high_watermark == 3
    with pytest.raises(LogError) as refused:
        partition.append_records(batch(1), required_acks=-1)
    assert refused.value.error_code == errors.NOT_ENOUGH_REPLICAS.code
    partition.apply_registration(registration(replicas=(1, 2), isr=(1, 2), partition_epoch=2))
    assert partition.high_watermark == 3  # the follower, back in the ISR, has not fetched the two new records
    partition.update_follower_fetch_state(2, 5, 0, 5)
    assert partition.high_watermark == 5


def test_min_insync_replicas_above_the_replication_factor_counts_as_the_replication_factor(make_partition):
    """Kafka's effectiveMinIsr: min(min.insync.replicas, replicas assigned)."""
    partition = make_partition(registration(replicas=(1,)), min_isr=2)
    result = partition.append_records(batch(3), required_acks=-1)
    assert partition.high_watermark == 3

    async def main():
        return await wait_for_replication(partition, result.last_offset + 1, trio.current_time() + 30)

    assert run(main) == errors.NONE.code


def test_a_caught_up_follower_outside_the_isr_holds_the_high_watermark(make_partition):
    """Kafka's shouldWaitForReplicaToJoinIsr: a follower caught up within replica.lag.time.max.ms and eligible
    counts for the HW before the controller admits it, so the HW cannot run away from it."""
    partition = make_partition(registration(isr=(1, 2)))
    partition.append_records(batch(1), required_acks=1)
    partition.update_follower_fetch_state(2, 1, 0, 1)
    partition.update_follower_fetch_state(3, 1, 0, 1)  # at the log end: caught up now
    partition.append_records(batch(2), required_acks=1)
    partition.update_follower_fetch_state(2, 3, 0, 3)
    assert partition.high_watermark == 1
    partition.update_follower_fetch_state(3, 3, 0, 3)
    assert partition.high_watermark == 3


def test_acks_all_when_leadership_moves(make_partition):
    partition = make_partition(registration(replicas=(1, 2)))

    async def leadership_moves(_outcome):
        partition.apply_registration(attrs.evolve(partition.registration, leader=2, leader_epoch=1,
                                                  partition_epoch=1))

    assert outcome_while(partition, batch(1), leadership_moves) == [errors.NOT_LEADER_OR_FOLLOWER.code]


def test_the_same_registration_again_changes_nothing(make_partition, clock):
    partition, _proposals = shrink_proposed(make_partition, clock)
    woken = []
    partition.add_listener(lambda p, size: woken.append(size))
    assert not partition.apply_registration(registration(replicas=(1, 2)))  # an image changed something else
    assert partition.isr_state.is_pending and woken == []


def test_follower_replays_transactions_from_the_leaders_batches(make_partition):
    leader = make_partition(registration(replicas=(1,)), name="t-1")
    follower = make_partition(registration(leader=2, replicas=(2, 1)), name="u-0")
    for producer_id, outcome in ((7, R.CONTROL_ABORT), (8, R.CONTROL_COMMIT)):
        leader.append_records(R.build_batch([(START_MS, None, b"t")], producer_id=producer_id, producer_epoch=0,
                                            base_sequence=0, transactional=True), required_acks=-1)
        leader.append_control_marker(outcome, producer_id=producer_id, producer_epoch=0, coordinator_epoch=0)
    leader.append_records(R.build_batch([(START_MS, None, b"open")], producer_id=9, producer_epoch=0,
                                        base_sequence=0, transactional=True), required_acks=-1)
    follower.append_as_follower(b"".join(leader.log.read_batches()))
    follower.update_follower_high_watermark(leader.high_watermark)
    assert follower.log_end_offset == leader.log_end_offset == 5
    # the open transaction (producer 9) holds the LSO at its first offset on both
    assert follower.last_stable_offset() == leader.last_stable_offset() == 4
    aborted = follower.log.collect_aborted_transactions(0, 5)
    assert [(t.producer_id, t.first_offset) for t in aborted] == [(7, 0)]


def test_a_leader_elected_uncleanly_proposes_its_isr_as_recovered(make_partition):
    """An unclean (or last-known-leader) election leaves the partition RECOVERING with the leader alone in the ISR;
    leading is recovering (Kafka's Partition.makeLeader), so the expansion says RECOVERED: the controller refuses a
    RECOVERING partition an ISR of two."""
    proposals = Proposals()
    recovering = attrs.evolve(registration(replicas=(1, 2), isr=(1,)), leader_recovery_state=1)
    partition = make_partition(recovering, proposals=proposals)
    partition.append_records(batch(3), required_acks=1)
    partition.update_follower_fetch_state(2, 3, 0, 3)
    (item,) = proposals.items
    assert (item.new_isr, item.leader_recovery_state) == ((1, 2), 0)
