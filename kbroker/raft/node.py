"""A KRaft replica as a transport-free, clock-explicit state machine (Kafka's KafkaRaftClient + QuorumState).

The node owns the election (KIP-595 with KIP-996 pre-vote), replication of the metadata log by Fetch from the
leader, the high watermark and FetchSnapshot. It never reads a clock and never touches a socket: callers hand
it inbound requests and responses with the current time, call `poll(now)` by `next_deadline()`, and send what
`poll` returns (requests and responses addressed by node id, as the generated Kafka message classes). The same
node runs inside the deterministic simulation (tests/raft/simulation.py) and, later, over Kafka's wire protocol.

States: Unattached -> Prospective (pre-vote, same epoch) -> Candidate (epoch + 1, votes for itself) -> Leader;
Follower of a known leader; Resigned after a graceful resignation or a failed check-quorum. Every change of
epoch, vote or leader is written to the ElectionStore before the node answers anyone. Observers (node ids
that are not voters) follow: they fetch and never stand for election.

The voters are `controller.quorum.voters` at kraft.version 0; under kraft.version 1 (KIP-853) they are the latest
VotersRecord of the log or snapshot, committed or not (voter_set.py), which the leader changes one at a time with
AddRaftVoter / RemoveRaftVoter / UpdateRaftVoter (voter_changes.py). An observer that knows no voter looks for the
leader through `controller.quorum.bootstrap.servers` and learns its address from Fetch responses.
"""

from __future__ import annotations

import logging
import random
import uuid
from typing import NamedTuple

import attrs

from kbroker.protocol import errors as E
from kbroker.protocol import records as R
from kbroker.protocol.messages.add_raft_voter_request import AddRaftVoterRequest
from kbroker.protocol.messages.api_versions_response import ApiVersionsResponse
from kbroker.protocol.messages.begin_quorum_epoch_request import BeginQuorumEpochRequest
from kbroker.protocol.messages.begin_quorum_epoch_response import BeginQuorumEpochResponse
from kbroker.protocol.messages.describe_quorum_request import DescribeQuorumRequest
from kbroker.protocol.messages.describe_quorum_response import DescribeQuorumResponse
from kbroker.protocol.messages.end_quorum_epoch_request import EndQuorumEpochRequest
from kbroker.protocol.messages.end_quorum_epoch_response import EndQuorumEpochResponse
from kbroker.protocol.messages.fetch_request import FetchRequest
from kbroker.protocol.messages.fetch_response import FetchResponse
from kbroker.protocol.messages.fetch_response import NodeEndpoint as FetchNodeEndpoint
from kbroker.protocol.messages.fetch_snapshot_request import FetchSnapshotRequest
from kbroker.protocol.messages.fetch_snapshot_response import FetchSnapshotResponse
from kbroker.protocol.messages.remove_raft_voter_request import RemoveRaftVoterRequest
from kbroker.protocol.messages.update_raft_voter_request import UpdateRaftVoterRequest
from kbroker.protocol.messages.update_raft_voter_response import UpdateRaftVoterResponse
from kbroker.protocol.messages.vote_request import VoteRequest
from kbroker.protocol.messages.vote_response import VoteResponse
from kbroker.raft import control_records as C
from kbroker.raft import kraft_upgrade, voter_changes
from kbroker.raft import raft_messages as M
from kbroker.raft.client import NotLeaderError, RaftError
from kbroker.raft.epoch_states import (
    Candidate,
    EpochState,
    Follower,
    Leader,
    Prospective,
    ReplicaProgress,
    Resigned,
    Unattached,
    majority,
)
from kbroker.raft.quorum_state import ElectionState
from kbroker.raft.raft_log import (
    DIVERGING,
    SNAPSHOT,
    ElectionStore,
    OffsetAndEpoch,
    RaftLog,
    truncation_offset,
    validate_offset_and_epoch,
)
from kbroker.raft.request_manager import RequestManager
from kbroker.raft.snapshots import SnapshotId
from kbroker.raft.voter_set import (
    ZERO_DIRECTORY,
    VoterHistory,
    VoterSet,
    snapshot_control_records,
    voters_batch,
)

logger = logging.getLogger(__name__)

NONE = E.NONE.code
RETRY_BACKOFF_BASE_MS = 50  # KafkaRaftClient.RETRY_BACKOFF_BASE_MS, the unit of the election backoff
# The top-level errors the driver (as KafkaNetworkChannel) puts in a response that never came: refused or lost
# connection, request timeout.
NO_ANSWER = frozenset({E.BROKER_NOT_AVAILABLE.code, E.REQUEST_TIMED_OUT.code})


class RaftInvariantError(RaftError):
    """The quorum saw something Raft forbids (two leaders in one epoch, the high watermark going back)."""


@attrs.frozen
class QuorumConfig:
    """The controller.quorum.* settings, with Kafka's defaults."""
    election_timeout_ms: int = 1000
    election_backoff_max_ms: int = 1000
    fetch_timeout_ms: int = 2000
    request_timeout_ms: int = 2000
    retry_backoff_ms: int = 20
    fetch_max_wait_ms: int = 500
    fetch_max_bytes: int = 8 * 1024 * 1024
    fetch_snapshot_max_bytes: int = 8 * 1024 * 1024


@attrs.frozen
class Outbound:
    """A message for node `destination`: a request (we chose the correlation id) or a response to one."""
    destination: int
    correlation_id: int
    body: object
    is_response: bool


class AppendResult(NamedTuple):
    base_offset: int
    last_offset: int
    epoch: int
    size_in_bytes: int


@attrs.define
class _ParkedFetch:
    """A Fetch the leader holds until data or a new high watermark arrives, or max wait passes."""
    correlation_id: int
    fetch_offset: int
    high_watermark: int | None
    deadline: int


