"""Formatting log directories as Kafka's StorageTool does, and checking them at start (MetaProperties /
MetaPropertiesEnsemble).

`format_storage(config, cluster_id=None)` writes `meta.properties` (version=1, cluster.id, node.id, a fresh
directory.id) into every log dir and into metadata.log.dir (default: the first log dir), then writes the
bootstrap feature levels into the new metadata log (`__cluster_metadata-0`). A directory that is already
formatted makes it fail, as `kafka-storage format` does without --ignore-formatted.
`load_or_format(config)` is what `kbroker serve` calls: with no meta.properties anywhere it formats (a new
cluster id, Kafka's Uuid.randomUuid base64url); otherwise every meta.properties must agree on the cluster id
and carry this node.id, else it fails naming both ids; log dirs that are still empty get a meta.properties
with a new directory.id.
"""

from __future__ import annotations

import base64
import os
import time
import uuid
from collections.abc import Iterable

import attrs

from kbroker.config import parse_properties
from kbroker.log.checkpoints import write_atomically
from kbroker.metadata.controller import bootstrap_records
from kbroker.raft.single_voter import SingleVoterRaft

META_PROPERTIES = "meta.properties"
META_PROPERTIES_VERSION = 1
RESERVED_UUIDS = 100  # Uuid ids with most significant bits 0 and least significant bits below 100 are reserved


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


def kafka_uuid_string(value: uuid.UUID) -> str:
    return base64.urlsafe_b64encode(value.bytes).decode("ascii").rstrip("=")


def parse_kafka_uuid(text: str) -> uuid.UUID:
    raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    if len(raw) != 16:
        raise ValueError(f"{text!r} is not a 16-byte base64url Uuid")
    return uuid.UUID(bytes=raw)


def random_kafka_uuid() -> uuid.UUID:
    """Uuid.randomUuid: never a reserved id, never one whose string form starts with '-'."""
    while True:
        value = uuid.uuid4()
        if value.int < RESERVED_UUIDS or kafka_uuid_string(value).startswith("-"):
            continue
        return value


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

def format_storage(config, cluster_id: str | None = None) -> StorageInfo:
    """`kafka-storage format`: every directory must be unformatted."""
    dirs = _all_dirs(config)
    for directory in dirs:
        if read_meta_properties(directory) is not None:
            raise StorageFormatError(f"Log directory {directory} is already formatted. Use --ignore-formatted "
                                     "to ignore this directory and format the others.")
    return _format(config, dirs, cluster_id or generate_cluster_id())


def _format(config, dirs: Iterable[str], cluster_id: str) -> StorageInfo:
    _check_cluster_id(cluster_id)
    directory_ids = {}
    for directory in dirs:
        directory_ids[directory] = random_kafka_uuid()
        write_meta_properties(directory, MetaProperties(cluster_id, config.node_id, directory_ids[directory]))
    meta_dir = metadata_log_dir(config)
    raft = SingleVoterRaft(meta_dir, config.node_id)
    raft.start()
    try:
        raft.append(bootstrap_records(config["min.insync.replicas"]))
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

def load_or_format(config, cluster_id: str | None = None) -> StorageInfo:
    """Check the log dirs for this node at start; format them on the very first start. `cluster_id`, when
    given, is the id the caller expects (the first start then uses it)."""
    dirs = _all_dirs(config)
    found = {d: read_meta_properties(d) for d in dirs}
    formatted = {d: m for d, m in found.items() if m is not None}
    if not formatted:
        return _format(config, dirs, cluster_id or generate_cluster_id())
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
