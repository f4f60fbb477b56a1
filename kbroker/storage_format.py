"""Formatting log directories as Kafka's StorageTool does, and checking them at start (MetaProperties /
MetaPropertiesEnsemble).

`format_storage(config, cluster_id=None)` writes `meta.properties` (version=1, cluster.id, node.id, a fresh
directory.id) into every log dir and into metadata.log.dir (default: the first log dir), then writes the
bootstrap feature levels into the new metadata log (`__cluster_metadata-0`); a controller-only node of a
quorum writes none (its quorum's first leader does, kbroker.controller_node). A directory that is already
formatted makes it fail, as `kafka-storage format` does without --ignore-formatted. With a `DynamicQuorum`
(`--standalone` or `--initial-controllers`), it also writes the bootstrap checkpoint with kraft.version 1 and
the initial voters (kbroker.bootstrap_checkpoint); the metadata dir's directory.id is this node's voter
directory id. `dynamic_quorum_for` applies kafka-storage's rules for those flags; `first_start_dynamic_quorum`
is how `serve` formats empty dirs for a config that names bootstrap controllers (as --standalone).
`load_or_format(config)` is what `kbroker serve` calls: with no meta.properties anywhere it formats (a new
cluster id, Kafka's Uuid.randomUuid base64url); otherwise every meta.properties must agree on the cluster id
and carry this node.id, else it fails naming both ids; log dirs that are still empty get a meta.properties
with a new directory.id.
"""

from __future__ import annotations

import os
import socket
import time
import uuid
from collections.abc import Iterable

import attrs

from kbroker.bootstrap_checkpoint import (
    BootstrapCheckpointError,
    BootstrapVoter,
    parse_initial_controllers,
    read_bootstrap_voters,
    write_bootstrap_checkpoint,
)
from kbroker.config import parse_properties
from kbroker.kafka_uuid import kafka_uuid_string, parse_kafka_uuid, random_kafka_uuid
from kbroker.log.checkpoints import write_atomically
from kbroker.metadata.controller import bootstrap_records
from kbroker.quorum_config import (
    effective_advertised_controller_listeners,
    joins_a_cluster,
    process_roles,
)
from kbroker.raft.single_voter import METADATA_PARTITION_DIR, SingleVoterRaft

META_PROPERTIES = "meta.properties"
META_PROPERTIES_VERSION = 1


class StorageFormatError(RuntimeError):
    """A log directory that cannot be used by this node (formatted for another cluster or node, unreadable)."""


@attrs.frozen
class MetaProperties:
    cluster_id: str
    node_id: int
    directory_id: uuid.UUID | None
    version: int = META_PROPERTIES_VERSION


@attrs.frozen
class StorageInfo:
    cluster_id: str
    node_id: int
    metadata_log_dir: str
    directory_ids: dict  # absolute log dir path -> uuid.UUID
    newly_formatted: bool


def generate_cluster_id() -> str:
    return kafka_uuid_string(random_kafka_uuid())


def metadata_log_dir(config) -> str:
    configured = config["metadata.log.dir"]
    return os.path.abspath(configured) if configured else config.log_dirs[0]


def _all_dirs(config) -> list[str]:
    dirs = list(config.log_dirs)
    meta = metadata_log_dir(config)
    if meta not in dirs:
        dirs.append(meta)
    return dirs


# --- meta.properties ---------------------------------------------------------------------------------------

def read_meta_properties(directory: str) -> MetaProperties | None:
    path = os.path.join(directory, META_PROPERTIES)
    try:
        with open(path, "rb") as f:
            props = parse_properties(f.read().decode("latin-1"))
    except FileNotFoundError:
        return None
    try:
        version = int(props.get("version", "0"))
        if version != META_PROPERTIES_VERSION:
            raise StorageFormatError(f"{path}: unsupported meta.properties version {version} (KRaft needs "
                                     f"version {META_PROPERTIES_VERSION})")
        cluster_id = props["cluster.id"]
        node_id = int(props["node.id"])
        directory_id = parse_kafka_uuid(props["directory.id"]) if "directory.id" in props else None
    except (KeyError, ValueError) as exc:
        raise StorageFormatError(f"{path} is not a valid meta.properties file: {exc}") from exc
    return MetaProperties(cluster_id, node_id, directory_id, version)


