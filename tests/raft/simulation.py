"""A deterministic simulation of a KRaft quorum (after Kafka's RaftEventSimulationTest).

N voters and some observers run `kbroker.raft.node.RaftNode` over in-memory logs. One `random.Random(seed)`
drives everything: a virtual clock advanced event by event, a network that drops, delays, duplicates and
reorders messages and cuts the nodes into partitions, crashes that lose what a node had not flushed, restarts,
graceful resignations, snapshots, and clients appending at the leader. The same seed replays the same run.
As the driver's network client does, a request to a node that is down (or restarted since) comes back as a
BROKER_NOT_AVAILABLE failure, and one cut off by a partition as REQUEST_TIMED_OUT after the request timeout.
With `dynamic` (KIP-853) the voters live in the log: every node starts from the same VotersRecord, and an
admin adds observers as voters and removes voters (AddRaftVoter / RemoveRaftVoter at the leader, one change at
a time) among the faults; the simulation answers the leader's ApiVersions as a node's controller listener does.

After every step the invariants are checked: at most one leader per epoch, a node's epoch never goes back,
its high watermark never goes back (across restarts too), and committed data never changes. After the faults
heal, a leader must be elected and every committed entry must reach every node (liveness).
"""

from __future__ import annotations

import heapq
import random
import uuid

import attrs

from kbroker.protocol import errors as E
from kbroker.protocol import messages
from kbroker.protocol import records as R
from kbroker.protocol.messages.add_raft_voter_request import AddRaftVoterRequest
from kbroker.protocol.messages.add_raft_voter_request import Listener as AddListener
from kbroker.protocol.messages.add_raft_voter_response import AddRaftVoterResponse
from kbroker.protocol.messages.api_versions_request import ApiVersionsRequest
from kbroker.protocol.messages.api_versions_response import ApiVersionsResponse, SupportedFeatureKey
from kbroker.protocol.messages.remove_raft_voter_request import RemoveRaftVoterRequest
from kbroker.raft.epoch_states import Follower, Leader
from kbroker.raft.kraft_upgrade import InvalidUpdateVersion
from kbroker.raft.memory_log import MemoryElectionStore, MemoryRaftLog
from kbroker.raft.node import Outbound, QuorumConfig, RaftNode
from kbroker.raft.voter_set import VoterNode, VoterSet, kraft_version_and_voters_batch

CLUSTER_ID = "sim-cluster-id-0000000"


class InvariantViolation(AssertionError):
    pass


@attrs.frozen
class SimulationConfig:
    voters: int = 3
    observers: int = 1
    fault_ms: int = 12_000  # faults and client appends happen in [0, fault_ms)
    heal_ms: int = 10_000  # then the network heals, every node runs, and the quorum must converge
    drop_rate: float = 0.05
    duplicate_rate: float = 0.03
    max_delay_ms: int = 40
    slow_rate: float = 0.02  # some messages are very late (they arrive after newer ones)
    mean_fault_gap_ms: int = 800
    mean_append_gap_ms: int = 120
    quorum: QuorumConfig = QuorumConfig(fetch_max_bytes=600, fetch_snapshot_max_bytes=700, retry_backoff_ms=50)
    dynamic: bool = False
    upgrade: bool = False  # a static quorum whose voters report their endpoints; faults include the kraft.version upgrade


ADMIN = 0  # the source of AddRaftVoter / RemoveRaftVoter requests; its responses are recorded, not delivered


@attrs.define
class _Message:
    source: int
    destination: int
    correlation_id: int
    body: object
    is_response: bool
    incarnations: tuple[int, int]  # of source and destination when sent: a restart breaks the connection
    network_failure: bool = False  # made by the destination's own network client: needs no live source


def over_the_wire(body):
    """The message as the peer decodes it from Kafka's encoding at the newest version (what a socket carries)."""
    version = max(type(body)._ENCODERS)
    return type(body).decode(memoryview(body.encode(version)), 0, version)[0]


