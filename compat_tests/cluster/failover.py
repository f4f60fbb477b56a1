"""The controller failover run (issue #14): kill -9 the active controller of a combined-node cluster round after
round, restarting it each time, while a background admin client creates topics and alters their configs; then
every acknowledged metadata change must be on every node.

- `MetadataWorkload`: a thread creating topics `<prefix>-<n>` (one partition, one copy: metadata only) and
  setting `retention.ms` on each created topic once, to a value unique to it, through confluent-kafka's
  AdminClient on the cluster's client ports. A change counts as acknowledged when its future succeeded; a
  topic's config is altered at most once, so its acknowledged value is the only one it may hold.
- `ControllerFailoverRun`: per round, finds the leader of the quorum (DescribeQuorum on each CONTROLLER port),
  kill -9s it, measures the time until a survivor answers DescribeQuorum as leader in a later epoch (the
  election time), restarts the killed node and waits until it serves and every voter caught up with the high
  watermark (`quorum_leader`, `wait_steady`). At the end, Metadata and DescribeConfigs to each node's own client port list what is missing.
- `FailoverReport`: rounds, acknowledged changes, missing ones per node, election p50/p99/max in ms, the
  configured timeouts; saved as JSON.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from pathlib import Path
from typing import NamedTuple

from confluent_kafka import KafkaException
from confluent_kafka.admin import AlterConfigOpType, ConfigEntry, ConfigResource, NewTopic

from compat_tests.cluster.faults import percentile
from compat_tests.cluster.launcher import Cluster
from compat_tests.cluster.quorum_probe import (
    QuorumView,
    quorum_leader_view,
    topic_config_values,
    topics_known,
)

log = logging.getLogger(__name__)

CONFIG_NAME = "retention.ms"
PROBE_INTERVAL_S = 0.01
REPORTED_TIMEOUTS = ("controller.quorum.election.timeout.ms", "controller.quorum.fetch.timeout.ms",
                     "controller.quorum.election.backoff.max.ms", "broker.session.timeout.ms",
                     "broker.heartbeat.interval.ms")


class MetadataWorkload:
    """See the module docstring. `acknowledged_topics` and `acknowledged_configs` (topic -> value) grow while
    it runs; `attempts` counts every request sent."""

    def __init__(self, cluster: Cluster, prefix: str = "failover", request_timeout: float = 15.0):
        self.cluster = cluster
        self.prefix = prefix
        self.request_timeout = request_timeout
        self.acknowledged_topics: list[str] = []
        self.acknowledged_configs: dict[str, str] = {}
        self.failed: list[str] = []
        self.attempts = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="metadata-workload", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(self.request_timeout * 3)
        if self._thread.is_alive():
            raise RuntimeError("the metadata workload did not stop")

    def _run(self) -> None:
        admin = self.cluster.admin()
        n = 0
        unaltered: list[str] = []
        while not self._stop.is_set():
            n += 1
            name = f"{self.prefix}-{n}"
            if self._acknowledged(f"create {name}", admin.create_topics(
                    [NewTopic(name, num_partitions=1, replication_factor=1)],
                    request_timeout=self.request_timeout)[name]):
                self.acknowledged_topics.append(name)
                unaltered.append(name)
            if unaltered:
                topic = unaltered.pop(0)
                value = str(3_600_000 + n)
                resource = ConfigResource(ConfigResource.Type.TOPIC, topic, incremental_configs=[
                    ConfigEntry(CONFIG_NAME, value, incremental_operation=AlterConfigOpType.SET)])
                future = admin.incremental_alter_configs([resource], request_timeout=self.request_timeout)
                if self._acknowledged(f"alter {topic} {CONFIG_NAME}={value}", next(iter(future.values()))):
                    self.acknowledged_configs[topic] = value

    def _acknowledged(self, what: str, future) -> bool:
        self.attempts += 1
        try:
            future.result(timeout=self.request_timeout * 2)
            return True
        except (KafkaException, TimeoutError) as error:
            self.failed.append(f"{what}: {error}")
            self._stop.wait(0.05)
            return False


class RoundRecord(NamedTuple):
    round: int
    killed: int
    old_epoch: int
    new_leader: int
    new_epoch: int
    election_ms: float


class FailoverReport(NamedTuple):
    kind: str
    rounds: list[RoundRecord]
    acknowledged_topics: int
    acknowledged_configs: int
    attempts: int
    failed_requests: int
    missing: dict[int, dict[str, list[str]]]
    timeouts: dict[str, str]

    @property
    def election_ms(self) -> dict[str, float]:
        times = [r.election_ms for r in self.rounds]
        if not times:
            return {}
        return {"p50": round(percentile(times, 0.50), 1), "p99": round(percentile(times, 0.99), 1),
                "max": round(max(times), 1)}

    @property
    def bound_ms(self) -> int:
        """The issue's bound: controller.quorum.election.timeout.ms plus one fetch (controller.quorum.fetch.timeout.ms,
        after which a follower that has not heard from its leader starts an election)."""
        return int(self.timeouts["controller.quorum.election.timeout.ms"]) + \
            int(self.timeouts["controller.quorum.fetch.timeout.ms"])

    def as_json(self) -> dict:
        return {
            "kind": self.kind, "rounds": len(self.rounds),
            "acknowledged": {"topics": self.acknowledged_topics, "configs": self.acknowledged_configs},
            "requests": {"sent": self.attempts, "failed": self.failed_requests},
            "missing": {str(node): missing for node, missing in self.missing.items()},
            "election_ms": self.election_ms, "bound_ms": self.bound_ms,
            "rounds_over_bound": sum(r.election_ms > self.bound_ms for r in self.rounds),
            "timeouts": self.timeouts,
            "per_round": [r._asdict() for r in self.rounds],
        }

    def save(self, path: Path) -> Path:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(self.as_json(), indent=2) + "\n")
        return path


def quorum_leader(cluster: Cluster, among: list[int]) -> tuple[int, QuorumView] | None:
    """(node, QuorumView) of the node among `among` that answers DescribeQuorum as the leader, or None."""
    for node in among:
        view = quorum_leader_view(cluster.controller_ports[node])
        if view is not None and view.leader_id == node:
            return node, view
    return None


def wait_steady(cluster: Cluster, wait_s: float = 120.0) -> tuple[int, int]:
    """Until one node leads and every voter's log reaches its high watermark: (leader, epoch)."""
    deadline = time.monotonic() + wait_s
    while time.monotonic() < deadline:
        cluster.check_running()
        found = quorum_leader(cluster, cluster.ids)
        if found is not None:
            node, view = found
            if sorted(view.voter_log_end_offsets) == cluster.ids and all(
                    offset >= view.high_watermark for offset in view.voter_log_end_offsets.values()):
                return node, view.leader_epoch
        time.sleep(0.1)
    raise TimeoutError(f"no steady quorum after {wait_s} s\n" + "\n".join(
        cluster.nodes[node].log_tail(15) for node in cluster.ids))


