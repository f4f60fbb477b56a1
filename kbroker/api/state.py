"""The broker's state as handlers see it: config, clock, bound listeners, finalized features, the metadata
service (image + controller), the hosted partitions, and the partition directories in the log dirs.

`run_controller` is the one way handlers change cluster metadata: the controller operation runs in a worker
thread, then the partition layer follows the new image on the trio thread before the handler answers, so a
topic a client was told exists also has its logs.
"""

from __future__ import annotations

import functools
import os
import socket
import time
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import attrs
import trio

from kbroker.api import features
from kbroker.api.fetch_sessions import FetchSessionCache
from kbroker.config import BrokerConfig, Listener
from kbroker.metadata.image import KRAFT_VERSION
from kbroker.metrics.request_stats import RequestStats
from kbroker.metrics.topic_stats import BrokerTopicStats
from kbroker.security.authorizer import Authorizer
from kbroker.telemetry.manager import ClientMetricsManager

if TYPE_CHECKING:
    from kbroker.controller_channel import ControllerChannel
    from kbroker.group.coordinator import GroupCoordinator
    from kbroker.metadata.active_controller import ActiveController
    from kbroker.metadata.image import MetadataImage
    from kbroker.metadata.service import MetadataService
    from kbroker.partition.manager import PartitionManager
    from kbroker.producer_ids import ProducerIdManager
    from kbroker.raft.driver import QuorumDriver
    from kbroker.share.coordinator import ShareCoordinator
    from kbroker.txn.coordinator import TransactionCoordinator



class Clock:
    """Time for handlers: wall-clock milliseconds (timestamps) and trio's clock in milliseconds (timeouts;
    follows `trio.testing.MockClock` in tests). Tests may substitute their own."""

    def time_ms(self) -> int:
        return time.time_ns() // 1_000_000

    def monotonic_ms(self) -> int:
        return int(trio.current_time() * 1000)


@attrs.frozen
class PartitionLogInfo:
    log_dir: str
    topic: str
    partition: int
    size_bytes: int  # sum of the segment (.log) files, as Kafka's UnifiedLog.size
    offset_lag: int = 0  # max(HW - LEO, 0) for a current log, which is 0 on a leader
    is_future: bool = False


