"""What a partition's leader knows of one follower (Kafka's Replica / ReplicaState): the follower's log end and
log start offsets as its last Fetch reported them, the leader's log end offset at that fetch, and when the
follower was last caught up.

A follower is caught up at a fetch when it asked for the leader's log end offset; otherwise it counts as caught
up as of the previous fetch if it then reached the log end offset the leader had at that previous fetch (so a
follower that keeps up with a steady stream of appends is never "behind" just because new batches arrived
between its fetches). `last_caught_up_time_ms` is what ISR shrinking compares with replica.lag.time.max.ms.
"""

from __future__ import annotations

UNKNOWN_OFFSET = -1


class FollowerState:
    __slots__ = ("replica_id", "log_end_offset", "log_start_offset", "last_fetch_leader_log_end_offset",
                 "last_fetch_time_ms", "last_caught_up_time_ms", "broker_epoch")

    def __init__(self, replica_id: int):
        self.replica_id = replica_id
        self.log_end_offset = UNKNOWN_OFFSET
        self.log_start_offset = UNKNOWN_OFFSET
        self.last_fetch_leader_log_end_offset = UNKNOWN_OFFSET
        self.last_fetch_time_ms = 0
        self.last_caught_up_time_ms = 0
        self.broker_epoch = -1

    def __repr__(self) -> str:
        return (f"FollowerState({self.replica_id}, leo {self.log_end_offset}, "
                f"caught up at {self.last_caught_up_time_ms})")

    def update_fetch_state(self, fetch_offset: int, log_start_offset: int, leader_log_end_offset: int,
                           now_ms: int, broker_epoch: int = -1) -> None:
        """A Fetch from this follower at `fetch_offset` (its log end offset) was served at `now_ms`."""
        if fetch_offset >= leader_log_end_offset:
            self.last_caught_up_time_ms = max(self.last_caught_up_time_ms, now_ms)
        elif fetch_offset >= self.last_fetch_leader_log_end_offset >= 0:
            self.last_caught_up_time_ms = max(self.last_caught_up_time_ms, self.last_fetch_time_ms)
        self.log_end_offset = fetch_offset
        self.log_start_offset = log_start_offset
        self.last_fetch_leader_log_end_offset = leader_log_end_offset
        self.last_fetch_time_ms = now_ms
        if broker_epoch >= 0:
            self.broker_epoch = broker_epoch

    def reset(self, now_ms: int, leader_log_end_offset: int, in_sync: bool) -> None:
        """Kafka's resetReplicaState when this node becomes leader at a new epoch: offsets unknown until the
        follower fetches, an ISR member counted as caught up now (so it is not dropped at once)."""
        self.log_end_offset = UNKNOWN_OFFSET
        self.log_start_offset = UNKNOWN_OFFSET
        self.last_fetch_leader_log_end_offset = leader_log_end_offset
        self.last_fetch_time_ms = now_ms if in_sync else 0
        self.last_caught_up_time_ms = now_ms if in_sync else 0

    def is_caught_up(self, leader_log_end_offset: int, now_ms: int, max_lag_ms: int) -> bool:
        return (self.log_end_offset >= leader_log_end_offset
                or now_ms - self.last_caught_up_time_ms <= max_lag_ms)
