"""The broker's membership run over the network (the driving half of Kafka's BrokerLifecycleManager): a task that
sends what the clock-explicit BrokerLifecycle (broker_lifecycle.py) asks for to the active controller through the
ControllerChannel, feeds the answers back, and sleeps until the lifecycle's next deadline or a call wakes it.

    membership = BrokerMembership(lifecycle, channel, metadata_offset=lambda: loader.image.offset,
                                  request_timeout_ms=session_timeout_ms // 2)
    nursery.start_soon(membership.run)
    await membership.caught_up.wait()      # the controller saw this broker reach its registration's offset
    membership.set_ready_to_unfence()      # the logs are open
    await membership.unfenced.wait()
    await membership.controlled_shutdown(give_up_after_s=9)  # wantShutDown heartbeats until shouldShutDown

`ended` is set once the lifecycle reached SHUTTING_DOWN: a granted controlled shutdown, or a registration that
did not succeed within initial.broker.registration.timeout.ms (`registration_failed`). Each request is retried
across the controllers by the channel until `request_timeout_ms` (Kafka gives its heartbeat channel half the
broker session timeout); a request that got no answer by then counts as unanswered for the lifecycle.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable

import trio

from kbroker.broker_lifecycle import BrokerLifecycle
from kbroker.controller_channel import ControllerChannel
from kbroker.protocol.messages.broker_registration_request import BrokerRegistrationRequest

log = logging.getLogger(__name__)


class BrokerMembership:
    def __init__(self, lifecycle: BrokerLifecycle, channel: ControllerChannel, *, metadata_offset: Callable[[], int],
                 request_timeout_ms: int) -> None:
        self.lifecycle = lifecycle
        self.channel = channel
        self.metadata_offset = metadata_offset
        self.request_timeout_ms = request_timeout_ms
        self.caught_up = trio.Event()
        self.unfenced = trio.Event()
        self.ended = trio.Event()
        self._woken = trio.Event()
        self._last_answer = -math.inf  # trio time of the last response from a controller

    @property
    def broker_epoch(self) -> int:
        return self.lifecycle.broker_epoch

    def set_ready_to_unfence(self) -> None:
        self.lifecycle.set_ready_to_unfence(trio.current_time())
        self._woken.set()

    async def controlled_shutdown(self, *, give_up_after_s: float) -> bool:
        """Ask for a controlled shutdown and wait until the controller granted it (or the lifecycle ended): True.
        False once no controller answered for `give_up_after_s` (the broker session timeout: by then the active
        controller, if there is one, has fenced this broker anyway; with no quorum left there is none)."""
        self.lifecycle.begin_controlled_shutdown(trio.current_time())
        self._last_answer = max(self._last_answer, trio.current_time())
        self._woken.set()
        while not self.ended.is_set():
            with trio.move_on_at(self._last_answer + give_up_after_s):
                await self.ended.wait()
            if not self.ended.is_set() and trio.current_time() >= self._last_answer + give_up_after_s:
                return False
        return True

    async def run(self, *, task_status=trio.TASK_STATUS_IGNORED) -> None:
        lifecycle = self.lifecycle
        lifecycle.start(trio.current_time(), self.metadata_offset)
        task_status.started()
        while not lifecycle.shutdown_complete:
            request = lifecycle.poll(trio.current_time())
            if request is not None:
                response = await self.channel.send(request, timeout_ms=self.request_timeout_ms)
                if response is not None:
                    self._last_answer = trio.current_time()
                if isinstance(request, BrokerRegistrationRequest):
                    lifecycle.handle_registration_response(response, trio.current_time())
                else:
                    lifecycle.handle_heartbeat_response(response, trio.current_time())
                self._update_events()
                continue
            self._update_events()
            deadline = lifecycle.deadline
            with trio.move_on_at(math.inf if deadline is None else deadline):
                await self._woken.wait()
            self._woken = trio.Event()
        self._update_events()

    def _update_events(self) -> None:
        lifecycle = self.lifecycle
        if lifecycle.caught_up:
            self.caught_up.set()
        if lifecycle.unfenced:
            self.unfenced.set()
        if lifecycle.shutdown_complete:
            self.ended.set()