class ControllerFailoverRun:
    """See the module docstring: `rounds` kill -9s of the active controller of a started `cluster`."""

    def __init__(self, cluster: Cluster, rounds: int, wait_s: float = 120.0):
        self.cluster = cluster
        self.rounds = rounds
        self.wait_s = wait_s

    def run(self) -> FailoverReport:
        workload = MetadataWorkload(self.cluster)
        workload.start()
        records: list[RoundRecord] = []
        try:
            for number in range(1, self.rounds + 1):
                records.append(self._round(number))
                log.info("round %d: %s", number, records[-1])
        finally:
            workload.stop()
        missing = self._missing(workload)
        any_node = self.cluster.nodes[self.cluster.ids[0]].configs
        return FailoverReport(self.cluster.kind, records, len(workload.acknowledged_topics),
                              len(workload.acknowledged_configs), workload.attempts, len(workload.failed), missing,
                              {name: any_node[name] for name in REPORTED_TIMEOUTS if name in any_node})

    def wait_steady(self) -> tuple[int, int]:
        return wait_steady(self.cluster, self.wait_s)

    def _round(self, number: int) -> RoundRecord:
        killed, old_epoch = self.wait_steady()
        survivors = [node for node in self.cluster.ids if node != killed]
        self.cluster.kill(killed)
        started = time.monotonic()
        deadline = started + self.wait_s
        while True:
            found = quorum_leader(self.cluster, survivors)
            if found is not None and found[1].leader_epoch > old_epoch:
                elected = time.monotonic()
                break
            if time.monotonic() > deadline:
                raise TimeoutError(f"round {number}: no new leader among {survivors} after {self.wait_s} s")
            time.sleep(PROBE_INTERVAL_S)
        new_leader, view = found
        self.cluster.restart(killed, timeout=self.wait_s)
        return RoundRecord(number, killed, old_epoch, new_leader, view.leader_epoch,
                           round((elected - started) * 1000, 1))

    def _missing(self, workload: MetadataWorkload) -> dict[int, dict[str, list[str]]]:
        """Per node, the acknowledged topics and configs it does not hold once it has caught up (waiting up to
        `wait_s` for the restarted node to replay the log); empty lists when nothing is missing."""
        self.wait_steady()
        topics = workload.acknowledged_topics
        configs = workload.acknowledged_configs
        missing: dict[int, dict[str, list[str]]] = {}
        for node in self.cluster.ids:
            port = self.cluster.nodes[node].client_port
            deadline = time.monotonic() + self.wait_s
            while True:
                absent = sorted(set(topics) - topics_known(port, topics))
                values = topic_config_values(port, list(configs), CONFIG_NAME) if configs else {}
                wrong = sorted(f"{topic}={value} (holds {values.get(topic)})"
                               for topic, value in configs.items() if values.get(topic) != value)
                if (not absent and not wrong) or time.monotonic() > deadline:
                    break
                time.sleep(0.5)
            missing[node] = {"topics": absent, "configs": wrong}
        return missing