def write_meta_properties(directory: str, meta: MetaProperties) -> None:
    os.makedirs(directory, exist_ok=True)
    # java.util.Properties.store with an empty comment: "#", then the date line, then the entries.
    date = time.strftime("%a %b %d %H:%M:%S UTC %Y", time.gmtime())
    lines = ["#", f"#{date}", f"node.id={meta.node_id}"]
    if meta.directory_id is not None:
        lines.append(f"directory.id={kafka_uuid_string(meta.directory_id)}")
    lines += [f"version={meta.version}", f"cluster.id={meta.cluster_id}"]
    write_atomically(os.path.join(directory, META_PROPERTIES), "\n".join(lines) + "\n")


# --- format ------------------------------------------------------------------------------------------------

@attrs.frozen
class DynamicQuorum:
    """A KIP-853 quorum to bootstrap: `--standalone` (initial_controllers None: this node alone, on its controller
    listener) or `--initial-controllers`."""

    initial_controllers: tuple[BootstrapVoter, ...] | None = None


def dynamic_quorum_for(config, *, standalone: bool = False, initial_controllers: str | None = None,
                       no_initial_controllers: bool = False) -> DynamicQuorum | None:
    """kafka-storage format's rules for --standalone / --initial-controllers / --no-initial-controllers."""
    controller = "controller" in process_roles(config)
    static_voters = bool(config["controller.quorum.voters"])
    if (standalone or initial_controllers) and static_voters:
        raise StorageFormatError(
            "You cannot specify controller.quorum.voters and format the node with --initial-controllers or "
            "--standalone. If you want to use dynamic quorum, please remove controller.quorum.voters and specify "
            "controller.quorum.bootstrap.servers instead.")
    if standalone and not controller:
        raise StorageFormatError("You can only use --standalone on a controller.")
    if initial_controllers and not controller:
        raise StorageFormatError("You can only use --initial-controllers on a controller.")
    if (controller and not static_voters and config["controller.quorum.bootstrap.servers"] and not standalone
            and not initial_controllers and not no_initial_controllers):
        raise StorageFormatError(
            "Because controller.quorum.voters is not set on this controller, you must specify one of the "
            "following: --standalone, --initial-controllers, or --no-initial-controllers.")
    if standalone:
        if not effective_advertised_controller_listeners(config):
            raise StorageFormatError("--standalone needs a controller listener: set controller.listener.names and "
                                     "give it an entry in listeners")
        return DynamicQuorum()
    if initial_controllers:
        listener = (config.controller_listener_names or ["CONTROLLER"])[0].upper()
        try:
            return DynamicQuorum(tuple(parse_initial_controllers(initial_controllers, listener)))
        except BootstrapCheckpointError as e:
            raise StorageFormatError(str(e)) from None
    return None


def first_start_dynamic_quorum(config) -> DynamicQuorum | None:
    """How `serve` formats empty log dirs: as `--standalone` when the config names bootstrap controllers rather
    than voters (a dynamic quorum, whose only voter kbroker can run is this node), else a static quorum."""
    if (config["controller.quorum.bootstrap.servers"] and not config["controller.quorum.voters"]
            and effective_advertised_controller_listeners(config)):
        return DynamicQuorum()
    return None


def format_storage(config, cluster_id: str | None = None, dynamic: DynamicQuorum | None = None,
                   extra_records: list | None = None) -> StorageInfo:
    """`kafka-storage format`: every directory must be unformatted."""
    dirs = _all_dirs(config)
    for directory in dirs:
        if read_meta_properties(directory) is not None:
            raise StorageFormatError(f"Log directory {directory} is already formatted. Use --ignore-formatted "
                                     "to ignore this directory and format the others.")
    return _format(config, dirs, cluster_id or generate_cluster_id(), dynamic, extra_records)


def _bootstrap_voters(config, dynamic: DynamicQuorum, meta_dir_id: uuid.UUID) -> list[BootstrapVoter]:
    if dynamic.initial_controllers is not None:
        return list(dynamic.initial_controllers)
    listener = effective_advertised_controller_listeners(config)[0]
    return [BootstrapVoter(config.node_id, meta_dir_id, listener.name, listener.host or socket.getfqdn(),
                           listener.port)]


