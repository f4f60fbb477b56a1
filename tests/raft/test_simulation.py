"""The KRaft quorum under the deterministic simulation (tests/raft/simulation.py).

The normal run covers 500 seeds (3 voters and 5 voters, each with an observer); `make raft-sim` runs 10,000
(KBROKER_RAFT_SIM_SEEDS sets the count). A failure names the seed and the command that replays it.
"""

from __future__ import annotations

import os

import pytest

from kbroker.raft.node import RaftNode
from tests.raft.simulation import InvariantViolation, Simulation, SimulationConfig, run_seed

SEEDS = int(os.environ.get("KBROKER_RAFT_SIM_SEEDS", "500"))
CHUNK = 50
SHARES = {3: 0.6, 5: 0.4}  # of the seeds; five voters cost about twice as much per seed


def _chunks(voters: int) -> list[range]:
    count = int(SEEDS * SHARES[voters])
    return [range(start, min(start + CHUNK, count)) for start in range(0, count, CHUNK)]


@pytest.mark.parametrize("voters,seeds", [(v, c) for v in SHARES for c in _chunks(v)],
                         ids=lambda value: f"{value.start}-{value.stop - 1}" if isinstance(value, range) else str(value))
def test_quorum_keeps_its_invariants_and_converges(voters, seeds):
    for seed in seeds:
        # a violation raises with the seed, the replay command and the last events
        simulation = run_seed(seed, voters=voters, observers=1)
        assert simulation.leader() is not None


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
