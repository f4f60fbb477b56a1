"""meta.properties and first-start formatting, as Kafka's StorageTool and MetaPropertiesEnsemble do it."""

from __future__ import annotations

import base64
import re

import pytest

from kbroker.config import BrokerConfig
from kbroker.metadata.loader import MetadataLoader
from kbroker.raft.single_voter import SingleVoterRaft
from kbroker.storage_format import (
    StorageFormatError,
    format_storage,
    generate_cluster_id,
    load_or_format,
    read_meta_properties,
)


def config(*dirs, **extra):
    props = {"log.dirs": ",".join(str(d) for d in dirs)}
    props.update({k.replace("_", "."): v for k, v in extra.items()})
    return BrokerConfig.from_properties(props)


def test_cluster_id_is_base64url_of_16_bytes():
    for _ in range(50):
        cluster_id = generate_cluster_id()
        assert re.fullmatch(r"[A-Za-z0-9_-]{22}", cluster_id) and not cluster_id.startswith("-")
        assert len(base64.urlsafe_b64decode(cluster_id + "==")) == 16


def test_format_writes_meta_properties_everywhere_and_features(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    info = format_storage(config(a, b), cluster_id="MkU3OEVBNTcwNTJENDM2Qk")
    assert info.newly_formatted and info.metadata_log_dir == str(a)
    text = (a / "meta.properties").read_text()
    lines = [line for line in text.splitlines() if not line.startswith("#")]
    assert sorted(line.split("=")[0] for line in lines) == ["cluster.id", "directory.id", "node.id", "version"]
    assert "version=1" in lines and "cluster.id=MkU3OEVBNTcwNTJENDM2Qk" in lines and "node.id=1" in lines
    meta_a, meta_b = read_meta_properties(str(a)), read_meta_properties(str(b))
    assert meta_a.directory_id != meta_b.directory_id
    assert info.directory_ids == {str(a): meta_a.directory_id, str(b): meta_b.directory_id}
    assert (a / "__cluster_metadata-0").is_dir() and not (b / "__cluster_metadata-0").exists()
    raft = SingleVoterRaft(str(a), 1)
    loader = MetadataLoader()
    loader.bind(raft)
    raft.start()
    # Kafka 4.3.1's defaults for metadata.version 4.3-IV0 (`kafka-features version-mapping`), and with eligible
    # leader replicas on, the cluster-wide min.insync.replicas Kafka's first activation writes.
    assert dict(loader.image.features) == {"metadata.version": 30, "transaction.version": 2, "group.version": 1,
                                           "eligible.leader.replicas.version": 1, "share.version": 1,
                                           "streams.version": 1}
    assert loader.image.configs_of_broker("") == {"min.insync.replicas": "1"}
    raft.close()
    with pytest.raises(StorageFormatError, match="already formatted"):
        format_storage(config(a, b))


def test_separate_metadata_log_dir(tmp_path):
    info = format_storage(config(tmp_path / "data", metadata_log_dir=tmp_path / "meta"))
    assert info.metadata_log_dir == str(tmp_path / "meta")
    assert read_meta_properties(str(tmp_path / "meta")).cluster_id == info.cluster_id
    assert (tmp_path / "meta" / "__cluster_metadata-0").is_dir()


def test_first_start_formats_then_keeps_the_cluster_id(tmp_path):
    first = load_or_format(config(tmp_path))
    assert first.newly_formatted
    again = load_or_format(config(tmp_path))
    assert not again.newly_formatted and again.cluster_id == first.cluster_id
    assert again.directory_ids == first.directory_ids


def test_another_cluster_id_fails_naming_both(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    one = format_storage(config(a))
    other = format_storage(config(b))
    with pytest.raises(StorageFormatError) as excinfo:
        load_or_format(config(a, b))
    assert one.cluster_id in str(excinfo.value) and other.cluster_id in str(excinfo.value)
    wanted = generate_cluster_id()
    with pytest.raises(StorageFormatError) as excinfo:
        load_or_format(config(a), cluster_id=wanted)
    assert one.cluster_id in str(excinfo.value) and wanted in str(excinfo.value)


def test_another_node_id_fails_naming_both(tmp_path):
    format_storage(config(tmp_path))
    with pytest.raises(StorageFormatError) as excinfo:
        load_or_format(config(tmp_path, node_id="7"))
    assert "Stored node id 1" in str(excinfo.value) and "node.id 7" in str(excinfo.value)


def test_new_empty_log_dir_joins_the_cluster(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    info = format_storage(config(a))
    later = load_or_format(config(a, b))
    assert read_meta_properties(str(b)).cluster_id == info.cluster_id
    assert set(later.directory_ids) == {str(a), str(b)}


def test_unformatted_metadata_dir_among_formatted_ones_fails(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    format_storage(config(b))
    with pytest.raises(StorageFormatError, match="metadata log directory"):
        load_or_format(config(a, b))


def test_bad_meta_properties(tmp_path):
    (tmp_path / "meta.properties").write_text("version=0\nbroker.id=1\ncluster.id=x\n")
    with pytest.raises(StorageFormatError, match="version 0"):
        load_or_format(config(tmp_path))


def test_a_combined_node_formatted_to_join_a_dynamic_quorum_writes_no_metadata(tmp_path):
    """--no-initial-controllers on a combined node (bootstrap servers, no voters): it joins a quorum whose log it
    fetches, so its own log stays empty (no bootstrap records at offset 0 to diverge from the leader's)."""
    joiner = BrokerConfig.from_properties({
        "process.roles": "broker,controller", "node.id": "4", "controller.listener.names": "CONTROLLER",
        "controller.quorum.bootstrap.servers": "127.0.0.1:9093",
        "listeners": "PLAINTEXT://127.0.0.1:9092,CONTROLLER://127.0.0.1:9094", "log.dirs": str(tmp_path)})
    format_storage(joiner, cluster_id="MkU3OEVBNTcwNTJENDM2Qk")
    assert not list((tmp_path / "__cluster_metadata-0").glob("*.log")) or all(
        log.stat().st_size == 0 for log in (tmp_path / "__cluster_metadata-0").glob("*.log"))
