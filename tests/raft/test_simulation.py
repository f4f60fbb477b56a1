"""The KRaft quorum under the deterministic simulation (tests/raft/simulation.py).

The normal run covers 500 seeds (3 voters and 5 voters, each with an observer, and a dynamic quorum of 3 voters
and 2 observers whose voters are added and removed among the faults); `make raft-sim` runs 10,000
(KBROKER_RAFT_SIM_SEEDS sets the count). A failure names the seed and the command that replays it.
"""

from __future__ import annotations

import os

import pytest

from kbroker.protocol import errors as E
from kbroker.protocol.messages.add_raft_voter_request import AddRaftVoterRequest
from kbroker.protocol.messages.add_raft_voter_request import Listener as AddListener
from kbroker.protocol.messages.remove_raft_voter_request import RemoveRaftVoterRequest
from kbroker.raft.epoch_states import Follower
from kbroker.raft.node import RaftNode
from tests.raft.simulation import (
    ADMIN,
    CLUSTER_ID,
    InvariantViolation,
    Simulation,
    SimulationConfig,
    over_the_wire,
    run_seed,
)

SEEDS = int(os.environ.get("KBROKER_RAFT_SIM_SEEDS", "500"))
CHUNK = 50
# (voters, observers, dynamic) -> share of the seeds; five voters cost about twice as much per seed
SHARES = {(3, 1, False): 0.5, (5, 1, False): 0.3, (3, 2, True): 0.2}


def _chunks(kind) -> list[range]:
    count = int(SEEDS * SHARES[kind])
    return [range(start, min(start + CHUNK, count)) for start in range(0, count, CHUNK)]


def _id(value) -> str:
    if isinstance(value, range):
        return f"{value.start}-{value.stop - 1}"
    voters, observers, dynamic = value
    return f"{voters}{'-dynamic' if dynamic else ''}"


@pytest.mark.parametrize("kind,seeds", [(k, c) for k in SHARES for c in _chunks(k)], ids=_id)
def test_quorum_keeps_its_invariants_and_converges(kind, seeds):
    voters, observers, dynamic = kind
    for seed in seeds:
        # a violation raises with the seed, the replay command and the last events
        simulation = run_seed(seed, voters=voters, observers=observers, dynamic=dynamic)
        assert simulation.leader() is not None


def test_dynamic_quorums_add_and_remove_voters_under_faults():
    runs = [run_seed(seed, voters=3, observers=2, dynamic=True) for seed in range(30)]
    answered = [(kind, error) for r in runs for kind, _, error in r.voter_changes]
    assert ("add", 0) in answered and ("remove", 0) in answered
    assert any(r.leader().voters != frozenset({1, 2, 3}) for r in runs)


def test_static_quorums_upgrade_kraft_version_under_faults_then_change_voters():
    """Upgrades tried at the leader before every fault (refused until every voter reported in the epoch) keep the
    invariants; a quorum that upgraded has its three voters with their endpoints, and takes a voter change."""
    runs = [run_seed(seed, voters=3, observers=1, upgrade=True) for seed in range(30)]
    outcomes = [outcome for r in runs for outcome in r.upgrades]
    assert "Invalid upgrade of kraft.version to KRAFT_VERSION_1 because not all of the voters support it" in outcomes
    upgraded = [r for r in runs if r.leader().kraft_version == 1]
    assert len(upgraded) >= 5
    for run in upgraded[:5]:
        leader = run.leader()
        if leader.voter_set.ids == {1, 2, 3}:  # no voter change went through during the faults
            assert [v.endpoints for v in leader.voter_set.voters.values()] == [
                (("CONTROLLER", f"node{n}", 9093),) for n in (1, 2, 3)]
        answered = len(run.voter_changes)
        run._change_voters(leader)
        run.advance(run.now + 5000)
        assert [error for _, _, error in run.voter_changes[answered:]] == [0]


def test_a_seed_replays_identically():
    first = Simulation(7, SimulationConfig(voters=5))
    first.run()
    second = Simulation(7, SimulationConfig(voters=5))
    second.run()
    assert first.trace == second.trace
    assert first.committed == second.committed
    assert first.leaders_by_epoch == second.leaders_by_epoch


def test_simulation_exercises_elections_log_reconciliation_and_snapshots():
    runs = [run_seed(seed, voters=3) for seed in range(20)]
    assert sum(len(r.leaders_by_epoch) for r in runs) > 40
    assert all(r.committed_end > 20 for r in runs)
    assert sum(log.truncations for r in runs for log in r.logs.values()) > 0  # diverging epochs happened
    assert sum(log.snapshots_installed for r in runs for log in r.logs.values()) > 0  # FetchSnapshot happened


def quiet_cluster(voters: int = 3) -> Simulation:
    """A cluster on a clean network, left alone until it has a leader."""
    simulation = Simulation(11, SimulationConfig(voters=voters))
    simulation.lossy = False
    simulation.advance(5_000)
    assert simulation.leader() is not None
    return simulation


def test_an_isolated_follower_rejoins_without_disturbing_the_leader():
    """KIP-996: cut off, a follower only pre-votes, so its epoch stays and the leader keeps leading."""
    simulation = quiet_cluster()
    leader = simulation.leader()
    epoch = leader.epoch
    follower = next(n for n in simulation.voter_ids if n != leader.node_id)
    simulation.isolate(follower, 10_000)
    simulation.advance(simulation.now + 10_000)
    assert simulation.nodes[follower].epoch == epoch and not simulation.nodes[follower].is_leader
    leader.append([b"after the partition"], simulation.now)
    simulation.advance(simulation.now + 3_000)
    assert simulation.leader() is leader and leader.epoch == epoch
    assert simulation.nodes[follower].high_watermark == leader.high_watermark == leader.log.end_offset