def _format(config, dirs: Iterable[str], cluster_id: str, dynamic: DynamicQuorum | None = None,
            extra_records: list | None = None) -> StorageInfo:
    """`extra_records` (--add-scram's credentials) join the bootstrap records of a single node."""
    _check_cluster_id(cluster_id)
    if extra_records and joins_a_cluster(config):
        raise StorageFormatError("--add-scram is supported for a single node only: kbroker writes a cluster's "
                                 "bootstrap records from its quorum's first leader, which does not carry them yet")
    meta_dir = metadata_log_dir(config)
    directory_ids = {directory: random_kafka_uuid() for directory in dirs}
    if dynamic is not None and dynamic.initial_controllers is not None:
        mine = [v for v in dynamic.initial_controllers if v.voter_id == config.node_id]
        if mine:
            directory_ids[meta_dir] = mine[0].directory_id
    for directory, directory_id in directory_ids.items():
        write_meta_properties(directory, MetaProperties(cluster_id, config.node_id, directory_id))
    voter_ids = {config.node_id}
    if dynamic is not None:
        voters = _bootstrap_voters(config, dynamic, directory_ids[meta_dir])
        voter_ids = {voter.voter_id for voter in voters}
        write_bootstrap_checkpoint(os.path.join(meta_dir, METADATA_PARTITION_DIR), voters, int(time.time() * 1000))
    # A cluster's bootstrap records are written by its quorum's first leader; so are those of a combined node
    # formatted with other voters, and a combined node formatted with --no-initial-controllers (no checkpoint,
    # bootstrap servers only) joins a quorum whose log it fetches.
    joiner = dynamic is None and bool(config["controller.quorum.bootstrap.servers"]) \
        and not config["controller.quorum.voters"]
    if not joins_a_cluster(config) and voter_ids == {config.node_id} and not joiner:
        raft = SingleVoterRaft(meta_dir, config.node_id)
        raft.start()
        try:
            raft.append(bootstrap_records(config["min.insync.replicas"]) + list(extra_records or ()))
        finally:
            raft.close()
    return StorageInfo(cluster_id, config.node_id, meta_dir, directory_ids, True)


def _check_cluster_id(cluster_id: str) -> None:
    try:
        parse_kafka_uuid(cluster_id)
    except ValueError as exc:
        raise StorageFormatError(f"Cluster ID string {cluster_id} does not appear to be a valid UUID: "
                                 f"{exc}") from None


# --- start -------------------------------------------------------------------------------------------------

def bootstrap_voter_ids(config) -> set[int] | None:
    """The voter ids of the metadata log dir's bootstrap checkpoint (a dynamic quorum), or None."""
    partition_dir = os.path.join(metadata_log_dir(config), METADATA_PARTITION_DIR)
    try:
        voters = read_bootstrap_voters(partition_dir)
    except BootstrapCheckpointError as e:
        raise StorageFormatError(str(e)) from None
    return None if voters is None else {voter.voter_id for voter in voters}


def load_or_format(config, cluster_id: str | None = None, dynamic: DynamicQuorum | None = None,
                   extra_records: list | None = None) -> StorageInfo:
    """Check the log dirs for this node at start; format them on the very first start. `cluster_id`, when
    given, is the id the caller expects (the first start then uses it)."""
    dirs = _all_dirs(config)
    found = {d: read_meta_properties(d) for d in dirs}
    formatted = {d: m for d, m in found.items() if m is not None}
    if not formatted:
        return _format(config, dirs, cluster_id or generate_cluster_id(), dynamic, extra_records)
    first_dir, first = next(iter(formatted.items()))
    expected_cluster = cluster_id or first.cluster_id
    for directory, meta in formatted.items():
        if meta.cluster_id != expected_cluster:
            source = "the requested cluster id" if cluster_id else f"{first_dir}/{META_PROPERTIES}"
            raise StorageFormatError(
                f"Invalid cluster.id in {os.path.join(directory, META_PROPERTIES)}: it belongs to cluster "
                f"{meta.cluster_id}, but this node is in cluster {expected_cluster} (from {source}). "
                "Point log.dirs at this cluster's data or format a fresh directory.")
        if meta.node_id != config.node_id:
            raise StorageFormatError(
                f"Stored node id {meta.node_id} in {os.path.join(directory, META_PROPERTIES)} doesn't match the "
                f"configured node.id {config.node_id}. Point log.dirs at this node's data or fix node.id.")
    meta_dir = metadata_log_dir(config)
    if meta_dir not in formatted:
        raise StorageFormatError(f"The metadata log directory {meta_dir} is not formatted (no {META_PROPERTIES}) "
                                 f"while other log directories of cluster {expected_cluster} are.")
    directory_ids = {}
    for directory in dirs:
        meta = formatted.get(directory)
        if meta is None or meta.directory_id is None:
            meta = MetaProperties(expected_cluster, config.node_id, random_kafka_uuid())
            write_meta_properties(directory, meta)
        directory_ids[directory] = meta.directory_id
    return StorageInfo(expected_cluster, config.node_id, meta_dir, directory_ids, False)
