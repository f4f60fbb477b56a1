"""A KRaft voter (or observer) of a quorum of several nodes: the transport-free RaftNode (node.py) run on the trio
loop with real time, its requests carried over Kafka's wire protocol by the inter-node ChannelManager, its log
and `quorum-state` on disk (disk_log.py). Kafka splits this between KafkaRaftClient's poll loop (RaftIoThread)
and KafkaNetworkChannel.

The loop (`run`): poll the node, send what it returns, hand newly committed batches to the listeners, then
sleep until the node's next deadline or until woken (a request or a response arrived, a batch was appended).
- Outbound requests go through `ChannelManager.send_soon`; each reply is fed back with `handle_response`.
  A request that failed on the network (refused, lost, timed out) comes back as its response class carrying
  only a top-level error (BROKER_NOT_AVAILABLE or REQUEST_TIMED_OUT, as KafkaNetworkChannel builds them), which
  the node treats as a failed request: it backs off and tries again.
- Inbound requests (the controller listener's handlers) call `await handle_request(body)`: the node handles
  the request under a correlation id of the driver's own and the caller waits for the response queued under
  it; a leader may hold a Fetch up to its max wait.
- Committed batches (the high watermark moved, on a leader or a follower) are read back from the log and
  handed to the listeners in offset order, each once; a snapshot a follower fetched is loaded into them first.

Threads: the node, the log and the listeners are touched only by the trio thread that runs `run`. Listeners
are called on that thread (they must be quick; `create_snapshot` from inside a listener is fine). The
RaftClient calls the metadata layer makes from worker threads (`append`, `create_snapshot`) hop onto the loop
with `trio.from_thread`; `append` blocks its worker thread until the batch is committed and the listeners saw
it, and raises NotLeaderError when this node is not the leader or stops leading before the batch commits (the
batch may still commit under the next leader, as with Kafka's NotControllerException). `append_async` is the
same for callers on the loop. `start()` (disk, snapshot) runs before `run()`, on any one thread.
"""

from __future__ import annotations

import logging
import random
import time
import uuid
from collections.abc import Callable, Iterable

import attrs
import trio

from kbroker.log.config import LogConfig
from kbroker.metadata.serde import MetadataRecord, decode_record, encode_record
from kbroker.network import (
    Address,
    ChannelManager,
    ClientSettings,
    NetworkError,
    NodeDirectory,
    RequestTimedOut,
)
from kbroker.network.connection import Connector, tcp_connect
from kbroker.protocol import errors as E
from kbroker.protocol import messages
from kbroker.protocol import records as R
from kbroker.raft import snapshots as S
from kbroker.raft.client import CommittedBatch, NotLeaderError, RaftError, RaftListener
from kbroker.raft.disk_log import DiskRaftLog, FileElectionStore, read_directory_id
from kbroker.raft.epoch_states import Leader, Resigned
from kbroker.raft.node import Outbound, QuorumConfig, RaftNode

log = logging.getLogger(__name__)

DEFAULT_SEGMENT_BYTES = 1024 * 1024 * 1024  # metadata.log.segment.bytes
READ_CHUNK_BYTES = 1024 * 1024  # committed batches are read back for the listeners this much at a time
NO_SOURCE = -1  # inbound requests are answered by correlation id; the node needs no peer id for that
RESIGN_POLL_S = 0.01  # how often a resigning leader looks whether every voter acknowledged its EndQuorumEpoch


def _wall_clock_ms() -> int:
    return time.time_ns() // 1_000_000


@attrs.define(eq=False)
class _Pending:
    """A caller waiting on the loop: an inbound request's response, or an append's commit."""
    done: trio.Event = attrs.field(factory=trio.Event)
    result: object = None
    error: BaseException | None = None

    def finish(self, result: object = None, error: BaseException | None = None) -> None:
        if not self.done.is_set():
            self.result, self.error = result, error
            self.done.set()


@attrs.define(eq=False)
class _Append(_Pending):
    base_offset: int = 0
    last_offset: int = 0
    epoch: int = 0


