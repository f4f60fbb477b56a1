"""What every compat test's kbroker /metrics page must be when the broker is closed: text Prometheus' parser
accepts (and promtool, when installed), with the broker's families (traffic, requests, replicas, controller,
process) and all-topic counters no smaller than the per-topic ones they sum; and, for a broker that ran the whole
session without a restart, bytes and messages in that agree with what the producers' batches left in its logs.

The logs are read here with a reader of Kafka's batch header of its own, not kbroker's, so the check does not
take kbroker's word for what it stored."""

from __future__ import annotations

import shutil
import struct
import subprocess
import urllib.request
from collections import defaultdict
from pathlib import Path

ALWAYS = (
    "kafka_server_brokertopicmetrics_messagesin", "kafka_server_brokertopicmetrics_bytesin",
    "kafka_server_brokertopicmetrics_bytesout", "kafka_server_brokertopicmetrics_failedproducerequests",
    "kafka_server_brokertopicmetrics_failedfetchrequests", "kafka_network_requestmetrics_requests",
    "kafka_network_requestmetrics_totaltimems", "kafka_server_replicamanager_partitioncount",
    "kafka_server_replicamanager_underreplicatedpartitions", "kafka_controller_kafkacontroller_activecontrollercount",
    "kafka_coordinator_group_groupmetadatamanager_numgroups", "process_cpu_seconds", "process_resident_memory_bytes",
)


# BytesIn may differ from the stored batches by this share of them (the bound); in practice they are equal.
TRAFFIC_TOLERANCE = 0.01
_BATCH_HEADER = struct.Struct(">qiibIhiqqqhii")  # Kafka's RecordBatch header, magic v2 (61 bytes)
_CONTROL = 0x20


def check_metrics_page(address: tuple[str, int] | None) -> str:
    from prometheus_client.parser import text_string_to_metric_families

    assert address is not None, "kbroker was started without its HTTP listener"
    host, port = address
    with urllib.request.urlopen(f"http://{host}:{port}/metrics", timeout=30) as response:
        text = response.read().decode()
    families = {family.name: family for family in text_string_to_metric_families(text)}
    missing = [name for name in ALWAYS if name not in families]
    assert not missing, f"/metrics lacks {missing}"
    for name in ("messagesin", "bytesin", "bytesout"):
        samples = families[f"kafka_server_brokertopicmetrics_{name}"].samples
        total = sum(s.value for s in samples if "topic" not in s.labels)
        assert total >= sum(s.value for s in samples if "topic" in s.labels), f"{name}: all topics < sum of topics"
    if shutil.which("promtool"):
        checked = subprocess.run(["promtool", "check", "metrics"], input=text, capture_output=True, text=True,
                                 timeout=60)
        assert checked.returncode == 0, f"promtool check metrics: {checked.stderr}"
    return text


def stored_batches(log_dir: Path) -> dict[str, tuple[int, int]]:
    """topic -> (bytes, records) of the producers' batches in its partitions' segments (control batches, which the
    broker writes itself, left out). Internal topics are left out too: their batches come from coordinators."""
    totals: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for segment in sorted(log_dir.glob("*-*/*.log")):
        topic, _, partition = segment.parent.name.rpartition("-")
        if topic.startswith("__") or not partition.isdigit():
            continue  # internal, or a directory of a deleted partition
        data, at = segment.read_bytes(), 0
        while at + _BATCH_HEADER.size <= len(data):
            fields = _BATCH_HEADER.unpack_from(data, at)
            size, attributes, records = 12 + fields[1], fields[5], fields[12]
            if fields[1] <= 0 or at + size > len(data):
                break  # the preallocated tail of an active segment
            if not attributes & _CONTROL:
                totals[topic][0] += size
                totals[topic][1] += records
            at += size
    return {topic: (b, r) for topic, (b, r) in totals.items()}


def _per_topic(text: str, family: str) -> dict[str, float]:
    """topic -> the sum of the family's samples labelled with it (over its partitions, where it has them)."""
    from prometheus_client.parser import text_string_to_metric_families

    sums: dict[str, float] = defaultdict(float)
    for each in text_string_to_metric_families(text):
        if each.name == family:
            for sample in each.samples:
                if "topic" in sample.labels:
                    sums[sample.labels["topic"]] += sample.value
    return sums


def _whole_logs(text: str, bootstrap: str, topics: list[str]) -> list[str]:
    """The topics whose logs still hold every batch appended as sent: no record deleted from the front (retention,
    DeleteRecords), not compacted, not recompressed by a topic compression.type."""
    from confluent_kafka.admin import AdminClient, ConfigResource, ResourceType

    starts = _per_topic(text, "kafka_log_log_logstartoffset")  # the topics that exist, with their partitions' starts
    candidates = [topic for topic in topics if topic in starts and starts[topic] == 0]
    if not candidates:
        return []
    admin = AdminClient({"bootstrap.servers": bootstrap})
    futures = admin.describe_configs([ConfigResource(ResourceType.TOPIC, topic) for topic in candidates])
    whole = []
    for resource, future in futures.items():
        configs = future.result(timeout=60)
        if "compact" not in configs["cleanup.policy"].value and configs["compression.type"].value == "producer":
            whole.append(resource.name)
    return whole


def check_traffic_matches_logs(text: str, log_dir: Path, bootstrap: str) -> list[str]:
    """BytesIn and MessagesIn of every topic whose log is whole equal (within TRAFFIC_TOLERANCE over them all) the
    bytes and records of the producers' batches its log holds; returns the topics compared."""
    stored = stored_batches(log_dir)
    whole = _whole_logs(text, bootstrap, sorted(stored))
    bytes_in, messages_in = (_per_topic(text, f"kafka_server_brokertopicmetrics_{name}")
                             for name in ("bytesin", "messagesin"))
    for what, metric, column in (("bytes", bytes_in, 0), ("records", messages_in, 1)):
        expected = sum(stored[topic][column] for topic in whole)
        counted = sum(metric.get(topic, 0) for topic in whole)
        differing = {topic: (metric.get(topic, 0), stored[topic][column]) for topic in whole
                     if metric.get(topic, 0) != stored[topic][column]}
        assert abs(counted - expected) <= TRAFFIC_TOLERANCE * expected, (
            f"{what} in: /metrics counts {counted}, the logs of {len(whole)} topics hold {expected}; "
            f"(counted, stored) where they differ: {dict(list(differing.items())[:20])}")
    return whole
