"""Fault rounds drawn from a seed, under continuous produce and consume, then the queue checker.

`schedule(seed, rounds)` is the replayable part: the first rounds take each fault kind once (in an order the
seed shuffles), later ones draw kinds at random; each round also draws its partition, which other node a
second fault hits, and how long the fault lasts. Who leads the partition is found when the round runs.

Fault kinds (each ends healed: every node serves and every ISR is full again before the next round):
- `kill_leader`: kill -9 the partition's leader, then restart it on its log dir;
- `pause_leader`: SIGSTOP the leader, then SIGCONT;
- `isolate_leader`: cut every inter-node path of the leader (blackholed both ways), then heal;
- `cut_followers`: cut the paths between the partition's two followers, then heal;
- `kill_two`: kill -9 the leader and another node back to back (the quorum is lost), then restart both;
- `controlled_shutdown`: SIGTERM the leader and wait for its exit, then restart it.

On a mixed cluster (compat_tests/test_mixed_cluster.py) `leader_kinds` aims the rounds in turn at partitions led by
a node of each kind, and `fault_kinds` narrows the kinds drawn.

Failover per round: from the fault to the first acknowledgement on that partition of a record sent after the
fault, as the confluent-kafka producers (whose send times are known) see it: it includes librdkafka's own
recovery (request timeouts, metadata refresh, idempotent epoch bump), not only the brokers' leader election. `FaultRun.run()` returns a `RunReport` (seed, schedule, rounds, checker result, failover p50/p99 per
kind) that `save()` writes as JSON.
"""

from __future__ import annotations

import json
import logging
import math
import os
import random
import time
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

from compat_tests.cluster.checker import CheckResult, Writer, check, duplicated_positions
from compat_tests.cluster.launcher import Cluster
from compat_tests.cluster.workload import (
    GroupConsumer,
    History,
    IsrSampler,
    JavaProducer,
    PythonProducer,
    read_everything,
    read_writers,
)

log = logging.getLogger(__name__)

FAULT_KINDS = ("kill_leader", "pause_leader", "isolate_leader", "cut_followers", "kill_two",
               "controlled_shutdown")
MIN_INSYNC_REPLICAS = 2
TOPIC_CONFIGS = {"min.insync.replicas": str(MIN_INSYNC_REPLICAS), "unclean.leader.election.enable": "false"}
# Two of three nodes down: no quorum and fewer than min.insync.replicas, so produce waits for the restart.
ENDED_ONLY_BY_HEALING = {"kill_two"}
# How long a round waits for produce to succeed on its partition before healing anyway.
MAX_FAULT_S = 20.0


class Round(NamedTuple):
    index: int
    kind: str
    partition: int
    other_pick: int  # which of the remaining nodes a second fault picks (index into a sorted list)
    hold_s: float  # the fault lasts at least this long


def schedule(seed: int, rounds: int, partitions: int, fault_kinds: Sequence[str] = FAULT_KINDS) -> list[Round]:
    rng = random.Random(seed)
    kinds = list(fault_kinds)
    rng.shuffle(kinds)
    drawn = []
    for index in range(rounds):
        kind = kinds[index] if index < len(kinds) else rng.choice(fault_kinds)
        drawn.append(Round(index, kind, rng.randrange(partitions), rng.randrange(2), round(rng.uniform(1.0, 6.0), 2)))
    return drawn


class RoundRecord(NamedTuple):
    round: Round
    leader: int
    targets: list[int]
    fault_at: float
    healed_at: float
    healthy_at: float
    failover_s: float | None  # None: produce did not succeed on the partition again within MAX_FAULT_S of healing