class QuorumDriver:
    """One node of a KRaft quorum over the network. `register` listeners, `start()`, then run `run` in a nursery
    (`await nursery.start(driver.run)`); cancel it to stop, then `close()`."""

    def __init__(self, metadata_log_dir: str, node_id: int, voters: Iterable[int], directory: NodeDirectory, *,
                 cluster_id: str, config: QuorumConfig | None = None, settings: ClientSettings | None = None,
                 connect: Connector = tcp_connect, segment_bytes: int = DEFAULT_SEGMENT_BYTES,
                 clock: Callable[[], int] = _wall_clock_ms, rng: random.Random | None = None,
                 directory_id: uuid.UUID | None = None, listener_name: str = "CONTROLLER",
                 bootstrap_servers: Iterable[tuple[str, int]] = (), local_endpoints: tuple | None = None):
        self.metadata_log_dir = metadata_log_dir
        self.node_id = node_id
        self.voters = frozenset(voters)  # controller.quorum.voters (kraft.version 0)
        self.directory = directory
        self.directory_id = directory_id  # None: the metadata log dir's directory.id
        self.listener_name = listener_name
        self.local_endpoints = local_endpoints  # ((name, host, port), ...): told to the leader (UpdateRaftVoter)
        self.bootstrap_ids = []
        for index, (host, port) in enumerate(bootstrap_servers):
            # Kafka's RaftUtil.bootstrapServersToNodes: negative ids the voters never use
            self.bootstrap_ids.append(-2 - index)
            directory.set(-2 - index, Address(host, port))
        self.cluster_id = cluster_id
        self.config = config or QuorumConfig()
        self.settings = settings or ClientSettings(client_id=f"raft-client-{node_id}",
                                                   request_timeout_ms=self.config.request_timeout_ms)
        self.clock = clock
        self._connect = connect
        self._rng = rng or random.Random()
        self._log_config = LogConfig(segment_bytes=segment_bytes, file_delete_delay_ms=0, retention_ms=-1)
        self._listeners: list[RaftListener] = []
        self._disk: DiskRaftLog | None = None
        self._node: RaftNode | None = None
        self._delivered = 0  # listeners have seen every offset below this
        self._known_leader = (-1, -1)  # (leader id, epoch) the listeners were last told
        self._channels: ChannelManager | None = None
        self._token: trio.lowlevel.TrioToken | None = None
        self._replies_in, self._replies_out = trio.open_memory_channel(float("inf"))
        self._inbound: dict[int, _Pending] = {}
        self._next_inbound_id = 0
        self._appends: list[_Append] = []
        self._activations: list[tuple[int, _Pending]] = []  # (epoch, waiter) of wait_until_leader_caught_up
        self._leader_callbacks: list[Callable[[int, int], None]] = []
        self._woken = trio.Event()
        self._running = False
        self._synced: tuple = (None, -1)  # (voter set, leader) the directory was last brought up to date with

    # --- state (any thread may read it) ----------------------------------------------------------------------
    @property
    def node(self) -> RaftNode:
        if self._node is None:
            raise RaftError("The metadata quorum is not started")
        return self._node

    @property
    def disk(self) -> DiskRaftLog:
        if self._disk is None:
            raise RaftError("The metadata quorum is not started")
        return self._disk

    @property
    def leader_epoch(self) -> int:
        return self.node.epoch

    @property
    def leader_id(self) -> int:
        return self.node.leader_id

    @property
    def is_leader(self) -> bool:
        return self.node.is_leader

    @property
    def kraft_version(self) -> int:
        """1 once the log or a snapshot holds a KRaftVersionRecord of 1 (a dynamic quorum, KIP-853), else 0."""
        return self._node.kraft_version if self._node is not None else 0

    @property
    def committed_offset(self) -> int:
        """The high watermark: every offset below it is committed (0 while this node does not know it)."""
        return self.node.high_watermark or 0

    @property
    def delivered_offset(self) -> int:
        """Every offset below it was handed to the listeners."""
        return self._delivered

    @property
    def log_end_offset(self) -> int:
        return self.disk.end_offset

    def register(self, listener: RaftListener) -> None:
        """Listeners get handle_load_snapshot / handle_commit (client.py), on the loop's thread."""
        if self._disk is not None:
            raise RaftError("Listeners must be registered before the quorum starts")
        self._listeners.append(listener)

    def on_leader_change(self, callback: Callable[[int, int], None]) -> None:
        """`callback(leader_id, epoch)` on the loop's thread whenever the known leader or epoch changes
        (leader -1: not known yet), as Kafka's RaftClient.Listener.handleLeaderChange."""
        self._leader_callbacks.append(callback)

    # --- start: recover the log, load the latest snapshot, build the node ------------------------------------
    def start(self) -> None:
        if self._disk is not None:
            raise RaftError("The metadata quorum is already started")
        disk = self._disk = DiskRaftLog.open(self.metadata_log_dir, self._log_config, self.clock)
        self._delivered = disk.log_start_offset
        self._load_latest_snapshot()
        if self.directory_id is None:
            self.directory_id = read_directory_id(self.metadata_log_dir)
        self._node = RaftNode(self.node_id, self.voters, disk, FileElectionStore(disk.directory),
                              cluster_id=self.cluster_id, now=self.clock(), config=self.config,
                              rng=random.Random(self._rng.getrandbits(64)), directory_id=self.directory_id,
                              bootstrap_ids=tuple(self.bootstrap_ids), listener_name=self.listener_name,
                              local_endpoints=self.local_endpoints)

    def _load_latest_snapshot(self) -> None:
        disk = self.disk
        latest = disk.latest_snapshot()
        if latest is None or latest.end_offset <= self._delivered:
            return
        snapshot = S.read_snapshot(disk.directory, latest)
        for listener in self._listeners:
            listener.handle_load_snapshot(latest.end_offset, latest.epoch, snapshot.last_contained_log_timestamp,
                                          snapshot.records)
        self._delivered = latest.end_offset

    # --- the loop --------------------------------------------------------------------------------------------
    async def run(self, *, task_status=trio.TASK_STATUS_IGNORED) -> None:
        """Run the node until cancelled: timers, requests out, replies in, commits to the listeners."""
        node = self.node
        self._token = trio.lowlevel.current_trio_token()
        try:
            async with trio.open_nursery() as nursery:
                self._channels = ChannelManager(self.directory, self.settings, connect=self._connect, rng=self._rng)
                await nursery.start(self._channels.run)
                nursery.start_soon(self._take_replies)
                self._running = True
                task_status.started(self)
                while True:
                    self._send(node.poll(self.clock()))
                    self._after_change()
                    wait_ms = node.next_deadline(self.clock()) - self.clock()
                    with trio.move_on_after(max(0, wait_ms) / 1000):
                        await self._woken.wait()
                    self._woken = trio.Event()
        finally:
            self._running = False
            stopped = RaftError(f"The metadata quorum of node {self.node_id} stopped")
            for pending in [*self._inbound.values(), *self._appends, *(p for _, p in self._activations)]:
                pending.finish(error=stopped)
            self._appends.clear()
            self._activations.clear()
            if self._channels is not None:
                with trio.CancelScope(shield=True):
                    await self._channels.aclose()

    async def resign_leadership(self, timeout_s: float) -> bool:
        """Before a graceful shutdown, as Kafka's KafkaRaftClient does on shutdown: a leader of several voters
        resigns and sends EndQuorumEpoch to the others (most caught-up first), so that they elect a new leader at
        once instead of after their fetch timeout; waits until each acknowledged (or an election moved on), or
        `timeout_s`. False when it did not lead, or when time ran out with a voter yet to acknowledge."""
        if not self._running or not isinstance(self.node.state, Leader) or len(self.node.voters) <= 1:
            return False
        log.info("node %d: shutting down, resigning epoch %d", self.node_id, self.node.epoch)
        self.node.resign(self.clock())
        self._wake()
        with trio.move_on_after(timeout_s):
            while isinstance(self.node.state, Resigned) and self.node.state.unacknowledged:
                await trio.sleep(RESIGN_POLL_S)
        state = self.node.state
        return not (isinstance(state, Resigned) and state.unacknowledged)

    def _wake(self) -> None:
        self._woken.set()

    def _send(self, outbound: list[Outbound]) -> None:
        for message in outbound:
            if message.is_response:
                pending = self._inbound.get(message.correlation_id)
                if pending is not None:  # else its caller went away (connection closed, node stopping)
                    pending.finish(message.body)
            else:
                address = self.node.address_of(message.destination)  # a voter of the log's voter set
                if address is not None and self.directory.get(message.destination) != Address(*address):
                    self.directory.set(message.destination, Address(*address))
                self._channels.send_soon(message.destination, message.body, self._replies_in,
                                         timeout_ms=self.config.request_timeout_ms, tag=message.correlation_id)

    async def _take_replies(self) -> None:
        async for reply in self._replies_out:
            body = reply.response if reply.error is None else _failed_response(reply.request, reply.error)
            if reply.error is not None:
                log.debug("node %d: %s to node %d failed: %s", self.node_id, type(reply.request).__name__,
                          reply.node_id, reply.error)
            self.node.handle_response(reply.node_id, reply.tag, body, self.clock())
            self._wake()

    # --- inbound requests ------------------------------------------------------------------------------------
    async def handle_request(self, body):
        """The node's response to a KRaft request that arrived on the controller listener."""
        if not self._running:
            raise RaftError(f"The metadata quorum of node {self.node_id} is not running")
        self._next_inbound_id += 1
        correlation_id = self._next_inbound_id
        pending = self._inbound[correlation_id] = _Pending()
        try:
            self.node.handle_request(NO_SOURCE, correlation_id, body, self.clock())
            self._wake()
            await pending.done.wait()
        finally:
            del self._inbound[correlation_id]
        if pending.error is not None:
            raise pending.error
        return pending.result

    # --- appends ---------------------------------------------------------------------------------------------
    async def append_async(self, records: Iterable[MetadataRecord]) -> int:
        """Write `records` as one batch; its last offset once committed and handed to the listeners."""
        records = list(records)
        if not records:
            raise ValueError("append needs at least one record")
        if not self._running:
            raise RaftError(f"The metadata quorum of node {self.node_id} is not running")
        values = [encode_record(r.message, r.version) for r in records]
        appended = self.node.append(values, self.clock())
        pending = _Append(base_offset=appended.base_offset, last_offset=appended.last_offset, epoch=appended.epoch)
        self._appends.append(pending)
        self._wake()
        await pending.done.wait()
        if pending.error is not None:
            raise pending.error
        return appended.last_offset

    async def wait_until_leader_caught_up(self, epoch: int) -> bool:
        """True once this node leads `epoch` and its listeners have every batch before the epoch (its
        LeaderChange is committed); False as soon as it does not lead `epoch`."""
        pending = _Pending()
        self._activations.append((epoch, pending))
        self._wake()
        await pending.done.wait()
        return bool(pending.result) and pending.error is None

    def append(self, records: Iterable[MetadataRecord]) -> int:
        """`append_async` for a worker thread (the controller's operations run in trio worker threads)."""
        return trio.from_thread.run(self.append_async, list(records), trio_token=self._require_token())

    def upgrade_kraft_version(self, epoch: int, version: int, *, validate_only: bool) -> bool:
        """From a worker thread: the leader's kraft.version upgrade (kraft_upgrade.py); it raises what that
        raises. The control batch commits with the next batch appended after it."""
        return trio.from_thread.run_sync(self._upgrade_kraft_version, epoch, version, validate_only,
                                         trio_token=self._require_token())

    def _upgrade_kraft_version(self, epoch: int, version: int, validate_only: bool) -> bool:
        appended = self.node.upgrade_kraft_version(epoch, version, validate_only=validate_only, now=self.clock())
        if appended and not validate_only:
            self._wake()
        return appended

    def create_snapshot(self, end_offset: int, epoch: int, last_contained_log_timestamp: int,
                        records: Iterable[MetadataRecord]) -> bool:
        """Write the snapshot `<end_offset>-<epoch>` of committed state; False if one at or past it exists.
        Callable on the loop (from a listener) or from a worker thread."""
        if _on_trio_thread():
            return self._create_snapshot(end_offset, epoch, last_contained_log_timestamp, list(records))
        return trio.from_thread.run_sync(self._create_snapshot, end_offset, epoch, last_contained_log_timestamp,
                                         list(records), trio_token=self._require_token())

    def _create_snapshot(self, end_offset: int, epoch: int, last_contained_log_timestamp: int,
                         records: list[MetadataRecord]) -> bool:
        return self.disk.snapshot_committed(end_offset, epoch, records, committed_offset=self.committed_offset,
                                            last_contained_log_timestamp=last_contained_log_timestamp,
                                            now_ms=self.clock(),
                                            control=self.node.snapshot_control(end_offset, self.clock()))

    def _require_token(self) -> trio.lowlevel.TrioToken:
        if self._token is None:
            raise RaftError(f"The metadata quorum of node {self.node_id} is not running")
        return self._token

    # --- after every poll: leader changes, commits, appends that can no longer commit ------------------------
    def _after_change(self) -> None:
        node = self.node
        self._sync_directory()
        leader = (node.leader_id, node.epoch)
        if leader != self._known_leader:
            self._known_leader = leader
            for callback in self._leader_callbacks:
                callback(*leader)
        self._load_latest_snapshot()
        self._deliver_committed()
        still_waiting = []
        for pending in self._appends:
            if pending.done.is_set():
                continue
            if self._delivered > pending.last_offset:
                pending.finish(error=NotLeaderError(f"offsets {pending.base_offset}-{pending.last_offset} of epoch "
                                                    f"{pending.epoch} were replaced by another leader's batch"))
            elif not node.is_leader or node.epoch != pending.epoch:
                pending.finish(error=NotLeaderError(f"node {self.node_id} stopped leading epoch {pending.epoch} "
                                                    f"before offset {pending.last_offset} was committed"))
            else:
                still_waiting.append(pending)
        self._appends = still_waiting
        waiting = []
        for epoch, pending in self._activations:
            if not node.is_leader or node.epoch != epoch:
                pending.finish(False)
            elif self._delivered > node.state.epoch_start_offset:
                pending.finish(True)
            else:
                waiting.append((epoch, pending))
        self._activations = waiting

    def _sync_directory(self) -> None:
        """Keep the address book at the voters' endpoints of the latest VotersRecord and the leader's (others
        on this loop, such as ControllerRegistration, use it too)."""
        node = self.node
        marker = (node.voter_set, node.leader_id)
        if marker == self._synced:
            return
        self._synced = marker
        for node_id in {*node.voters, node.leader_id} - {-1}:
            address = node.address_of(node_id)
            if address is not None:
                self.directory.set(node_id, Address(*address))

    def _deliver_committed(self) -> None:
        """Hand every batch below the high watermark the listeners have not seen, in order."""
        high_watermark = self.node.high_watermark
        disk = self.disk
        while high_watermark is not None and self._delivered < high_watermark:
            chunk = disk.read(self._delivered, READ_CHUNK_BYTES)
            if not chunk:
                raise RaftError(f"node {self.node_id}: nothing to read at committed offset {self._delivered}")
            progressed = False
            for batch in R.iter_batches(memoryview(chunk)):
                if batch.base_offset >= high_watermark:
                    return
                self._deliver(batch)
                self._delivered = batch.last_offset + 1
                progressed = True
            if not progressed:
                raise RaftError(f"node {self.node_id}: no whole batch at committed offset {self._delivered}")

    def _deliver(self, batch: R.RecordBatch) -> None:
        for pending in self._appends:
            if pending.base_offset == batch.base_offset and pending.epoch == batch.partition_leader_epoch:
                pending.finish(pending.last_offset)
        if batch.is_control:
            return
        start = self._delivered
        records = [decode_record(r.value) for r in batch.records() if r.offset >= start]
        if not records:
            return
        committed = CommittedBatch(max(batch.base_offset, start), batch.last_offset, batch.partition_leader_epoch,
                                   batch.max_timestamp, batch.size, records)
        for listener in self._listeners:
            listener.handle_commit(committed)

    # --- lifecycle -------------------------------------------------------------------------------------------
    def close(self) -> None:
        if self._disk is not None:
            self._disk.close()


def _on_trio_thread() -> bool:
    try:
        trio.lowlevel.current_task()
    except RuntimeError:
        return False
    return True


def _failed_response(request, error: NetworkError):
    """What KafkaNetworkChannel hands the raft client for a request that got no response."""
    code = E.REQUEST_TIMED_OUT.code if isinstance(error, RequestTimedOut) else E.BROKER_NOT_AVAILABLE.code
    return messages.response_class(request.API_KEY)(error_code=code)

