"""What the coordinators of groups with server-side assignment share (KIP-848 consumer groups, KIP-1071 streams
groups): writing a heartbeat's records before the group changes in memory, the session and rebalance timeouts
that fence a silent or slow member, re-arming them after a shard loads, the reconciliation bookkeeping of a member
whose assignment changed, and the Describe lookup.

A subclass names its group class, the prefix of its timer keys and the words its log lines and errors use, and
supplies `_fence` (remove the member and bump the group epoch) and `_current_record` (the record of a member's
current assignment). `ConsumerGroups` (consumer_coordinator.py) and `StreamsGroups` (streams_coordinator.py) are
the two.
"""

from __future__ import annotations

import logging

from kbroker.group.classic import ClassicGroup, GroupState
from kbroker.group.consumer import MemberState
from kbroker.protocol import errors

log = logging.getLogger(__name__)

NONE = errors.NONE.code


class HeartbeatError(Exception):
    def __init__(self, code: int, message: str | None = None):
        super().__init__(message or errors.for_code(code).name)
        self.code = code
        self.message = message


class MemberGroups:
    group_class: type  # the exact class of the groups this coordinator owns
    timer_prefix: str  # "consumer" -> timer keys ("consumer-session", group, member), ("consumer-rebalance", ...)
    group_noun: str  # in log lines: "group" / "streams group"
    describe_noun: str  # in Describe's GROUP_ID_NOT_FOUND message: "consumer group" / "streams group"
    assigned_noun: str  # what a member revokes: "partitions" / "tasks"

    def __init__(self, coordinator, session_timeout_ms: int):
        self.coordinator = coordinator
        self.session_timeout_ms = session_timeout_ms

    def owns(self, group) -> bool:
        return type(group) is self.group_class

    def session_timeout_of(self, group_id: str) -> int:
        return self.session_timeout_ms

    def _member_session_timeout(self, member) -> int | None:
        """A member's own session timeout, when it has one (else the group's)."""
        return None

    # --- what a subclass supplies ----------------------------------------------------------------------------
    def _fence(self, group, member, entries: list) -> None:
        raise NotImplementedError

    def _current_record(self, group, member):
        raise NotImplementedError

    # --- writing ---------------------------------------------------------------------------------------------
    def _commit(self, shard, group, entries: list) -> None:
        """Write the records, then keep the group in the shard; on failure drop the shard (reloaded on next use),
        so memory never holds what the log does not."""
        if entries:
            code, _ = self.coordinator._append(shard, entries)
            if code != NONE:
                self.coordinator.shards.states.pop(shard.index, None)
                raise HeartbeatError(code)
            shard.groups[group.group_id] = group

    def _record_reconciled(self, group, before, updated, entries: list):
        """`updated` is `before` after reconciliation: keep it, write its current assignment, and re-arm its
        rebalance timeout when it now has something to revoke."""
        if updated == before:
            return updated
        group.put_member(updated)
        entries.append(self._current_record(group, updated))
        log.info("[GroupId %s] Member %s new assignment state: epoch=%d, previousEpoch=%d, state=%s.",
                 group.group_id, before.member_id, updated.member_epoch, updated.previous_member_epoch,
                 updated.state.name)
        self.coordinator.timers.cancel((f"{self.timer_prefix}-rebalance", group.group_id, before.member_id))
        if updated.state == MemberState.UNREVOKED_PARTITIONS:
            self._schedule_rebalance_timeout(group.group_id, updated)
        return updated

    # --- timeouts --------------------------------------------------------------------------------------------
    def _fence_later(self, group_id: str, member_id: str, reason: str, still) -> None:
        """A timer fired: fence the member if it is still in the group (and `still(member)` holds)."""
        shard = self.coordinator.shards.states.get(self.coordinator.partition_for(group_id))
        if shard is None:  # the shard moved away or is being reloaded (its load schedules timeouts again)
            return
        group = shard.groups.get(group_id)
        member = group.members.get(member_id) if self.owns(group) else None
        if member is None or not still(member):
            return
        log.info("[GroupId %s] Member %s fenced from the %s because %s.", group_id, member_id, self.group_noun,
                 reason)
        try:
            self._fence_and_commit(shard, group, member)
        except HeartbeatError as exc:
            log.warning("[GroupId %s] fencing member %s could not be written: %s", group_id, member_id, exc)

    def _fence_and_commit(self, shard, group, member) -> None:
        entries: list = []
        self._fence(group, member, entries)
        self._commit(shard, group, entries)

    def _cancel_timeouts(self, group_id: str, member_id: str) -> None:
        for kind in ("session", "rebalance"):
            self.coordinator.timers.cancel((f"{self.timer_prefix}-{kind}", group_id, member_id))

    def _schedule_session_timeout(self, group_id: str, member_id: str, timeout_ms: int | None = None) -> None:
        """`timeout_ms`: the member's own session timeout (else the group's)."""
        self.coordinator.timers.schedule(
            (f"{self.timer_prefix}-session", group_id, member_id),
            timeout_ms if timeout_ms is not None else self.session_timeout_of(group_id),
            lambda: self._fence_later(group_id, member_id, "its session expired", lambda m: True))

    def _schedule_rebalance_timeout(self, group_id: str, member) -> None:
        epoch = member.member_epoch
        timeout = max(member.rebalance_timeout_ms, 0)
        self.coordinator.timers.schedule(
            (f"{self.timer_prefix}-rebalance", group_id, member.member_id), timeout,
            lambda: self._fence_later(group_id, member.member_id,
                                      f"it failed to revoke {self.assigned_noun} within {timeout}ms",
                                      lambda m: m.member_epoch == epoch
                                      and m.state == MemberState.UNREVOKED_PARTITIONS))

    def loaded(self, shard) -> None:
        """After a load: session timeouts for every member, rebalance timeouts for those revoking."""
        for group in shard.groups.values():
            if not self.owns(group):
                continue
            for member in group.members.values():
                self._schedule_session_timeout(group.group_id, member.member_id,
                                               self._member_session_timeout(member))
                if member.state == MemberState.UNREVOKED_PARTITIONS:
                    self._schedule_rebalance_timeout(group.group_id, member)

    # --- describe --------------------------------------------------------------------------------------------
    def describe(self, group_id: str):
        """(error, message, group or None)."""
        from kbroker.group.coordinator import GroupError  # the coordinator module imports this one

        self.coordinator.timers.fire_due()
        try:
            shard = self.coordinator.shard_of(group_id)
        except GroupError as exc:
            return exc.code, None, None
        group = shard.groups.get(group_id)
        if group is None or (isinstance(group, ClassicGroup) and group.state == GroupState.DEAD):
            return errors.GROUP_ID_NOT_FOUND.code, f"Group {group_id} not found.", None
        if not self.owns(group):
            return errors.GROUP_ID_NOT_FOUND.code, f"Group {group_id} is not a {self.describe_noun}.", None
        return NONE, None, group
