"""A controller-only node registering itself with the active controller (Kafka's ControllerRegistrationManager).

Each process run has an incarnation id of its own. While this node's metadata image holds no registration of
its id with that incarnation id (and metadata.version is at least 3.7-IV0, the first whose controllers
register), `run` sends a ControllerRegistrationRequest (its controller listeners, resolved to the bound
addresses, and kbroker's supported features) to the Raft leader. After a refusal, an unreachable or unknown
leader, it waits `controller.quorum.retry.backoff.ms` and tries again; after an accepted request it waits (at
most `controller.quorum.request.timeout.ms`) for an image that shows the registration, once its
RegisterControllerRecord is applied here. Registered, it waits
for images that no longer show it (a newer registration of the same id by another process).
"""

from __future__ import annotations

import logging
import uuid

import trio

from kbroker.kafka_uuid import random_kafka_uuid
from kbroker.metadata import record_versions as V
from kbroker.metadata.controller import SUPPORTED_FEATURES
from kbroker.metadata.image import MetadataImage
from kbroker.network import NetworkError
from kbroker.protocol import errors
from kbroker.protocol.messages.controller_registration_request import (
    ControllerRegistrationRequest,
    Feature,
    Listener,
)

log = logging.getLogger(__name__)

# What a node of a cluster registers, controller or broker: its features, kraft.version 0-1 (KIP-853) among them,
# as Kafka's controllers and brokers do.
CLUSTER_NODE_FEATURES = SUPPORTED_FEATURES


class ControllerRegistrar:
    def __init__(self, node_id: int, quorum, loader, *, endpoints: list[tuple[str, str, int, int]],
                 retry_backoff_ms: int, request_timeout_ms: int, incarnation_id: uuid.UUID | None = None) -> None:
        """quorum: the node's QuorumDriver (leader_id); loader: its MetadataLoader; endpoints: (name, host, port,
        security protocol id) of its controller listeners."""
        self.node_id = node_id
        self.quorum = quorum
        self.loader = loader
        self.incarnation_id = incarnation_id or random_kafka_uuid()
        self.endpoints = list(endpoints)
        self.retry_backoff = retry_backoff_ms / 1000
        self.request_timeout_ms = request_timeout_ms
        self._image_changed = trio.Event()
        loader.subscribe(self._new_image)

    def _new_image(self, image: MetadataImage) -> None:
        self._image_changed.set()
        self._image_changed = trio.Event()

    def registered(self, image: MetadataImage) -> bool:
        registration = image.controllers.get(self.node_id)
        return registration is not None and registration.incarnation_id == self.incarnation_id

    def request(self) -> ControllerRegistrationRequest:
        return ControllerRegistrationRequest(
            controller_id=self.node_id, incarnation_id=self.incarnation_id, zk_migration_ready=False,
            listeners=[Listener(name=n, host=h, port=p, security_protocol=sp) for n, h, p, sp in self.endpoints],
            features=[Feature(name=n, min_supported_version=lo, max_supported_version=hi)
                      for n, lo, hi in CLUSTER_NODE_FEATURES])

    async def run(self, channels) -> None:
        """Keep this controller registered, sending through `channels` (a kbroker.network ChannelManager whose
        directory knows the voters), until cancelled."""
        while True:
            image = self.loader.image
            if self.registered(image) or image.metadata_version < V.CONTROLLER_REGISTRATION_LEVEL:
                await self._image_changed.wait()
                continue
            leader = self.quorum.leader_id
            if leader < 0:
                await trio.sleep(self.retry_backoff)
                continue
            try:
                response = await channels.send(leader, self.request(), timeout_ms=self.request_timeout_ms)
            except NetworkError as exc:
                log.info("controller %d: registration with controller %d failed: %s", self.node_id, leader, exc)
                await trio.sleep(self.retry_backoff)
                continue
            if response.error_code != errors.NONE.code:
                log.info("controller %d: controller %d refused the registration: %s %s", self.node_id, leader,
                         errors.for_code(response.error_code).name, response.error_message or "")
                await trio.sleep(self.retry_backoff)
                continue
            log.info("controller %d registered with incarnation %s through controller %d", self.node_id,
                     self.incarnation_id, leader)
            with trio.move_on_after(self.request_timeout_ms / 1000):
                while not self.registered(self.loader.image):
                    await self._image_changed.wait()