class Simulation:
    def __init__(self, seed: int, config: SimulationConfig = SimulationConfig()):
        self.seed = seed
        self.config = config
        self.random = random.Random(seed)
        self.now = 0
        self.voter_ids = list(range(1, config.voters + 1))
        self.node_ids = self.voter_ids + list(range(100, 100 + config.observers))
        self.logs = {n: MemoryRaftLog() for n in self.node_ids}
        self.stores = {n: MemoryElectionStore() for n in self.node_ids}
        self.nodes: dict[int, RaftNode] = {}
        self.incarnation = {n: 0 for n in self.node_ids}
        self.restart_at: dict[int, int] = {}
        self.partition: dict[int, int] | None = None  # node -> side; None when the network is whole
        self.partition_heals_at = 0
        self.lossy = True
        self._queue: list[tuple[int, int, _Message]] = []
        self._sequence = 0
        self.appended = 0
        self.trace: list[str] = []
        # invariant state
        self.leaders_by_epoch: dict[int, int] = {}
        self.max_epoch = {n: 0 for n in self.node_ids}
        self.max_high_watermark = {n: 0 for n in self.node_ids}
        self.committed: dict[int, bytes] = {}  # batch base offset -> raw batch, as first seen committed
        self.committed_end = 0
        self.checked_up_to = {n: 0 for n in self.node_ids}
        self.directories = {n: uuid.UUID(int=self.random.getrandbits(128)) for n in self.node_ids}
        self.voter_changes: list[tuple[str, int, int]] = []  # (add/remove, voter, error code) answered
        self.upgrades: list[str] = []  # what each kraft.version upgrade attempt came to
        self._change_correlation = 0
        if config.dynamic:
            initial = VoterSet({v: VoterNode(v, self.directories[v], (("CONTROLLER", f"node{v}", 9093),))
                                for v in self.voter_ids})
            for log in self.logs.values():
                log.append_as_follower(bytes(kraft_version_and_voters_batch(initial, base_offset=0, epoch=0, timestamp=0)))
                log.flush()
        for node_id in self.node_ids:
            self._start(node_id)

    # --- nodes -----------------------------------------------------------------------------------------------
    def _start(self, node_id: int) -> None:
        rng = random.Random(self.random.getrandbits(64))
        endpoints = (("CONTROLLER", f"node{node_id}", 9093),) if self.config.upgrade else None
        self.nodes[node_id] = RaftNode(node_id, self.voter_ids, self.logs[node_id], self.stores[node_id],
                                       cluster_id=CLUSTER_ID, now=self.now, config=self.config.quorum, rng=rng,
                                       directory_id=self.directories[node_id], local_endpoints=endpoints)
        self.incarnation[node_id] += 1
        self.checked_up_to[node_id] = 0
        self._note(f"start {node_id}")

    def crash(self, node_id: int, down_ms: int) -> None:
        del self.nodes[node_id]
        self.logs[node_id].crash()
        self.restart_at[node_id] = self.now + down_ms
        self._note(f"crash {node_id} for {down_ms} ms")

    def _note(self, line: str) -> None:
        self.trace.append(f"{self.now:>7} {line}")
        if len(self.trace) > 60:
            del self.trace[:20]

    def leader(self) -> RaftNode | None:
        leaders = [n for n in self.nodes.values() if n.is_leader]
        return max(leaders, key=lambda n: n.epoch) if leaders else None

    # --- network ---------------------------------------------------------------------------------------------
    def _send(self, source: int, outbound) -> None:
        if outbound.destination == ADMIN:
            kind = "add" if isinstance(outbound.body, AddRaftVoterResponse) else "remove"
            self.voter_changes.append((kind, outbound.correlation_id, outbound.body.error_code))
            self._note(f"{kind} voter answered {outbound.body.error_code} (request {outbound.correlation_id})")
            return
        copies = 1
        if self.lossy:
            if self.random.random() < self.config.drop_rate:
                return
            if self.random.random() < self.config.duplicate_rate:
                copies = 2
        body = over_the_wire(outbound.body)
        for _ in range(copies):
            delay = self.random.randint(1, self.config.max_delay_ms)
            if self.lossy and self.random.random() < self.config.slow_rate:
                delay += self.random.randint(200, 3000)
            self._sequence += 1
            message = _Message(source, outbound.destination, outbound.correlation_id, body,
                               outbound.is_response,
                               (self.incarnation[source], self.incarnation[outbound.destination]))
            heapq.heappush(self._queue, (self.now + delay, self._sequence, message))

    def _connected(self, a: int, b: int) -> bool:
        return self.partition is None or self.partition[a] == self.partition[b]

    def _deliver(self, message: _Message) -> None:
        node = self.nodes.get(message.destination)
        if message.network_failure:
            if node is not None and message.incarnations[1] == self.incarnation[message.destination]:
                node.handle_response(message.source, message.correlation_id, message.body, self.now)
            return
        if message.source not in self.nodes or message.incarnations[0] != self.incarnation[message.source]:
            return
        if not self._connected(message.source, message.destination):
            if not message.is_response:
                self._fail_request(message, E.REQUEST_TIMED_OUT.code, self.config.quorum.request_timeout_ms)
            return
        if node is None or message.incarnations[1] != self.incarnation[message.destination]:
            if not message.is_response:  # connection refused, or lost with the restart
                self._fail_request(message, E.BROKER_NOT_AVAILABLE.code, self.random.randint(1, 5))
            return
        if message.is_response:
            node.handle_response(message.source, message.correlation_id, message.body, self.now)
        elif isinstance(message.body, ApiVersionsRequest):  # what the node's controller listener answers
            self._send(message.destination, Outbound(message.source, message.correlation_id, ApiVersionsResponse(
                supported_features=[SupportedFeatureKey(name="kraft.version", min_version=0, max_version=1)]), True))
        else:
            node.handle_request(message.source, message.correlation_id, message.body, self.now)

    def _fail_request(self, message: _Message, error: int, delay: int) -> None:
        """What the sender's network client hands its node for a request that got no response."""
        body = messages.response_class(message.body.API_KEY)(error_code=error)
        self._sequence += 1
        failure = _Message(message.destination, message.source, message.correlation_id, body, True,
                           (message.incarnations[1], message.incarnations[0]), network_failure=True)
        heapq.heappush(self._queue, (self.now + delay, self._sequence, failure))

    # --- faults and clients ----------------------------------------------------------------------------------
    def _fault(self) -> None:
        kind = self.random.random()
        running = sorted(self.nodes)
        leader = self.leader()
        if self.config.upgrade and leader is not None:
            # before every fault: the upgrade until it went through, then a voter change
            self._upgrade(leader) if leader.kraft_version == 0 else self._change_voters(leader)
        if kind < 0.35 and running:
            victim = leader.node_id if leader is not None and self.random.random() < 0.5 else self.random.choice(running)
            self.crash(victim, self.random.randint(100, 4000))
        elif kind < 0.6:
            sides = {n: self.random.randrange(2) for n in self.node_ids}
            if leader is not None and self.random.random() < 0.5:
                sides = {n: int(n == leader.node_id or self.random.random() < 0.2) for n in self.node_ids}
            self.partition = sides
            self.partition_heals_at = self.now + self.random.randint(500, 5000)
            self._note(f"partition {sides}")
        elif kind < 0.75:
            if leader is not None:
                self._note(f"resign {leader.node_id} epoch {leader.epoch}")
                leader.resign(self.now)
        elif kind < 0.9 and (self.config.dynamic or self.config.upgrade):
            self._change_voters(leader)
        else:
            self._snapshot()

    def _change_voters(self, leader: RaftNode | None) -> None:
        """An admin adds a node that is not a voter, or removes a voter, at the leader."""
        if leader is None or leader.voter_set is None:
            return
        self._change_correlation += 1
        voters = leader.voter_set
        outsiders = [n for n in self.node_ids if n not in voters.ids]
        if outsiders and (len(voters.ids) <= 2 or self.random.random() < 0.5):
            added = self.random.choice(outsiders)
            request = AddRaftVoterRequest(cluster_id=CLUSTER_ID, timeout_ms=30_000, voter_id=added,
                                          voter_directory_id=self.directories[added],
                                          listeners=[AddListener(name="CONTROLLER", host=f"node{added}", port=9093)])
            self._note(f"add voter {added} at {leader.node_id} (request {self._change_correlation})")
        else:
            removed = self.random.choice(sorted(voters.ids))
            request = RemoveRaftVoterRequest(cluster_id=CLUSTER_ID, voter_id=removed,
                                             voter_directory_id=self.directories[removed])
            self._note(f"remove voter {removed} at {leader.node_id} (request {self._change_correlation})")
        leader.handle_request(ADMIN, self._change_correlation, over_the_wire(request), self.now)

    def _upgrade(self, leader: RaftNode) -> None:
        """An admin's `kafka-features upgrade --feature kraft.version=1` reaching the leader."""
        try:
            appended = leader.upgrade_kraft_version(leader.epoch, 1, validate_only=False, now=self.now)
        except InvalidUpdateVersion as refused:
            self.upgrades.append(str(refused))
            self._note(f"upgrade refused at {leader.node_id}: {refused}")
            return
        self.upgrades.append("appended" if appended else "nothing to do")
        self._note(f"upgrade at {leader.node_id}: {self.upgrades[-1]}")

    def _snapshot(self) -> None:
        running = sorted(self.nodes)
        if not running:
            return
        node = self.nodes[self.random.choice(running)]
        log = self.logs[node.node_id]
        if node.high_watermark is None:
            return
        at = log.batch_boundary_at_or_below(min(node.high_watermark, log.flushed_offset))
        if at > log.log_start_offset:
            snapshot_id = log.create_snapshot(at)
            self._note(f"snapshot {node.node_id} at {snapshot_id}")

    def _client_append(self) -> None:
        leader = self.leader()
        if leader is None:
            return
        values = [f"s{self.seed}-v{self.appended + i}".encode() for i in range(self.random.randint(1, 4))]
        self.appended += len(values)
        leader.append(values, self.now)

    # --- the loop --------------------------------------------------------------------------------------------
    def run(self) -> None:
        try:
            self._run()
        except InvariantViolation:
            raise
        except Exception as exc:  # a node refusing to go on (e.g. truncating committed data) fails the seed too
            self.fail(f"{type(exc).__name__}: {exc}")

    def _run(self) -> None:
        config = self.config
        next_fault = self._gap(config.mean_fault_gap_ms)
        next_append = self._gap(config.mean_append_gap_ms)
        end = config.fault_ms + config.heal_ms
        healed = False
        while self.now < end:
            if not healed and self.now >= config.fault_ms:
                healed = True
                self._heal()
            timers = [self._queue[0][0] if self._queue else end]
            timers += [node.next_deadline(self.now) for node in self.nodes.values()]
            timers += list(self.restart_at.values())
            if not healed:
                timers += [next_fault, next_append, config.fault_ms]
                if self.partition is not None:
                    timers.append(self.partition_heals_at)
            elif self.now < end - config.heal_ms // 2:
                timers.append(next_append)
            self.now = max(self.now, min(timers))
            if self.now >= end:
                break
            self._step()
            if not healed and self.now >= next_fault:
                self._fault()
                next_fault = self.now + self._gap(config.mean_fault_gap_ms)
            if self.now >= next_append and (not healed or self.now < end - config.heal_ms // 2):
                self._client_append()
                next_append = self.now + self._gap(config.mean_append_gap_ms)
            self.check_invariants()
        self.check_liveness()

    def advance(self, until: int) -> None:
        """Run the quorum without new faults or appends up to `until` (for scripted scenarios)."""
        while True:
            timers = [self._queue[0][0] if self._queue else until]
            timers += [node.next_deadline(self.now) for node in self.nodes.values()]
            timers += list(self.restart_at.values())
            if self.partition is not None:
                timers.append(self.partition_heals_at)
            next_time = max(self.now, min(timers))
            if next_time >= until:
                self.now = until
                return
            self.now = next_time
            self._step()
            self.check_invariants()

    def isolate(self, node_id: int, duration_ms: int) -> None:
        self.partition = {n: int(n == node_id) for n in self.node_ids}
        self.partition_heals_at = self.now + duration_ms
        self._note(f"isolate {node_id} for {duration_ms} ms")

    def _gap(self, mean: int) -> int:
        return 1 + int(self.random.expovariate(1 / mean))

    def _step(self) -> None:
        for node_id, at in sorted(self.restart_at.items()):
            if at <= self.now:
                del self.restart_at[node_id]
                self._start(node_id)
        if self.partition is not None and self.now >= self.partition_heals_at:
            self.partition = None
            self._note("partition healed")
        while self._queue and self._queue[0][0] <= self.now:
            _, _, message = heapq.heappop(self._queue)
            self._deliver(message)
        for node_id in sorted(self.nodes):
            node = self.nodes[node_id]
            if node.next_deadline(self.now) <= self.now:
                for outbound in node.poll(self.now):
                    self._send(node_id, outbound)

    def _heal(self) -> None:
        self._note("heal")
        self.lossy = False
        self.partition = None
        for node_id in sorted(self.restart_at):
            self.restart_at[node_id] = self.now
        self.restart_at.update({n: self.now for n in self.node_ids if n not in self.nodes})

    # --- invariants ------------------------------------------------------------------------------------------
    def fail(self, message: str) -> None:
        raise InvariantViolation(
            f"seed {self.seed} at {self.now} ms: {message}\n"
            f"replay: PYTHONPATH=$PWD .venv/bin/python -m tests.raft.simulation {self.seed} "
            f"--voters {self.config.voters} --observers {self.config.observers}\n"
            "last events:\n  " + "\n  ".join(self.trace[-25:]))

    def check_invariants(self) -> None:
        for node_id, node in self.nodes.items():
            state = node.state
            if isinstance(state, Leader | Follower):
                leader = node_id if isinstance(state, Leader) else state.leader_id
                known = self.leaders_by_epoch.setdefault(state.epoch, leader)
                if known != leader:
                    self.fail(f"two leaders in epoch {state.epoch}: {known} and {leader} (seen by {node_id})")
            if node.epoch < self.max_epoch[node_id]:
                self.fail(f"node {node_id} epoch went back from {self.max_epoch[node_id]} to {node.epoch}")
            self.max_epoch[node_id] = node.epoch
            hw = node.high_watermark
            if hw is not None:
                if hw < self.max_high_watermark[node_id]:
                    self.fail(f"node {node_id} high watermark went back from {self.max_high_watermark[node_id]} "
                              f"to {hw}")
                self.max_high_watermark[node_id] = hw
                self._check_committed(node_id, hw)

    def _check_committed(self, node_id: int, hw: int) -> None:
        log = self.logs[node_id]
        checked = self.checked_up_to[node_id]
        if hw <= checked:
            return
        if checked < log.log_start_offset:
            snapshot = log.latest_snapshot()
            data = log.read_snapshot(snapshot)
            for batch in R.iter_batches(data):
                if batch.base_offset >= checked:
                    self._compare(node_id, batch.base_offset, batch.last_offset, bytes(data[batch.pos:batch.pos + batch.size]))
            checked = log.log_start_offset
        for base, last, raw in log.batches(checked):
            if base >= hw:
                break
            if last >= hw:
                self.fail(f"node {node_id}: high watermark {hw} inside the batch {base}..{last}")
            self._compare(node_id, base, last, raw)
        self.checked_up_to[node_id] = max(checked, hw)

    def _compare(self, node_id: int, base: int, last: int, raw: bytes) -> None:
        known = self.committed.get(base)
        if known is None:
            if base != self.committed_end and base < self.committed_end:
                self.fail(f"node {node_id}: committed batch at {base} does not line up with the committed history")
            self.committed[base] = raw
            self.committed_end = max(self.committed_end, last + 1)
        elif known != raw:
            self.fail(f"node {node_id}: committed batch at offset {base} changed")

    def check_liveness(self) -> None:
        leader = self.leader()
        if leader is None:
            self.fail("no leader after the faults healed")
        hw = leader.high_watermark
        if hw is None or hw < self.committed_end or hw <= leader.state.epoch_start_offset:
            self.fail(f"leader {leader.node_id} high watermark {hw} is behind the committed end {self.committed_end}")
        for node_id in self.node_ids:
            node = self.nodes[node_id]
            if node.epoch != leader.epoch or node.leader_id != leader.node_id:
                self.fail(f"node {node_id} is in epoch {node.epoch} with leader {node.leader_id}, not "
                          f"{leader.epoch}/{leader.node_id}")
            if node.high_watermark != hw:
                self.fail(f"node {node_id} high watermark {node.high_watermark} != leader's {hw}")
            self.checked_up_to[node_id] = 0
            self._check_committed(node_id, hw)


def run_seed(seed: int, voters: int = 3, observers: int = 1, dynamic: bool = False,
             upgrade: bool = False) -> Simulation:
    # an upgrade needs every voter's UpdateRaftVoter (one per fetch timeout) in one epoch: fewer faults
    simulation = Simulation(seed, SimulationConfig(voters=voters, observers=observers, dynamic=dynamic,
                                                   upgrade=upgrade, mean_fault_gap_ms=2500 if upgrade else 800))
    simulation.run()
    return simulation


if __name__ == "__main__":
    import argparse
    import logging

    parser = argparse.ArgumentParser(description="Replay one seed of the KRaft simulation with node logs.")
    parser.add_argument("seed", type=int)
    parser.add_argument("--voters", type=int, default=3)
    parser.add_argument("--observers", type=int, default=1)
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG, format="%(message)s")
    sim = run_seed(args.seed, args.voters, args.observers)
    print(f"seed {args.seed}: ok, committed end {sim.committed_end}, leader epoch {sim.leader().epoch}")