@attrs.define
class BrokerState:
    config: BrokerConfig
    clock: Clock = attrs.field(factory=Clock)
    # Listener name -> the address actually bound (port 0 in the config becomes the real port here).
    bound: dict[str, tuple[str, int]] = attrs.field(factory=dict)
    finalized_features_epoch: int = 0
    # Finalized feature name -> level (min level is always 1 on a KRaft broker).
    finalized_features: Mapping[str, int] = attrs.field(factory=lambda: dict(features.BOOTSTRAP_FINALIZED))
    # Set by the server once storage is loaded (None only before start-up finishes).
    metadata: MetadataService | None = None
    partitions: PartitionManager | None = None
    producer_ids: ProducerIdManager | None = None
    group_coordinator: GroupCoordinator | None = None
    txn_coordinator: TransactionCoordinator | None = None
    share_coordinator: ShareCoordinator | None = None
    # The KRaft quorum this node is a voter of, whose requests the controller listener serves (multi-voter).
    quorum: QuorumDriver | None = None
    # The metadata quorum's kraft.version (latest, committed or not), reported finalized in ApiVersions when above 0.
    kraft_version: Callable[[], int] | None = None
    # Its broker lifecycle requests, answered while this node is the active controller (controller_node.py).
    active_controller: ActiveController | None = None
    # The active controller when it is another process (broker-only node): metadata changes are forwarded to it.
    controller_channel: ControllerChannel | None = None
    # Internal topics whose auto-creation failed for lack of brokers, already logged once (auto_create.py).
    unplaceable_internal_topics: set[str] = attrs.field(factory=set)
    # What produce, fetch and the server count as they serve (read by kbroker/http/ at scrape time).
    topic_stats: BrokerTopicStats = attrs.field(factory=BrokerTopicStats)
    request_stats: RequestStats = attrs.field(factory=RequestStats)
    fetch_sessions: FetchSessionCache = attrs.field(
        default=attrs.Factory(lambda self: FetchSessionCache(now_ms=self.clock.time_ms), takes_self=True))
    # KIP-714 client telemetry: instances, subscriptions and their latest pushed values (kbroker/telemetry/).
    client_metrics: ClientMetricsManager = attrs.field(default=attrs.Factory(lambda self: ClientMetricsManager(
        lambda: self.image.client_metrics_configs, self.clock.time_ms, self.config["telemetry.max.bytes"]),
        takes_self=True))
    # KIP-599 controller mutation quotas, made on first use (api/mutation_quota.py).
    controller_mutation_quotas: Any = None
    # authorizer.class.name's authorizer (None: every operation allowed); handlers ask it through api/authz.py.
    authorizer: Authorizer | None = attrs.field(
        default=attrs.Factory(lambda self: Authorizer.from_config(self.config), takes_self=True))

    @property
    def image(self) -> MetadataImage:
        """The metadata image: the metadata service's, or on a controller-only node its own controller's."""
        if self.metadata is None and self.active_controller is not None:
            return self.active_controller.image
        return self.metadata.image

    def finalized_feature_levels(self) -> tuple[int, Mapping[str, int]]:
        """(epoch, feature -> level) as ApiVersions reports them: from the metadata image (the epoch is the
        image's offset, as Kafka's) once storage is loaded, on a controller-only node too."""
        if self.metadata is None and self.active_controller is None:
            return self.finalized_features_epoch, self.finalized_features
        image = self.image
        levels = {name: level for name, level in image.features.items() if level > 0}
        kraft_version = self.kraft_version() if self.kraft_version is not None else 0
        if kraft_version > 0:  # KRaftMetadataCache.features: the quorum's level, beside the image's
            levels[KRAFT_VERSION] = kraft_version
        return image.offset, levels

    async def run_controller(self, operation, *args: Any, **kwargs: Any) -> Any:
        """Run a QuorumController operation, then make the hosted partitions follow the new image."""
        result = await trio.to_thread.run_sync(functools.partial(operation, *args, **kwargs))
        self.partitions.apply_image(self.metadata.image)
        return result

    @property
    def log_dirs(self) -> list[str]:
        return self.config.log_dirs

    def partition_logs(self, log_dir: str) -> list[PartitionLogInfo]:
        """The partition logs this broker hosts in one of its log dirs (raises OSError if the dir is gone)."""
        if not os.path.isdir(log_dir):
            raise FileNotFoundError(f"log directory {log_dir} is missing")
        found = [PartitionLogInfo(log_dir, p.topic, p.partition, p.log.size_in_bytes())
                 for p in self.partitions if os.path.dirname(p.log.directory) == log_dir]
        found += [PartitionLogInfo(log_dir, key[0], key[1], future.log.size_in_bytes(),
                                   max(future.partition.log_end_offset - future.log.log_end_offset, 0), True)
                  for key, future in list(self.partitions.log_dir_mover.futures.items())
                  if future.target_dir == log_dir]
        found.sort(key=lambda info: (info.topic, info.partition))
        return found

    def advertised_listeners(self) -> list[Listener]:
        """advertised.listeners with port 0 / empty host resolved from the bound sockets."""
        return self.resolved_listeners(self.config.advertised_listeners)

    def resolved_listeners(self, listeners: list[Listener]) -> list[Listener]:
        """`listeners` with port 0 / empty host resolved from the bound sockets."""
        resolved = []
        for listener in listeners:
            host, port = listener.host, listener.port
            bound = self.bound.get(listener.name)
            if bound is not None:
                if port == 0:
                    port = bound[1]
                if not host:
                    # Kafka advertises the canonical host name for a listener bound to every interface.
                    host = socket.getfqdn() if bound[0] in ("", "0.0.0.0", "::") else bound[0]
            resolved.append(attrs.evolve(listener, host=host, port=port))
        return resolved