def test_an_isolated_leader_resigns_and_the_majority_elects_another():
    simulation = quiet_cluster()
    old = simulation.leader()
    simulation.isolate(old.node_id, 20_000)
    simulation.advance(simulation.now + 3_000 + 1)  # controller.quorum.fetch.timeout.ms * 1.5
    assert not old.is_leader
    simulation.advance(simulation.now + 5_000)
    new = simulation.leader()
    assert new is not None and new.node_id != old.node_id and new.epoch > old.epoch


def test_a_resigning_leader_hands_over_within_an_election_timeout():
    simulation = quiet_cluster(voters=5)
    old = simulation.leader()
    started = simulation.now
    old.resign(simulation.now)
    simulation.advance(simulation.now + 1_000)
    new = simulation.leader()
    assert new is not None and new.node_id != old.node_id, simulation.trace
    assert simulation.now - started <= 1_000


def test_the_quorum_recovers_after_every_node_crashes():
    simulation = quiet_cluster()
    leader = simulation.leader()
    for i in range(5):
        leader.append([b"before the crash %d" % i], simulation.now)
    simulation.advance(simulation.now + 1_000)
    committed = simulation.committed_end
    assert committed >= 6  # the LeaderChange and the five appends
    for node_id in sorted(simulation.nodes):
        simulation.crash(node_id, 500)
    simulation.advance(simulation.now + 8_000)
    new = simulation.leader()
    assert new is not None and new.epoch > leader.epoch
    assert all(node.high_watermark is not None and node.high_watermark > committed
               for node in simulation.nodes.values())


def test_simulation_catches_votes_granted_to_stale_logs(monkeypatch):
    """The invariants can fail: a node that ignores how up to date a candidate's log is loses committed data."""
    monkeypatch.setattr(RaftNode, "_is_log_up_to_date", lambda self, last_epoch, last_offset: True)
    with pytest.raises(InvariantViolation, match=r"seed \d+ at \d+ ms: .*(committed batch at offset \d+ changed|"
                                                 r"below the high watermark)"):
        for seed in range(100):
            run_seed(seed, voters=3)


def _admin(simulation: Simulation, node: RaftNode, request) -> int:
    simulation._change_correlation += 1
    node.handle_request(ADMIN, simulation._change_correlation, over_the_wire(request), simulation.now)
    return simulation._change_correlation


def test_a_voter_is_added_then_the_leader_removes_itself_and_resigns():
    simulation = Simulation(5, SimulationConfig(voters=3, observers=1, dynamic=True))
    simulation.lossy = False
    simulation.advance(5_000)
    leader = simulation.leader()
    directories = simulation.directories
    add_100 = AddRaftVoterRequest(cluster_id=CLUSTER_ID, voter_id=100, voter_directory_id=directories[100],
                                  listeners=[AddListener(name="CONTROLLER", host="node100", port=9093)])
    first = _admin(simulation, leader, add_100)
    simulation.advance(simulation.now + 3_000)
    assert simulation.voter_changes == [("add", first, E.NONE.code)]
    assert all(node.voters == {1, 2, 3, 100} for node in simulation.nodes.values())
    assert simulation.nodes[100].is_voter
    duplicate = _admin(simulation, leader, add_100)
    wrong_directory = _admin(simulation, leader, RemoveRaftVoterRequest(
        cluster_id=CLUSTER_ID, voter_id=leader.node_id, voter_directory_id=directories[100]))
    simulation.advance(simulation.now + 100)
    assert simulation.voter_changes[1:] == [("add", duplicate, E.DUPLICATE_VOTER.code),
                                            ("remove", wrong_directory, E.VOTER_NOT_FOUND.code)]
    itself = _admin(simulation, leader, RemoveRaftVoterRequest(
        cluster_id=CLUSTER_ID, voter_id=leader.node_id, voter_directory_id=directories[leader.node_id]))
    simulation.advance(simulation.now + 5_000)
    assert ("remove", itself, E.NONE.code) in simulation.voter_changes
    new_leader = simulation.leader()
    assert new_leader is not None and new_leader.node_id != leader.node_id
    assert new_leader.voters == {1, 2, 3, 100} - {leader.node_id}
    removed = simulation.nodes[leader.node_id]
    assert not removed.is_voter and removed.leader_id == new_leader.node_id  # it follows as an observer


def test_followers_that_lose_their_leader_together_elect_within_the_bound():
    """Issue #14: kill the leader when both followers' fetch timers run out at the same instant (the leader had
    answered their fetches together). They pre-vote, and often become candidates of one epoch and reject each
    other; the dead leader's refused connection tells each that it cannot win, so they stand again after the
    election backoff instead of the rest of their election timeout: a leader within fetch timeout plus election
    timeout, every time."""
    config = SimulationConfig(voters=3)
    bound = config.quorum.fetch_timeout_ms + config.quorum.election_timeout_ms
    epochs_taken = []
    for seed in range(24):
        simulation = Simulation(seed, config)
        simulation.lossy = False
        simulation.advance(5_000)
        old = simulation.leader()
        simulation.crash(old.node_id, 60_000)
        killed_at = simulation.now
        for node in simulation.nodes.values():
            assert isinstance(node.state, Follower)
            node.state.fetch_deadline = killed_at + config.quorum.fetch_timeout_ms
        simulation.advance(killed_at + bound)
        new = simulation.leader()
        assert new is not None and new.epoch > old.epoch, f"seed {seed}: no leader {bound} ms after the kill"
        epochs_taken.append(new.epoch - old.epoch)
    assert max(epochs_taken) >= 2, "no split vote happened: the case is not exercised"
