"""Which node of a controller quorum is the active controller, and the broker requests it answers
(BrokerRegistration, BrokerHeartbeat, UnregisterBroker, AlterPartition) plus the session fencing it runs.

As Kafka 4.3.1's QuorumController: the active controller is the Raft leader once every batch before its epoch is
applied (its image is current) and it has activated its ClusterControl (sessions start over: every registered
broker tracked with its fencing, every unfenced one given a session starting then). `activated(epoch)` marks that
moment; from then until the node stops leading that epoch, `broker_registration` / `broker_heartbeat` /
`unregister_broker` / `alter_partition` (and `run`, for any other operation of the controller listener) run the
QuorumController operation (which appends through the quorum and answers once committed) and `fence_while_active(epoch)` fences every broker whose session expired,
every `fence_check_interval(broker.session.timeout.ms)`, and `balance_leaders_while_active(epoch, interval)` moves
leadership back to preferred replicas every `leader.imbalance.check.interval.seconds` when
auto.leader.rebalance.enable is on (Kafka's "electPreferred" periodic task). Anywhere else, or when the append fails because
leadership moved (NotLeaderError) or the quorum stopped, the answer is NOT_CONTROLLER, so the broker looks for the
new leader and tries again.

Time is trio time (seconds), the clock the heartbeat sessions are measured in.
"""

from __future__ import annotations

import logging
import time

import trio

from kbroker.metadata.broker_heartbeats import fence_check_interval
from kbroker.metadata.controller import QuorumController
from kbroker.metadata.delegation_token_control import SWEEP_BATCH
from kbroker.metadata.image import MetadataImage
from kbroker.protocol import errors
from kbroker.protocol.messages.alter_partition_response import AlterPartitionResponse
from kbroker.protocol.messages.assign_replicas_to_dirs_response import AssignReplicasToDirsResponse
from kbroker.protocol.messages.broker_heartbeat_response import BrokerHeartbeatResponse
from kbroker.protocol.messages.broker_registration_response import BrokerRegistrationResponse
from kbroker.raft.client import RaftError

log = logging.getLogger(__name__)


class ActiveController:
    def __init__(self, quorum, controller: QuorumController, *, session_timeout_ms: int):
        """quorum: the node's QuorumDriver (is_leader, leader_epoch); controller: the QuorumController whose
        ClusterControl replays the quorum's commits."""
        self.quorum = quorum
        self.controller = controller
        self.fence_interval = fence_check_interval(session_timeout_ms)
        self._active_epoch = -1

    @property
    def image(self) -> MetadataImage:
        """This node's metadata image (what its loader applied; current only on the active controller)."""
        return self.controller.image

    def is_active_in(self, epoch: int) -> bool:
        return epoch == self._active_epoch and self.quorum.is_leader and self.quorum.leader_epoch == epoch

    @property
    def is_active(self) -> bool:
        return self.is_active_in(self._active_epoch)

    async def activate(self, epoch: int) -> None:
        """This node leads `epoch` and has applied every batch before it: start the broker sessions over."""
        await trio.to_thread.run_sync(self.controller.activate_cluster, trio.current_time())
        self._active_epoch = epoch
        log.info("controller %d is the active controller in epoch %d", self.controller.node_id, epoch)

    async def fence_while_active(self, epoch: int) -> None:
        """Fence brokers whose session expired, every fence interval, until this node stops leading `epoch`."""
        while self.is_active_in(epoch):
            await trio.sleep(self.fence_interval)
            if not self.is_active_in(epoch):
                return
            try:
                fenced = await self.controller.run(self.controller.fence_stale_brokers, trio.current_time())
            except RaftError as exc:
                log.info("controller %d stopped fencing brokers in epoch %d: %s", self.controller.node_id, epoch,
                         exc)
                return
            if fenced:
                log.info("controller %d fenced the brokers %s: their sessions expired", self.controller.node_id,
                         fenced)

    async def balance_leaders_while_active(self, epoch: int, interval_s: float) -> None:
        """Preferred elections of imbalanced partitions every `interval_s`, at once again while some are left
        over (more than one run's worth), until this node stops leading `epoch`."""
        while self.is_active_in(epoch):
            await trio.sleep(interval_s)
            more = True
            while more and self.is_active_in(epoch):
                try:
                    moved, more = await self.controller.run(self.controller.balance_partition_leaders)
                except RaftError as exc:
                    log.info("controller %d stopped balancing leaders in epoch %d: %s", self.controller.node_id,
                             epoch, exc)
                    return
                if moved:
                    log.info("controller %d moved the leadership of %d partition(s) back to their preferred "
                             "replica", self.controller.node_id, moved)

    async def sweep_tokens_while_active(self, epoch: int) -> None:
        """Remove expired delegation tokens every delegation.token.expiry.check.interval.ms until this node stops
        leading `epoch` (Kafka's sweepExpiredDelegationTokens event)."""
        interval_s = self.controller.token_settings.expiry_check_interval_ms / 1000
        while self.is_active_in(epoch):
            await trio.sleep(interval_s)
            if not self.is_active_in(epoch):
                return
            try:
                while await self.controller.run(self.controller.sweep_expired_delegation_tokens,
                                                time.time_ns() // 1_000_000) == SWEEP_BATCH \
                        and self.is_active_in(epoch):
                    pass
            except RaftError as exc:
                log.info("controller %d stopped sweeping delegation tokens in epoch %d: %s",
                         self.controller.node_id, epoch, exc)
                return

    # --- the controller listener's broker requests -----------------------------------------------------------
    async def broker_registration(self, request, api_version: int) -> BrokerRegistrationResponse:
        return await self._answer(BrokerRegistrationResponse, self.controller.broker_registration, request,
                                  api_version=api_version, now=trio.current_time())

    async def broker_heartbeat(self, request) -> BrokerHeartbeatResponse:
        return await self._answer(BrokerHeartbeatResponse, self.controller.broker_heartbeat, request,
                                  now=trio.current_time())

    async def assign_replicas_to_dirs(self, request) -> AssignReplicasToDirsResponse:
        return await self._answer(AssignReplicasToDirsResponse, self.controller.assign_replicas_to_dirs, request)

    async def alter_partition(self, request, api_version: int) -> AlterPartitionResponse:
        return await self._answer(AlterPartitionResponse, self.controller.alter_partition, request,
                                  api_version=api_version)

    async def _answer(self, response_class, operation, request, **kwargs):
        try:
            return await self.run(operation, request, **kwargs)
        except NotActive:
            return not_controller(response_class)

    async def run(self, operation, *args, **kwargs):
        """`operation(*args, **kwargs)` of the QuorumController, in a worker thread, while this node is the
        active controller; NotActive when it is not, or stops being it before the records commit."""
        if not self.is_active:
            raise NotActive(f"controller {self.controller.node_id} is not the active controller")
        try:
            return await self.controller.run(operation, *args, **kwargs)
        except RaftError as exc:
            log.info("controller %d answers NOT_CONTROLLER: %s", self.controller.node_id, exc)
            raise NotActive(str(exc)) from exc


class NotActive(Exception):
    """This node is not the active controller (Kafka's NotControllerException): the answer is NOT_CONTROLLER."""


def not_controller(response_class):
    """The answer of a node that is not the active controller (Kafka's NotControllerException)."""
    return response_class(error_code=errors.NOT_CONTROLLER.code)
