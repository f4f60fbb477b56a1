"""The states of a KRaft replica within one epoch (Kafka's UnattachedState, ProspectiveState, CandidateState,
LeaderState, FollowerState, ResignedState) and who each of them grants a vote to.

Each state is plain data plus its timers (absolute times in ms on the node's clock); the node (node.py)
decides the transitions. Vote granting follows Kafka 4.x with KIP-996: a pre-vote is granted to a replica
whose log is at least as up to date as ours unless we are leader, candidate-for-ourselves (standard votes
only), resigned, or a follower that has fetched from its leader; a standard vote at most once per epoch.
"""

from __future__ import annotations

import attrs


@attrs.define
class Unattached:
    epoch: int
    election_deadline: int
    voted_id: int = -1
    leader_id: int = -1
    name = "Unattached"

    def can_grant_vote(self, candidate: int, log_up_to_date: bool, pre_vote: bool) -> bool:
        return unattached_or_prospective_grant(self.leader_id, self.voted_id, candidate, log_up_to_date, pre_vote)


@attrs.define
class Prospective:
    """Asking for pre-votes (KIP-996) before bumping the epoch; keeps the vote and leader of the epoch."""
    epoch: int
    election_deadline: int
    voters: frozenset[int]
    local_id: int
    voted_id: int = -1
    leader_id: int = -1
    retries: int = 0  # elections this node lost in a row (the candidate backoff grows with them)
    granted: set[int] = attrs.Factory(set)
    rejected: set[int] = attrs.Factory(set)
    name = "Prospective"

    def can_grant_vote(self, candidate: int, log_up_to_date: bool, pre_vote: bool) -> bool:
        return unattached_or_prospective_grant(self.leader_id, self.voted_id, candidate, log_up_to_date, pre_vote)


@attrs.define
class Candidate:
    epoch: int
    election_deadline: int
    voters: frozenset[int]
    local_id: int
    retries: int = 1
    granted: set[int] = attrs.Factory(set)
    rejected: set[int] = attrs.Factory(set)
    backoff_deadline: int | None = None
    name = "Candidate"

    def can_grant_vote(self, candidate: int, log_up_to_date: bool, pre_vote: bool) -> bool:
        return pre_vote and log_up_to_date


@attrs.define
class ReplicaProgress:
    end_offset: int = -1
    directory_id: object = None  # the uuid.UUID the replica's Fetch names (KIP-853), None before
    last_fetch_ms: int = -1
    last_caught_up_ms: int = -1


@attrs.define
class Leader:
    epoch: int
    epoch_start_offset: int
    voters: frozenset[int]
    local_id: int
    check_quorum_deadline: int
    replicas: dict[int, ReplicaProgress] = attrs.Factory(dict)  # voters and observers that fetched
    unacknowledged: set[int] = attrs.Factory(set)  # voters not yet told of this epoch
    fetched_voters: set[int] = attrs.Factory(set)  # voters heard from since the last quorum check
    voter_change: object = None  # the AddRaftVoter / RemoveRaftVoter in progress (voter_changes.VoterChange)
    resign_requested: bool = False  # a leader the committed voter set left out resigns
    volatile_voters: object = None  # kraft.version 0: the voters as UpdateRaftVoter told them (a VoterSet)
    name = "Leader"

    def can_grant_vote(self, candidate: int, log_up_to_date: bool, pre_vote: bool) -> bool:
        return False

    def majority_end_offset(self, local_end_offset: int) -> int:
        """The largest offset a majority of voters have reached (the leader counts what it flushed)."""
        offsets = sorted((local_end_offset if v == self.local_id else self.replicas.get(v, ReplicaProgress()).end_offset
                          for v in self.voters), reverse=True)
        if not offsets:
            return -1
        return offsets[len(offsets) // 2]


@attrs.define
class Follower:
    epoch: int
    leader_id: int
    fetch_deadline: int
    has_fetched: bool = False
    updated_leader: bool = False  # this voter's UpdateRaftVoter was accepted in this epoch
    update_voter_deadline: int = 0  # no UpdateRaftVoter before then (one was just sent)
    snapshot_download: tuple | None = None  # (SnapshotId, bytearray received so far, total size)
    name = "Follower"

    def can_grant_vote(self, candidate: int, log_up_to_date: bool, pre_vote: bool) -> bool:
        return pre_vote and not self.has_fetched and log_up_to_date


@attrs.define
class Resigned:
    epoch: int
    election_deadline: int
    unacknowledged: set[int]
    preferred_successors: list[int]
    local_id: int
    name = "Resigned"

    def can_grant_vote(self, candidate: int, log_up_to_date: bool, pre_vote: bool) -> bool:
        return False


EpochState = Unattached | Prospective | Candidate | Leader | Follower | Resigned


def unattached_or_prospective_grant(leader_id: int, voted_id: int, candidate: int, log_up_to_date: bool,
                                    pre_vote: bool) -> bool:
    if pre_vote:
        return log_up_to_date
    if voted_id >= 0:
        return voted_id == candidate
    if leader_id >= 0:
        return False
    return log_up_to_date


def majority(voters: frozenset[int]) -> int:
    return len(voters) // 2 + 1