def percentile(values: list[float], fraction: float) -> float:
    """Nearest-rank percentile."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(fraction * len(ordered)) - 1)]


class RunReport(NamedTuple):
    broker: str
    seed: int
    schedule: list[Round]
    rounds: list[RoundRecord]
    result: CheckResult
    failed_sends: int
    elapsed_s: float
    node_kinds: dict[int, str]
    load_averages: tuple[tuple[float, float, float], ...] = ()  # os.getloadavg() at the start and at the end

    def failover_by_kind(self) -> dict[str, dict[str, float | int]]:
        by_kind: dict[str, list[float]] = defaultdict(list)
        unrecovered: dict[str, int] = defaultdict(int)
        for record in self.rounds:
            if record.failover_s is None:
                unrecovered[record.round.kind] += 1
            else:
                by_kind[record.round.kind].append(record.failover_s)
        return {kind: {"rounds": len(by_kind[kind]) + unrecovered[kind],
                       "p50_s": round(percentile(by_kind[kind], 0.5), 2) if by_kind[kind] else None,
                       "p99_s": round(percentile(by_kind[kind], 0.99), 2) if by_kind[kind] else None,
                       "not_recovered": unrecovered[kind]}
                for kind in sorted(set(by_kind) | set(unrecovered))}

    def acks_by_producer(self) -> dict[str, int]:
        return dict(sorted(self.result.acks_by_producer.items()))

    def as_json(self) -> dict:
        start = self.rounds[0].fault_at if self.rounds else 0.0
        return {
            "broker": self.broker, "seed": self.seed, "elapsed_s": round(self.elapsed_s, 1),
            "load_averages_start_end": [[round(x, 2) for x in load] for load in self.load_averages],
            "replay": f"CLUSTER_SEED={self.seed} CLUSTER_ROUNDS={len(self.schedule)}",
            "checker": self.result.summary(), "failed_sends": self.failed_sends,
            "acks_by_producer": self.acks_by_producer(),
            "failover": self.failover_by_kind(),
            "rounds": [{**r.round._asdict(), "leader": r.leader, "targets": r.targets,
                        "leader_kind": self.node_kinds.get(r.leader, self.broker),
                        "fault_at_s": round(r.fault_at - start, 2), "healed_after_s": round(r.healed_at - r.fault_at, 2),
                        "healthy_after_s": round(r.healthy_at - r.fault_at, 2),
                        "failover_s": None if r.failover_s is None else round(r.failover_s, 3)}
                       for r in self.rounds],
            "anomalies": self.result.describe() if not self.result.ok else "",
        }

    def save(self, path: Path) -> Path:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(self.as_json(), indent=2) + "\n")
        return path


class FaultRun:
    """Creates `topic` on `cluster`, starts the workload, runs the rounds, reads everything, checks."""

    def __init__(self, cluster: Cluster, topic: str, seed: int, rounds: int, partitions: int = 3,
                 java_producer: bool = True, fault_kinds: Sequence[str] = FAULT_KINDS,
                 leader_kinds: Sequence[str] = ()):
        """`leader_kinds` (a mixed cluster's): round i hits a partition led by a node of kind
        leader_kinds[i % len]: the drawn partition if such a node leads it, else another one that is."""
        self.cluster, self.topic, self.seed, self.partitions = cluster, topic, seed, partitions
        self.schedule = schedule(seed, rounds, partitions, fault_kinds)
        self.leader_kinds = tuple(leader_kinds)
        self.java_producer = java_producer
        self.history = History()

    def run(self) -> RunReport:
        started, load_at_start = time.monotonic(), os.getloadavg()
        cluster = self.cluster
        log.info("fault run on %s, seed %d (replay: CLUSTER_SEED=%d CLUSTER_ROUNDS=%d): %s", cluster.kind, self.seed,
                 self.seed, len(self.schedule), [(r.kind, r.partition) for r in self.schedule])
        cluster.create_topic(self.topic, self.partitions, TOPIC_CONFIGS)
        workers = [PythonProducer(cluster.bootstrap, self.topic, self.partitions, proc, self.history)
                   for proc in (1, 2)]
        workers += [GroupConsumer(cluster.bootstrap, self.topic, self.history),
                    IsrSampler(self._client_ports, self.topic, self.history)]
        if self.java_producer:
            workers.append(JavaProducer(cluster.bootstrap, self.topic, 7, self.history, cluster.work_dir))
        for worker in workers:
            worker.start()
        records = []
        try:
            time.sleep(2.0)  # traffic flowing before the first fault
            for worker in workers:
                if isinstance(worker, JavaProducer):
                    worker.check_running()
            for each in self.schedule:
                records.append(self._run_round(each))
        finally:
            cluster.network.heal_all()
            for node in cluster.ids:
                cluster.node(node).resume()
            for worker in workers:
                worker.stop()
        cluster.wait_healthy(self.topic, self.partitions)
        read_everything(cluster.bootstrap, self.topic, self.partitions, self.history)
        result = check(self.history.acks, self.history.reads, self.history.isr_samples, MIN_INSYNC_REPLICAS,
                       self._writers_of_duplicates())
        return RunReport(cluster.kind, self.seed, self.schedule, records, result, len(self.history.failed),
                         time.monotonic() - started, dict(cluster.kinds), (load_at_start, os.getloadavg()))

    def _client_ports(self) -> dict[int, int]:
        return {node: self.cluster.node(node).client_port for node in self.cluster.ids}

    def _writers_of_duplicates(self) -> dict[tuple[int, int], Writer]:
        """Who wrote each copy of a value found twice, read from the partition leaders' batches."""
        positions = duplicated_positions(self.history.acks, self.history.reads)
        writers = {}
        for partition in {partition for partition, _ in positions}:
            leader = self.cluster.node(self.cluster.leader_of(self.topic, partition))
            writers.update(read_writers(f"127.0.0.1:{leader.client_port}", self.topic,
                                        [position for position in positions if position[0] == partition]))
        return writers

    def _led_by_kind(self, each: Round) -> tuple[Round, int]:
        """`each`, its partition replaced by one led by a node of the round's leader kind (see __init__): the
        drawn one first; and that leader. Leadership returns to the preferred replicas (spread over the nodes)
        after restarts, so this waits for such a partition; the round then hits the node seen leading it (which
        automatic leader balancing may have just moved: the round's target is of the wanted kind either way)."""
        wanted = self.leader_kinds[each.index % len(self.leader_kinds)]
        cluster = self.cluster
        order = [(each.partition + step) % self.partitions for step in range(self.partitions)]
        found: list[tuple[int, int]] = []

        def led_by_wanted() -> bool:
            states = cluster.partition_states(self.topic)
            found[:] = [(p, states[p][0]) for p in order
                        if p in states and cluster.kinds.get(states[p][0]) == wanted]
            return bool(found)

        cluster.wait_until(led_by_wanted, f"a partition of {self.topic} led by a {wanted} node", timeout=120.0)
        partition, leader = found[0]
        return each._replace(partition=partition), leader

    def _run_round(self, each: Round) -> RoundRecord:
        cluster = self.cluster
        if self.leader_kinds:
            each, leader = self._led_by_kind(each)
        else:
            leader = cluster.leader_of(self.topic, each.partition)
        others = sorted(node for node in cluster.ids if node != leader)
        fault_at = time.monotonic()
        targets = self._inject(each, leader, others)
        # The fault lasts its drawn time and, unless only healing can end it, until produce has succeeded on
        # the partition again or MAX_FAULT_S passed.
        deadline = fault_at + (each.hold_s if each.kind in ENDED_ONLY_BY_HEALING else MAX_FAULT_S)
        while time.monotonic() < deadline and (
                time.monotonic() < fault_at + each.hold_s
                or self.history.first_ack_sent_after(each.partition, fault_at) is None):
            time.sleep(0.1)
        healed_at = time.monotonic()
        self._heal(each, targets)
        cluster.wait_healthy(self.topic, self.partitions)
        healthy_at = time.monotonic()
        first = None
        while first is None and time.monotonic() < healthy_at + MAX_FAULT_S:
            first = self.history.first_ack_sent_after(each.partition, fault_at)
            time.sleep(0.1)
        failover = first.acked_at - fault_at if first is not None else None
        log.info("round %d/%d %s on partition %d (leader %d, targets %s): failover %s s, healthy after %.1f s",
                 each.index + 1, len(self.schedule), each.kind, each.partition, leader, targets,
                 "none" if failover is None else f"{failover:.2f}", healthy_at - fault_at)
        return RoundRecord(each, leader, targets, fault_at, healed_at, healthy_at, failover)

    def _inject(self, each: Round, leader: int, others: list[int]) -> list[int]:
        cluster = self.cluster
        if each.kind == "kill_leader":
            cluster.node(leader).kill()
            return [leader]
        if each.kind == "pause_leader":
            cluster.node(leader).pause()
            return [leader]
        if each.kind == "isolate_leader":
            cluster.network.isolate(leader)
            return [leader]
        if each.kind == "cut_followers":
            cluster.network.cut(*others)
            return others
        if each.kind == "kill_two":
            second = others[each.other_pick]
            cluster.node(leader).kill()
            cluster.node(second).kill()
            return [leader, second]
        if each.kind == "controlled_shutdown":
            cluster.node(leader).stop()
            return [leader]
        raise ValueError(f"unknown fault kind {each.kind!r}")

    def _heal(self, each: Round, targets: list[int]) -> None:
        cluster = self.cluster
        if each.kind in ("kill_leader", "kill_two", "controlled_shutdown"):
            cluster.restart(*targets)
        elif each.kind == "pause_leader":
            cluster.node(targets[0]).resume()
        else:
            cluster.network.heal_all()
