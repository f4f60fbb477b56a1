"""A leader's in-sync replica set and the decisions to change it (Kafka's PartitionState family and the
maybeExpandIsr / getOutOfSyncReplicas rules of Partition).

The committed ISR is the one in the metadata image (or the controller's last AlterPartition answer). While an
AlterPartition is in flight the state is pending: an expansion already counts the new member for the high
watermark (it is in the "maximal" ISR) though an acks=all append checks the committed one (a pending produce
is then judged on the maximal one, as Kafka's checkEnoughReplicasReachOffset); a shrink keeps counting the
member it removes until the controller agrees, since that follower may still be needed. While pending, no
other change is proposed.

Decisions are pure functions of the follower states and the clock, so tests drive them with plain numbers.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import attrs

from kbroker.partition.replica import FollowerState


@attrs.frozen
class IsrState:
    isr: tuple[int, ...]                      # the committed ISR
    pending: tuple[int, ...] | None = None    # the ISR proposed to the controller, None when committed
    last_proposal_failed: bool = False        # a rejected proposal: the next decision may try again

    @property
    def is_pending(self) -> bool:
        return self.pending is not None

    @property
    def maximal_isr(self) -> frozenset[int]:
        """Every replica that may be in the ISR once the pending change settles (what the HW waits for)."""
        return frozenset(self.isr) | frozenset(self.pending or ())

    def propose(self, new_isr: tuple[int, ...]) -> IsrState:
        return IsrState(self.isr, new_isr)

    def committed(self, isr: tuple[int, ...]) -> IsrState:
        return IsrState(tuple(isr))

    def reverted(self) -> IsrState:
        return IsrState(self.isr, None, last_proposal_failed=True)


def follower_in_sync(follower: FollowerState, high_watermark: int, leader_epoch_start_offset: int | None) -> bool:
    """Kafka's isFollowerInSync: the follower reached the high watermark and fetched past the start of the
    current leader epoch (so it has truncated whatever an older leader left behind)."""
    return (follower.log_end_offset >= high_watermark and leader_epoch_start_offset is not None
            and follower.log_end_offset >= leader_epoch_start_offset)


def replicas_to_add(isr: IsrState, followers: Mapping[int, FollowerState], candidates: Iterable[int],
                    high_watermark: int, leader_epoch_start_offset: int | None,
                    eligible: Iterable[int]) -> tuple[int, ...]:
    """Followers of `candidates` outside the ISR that are in sync and eligible (registered, unfenced, not in
    controlled shutdown); empty while a change is pending."""
    if isr.is_pending:
        return ()
    allowed = set(eligible)
    return tuple(replica for replica in candidates
                 if replica not in isr.isr and replica in allowed and replica in followers
                 and follower_in_sync(followers[replica], high_watermark, leader_epoch_start_offset))


def out_of_sync_replicas(isr: IsrState, leader_id: int, followers: Mapping[int, FollowerState],
                         leader_log_end_offset: int, now_ms: int, max_lag_ms: int) -> tuple[int, ...]:
    """ISR members (other than the leader) not caught up within `max_lag_ms` (replica.lag.time.max.ms);
    empty while a change is pending."""
    if isr.is_pending:
        return ()
    lagging = []
    for replica in isr.isr:
        if replica == leader_id:
            continue
        follower = followers.get(replica)
        if follower is None or not follower.is_caught_up(leader_log_end_offset, now_ms, max_lag_ms):
            lagging.append(replica)
    return tuple(lagging)
