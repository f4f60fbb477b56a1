"""Apache Kafka 4.3.1's DumpLogSegments --cluster-metadata-decoder reads the metadata log segment and the
snapshot kbroker writes without an error and shows our records.

Needs the jars `make java` assembles: without them this fails under CI=true and skips otherwise.
"""

from __future__ import annotations

import os
import re
import shutil

import pytest

from compat_tests.kafka_dist import kafka_dist_is_built, missing_dist_message, run_kafka_tool
from kbroker.config import BrokerConfig
from kbroker.metadata.image import image_records
from kbroker.metadata.service import MetadataService
from kbroker.protocol.messages.create_topics_request import CreatableTopic, CreatableTopicConfig
from kbroker.storage_format import kafka_uuid_string, load_or_format

pytestmark = pytest.mark.java

_PROBLEM = re.compile(r"error|exception|isvalid: false|corrupt|failed|unknown", re.IGNORECASE)


@pytest.fixture(autouse=True)
def _require_kafka_jars():
    if not kafka_dist_is_built():
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail(missing_dist_message())
        pytest.skip(missing_dist_message())


def start_service(config):
    return MetadataService.start(config, load_or_format(config), endpoints=[("PLAINTEXT", "127.0.0.1", 9092, 0)])


def test_dump_log_segments_reads_our_metadata_log_and_snapshot(tmp_path):
    config = BrokerConfig.from_properties({"log.dirs": str(tmp_path / "data")})
    partition_dir = tmp_path / "data" / "__cluster_metadata-0"
    service = start_service(config)
    try:
        [created] = service.controller.create_topics([CreatableTopic(
            name="interop-topic", num_partitions=2, replication_factor=1,
            configs=[CreatableTopicConfig(name="retention.ms", value="1000")])])
        assert created.error.code == 0
        service.controller.allocate_producer_ids(config.node_id, service.broker_epoch)
    finally:
        service.close()
    # The snapshot below deletes the segment it covers: keep a copy of it for the dump.
    first_segment = tmp_path / "copy" / "__cluster_metadata-0" / "00000000000000000000.log"
    first_segment.parent.mkdir(parents=True)
    shutil.copyfile(partition_dir / "00000000000000000000.log", first_segment)
    service = start_service(config)
    try:
        image = service.image
        end_offset = service.raft.committed_offset
        service.raft.create_snapshot(end_offset, image.epoch, 0, image_records(image))
        service.controller.create_topics([CreatableTopic(name="after-snapshot", num_partitions=1,
                                                         replication_factor=1)])
    finally:
        service.close()
    later_segments = sorted(partition_dir.glob("*.log"))
    [snapshot] = sorted(partition_dir.glob("*.checkpoint"))
    assert snapshot.name == f"{end_offset:020d}-{image.epoch:010d}.checkpoint"
    done = run_kafka_tool("org.apache.kafka.tools.DumpLogSegments", "--cluster-metadata-decoder", "--files",
                          ",".join(str(p) for p in [first_segment, *later_segments, snapshot]))
    assert done.returncode == 0, done.stderr
    problems = [line for line in (done.stdout + done.stderr).splitlines() if _PROBLEM.search(line)]
    assert problems == []
    dumps = {}
    for part in done.stdout.split("Dumping ")[1:]:
        path, _, text = part.partition("\n")
        dumps[path.strip()] = text
    topic_line = f'"name":"interop-topic","topicId":"{kafka_uuid_string(created.topic_id)}"'
    first = dumps[str(first_segment)]
    assert first.count("LeaderChange:") == 2  # format's epoch 1, then the service's epoch 2
    assert '"type":"FEATURE_LEVEL_RECORD","version":0,"data":{"name":"metadata.version","featureLevel":30}' in first
    assert '"type":"REGISTER_BROKER_RECORD","version":4' in first
    assert topic_line in first and first.count('"type":"PARTITION_RECORD","version":2') == 2
    assert '"type":"CONFIG_RECORD"' in first and '"type":"PRODUCER_IDS_RECORD"' in first
    later = "".join(dumps[str(p)] for p in later_segments)
    assert '"name":"after-snapshot"' in later
    in_snapshot = dumps[str(snapshot)]
    assert f"Snapshot end offset: {end_offset}, epoch: {image.epoch}" in in_snapshot
    assert "SnapshotHeader" in in_snapshot and "SnapshotFooter" in in_snapshot
    assert topic_line in in_snapshot and in_snapshot.count('"type":"PARTITION_RECORD"') == 2


def test_we_replay_a_metadata_log_apache_kafka_wrote(tmp_path):
    from confluent_kafka.admin import AdminClient, NewTopic

    from compat_tests.kafka_dist import ApacheKafka
    from kbroker.metadata.loader import MetadataLoader
    from kbroker.raft.single_voter import SingleVoterRaft

    with ApacheKafka() as kafka:
        admin = AdminClient({"bootstrap.servers": kafka.bootstrap})
        futures = admin.create_topics([NewTopic("from-kafka", 3, 1, config={"retention.ms": "12345"})])
        futures["from-kafka"].result(60)
        del admin, futures  # closes the client before the broker stops
        kafka.stop()
        shutil.copytree(kafka.log_dir, tmp_path / "data")
    raft = SingleVoterRaft(str(tmp_path / "data"), 1)
    loader = MetadataLoader()
    loader.bind(raft)
    raft.start()
    try:
        image = loader.image
        topic = image.topic("from-kafka")
        assert topic is not None and sorted(topic.partitions) == [0, 1, 2]
        assert all(p.replicas == (1,) for p in topic.partitions.values())
        assert dict(image.configs_of_topic("from-kafka")) == {"retention.ms": "12345"}
        assert image.metadata_version == 30 and 1 in image.brokers
        assert raft.leader_epoch >= 2
    finally:
        raft.close()
