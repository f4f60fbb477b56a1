"""The metadata as a broker-only node has it (the read side of MetadataService for a node whose controller is
remote): the image its MetadataLoader built from the `__cluster_metadata` batches the quorum committed, the
cluster id, and the broker epoch the active controller gave this broker's registration (-1 until then).

There is no local controller (`controller` is None): what changes metadata goes to the active controller
(kbroker.controller_channel, kbroker.api.forwarding)."""

from __future__ import annotations

from collections.abc import Callable

from kbroker.metadata.image import MetadataImage
from kbroker.metadata.loader import MetadataLoader


class ObservedMetadata:
    controller = None

    def __init__(self, loader: MetadataLoader, cluster_id: str, broker_epoch: Callable[[], int]) -> None:
        self.loader = loader
        self.cluster_id = cluster_id
        self._broker_epoch = broker_epoch

    @property
    def image(self) -> MetadataImage:
        return self.loader.image

    @property
    def broker_epoch(self) -> int:
        return self._broker_epoch()

    def close(self) -> None:
        """Nothing to close: the quorum client belongs to the node."""
