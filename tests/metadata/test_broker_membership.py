"""BrokerMembership (kbroker/broker_membership.py) drives a BrokerLifecycle over a channel to the controller: the
caught-up, unfenced and ended events follow the controller's answers, and a controlled shutdown is granted by
shouldShutDown, or given up once no controller answered for the given time (the last nodes of a cluster have
no quorum left to grant it). Time is trio's MockClock."""

from __future__ import annotations

import uuid

import trio
import trio.testing

from kbroker.broker_lifecycle import BrokerLifecycle
from kbroker.broker_membership import BrokerMembership
from kbroker.protocol.messages.broker_heartbeat_request import BrokerHeartbeatRequest
from kbroker.protocol.messages.broker_heartbeat_response import BrokerHeartbeatResponse
from kbroker.protocol.messages.broker_registration_response import BrokerRegistrationResponse


class Controller:
    """Stands for the ControllerChannel: answers as an active controller while `up`, else nothing (None)."""

    def __init__(self, grant_shutdown: bool) -> None:
        self.up = True
        self.grant_shutdown = grant_shutdown
        self.shutdown_asks = 0

    async def send(self, request, *, timeout_ms: int | None = None):
        if not self.up:
            await trio.sleep(timeout_ms / 1000)
            return None
        if not isinstance(request, BrokerHeartbeatRequest):
            return BrokerRegistrationResponse(broker_epoch=10)
        if request.want_shut_down:
            self.shutdown_asks += 1
            return BrokerHeartbeatResponse(is_caught_up=True, is_fenced=False,
                                           should_shut_down=self.grant_shutdown and self.shutdown_asks > 1)
        return BrokerHeartbeatResponse(is_caught_up=True, is_fenced=request.want_fence)


def running(controller: Controller) -> BrokerMembership:
    lifecycle = BrokerLifecycle(node_id=1, cluster_id="c", listeners=[], features=[], log_dirs=[uuid.uuid4()],
                                heartbeat_interval_ms=500)
    return BrokerMembership(lifecycle, controller, metadata_offset=lambda: 5, request_timeout_ms=2000)


def scenario(controller: Controller, body) -> None:
    async def main():
        membership = running(controller)
        async with trio.open_nursery() as nursery:
            nursery.start_soon(membership.run)
            await membership.caught_up.wait()
            assert not membership.unfenced.is_set()
            membership.set_ready_to_unfence()
            await membership.unfenced.wait()
            assert membership.broker_epoch == 10
            await body(membership)
            nursery.cancel_scope.cancel()

    trio.run(main, clock=trio.testing.MockClock(autojump_threshold=0))


def test_a_granted_controlled_shutdown_ends_the_lifecycle():
    controller = Controller(grant_shutdown=True)

    async def body(membership):
        assert await membership.controlled_shutdown(give_up_after_s=9)
        assert membership.ended.is_set() and controller.shutdown_asks == 2

    scenario(controller, body)


def test_a_controlled_shutdown_nobody_answers_is_given_up_after_the_time_given():
    controller = Controller(grant_shutdown=True)

    async def body(membership):
        controller.up = False
        start = trio.current_time()
        assert not await membership.controlled_shutdown(give_up_after_s=9)
        assert trio.current_time() - start >= 9 and not membership.ended.is_set()

    scenario(controller, body)
