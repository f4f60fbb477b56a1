"""N KRaft voters in one trio run, each a QuorumDriver (kbroker/raft/driver.py) behind its own CONTROLLER
listener on 127.0.0.1 served with the controller registry (kbroker/api/controller/), talking over real sockets.

Each member's listener records every committed batch (and any snapshot it loaded), so tests can check that
committed data reached every node in order. With `dynamic` (KIP-853) node 1 is formatted as `--standalone` (a bootstrap checkpoint naming itself on its
listener) and the others as `--no-initial-controllers`: they know only controller.quorum.bootstrap.servers (every
member), each has its own address book, and they find the leader as observers until a voter change adds them.

Members can be stopped (their listener and connections close,
as a killed process's would), restarted over the same log dir and port, and cut off: every connection to or
from a cut member is closed and new ones are refused until it is healed.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Callable
from functools import partial

import attrs
import trio

from kbroker import server
from kbroker.api.registry import Registry
from kbroker.api.state import BrokerState
from kbroker.bootstrap_checkpoint import BootstrapVoter, write_bootstrap_checkpoint
from kbroker.config import BrokerConfig, Listener
from kbroker.metadata import record_versions as V
from kbroker.metadata.serde import MetadataRecord
from kbroker.network import Address, NodeDirectory
from kbroker.protocol.messages.metadata.config_record import ConfigRecord
from kbroker.raft.client import CommittedBatch
from kbroker.raft.driver import QuorumDriver
from kbroker.raft.node import QuorumConfig

CLUSTER_ID = "raft-net-test-cluster0"
BROKER_RESOURCE = 4  # ConfigResource.Type.BROKER
FAST = QuorumConfig(election_timeout_ms=400, election_backoff_max_ms=400, fetch_timeout_ms=1200,
                    request_timeout_ms=1000, retry_backoff_ms=20, fetch_max_wait_ms=200)
CONTROLLER_REGISTRY = Registry.discover("kbroker.api.controller")


def value_record(value: str) -> MetadataRecord:
    """A metadata record that carries `value` (a broker config, which no test here interprets)."""
    return MetadataRecord(ConfigRecord(resource_type=BROKER_RESOURCE, resource_name="", name="test.value",
                                       value=value), V.CONFIG_RECORD)


class RecordingListener:
    """What one incarnation of a member was handed: the snapshot it loaded, then every committed batch."""

    def __init__(self) -> None:
        self.snapshot_end = 0
        self.values: list[str] = []  # the test values, in commit order
        self.batches: list[CommittedBatch] = []

    def handle_load_snapshot(self, end_offset, epoch, last_contained_log_timestamp, records) -> None:
        self.snapshot_end = end_offset
        self.values = [r.message.value for r in records]
        self.batches = []

    def handle_commit(self, batch: CommittedBatch) -> None:
        if self.batches and batch.base_offset <= self.batches[-1].last_offset:
            raise AssertionError(f"batch {batch.base_offset} handed twice or out of order")
        self.batches.append(batch)
        self.values.extend(r.message.value for r in batch.records)


@attrs.define(eq=False)
class Member:
    node_id: int
    log_dir: str
    port: int = 0
    driver: QuorumDriver | None = None
    listener: RecordingListener | None = None
    scope: trio.CancelScope | None = None
    stopped: trio.Event | None = None
    directory_id: uuid.UUID = attrs.field(factory=uuid.uuid4)

    @property
    def running(self) -> bool:
        return self.driver is not None


class QuorumCluster:
    def __init__(self, nursery: trio.Nursery, base_dir: str, voters: int, *, config: QuorumConfig = FAST,
                 segment_bytes: int = 1024 * 1024, dynamic: bool = False) -> None:
        self.nursery = nursery
        self.dynamic = dynamic
        self.config = config
        self.segment_bytes = segment_bytes
        self.members = {n: Member(n, os.path.join(base_dir, f"node-{n}")) for n in range(1, voters + 1)}
        self.directory = NodeDirectory()
        self.cut: set[int] = set()
        self._streams: list[tuple[int, int, trio.SocketStream]] = []

    # --- lifecycle -------------------------------------------------------------------------------------------
    async def start_all(self) -> None:
        opened = {}
        for member in self.members.values():
            opened[member.node_id] = await self._listen(member)
        for node_id, member in self.members.items():
            self.directory.set(node_id, Address("127.0.0.1", member.port))
        for node_id, (sockets, bound) in opened.items():
            await self.nursery.start(self._run, self.members[node_id], sockets, bound)

    async def start(self, node_id: int) -> None:
        member = self.members[node_id]
        sockets, bound = await self._listen(member)
        await self.nursery.start(self._run, member, sockets, bound)

    async def stop(self, node_id: int) -> None:
        member = self.members[node_id]
        member.scope.cancel()
        await member.stopped.wait()

    async def stop_all(self) -> None:
        for node_id, member in self.members.items():
            if member.running:
                await self.stop(node_id)

    async def _listen(self, member: Member):
        listener = Listener("CONTROLLER", "127.0.0.1", member.port, "PLAINTEXT")
        sockets, bound = await server.open_listener(listener, -1)
        member.port = bound.port
        return sockets, bound

    async def _run(self, member: Member, sockets, bound, *, task_status=trio.TASK_STATUS_IGNORED) -> None:
        config = BrokerConfig.from_properties({})
        state = BrokerState(config)
        if self.dynamic:
            self._format_dynamic(member)
            driver = QuorumDriver(member.log_dir, member.node_id, (), NodeDirectory(), cluster_id=CLUSTER_ID,
                                  config=self.config, connect=partial(self._connect, member.node_id),
                                  segment_bytes=self.segment_bytes, directory_id=member.directory_id,
                                  bootstrap_servers=[("127.0.0.1", m.port) for m in self.members.values()],
                                  local_endpoints=(("CONTROLLER", "127.0.0.1", member.port),))
        else:
            driver = QuorumDriver(member.log_dir, member.node_id, self.members, self.directory,
                                  cluster_id=CLUSTER_ID, config=self.config,
                                  connect=partial(self._connect, member.node_id), segment_bytes=self.segment_bytes)
        recording = RecordingListener()
        driver.register(recording)
        driver.start()
        state.quorum = driver
        connections = server.ConnectionServer(config, state, CONTROLLER_REGISTRY)
        member.stopped = trio.Event()
        try:
            with trio.CancelScope() as member.scope:
                async with trio.open_nursery() as nursery:
                    await nursery.start(driver.run)
                    nursery.start_soon(partial(trio.serve_listeners, partial(connections.serve, bound), sockets))
                    member.driver, member.listener = driver, recording
                    task_status.started()
        finally:
            member.driver = None
            for sock in sockets:
                await sock.aclose()
            driver.close()
            member.stopped.set()

    def _format_dynamic(self, member: Member) -> None:
        partition_dir = os.path.join(member.log_dir, "__cluster_metadata-0")
        if member.node_id != 1 or os.path.exists(partition_dir):
            return
        write_bootstrap_checkpoint(partition_dir, [BootstrapVoter(1, member.directory_id, "CONTROLLER", "127.0.0.1",
                                                                  member.port)], now_ms=0)

    # --- network cuts ----------------------------------------------------------------------------------------
    async def _connect(self, source: int, address: Address) -> trio.SocketStream:
        destination = next(n for n, m in self.members.items() if m.port == address.port)
        if source in self.cut or destination in self.cut:
            raise OSError(f"the test cut node {source} from node {destination}")
        stream = await trio.open_tcp_stream(address.host, address.port)
        self._streams.append((source, destination, stream))
        return stream

    async def isolate(self, node_id: int) -> None:
        """Close every connection to and from `node_id` and refuse new ones until `heal()`."""
        self.cut.add(node_id)
        kept = []
        for source, destination, stream in self._streams:
            if node_id in (source, destination):
                await stream.aclose()
            else:
                kept.append((source, destination, stream))
        self._streams = kept

    def heal(self) -> None:
        self.cut.clear()

    # --- observations ----------------------------------------------------------------------------------------
    def running(self) -> list[Member]:
        return [m for m in self.members.values() if m.running]

    def leader(self) -> Member | None:
        """The running member that leads the highest epoch any running member leads."""
        leaders = [m for m in self.running() if m.driver.is_leader]
        return max(leaders, key=lambda m: m.driver.leader_epoch) if leaders else None

    async def wait_for(self, condition: Callable[[], object], what: str, timeout_s: float = 60) -> object:
        """Poll `condition` until it returns something true; fail naming `what` (and the quorum's state)."""
        with trio.move_on_after(timeout_s):
            while True:
                result = condition()
                if result:
                    return result
                await trio.sleep(0.02)
        raise AssertionError(f"timed out after {timeout_s} s waiting for {what}; quorum: {self.describe()}")

    async def wait_for_leader(self, *, after_epoch: int = -1, excluding: int | None = None) -> Member:
        def found():
            leader = self.leader()
            if leader is not None and leader.driver.leader_epoch > after_epoch and leader.node_id != excluding:
                return leader
            return None
        return await self.wait_for(found, f"a leader of an epoch after {after_epoch}")

    async def wait_for_values(self, expected: list[str], members: list[Member] | None = None) -> None:
        """Every given (default: running) member's listener has exactly `expected`, in order."""
        def reached():
            return all(m.running and m.listener.values == expected for m in (members or self.running()))
        await self.wait_for(reached, f"{len(expected)} committed values on every node")

    def describe(self) -> str:
        parts = []
        for m in self.members.values():
            if not m.running:
                parts.append(f"{m.node_id}: stopped")
                continue
            node = m.driver.node
            parts.append(f"{m.node_id}: {node.state.name} epoch {node.epoch} leader {node.leader_id} "
                         f"hw {node.high_watermark} end {node.log.end_offset} values {len(m.listener.values)}")
        return "; ".join(parts)
