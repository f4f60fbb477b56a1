"""Wiring of the metadata layer for the broker: quorum + loader + controller, started and registered.

    storage = load_or_format(config)
    endpoints = listener_endpoints(config.advertised_listeners, bound_ports={"PLAINTEXT": 9092})
    metadata = MetadataService.start(config, storage, endpoints=endpoints)
    metadata.image            # the latest MetadataImage (handlers read it; it never changes under them)
    await metadata.controller.run(metadata.controller.create_topics, topics)
    metadata.close()

Reads metadata.log.segment.bytes (default 1 GiB) and metadata.log.max.record.bytes.between.snapshots
(default 20 MiB) from the broker config.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Mapping

from kbroker.log.clean_shutdown import previous_broker_epoch
from kbroker.metadata.cluster_control import ClusterControl
from kbroker.metadata.controller import QuorumController
from kbroker.metadata.image import MetadataImage
from kbroker.metadata.loader import MetadataLoader
from kbroker.raft.single_voter import DEFAULT_SEGMENT_BYTES, SingleVoterRaft
from kbroker.storage_format import bootstrap_voter_ids

# SecurityProtocol ids as RegisterBrokerRecord stores them.
SECURITY_PROTOCOL_IDS = {"PLAINTEXT": 0, "SSL": 1, "SASL_PLAINTEXT": 2, "SASL_SSL": 3}


def listener_endpoints(listeners, bound_ports: Mapping[str, int] | None = None) -> list[tuple[str, str, int, int]]:
    """(name, host, port, security protocol id) for a registration, from kbroker.config Listeners; a port 0
    (ephemeral) is replaced by the port the server actually bound for that listener name."""
    ports = bound_ports or {}
    return [(listener.name, listener.host, ports.get(listener.name, listener.port),
             SECURITY_PROTOCOL_IDS[listener.security_protocol]) for listener in listeners]


class MetadataService:
    def __init__(self, raft: SingleVoterRaft, loader: MetadataLoader, controller: QuorumController,
                 cluster_id: str, broker_epoch: int):
        self.raft = raft
        self.loader = loader
        self.controller = controller
        self.cluster_id = cluster_id
        self.broker_epoch = broker_epoch

    @property
    def image(self) -> MetadataImage:
        return self.loader.image

    @classmethod
    def start(cls, config, storage, *, endpoints: Iterable[tuple[str, str, int, int]],
              rack: str | None = None, controller_endpoints: tuple = ()) -> MetadataService:
        """Replay the metadata log, finalize features if the log has none yet, register this broker (with the
        broker epoch of its log dirs' clean-shutdown markers as the previous one).
        endpoints: (listener name, host, port, security protocol id) of the advertised listeners;
        controller_endpoints: (listener name, host, port) of its controller listeners (its voter entry)."""
        segment_bytes = int(config.get("metadata.log.segment.bytes", DEFAULT_SEGMENT_BYTES))
        raft = SingleVoterRaft(storage.metadata_log_dir, config.node_id, segment_bytes=segment_bytes,
                               local_endpoints=tuple(controller_endpoints))
        loader = MetadataLoader.from_config(config)
        loader.bind(raft)
        cluster = ClusterControl(cluster_id=storage.cluster_id, node_id=config.node_id,
                                 session_timeout_ms=int(config.get("broker.session.timeout.ms", 9000)),
                                 unclean_leader_election_enable=bool(
                                     config.get("unclean.leader.election.enable", False)),
                                 min_insync_replicas=int(config.get("min.insync.replicas", 1)))
        raft.register(cluster)
        raft.start()
        try:
            # A log dir formatted with a bootstrap checkpoint (--standalone) runs kraft.version 1.
            kraft_version = 0 if bootstrap_voter_ids(config) is None else 1
            controller = QuorumController.from_config(raft, loader, config, cluster, kraft_version=kraft_version)
            controller.finalize_features()
            log_dirs = [storage.directory_ids[d] for d in config.log_dirs if d in storage.directory_ids]
            # The log dirs' clean-shutdown markers, read before the partition manager removes them (KIP-966).
            epoch = controller.register_broker(endpoints=endpoints, incarnation_id=uuid.uuid4(),
                                               log_dirs=log_dirs, rack=rack,
                                               previous_broker_epoch=previous_broker_epoch(config.log_dirs))
        except BaseException:
            raft.close()
            raise
        return cls(raft, loader, controller, storage.cluster_id, epoch)

    def close(self) -> None:
        self.raft.close()