class RaftNode:
    def __init__(self, node_id: int, voters, log: RaftLog, store: ElectionStore, *, cluster_id: str,
                 now: int, config: QuorumConfig | None = None, rng: random.Random | None = None,
                 directory_id: uuid.UUID = ZERO_DIRECTORY, bootstrap_ids: tuple[int, ...] = (),
                 listener_name: str = "CONTROLLER", local_endpoints: tuple | None = None):
        self.node_id = node_id
        self.listener_name = listener_name  # the first of controller.listener.names: voters' endpoint we use
        self.local_endpoints = local_endpoints  # ((name, host, port), ...) this node serves, when it knows them
        self.directory_id = directory_id
        self.static_voters = frozenset(voters)  # controller.quorum.voters: the voters at kraft.version 0
        self.bootstrap_ids = tuple(bootstrap_ids)  # controller.quorum.bootstrap.servers, as negative ids
        self.history = VoterHistory()
        self._voted_directory = ZERO_DIRECTORY
        self._learned_addresses: dict[int, tuple[str, int]] = {}  # leaders' NodeEndpoints in Fetch responses
        self.log = log
        self._load_voter_history()
        self.store = store
        self.cluster_id = cluster_id
        self.config = config or QuorumConfig()
        self.random = rng or random.Random()
        self.high_watermark: int | None = None  # unknown until learned again after a restart, as in Kafka
        self._requests = RequestManager(self.config.request_timeout_ms, self.config.retry_backoff_ms)
        self._outbox: list[Outbound] = []
        self._parked: dict[int, _ParkedFetch] = {}
        self._next_correlation = 0
        self._unreachable: set[int] = set()  # nodes whose latest request got no answer (NO_ANSWER)
        self.state: EpochState = self._initial_state(now)
        if self.is_voter and self.voters == {node_id}:
            self._become_candidate(now)

    # --- the voter set ---------------------------------------------------------------------------------------
    @property
    def voter_set(self) -> VoterSet | None:
        """The latest VotersRecord of the log or snapshot, committed or not (None at kraft.version 0)."""
        latest = self.history.latest()
        return latest[1] if latest is not None else None

    @property
    def voters(self) -> frozenset[int]:
        voter_set = self.voter_set
        return voter_set.ids if voter_set is not None else self.static_voters

    @property
    def is_voter(self) -> bool:
        voter_set = self.voter_set
        if voter_set is not None:
            return voter_set.is_voter(self.node_id, self.directory_id)
        return self.node_id in self.static_voters

    @property
    def kraft_version(self) -> int:
        return self.history.kraft_version

    def _load_voter_history(self) -> None:
        """Read the control records of the latest snapshot and of the log after it."""
        snapshot = self.log.latest_snapshot()
        offset = self.log.log_start_offset
        if snapshot is not None:
            data = self.log.read_snapshot(snapshot)
            if data is not None:
                self.history.reset_to_snapshot(snapshot.end_offset, data)
            offset = max(offset, snapshot.end_offset)
        while offset < self.log.end_offset:
            chunk = self.log.read(offset, 1 << 20)
            last = None
            for batch in R.iter_batches(memoryview(chunk)):
                last = batch.last_offset
            if last is None:
                break
            self.history.observe(chunk, from_offset=offset)
            offset = last + 1

    def _voters_changed(self, now: int) -> None:
        """A VotersRecord was appended or truncated away: a leader counts the new voters from now on."""
        state = self.state
        if isinstance(state, Leader):
            if len(state.voters) <= 1 < len(self.voters):  # a lone leader kept no check-quorum timer until now
                state.fetched_voters.clear()
                state.check_quorum_deadline = now + self._check_quorum_timeout()
            state.voters = self.voters
            state.unacknowledged &= set(self.voters)
            self._maybe_advance_leader_hw()
        logger.info("node %d: voters are now %s", self.node_id, sorted(self.voters))

    def _append_voters(self, voters: VoterSet, now: int) -> int:
        """Leader only: append a VotersRecord; the new voters count from now on. Its offset."""
        offset = self.log.end_offset
        batch = voters_batch(voters, base_offset=offset, epoch=self.state.epoch, timestamp=now)
        self.log.append_as_leader(batch)
        self.history.observe(bytes(batch))
        self._voters_changed(now)
        return offset

    def upgrade_kraft_version(self, epoch: int, version: int, *, validate_only: bool, now: int) -> bool:
        """Leader only: the kraft.version upgrade UpdateFeatures asks for (kraft_upgrade.py)."""
        return kraft_upgrade.upgrade(self, epoch, version, validate_only=validate_only, now=now)

    def address_of(self, node_id: int) -> tuple[str, int] | None:
        """Where to reach `node_id` on this node's listener: a voter, or a voter being added."""
        state = self.state
        change = state.voter_change if isinstance(state, Leader) else None
        if change is not None and change.voter is not None and change.voter.voter_id == node_id:
            return change.voter.address(self.listener_name)
        voter = self.voter_set.get(node_id) if self.voter_set is not None else None
        address = voter.address(self.listener_name) if voter is not None else None
        return address or self._learned_addresses.get(node_id)

    def snapshot_control(self, end_offset: int, now: int) -> list[tuple]:
        """The control records a snapshot ending at `end_offset` carries (none at kraft.version 0)."""
        return snapshot_control_records(self.history.kraft_version_at(end_offset - 1),
                                        self.history.voters_at(end_offset - 1), now)

    # --- public surface --------------------------------------------------------------------------------------
    @property
    def epoch(self) -> int:
        return self.state.epoch

    @property
    def leader_id(self) -> int:
        return self._leader_of(self.state)

    @property
    def is_leader(self) -> bool:
        return isinstance(self.state, Leader)

    def append(self, values: list[bytes], now: int) -> AppendResult:
        """Leader only: write `values` as one batch of this epoch (committed once the high watermark passes it;
        the next `poll` flushes it)."""
        if not isinstance(self.state, Leader):
            raise NotLeaderError(f"node {self.node_id} is not the leader (epoch {self.epoch}, leader {self.leader_id})")
        if not values:
            raise ValueError("append needs at least one record")
        base = self.log.end_offset
        batch = R.build_batch([(now, None, value) for value in values], base_offset=base,
                              partition_leader_epoch=self.state.epoch)
        self.log.append_as_leader(batch)
        return AppendResult(base, base + len(values) - 1, self.state.epoch, len(batch))

    def resign(self, now: int) -> None:
        """Graceful shutdown of a leader: stop leading and tell the voters, most caught-up first."""
        if isinstance(self.state, Leader):
            state = self.state
            successors = sorted((v for v in self.voters if v != self.node_id),
                                key=lambda v: -state.replicas.get(v, ReplicaProgress()).end_offset)
            self._become_resigned(successors, now)

    def next_deadline(self, now: int) -> int:
        """The time by which `poll` must run next (`now` when it has work already)."""
        if self._outbox or self.log.flushed_offset < self.log.end_offset:
            return now
        state = self.state
        times = [self._requests.ready_at(d) for d in self._wanted_destinations(state)]
        if isinstance(state, Leader):
            if state.resign_requested:
                return now
            if len(self.voters) > 1:
                times.append(state.check_quorum_deadline)
            if state.voter_change is not None:
                times.append(state.voter_change.deadline)
            hw = self._leader_hw()
            for parked in self._parked.values():
                if self.log.end_offset > parked.fetch_offset or parked.high_watermark != hw:
                    return now
                times.append(parked.deadline)
        elif isinstance(state, Candidate):
            times.append(state.backoff_deadline if state.backoff_deadline is not None else state.election_deadline)
        elif isinstance(state, Follower):
            times.append(state.fetch_deadline)
        elif self.is_voter or isinstance(state, Resigned):
            times.append(state.election_deadline)
        return max(now, min(times)) if times else now + self.config.request_timeout_ms

    def _wanted_destinations(self, state: EpochState) -> list[int]:
        """The nodes this state sends requests to as soon as a connection is ready."""
        if isinstance(state, Leader | Resigned):
            return sorted(state.unacknowledged)
        if isinstance(state, Candidate) and state.backoff_deadline is not None:
            return []
        if isinstance(state, Prospective | Candidate):
            return sorted(state.voters - state.granted - state.rejected)
        if isinstance(state, Follower):
            return [state.leader_id]
        if not self.is_voter:
            return sorted(self._requests.inflight) or self._observer_targets()
        return []

    def _observer_targets(self) -> list[int]:
        """Where an observer looks for the leader: controller.quorum.bootstrap.servers, else the voters."""
        return list(self.bootstrap_ids) or sorted(self.voters - {self.node_id})

    # --- initialization and transitions ----------------------------------------------------------------------
    def _initial_state(self, now: int) -> EpochState:
        stored = self.store.read()
        log_epoch = self.log.last_fetched_epoch
        if stored is None or stored.leader_epoch < log_epoch:
            state = Unattached(log_epoch, self._election_deadline(now))
            self.store.write(self._election_state(state))
            return state
        if stored.leader_id == self.node_id:
            return Resigned(stored.leader_epoch, self._election_deadline(now),
                            set(self.voters - {self.node_id}), [], self.node_id)
        if stored.leader_id >= 0:
            return Follower(stored.leader_epoch, stored.leader_id, now + self.config.fetch_timeout_ms)
        self._voted_directory = stored.voted_directory_id
        return Unattached(stored.leader_epoch, self._election_deadline(now), voted_id=stored.voted_id)

    def _election_state(self, state: EpochState) -> ElectionState:
        voted = state.voted_id if isinstance(state, Unattached) else -1
        if isinstance(state, Candidate):
            voted = self.node_id
        voted_directory = self.directory_id if voted == self.node_id else self._voted_directory
        return ElectionState(state.epoch, self._leader_of(state), voted, tuple(sorted(self.voters)),
                             data_version=1 if self.kraft_version >= 1 else 0,
                             voted_directory_id=voted_directory if voted >= 0 else ZERO_DIRECTORY)

    def _leader_of(self, state: EpochState) -> int:
        """The leader this state knows for its epoch; a prospective keeps the one it followed, as Kafka's does."""
        if isinstance(state, Leader | Resigned):
            return self.node_id
        if isinstance(state, Follower | Unattached | Prospective):
            return state.leader_id
        return -1

    def _transition(self, state: EpochState, *, persist: bool = True) -> None:
        if state.epoch < self.state.epoch:
            raise RaftInvariantError(f"epoch going back from {self.state.epoch} to {state.epoch}")
        if persist:
            self.store.write(self._election_state(state))
        previous = self.state
        self.state = state
        self._requests.reset()
        if isinstance(previous, Leader) and not isinstance(state, Leader):
            self._release_parked_fetches()
            voter_changes.abandon(self, previous)
        logger.debug("node %d: %s(epoch %d) -> %s(epoch %d)", self.node_id, previous.name, previous.epoch,
                     state.name, state.epoch)

    def _election_deadline(self, now: int) -> int:
        timeout = self.config.election_timeout_ms
        return now + timeout + (self.random.randrange(timeout) if timeout else 0)

    def _become_unattached(self, epoch: int, now: int, voted_id: int = -1) -> None:
        self._transition(Unattached(epoch, self._election_deadline(now), voted_id=voted_id))

    def _become_follower(self, epoch: int, leader_id: int, now: int) -> None:
        self._transition(Follower(epoch, leader_id, now + self.config.fetch_timeout_ms))

    def _become_prospective(self, now: int) -> None:
        state = self.state
        voted = state.voted_id if isinstance(state, Unattached) else -1
        if isinstance(state, Candidate):
            voted = self.node_id  # it voted for itself in this epoch, and votes once per epoch (as Kafka's)
        leader = state.leader_id if isinstance(state, Unattached | Follower) else -1
        retries = state.retries if isinstance(state, Candidate) else 0
        prospective = Prospective(state.epoch, self._election_deadline(now), self.voters, self.node_id,
                                  voted_id=voted, leader_id=leader, retries=retries, granted={self.node_id})
        self._transition(prospective, persist=False)
        self._maybe_win_pre_vote(now)

    def _become_candidate(self, now: int) -> None:
        retries = self.state.retries + 1 if isinstance(self.state, Candidate | Prospective) else 1
        candidate = Candidate(self.state.epoch + 1, self._election_deadline(now), self.voters, self.node_id,
                              retries=retries, granted={self.node_id})
        self._transition(candidate)
        self._maybe_become_leader(now)

    def _become_leader(self, now: int) -> None:
        epoch = self.state.epoch
        start = self.log.end_offset
        others = set(self.voters - {self.node_id})
        leader = Leader(epoch, start, self.voters, self.node_id,
                        check_quorum_deadline=now + self._check_quorum_timeout(), unacknowledged=others)
        self._transition(leader)
        # Voters that only a bootstrap checkpoint holds go into the log too, so observers that fetch it from
        # offset 0 learn them and kraft.version (as Kafka's start-of-epoch batch does).
        latest = self.history.latest()
        control = snapshot_control_records(self.kraft_version, latest[1], now) \
            if latest is not None and latest[0] < 0 else []
        batch = C.leader_change_batch(self.node_id, sorted(self.voters), base_offset=start, epoch=epoch,
                                      timestamp=now, control=control)
        self.log.append_as_leader(batch)
        if control:
            self.history.observe(bytes(batch))
        logger.info("node %d: leader of epoch %d from offset %d", self.node_id, epoch, start)

    def _become_resigned(self, successors: list[int], now: int) -> None:
        resigned = Resigned(self.state.epoch, self._election_deadline(now), set(self.voters - {self.node_id}),
                            successors, self.node_id)
        self._transition(resigned, persist=False)

    def _check_quorum_timeout(self) -> int:
        return self.config.fetch_timeout_ms * 3 // 2

    def _maybe_win_pre_vote(self, now: int) -> None:
        state = self.state
        if isinstance(state, Prospective) and len(state.granted) >= majority(self.voters):
            self._become_candidate(now)

    def _maybe_become_leader(self, now: int) -> None:
        state = self.state
        if isinstance(state, Candidate) and len(state.granted) >= majority(self.voters):
            self._become_leader(now)

    def _lose_pre_vote(self, now: int) -> None:
        """Kafka's prospectiveTransitionAfterElectionLoss: back to the leader we knew, or unattached."""
        state = self.state
        assert isinstance(state, Prospective)
        if state.leader_id >= 0:
            self._transition(Follower(state.epoch, state.leader_id, now + self.config.fetch_timeout_ms),
                             persist=False)
        else:
            self._transition(Unattached(state.epoch, self._election_deadline(now), voted_id=state.voted_id,
                                        leader_id=state.leader_id), persist=False)

    def _has_leader(self) -> bool:
        return self._leader_of(self.state) >= 0

    def _maybe_transition(self, leader_id: int, epoch: int, now: int) -> None:
        """Follow what a request or response says about (leader, epoch) when it is news to us."""
        current = self._leader_of(self.state)
        if epoch == self.epoch and leader_id >= 0 and current >= 0 and leader_id != current:
            raise RaftInvariantError(f"node {self.node_id}: leader {leader_id} claims epoch {epoch}, "
                                     f"which {current} leads")
        if epoch > self.epoch:
            if leader_id >= 0 and leader_id != self.node_id:
                self._become_follower(epoch, leader_id, now)
            else:
                self._become_unattached(epoch, now)
        elif leader_id >= 0 and leader_id != self.node_id and not self._has_leader():
            self._become_follower(epoch, leader_id, now)

    # --- high watermark --------------------------------------------------------------------------------------
    def _leader_hw(self) -> int | None:
        state = self.state
        if isinstance(state, Leader) and self.high_watermark is not None \
                and self.high_watermark > state.epoch_start_offset:
            return self.high_watermark
        return None

    def _set_high_watermark(self, offset: int) -> None:
        if self.high_watermark is not None and offset < self.high_watermark:
            raise RaftInvariantError(f"node {self.node_id}: high watermark going back from "
                                     f"{self.high_watermark} to {offset}")
        self.high_watermark = offset

    def _maybe_advance_leader_hw(self) -> None:
        """A majority of voters reached the offset, and it covers an entry of this epoch (the LeaderChange)."""
        state = self.state
        assert isinstance(state, Leader)
        candidate = state.majority_end_offset(self.log.flushed_offset)
        if candidate > state.epoch_start_offset and (self.high_watermark is None or candidate > self.high_watermark):
            self._set_high_watermark(candidate)
            voter_changes.high_watermark_moved(self, state)

    # --- poll ------------------------------------------------------------------------------------------------
    def poll(self, now: int) -> list[Outbound]:
        if self.log.flushed_offset < self.log.end_offset:
            self.log.flush()
            if isinstance(self.state, Leader):
                self._maybe_advance_leader_hw()
        for _ in range(3):  # a transition made here (e.g. to Prospective) sends its requests in the same poll
            state = self.state
            self._poll_state(state, now)
            if self.state is state:
                break
        out, self._outbox = self._outbox, []
        return out

    def _poll_state(self, state: EpochState, now: int) -> None:
        if isinstance(state, Leader):
            self._poll_leader(state, now)
        elif isinstance(state, Candidate):
            self._poll_candidate(state, now)
        elif isinstance(state, Prospective):
            if now >= state.election_deadline:
                self._lose_pre_vote(now)
            else:
                self._send_votes(state, pre_vote=True, now=now)
        elif isinstance(state, Follower):
            self._poll_follower(state, now)
        elif isinstance(state, Unattached):
            self._poll_unattached(state, now)
        elif isinstance(state, Resigned):
            if now >= state.election_deadline:
                if not self.is_voter:  # removed from the voters while leading: an observer from now on
                    self._become_unattached(state.epoch, now)
                elif self.voters == {self.node_id}:
                    self._become_candidate(now)
                else:
                    self._become_prospective(now)
            else:
                for voter in sorted(state.unacknowledged):
                    self._send_request(voter, M.end_quorum_epoch_request(
                        self.cluster_id, epoch=state.epoch, leader=self.node_id,
                        preferred_successors=state.preferred_successors), now)

    def _poll_leader(self, state: Leader, now: int) -> None:
        voter_changes.expire(self, state, now)
        if state.resign_requested:
            logger.info("node %d: not a voter of the committed voter set %s; resigning epoch %d", self.node_id,
                        sorted(self.voters), state.epoch)
            self.resign(now)
            return
        if len(self.voters) > 1 and now >= state.check_quorum_deadline:
            logger.info("node %d: no majority fetched within %d ms; resigning epoch %d", self.node_id,
                        self._check_quorum_timeout(), state.epoch)
            self._become_resigned([], now)
            return
        for voter in sorted(state.unacknowledged):
            self._send_request(voter, M.begin_quorum_epoch_request(self.cluster_id, epoch=state.epoch,
                                                                   leader=self.node_id, voter=voter), now)
        hw = self._leader_hw()
        for replica, parked in list(self._parked.items()):
            if now >= parked.deadline or self.log.end_offset > parked.fetch_offset or parked.high_watermark != hw:
                del self._parked[replica]
                self._respond(replica, parked.correlation_id, self._fetch_data_response(parked.fetch_offset))

    def _poll_candidate(self, state: Candidate, now: int) -> None:
        if state.backoff_deadline is not None:
            if now >= state.backoff_deadline:
                self._become_prospective(now)
            return
        if now >= state.election_deadline:
            state.backoff_deadline = now + self._election_backoff(state.retries)
            return
        self._send_votes(state, pre_vote=False, now=now)

    def _election_backoff(self, retries: int) -> int:
        """Kafka's binaryExponentialElectionBackoffMs."""
        return min(RETRY_BACKOFF_BASE_MS * self.random.randrange(2 << min(20, retries - 1)),
                   self.config.election_backoff_max_ms)

    def _send_votes(self, state: Prospective | Candidate, *, pre_vote: bool, now: int) -> None:
        for voter in sorted(state.voters - state.granted - state.rejected):
            voter_node = self.voter_set.get(voter) if self.voter_set is not None else None
            self._send_request(voter, M.vote_request(
                self.cluster_id, epoch=state.epoch, candidate=self.node_id, voter=voter,
                last_epoch=self.log.last_fetched_epoch, last_offset=self.log.end_offset, pre_vote=pre_vote,
                candidate_directory=self.directory_id,
                voter_directory=voter_node.directory_id if voter_node is not None else ZERO_DIRECTORY), now)

    def _poll_follower(self, state: Follower, now: int) -> None:
        if now >= state.fetch_deadline:
            if self.is_voter:
                self._become_prospective(now)
            else:
                self._transition(Unattached(state.epoch, self._election_deadline(now)), persist=False)
            return
        if state.snapshot_download is not None:
            snapshot_id, received, _ = state.snapshot_download
            self._send_request(state.leader_id, M.fetch_snapshot_request(
                self.cluster_id, replica_id=self.node_id, epoch=state.epoch, snapshot=tuple(snapshot_id),
                position=len(received), max_bytes=self.config.fetch_snapshot_max_bytes), now)
        elif self._endpoints_outdated(state, now):
            state.update_voter_deadline = now + self.config.fetch_timeout_ms  # Kafka's updateVoterPeriodMs
            self._send_request(state.leader_id, voter_changes.update_request(self, state.epoch), now)
        else:
            self._send_fetch(state.leader_id, state.epoch, now)

    def _endpoints_outdated(self, state: Follower, now: int) -> bool:
        """A voter whose entry in the latest voter set is not what it serves tells the leader once per epoch
        (UpdateRaftVoter), after its first fetch from it, as Kafka's voters do; under kraft.version 0 every voter
        does, so the leader learns what a kraft.version upgrade needs. Between two tries it fetches."""
        if not state.has_fetched or state.updated_leader or self.local_endpoints is None or not self.is_voter \
                or now < state.update_voter_deadline:
            return False
        if self.kraft_version < 1:
            return True
        entry = self.voter_set.get(self.node_id)
        return (entry.endpoints, entry.min_kraft_version, entry.max_kraft_version) != \
            (self.local_endpoints, 0, voter_changes.MAX_KRAFT_VERSION)

    def _poll_unattached(self, state: Unattached, now: int) -> None:
        if self.is_voter:
            if now >= state.election_deadline:
                self._become_prospective(now)
            return
        # An observer finds the leader by fetching from any voter (they answer with the leader they know).
        ready = [v for v in self._observer_targets() if self._requests.ready(v, now)]
        if ready and not self._requests.inflight:
            self._send_fetch(self.random.choice(ready), state.epoch, now)

    def _send_fetch(self, destination: int, epoch: int, now: int) -> None:
        self._send_request(destination, M.fetch_request(
            self.cluster_id, replica_id=self.node_id, epoch=epoch, fetch_offset=self.log.end_offset,
            last_fetched_epoch=self.log.last_fetched_epoch, max_wait_ms=self.config.fetch_max_wait_ms,
            max_bytes=self.config.fetch_max_bytes, directory_id=self.directory_id), now)

    def _send_request(self, destination: int, body, now: int) -> None:
        if not self._requests.ready(destination, now):
            return
        self._next_correlation += 1
        self._requests.sent(destination, self._next_correlation, now)
        self._outbox.append(Outbound(destination, self._next_correlation, body, False))

    def _respond(self, destination: int, correlation_id: int, body) -> None:
        if isinstance(body, FetchResponse) and body.responses:
            leader = self._leader_of(self.state)
            address = self.address_of(leader) if leader >= 0 else None
            if address is not None:  # as Kafka's, so an observer that knows no voter finds the leader
                body.node_endpoints = [FetchNodeEndpoint(node_id=leader, host=address[0], port=address[1])]
        self._outbox.append(Outbound(destination, correlation_id, body, True))

    # --- inbound requests ------------------------------------------------------------------------------------
    def handle_request(self, source: int, correlation_id: int, body, now: int) -> None:
        """Handle one request; its response is queued for the next `poll` (a Fetch may wait on the leader)."""
        if isinstance(body, VoteRequest):
            response = self._handle_vote(body, now)
        elif isinstance(body, BeginQuorumEpochRequest):
            response = self._handle_begin_quorum_epoch(body, now)
        elif isinstance(body, EndQuorumEpochRequest):
            response = self._handle_end_quorum_epoch(body, now)
        elif isinstance(body, FetchRequest):
            response = self._handle_fetch(source, correlation_id, body, now)
        elif isinstance(body, FetchSnapshotRequest):
            response = self._handle_fetch_snapshot(body, now)
        elif isinstance(body, DescribeQuorumRequest):
            response = self._handle_describe_quorum(body, now)
        elif isinstance(body, AddRaftVoterRequest):
            response = voter_changes.handle_add(self, source, correlation_id, body, now)
        elif isinstance(body, RemoveRaftVoterRequest):
            response = voter_changes.handle_remove(self, source, correlation_id, body, now)
        elif isinstance(body, UpdateRaftVoterRequest):
            response = voter_changes.handle_update(self, body, now)
        else:
            raise TypeError(f"not a KRaft request: {type(body).__name__}")
        if response is not None:
            self._respond(source, correlation_id, response)

    def _valid_cluster_id(self, cluster_id: str | None) -> bool:
        return cluster_id is None or cluster_id == self.cluster_id  # old versions carry none

    def _validate_voter_only(self, remote_id: int, epoch: int) -> int:
        """Kafka 4.x's check for Vote/BeginQuorumEpoch/EndQuorumEpoch: a stale epoch or no replica id.

        Since KIP-853 the voter set may be ahead on some replicas, so membership is no longer checked here
        (older Kafka answered INCONSISTENT_VOTER_SET): an observer may grant a vote, which never counts
        because candidates only ask, and count, the voters they know."""
        if epoch < self.epoch:
            return E.FENCED_LEADER_EPOCH.code
        if remote_id < 0:
            return E.INVALID_REQUEST.code
        return NONE

    def _validate_leader_only(self, epoch: int) -> int:
        if epoch < self.epoch:
            return E.FENCED_LEADER_EPOCH.code
        if epoch > self.epoch:
            return E.UNKNOWN_LEADER_EPOCH.code
        if not isinstance(self.state, Leader):
            return E.NOT_LEADER_OR_FOLLOWER.code
        return NONE

    def _is_log_up_to_date(self, last_epoch: int, last_offset: int) -> bool:
        return (last_epoch, last_offset) >= (self.log.last_fetched_epoch, self.log.end_offset)

    def _handle_vote(self, request: VoteRequest, now: int) -> VoteResponse:
        if not self._valid_cluster_id(request.cluster_id):
            return M.vote_response(NONE, top_level_error=E.INCONSISTENT_CLUSTER_ID.code)
        partition = M.single_partition(request)
        if partition is None:
            return M.vote_response(NONE, top_level_error=E.INVALID_REQUEST.code)
        candidate, epoch, pre_vote = partition.replica_id, partition.replica_epoch, partition.pre_vote
        illegal_epoch = partition.last_offset_epoch > epoch if pre_vote else partition.last_offset_epoch >= epoch
        if partition.last_offset < 0 or partition.last_offset_epoch < 0 or illegal_epoch:
            return self._vote_response(E.INVALID_REQUEST.code, False)
        error = self._validate_voter_only(candidate, epoch)
        if error != NONE:
            return self._vote_response(error, False)
        if epoch > self.epoch:
            self._become_unattached(epoch, now)
        if request.voter_id >= 0 and request.voter_id != self.node_id:
            return self._vote_response(E.INVALID_VOTER_KEY.code, False)
        up_to_date = self._is_log_up_to_date(partition.last_offset_epoch, partition.last_offset)
        granted = self.state.can_grant_vote(candidate, up_to_date, pre_vote)
        state = self.state
        if granted and not pre_vote and isinstance(state, Unattached) and state.voted_id < 0:
            self._voted_directory = partition.replica_directory_id
            self._transition(Unattached(state.epoch, self._election_deadline(now), voted_id=candidate))
        return self._vote_response(NONE, granted)

    def _vote_response(self, error: int, granted: bool) -> VoteResponse:
        return M.vote_response(error, epoch=self.epoch, leader_id=self.leader_id, granted=granted)

    def _handle_begin_quorum_epoch(self, request: BeginQuorumEpochRequest, now: int) -> BeginQuorumEpochResponse:
        if not self._valid_cluster_id(request.cluster_id):
            return M.begin_quorum_epoch_response(NONE, top_level_error=E.INCONSISTENT_CLUSTER_ID.code)
        partition = M.single_partition(request)
        if partition is None:
            return M.begin_quorum_epoch_response(NONE, top_level_error=E.INVALID_REQUEST.code)
        error = self._validate_voter_only(partition.leader_id, partition.leader_epoch)
        if error == NONE:
            self._maybe_transition(partition.leader_id, partition.leader_epoch, now)
            if request.voter_id >= 0 and request.voter_id != self.node_id:
                error = E.INVALID_VOTER_KEY.code
        return M.begin_quorum_epoch_response(error, epoch=self.epoch, leader_id=self.leader_id)

    def _handle_end_quorum_epoch(self, request: EndQuorumEpochRequest, now: int) -> EndQuorumEpochResponse:
        if not self._valid_cluster_id(request.cluster_id):
            return M.end_quorum_epoch_response(NONE, top_level_error=E.INCONSISTENT_CLUSTER_ID.code)
        partition = M.single_partition(request)
        if partition is None:
            return M.end_quorum_epoch_response(NONE, top_level_error=E.INVALID_REQUEST.code)
        error = self._validate_voter_only(partition.leader_id, partition.leader_epoch)
        if error == NONE:
            self._maybe_transition(partition.leader_id, partition.leader_epoch, now)
            state = self.state
            if isinstance(state, Follower) and state.leader_id == partition.leader_id:
                successors = [c.candidate_id for c in partition.preferred_candidates] \
                    or list(partition.preferred_successors)
                state.fetch_deadline = now + self._end_epoch_backoff(successors)
        return M.end_quorum_epoch_response(error, epoch=self.epoch, leader_id=self.leader_id)

    def _end_epoch_backoff(self, successors: list[int]) -> int:
        """Kafka's strictExponentialElectionBackoffMs: the first preferred successor stands at once."""
        maximum = self.config.election_backoff_max_ms
        if self.node_id not in successors:
            return maximum
        position = successors.index(self.node_id)
        if position == 0:
            return 0
        return min(maximum, (maximum >> (len(successors) - 1)) << (position - 1))

    def _fetch_error(self, error: int) -> FetchResponse:
        return M.fetch_response(error, epoch=self.epoch, leader_id=self.leader_id)

    def _handle_fetch(self, source: int, correlation_id: int, request: FetchRequest, now: int):
        if not self._valid_cluster_id(request.cluster_id):
            return M.fetch_response(NONE, epoch=0, leader_id=-1, top_level_error=E.INCONSISTENT_CLUSTER_ID.code)
        partition = M.single_partition(request)
        if partition is None:
            return M.fetch_response(NONE, epoch=0, leader_id=-1, top_level_error=E.INVALID_REQUEST.code)
        replica = request.replica_state.replica_id if request.replica_state.replica_id >= 0 else request.replica_id
        if partition.fetch_offset < 0 or partition.last_fetched_epoch < 0 \
                or partition.last_fetched_epoch > partition.current_leader_epoch:
            return self._fetch_error(E.INVALID_REQUEST.code)
        error = self._validate_leader_only(partition.current_leader_epoch)
        if error != NONE:
            return self._fetch_error(error)
        state = self.state
        assert isinstance(state, Leader)
        if replica in self.voters:
            self._heard_from_voter(state, replica, now)
        valid = validate_offset_and_epoch(self.log, partition.fetch_offset, partition.last_fetched_epoch)
        if valid.kind == DIVERGING:
            return M.fetch_response(NONE, epoch=self.epoch, leader_id=self.node_id, high_watermark=self._hw_or_unknown(),
                                    log_start_offset=self.log.log_start_offset, diverging=tuple(valid.at))
        if valid.kind == SNAPSHOT:
            return M.fetch_response(NONE, epoch=self.epoch, leader_id=self.node_id, high_watermark=self._hw_or_unknown(),
                                    log_start_offset=self.log.log_start_offset, snapshot=tuple(valid.at))
        if replica >= 0:
            progress = state.replicas.setdefault(replica, ReplicaProgress())
            progress.directory_id = partition.replica_directory_id
            progress.end_offset = partition.fetch_offset  # as Kafka: the latest fetch, even if lower
            progress.last_fetch_ms = now
            if partition.fetch_offset >= self.log.end_offset:
                progress.last_caught_up_ms = now
            if replica in self.voters:
                self._maybe_advance_leader_hw()
        if partition.fetch_offset >= self.log.end_offset and request.max_wait_ms > 0 and replica >= 0:
            replaced = self._parked.pop(replica, None)
            if replaced is not None:  # a replica's newer Fetch: the older one is answered, never left hanging
                self._respond(replica, replaced.correlation_id, self._fetch_data_response(replaced.fetch_offset))
            self._parked[replica] = _ParkedFetch(correlation_id, partition.fetch_offset, self._leader_hw(),
                                                 now + request.max_wait_ms)
            return None
        return self._fetch_data_response(partition.fetch_offset)

    def _heard_from_voter(self, state: Leader, voter: int, now: int) -> None:
        state.unacknowledged.discard(voter)
        state.fetched_voters.add(voter)
        if len(state.fetched_voters | ({self.node_id} & self.voters)) >= majority(self.voters):
            state.fetched_voters.clear()
            state.check_quorum_deadline = now + self._check_quorum_timeout()

    def _hw_or_unknown(self) -> int:
        hw = self._leader_hw()
        return -1 if hw is None else hw

    def _fetch_data_response(self, fetch_offset: int) -> FetchResponse:
        records = self.log.read(fetch_offset, self.config.fetch_max_bytes) if fetch_offset < self.log.end_offset \
            else b""
        return M.fetch_response(NONE, epoch=self.epoch, leader_id=self.node_id, high_watermark=self._hw_or_unknown(),
                                log_start_offset=self.log.log_start_offset, records=records)

    def _release_parked_fetches(self) -> None:
        parked, self._parked = self._parked, {}
        for replica, fetch in parked.items():
            error = E.NOT_LEADER_OR_FOLLOWER.code
            self._respond(replica, fetch.correlation_id, self._fetch_error(error))

    def _handle_fetch_snapshot(self, request: FetchSnapshotRequest, now: int) -> FetchSnapshotResponse:
        if not self._valid_cluster_id(request.cluster_id):
            return M.fetch_snapshot_response(NONE, epoch=0, leader_id=-1,
                                             top_level_error=E.INCONSISTENT_CLUSTER_ID.code)
        partition = M.single_partition(request)
        if partition is None:
            return M.fetch_snapshot_response(NONE, epoch=0, leader_id=-1, top_level_error=E.INVALID_REQUEST.code)
        error = self._validate_leader_only(partition.current_leader_epoch)
        if error != NONE:
            return M.fetch_snapshot_response(error, epoch=self.epoch, leader_id=self.leader_id)
        state = self.state
        assert isinstance(state, Leader)
        if request.replica_id in self.voters:
            self._heard_from_voter(state, request.replica_id, now)
        snapshot_id = SnapshotId(partition.snapshot_id.end_offset, partition.snapshot_id.epoch)
        data = self.log.read_snapshot(snapshot_id)
        if data is None:
            return M.fetch_snapshot_response(E.SNAPSHOT_NOT_FOUND.code, epoch=self.epoch, leader_id=self.node_id)
        if not 0 <= partition.position <= len(data):
            return M.fetch_snapshot_response(E.POSITION_OUT_OF_RANGE.code, epoch=self.epoch, leader_id=self.node_id)
        limit = max(1, min(request.max_bytes, self.config.fetch_snapshot_max_bytes))
        chunk = data[partition.position:partition.position + limit]
        return M.fetch_snapshot_response(NONE, epoch=self.epoch, leader_id=self.node_id, snapshot=tuple(snapshot_id),
                                         size=len(data), position=partition.position, chunk=chunk)

    def describe_quorum(self, request: DescribeQuorumRequest, now: int) -> DescribeQuorumResponse:
        """The answer to a DescribeQuorum asked outside the Raft transport (a single voter's broker listener)."""
        return self._handle_describe_quorum(request, now)

    def _handle_describe_quorum(self, request: DescribeQuorumRequest, now: int) -> DescribeQuorumResponse:
        """The leader's view of every replica (what `kafka-metadata-quorum describe` prints)."""
        if M.single_partition(request) is None:
            return M.describe_quorum_error(request, E.UNKNOWN_TOPIC_OR_PARTITION)
        state = self.state
        if not isinstance(state, Leader):
            return M.describe_quorum_error(request, E.NOT_LEADER_OR_FOLLOWER)

        voter_set = self.voter_set

        def replica(replica_id: int) -> tuple:
            # A voter is named by its voter-set key, whose directory id a static quorum does not know (Kafka's
            # LeaderState keys its voters so); an observer by the directory id its fetches carry.
            if replica_id in self.voters:
                voter = voter_set.get(replica_id) if voter_set is not None else None
                directory = voter.directory_id if voter is not None else ZERO_DIRECTORY
            else:
                directory = None
            if replica_id == self.node_id:
                return replica_id, self.log.end_offset, now, now, directory
            progress = state.replicas.get(replica_id, ReplicaProgress())
            if directory is None:
                directory = progress.directory_id or ZERO_DIRECTORY
            return replica_id, progress.end_offset, progress.last_fetch_ms, progress.last_caught_up_ms, directory

        observers = sorted(r for r in state.replicas if r not in self.voters)
        return M.describe_quorum_response(NONE, leader_id=self.node_id, epoch=state.epoch,
                                          high_watermark=self._hw_or_unknown(),
                                          voters=[replica(v) for v in sorted(self.voters)],
                                          observers=[replica(o) for o in observers])

    # --- inbound responses -----------------------------------------------------------------------------------
    def handle_response(self, source: int, correlation_id: int, body, now: int) -> None:
        """Handle the response to a request we sent; stale, duplicate or unexpected ones are ignored."""
        self._note_reachability(source, body)
        if not self._requests.expects(source, correlation_id):
            return
        if isinstance(body, FetchResponse):
            for endpoint in body.node_endpoints or ():
                self._learned_addresses[endpoint.node_id] = (endpoint.host, endpoint.port)
        if isinstance(body, ApiVersionsResponse):
            voter_changes.handle_api_versions(self, source, body, now)
            self._requests.completed(source, body.error_code == NONE, now)
            return
        if isinstance(body, UpdateRaftVoterResponse):
            state = self.state
            if body.error_code == NONE and isinstance(state, Follower) and state.leader_id == source:
                state.updated_leader = True
            self._requests.completed(source, body.error_code == NONE, now)
            return
        if getattr(body, "error_code", NONE) != NONE:
            if body.error_code == E.INCONSISTENT_CLUSTER_ID.code:
                logger.error("node %d: node %d belongs to another cluster", self.node_id, source)
            self._requests.completed(source, False, now)
            if isinstance(self.state, Candidate):
                self._maybe_concede(self.state, now)
            return
        partition = M.single_partition(body)
        if partition is None:
            self._requests.completed(source, False, now)
            return
        if isinstance(body, VoteResponse):
            ok = self._handle_vote_response(source, partition, now)
        elif isinstance(body, BeginQuorumEpochResponse):
            ok = self._handle_quorum_epoch_response(source, partition, now)
        elif isinstance(body, EndQuorumEpochResponse):
            ok = self._handle_quorum_epoch_response(source, partition, now)
        elif isinstance(body, FetchResponse):
            ok = self._handle_fetch_response(source, partition, now)
        elif isinstance(body, FetchSnapshotResponse):
            ok = self._handle_fetch_snapshot_response(source, partition, now)
        else:
            raise TypeError(f"not a KRaft response: {type(body).__name__}")
        if self._requests.expects(source, correlation_id):
            self._requests.completed(source, ok, now)

    def _common_response(self, error: int, leader_id: int, epoch: int, now: int) -> bool | None:
        """Kafka's maybeHandleCommonResponse: True/False when the response is fully handled, None otherwise."""
        if leader_id == self.node_id and not isinstance(self.state, Leader | Resigned):
            leader_id = -1  # what a restarted former leader's peers still believe: not news to us
        if epoch < self.epoch or error == E.UNKNOWN_LEADER_EPOCH.code:
            return True
        if error in (E.FENCED_LEADER_EPOCH.code, E.NOT_LEADER_OR_FOLLOWER.code):
            self._maybe_transition(leader_id, epoch, now)
            return False
        if epoch > self.epoch or (leader_id >= 0 and not self._has_leader()):
            self._maybe_transition(leader_id, epoch, now)
            return True
        return None

    def _handle_vote_response(self, source: int, partition, now: int) -> bool:
        handled = self._common_response(partition.error_code, partition.leader_id, partition.leader_epoch, now)
        if handled is not None:
            return handled
        if partition.error_code != NONE:
            return False
        state = self.state
        if isinstance(state, Prospective | Candidate):
            (state.granted if partition.vote_granted else state.rejected).add(source)
            if isinstance(state, Prospective):
                if len(state.rejected) > len(self.voters) - majority(self.voters):
                    self._lose_pre_vote(now)
                else:
                    self._maybe_win_pre_vote(now)
            else:
                self._maybe_become_leader(now)
                if isinstance(self.state, Candidate):
                    self._maybe_concede(self.state, now)
        return True

    def _note_reachability(self, source: int, body) -> None:
        """Remember whether `source` answered its latest request: a candidate stops counting on one that did
        not (`_maybe_concede`)."""
        if getattr(body, "error_code", NONE) in NO_ANSWER:
            self._unreachable.add(source)
        else:
            self._unreachable.discard(source)

    def _maybe_concede(self, state: Candidate, now: int) -> None:
        """Leave an election that can no longer be won for the election backoff, then pre-vote again.

        Lost means a majority rejected us (Kafka's rule). Beyond Kafka, a voter the network could not reach
        (its latest request was refused, lost or timed out, and nothing came from it since) is not counted on
        either: two followers whose leader died time out together, grant each other's pre-vote, become
        candidates of the same epoch and reject each other; with the third voter dead, Kafka's candidates then
        wait out the rest of their election timeout (1-2 x controller.quorum.election.timeout.ms) before
        retrying, ours retry after the randomized election backoff (controller.quorum.election.backoff.max.ms).
        Only the timing changes: the vote, the epochs and what is persisted stay Kafka's."""
        if state.backoff_deadline is not None:
            return
        hopeful = state.voters - state.rejected - (self._unreachable - state.granted)
        if len(hopeful) >= majority(self.voters):
            return
        backoff = self._election_backoff(state.retries)
        state.backoff_deadline = now + backoff
        silent = sorted(self._unreachable & (state.voters - state.granted - state.rejected))
        logger.info("node %d: cannot win the election of epoch %d (rejected by %s%s); standing again in %d ms",
                    self.node_id, state.epoch, sorted(state.rejected),
                    f", no answer from {silent}" if silent else "", backoff)

    def _handle_quorum_epoch_response(self, source: int, partition, now: int) -> bool:
        handled = self._common_response(partition.error_code, partition.leader_id, partition.leader_epoch, now)
        if handled is not None:
            return handled
        if partition.error_code != NONE:
            return False
        if isinstance(self.state, Leader | Resigned):
            self.state.unacknowledged.discard(source)
        return True

    def _handle_fetch_response(self, source: int, partition, now: int) -> bool:
        leader = partition.current_leader
        handled = self._common_response(partition.error_code, leader.leader_id, leader.leader_epoch, now)
        if handled is not None:
            return handled
        if partition.error_code != NONE:
            return False
        state = self.state
        if not isinstance(state, Follower) or state.leader_id != source:
            return True
        state.has_fetched = True
        state.fetch_deadline = now + self.config.fetch_timeout_ms
        diverging = partition.diverging_epoch
        snapshot = partition.snapshot_id
        if diverging.epoch >= 0 and diverging.end_offset >= 0:
            offset = truncation_offset(self.log, OffsetAndEpoch(diverging.end_offset, diverging.epoch))
            if self.high_watermark is not None and offset < self.high_watermark:
                raise RaftInvariantError(f"node {self.node_id}: truncating to {offset}, below the high watermark "
                                         f"{self.high_watermark}")
            self.log.truncate_to(offset)
            if self.history.truncate(offset):
                self._voters_changed(now)
        elif snapshot.epoch >= 0 and snapshot.end_offset >= 0:
            state.snapshot_download = (SnapshotId(snapshot.end_offset, snapshot.epoch), bytearray(), -1)
        else:
            if partition.records:
                start = self.log.end_offset
                self.log.append_as_follower(partition.records)
                self.log.flush()
                if self.history.observe(partition.records, from_offset=start):
                    self._voters_changed(now)
            self._follower_high_watermark(partition.high_watermark)
        return True

    def _follower_high_watermark(self, leader_high_watermark: int) -> None:
        if leader_high_watermark < 0:
            return
        offset = min(leader_high_watermark, self.log.end_offset)
        if self.high_watermark is None or offset > self.high_watermark:
            self._set_high_watermark(offset)

    def _handle_fetch_snapshot_response(self, source: int, partition, now: int) -> bool:
        leader = partition.current_leader
        handled = self._common_response(partition.error_code, leader.leader_id, leader.leader_epoch, now)
        if handled is not None:
            return handled
        state = self.state
        if partition.error_code != NONE:
            if isinstance(state, Follower) and partition.error_code == E.SNAPSHOT_NOT_FOUND.code:
                state.snapshot_download = None  # the leader moved on; Fetch tells us its newer snapshot
            return False
        if not isinstance(state, Follower) or state.leader_id != source or state.snapshot_download is None:
            return True
        snapshot_id, received, _ = state.snapshot_download
        if (partition.snapshot_id.end_offset, partition.snapshot_id.epoch) != tuple(snapshot_id) \
                or partition.position != len(received):
            return False
        state.has_fetched = True
        state.fetch_deadline = now + self.config.fetch_timeout_ms
        received += partition.unaligned_records or b""
        if len(received) >= partition.size:
            self.log.install_snapshot(snapshot_id, bytes(received))
            self.history.reset_to_snapshot(snapshot_id.end_offset, bytes(received))
            self._voters_changed(now)
            state.snapshot_download = None
            self._follower_high_watermark(snapshot_id.end_offset)
        else:
            state.snapshot_download = (snapshot_id, received, partition.size)
        return True
