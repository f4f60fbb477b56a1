"""Topic chores through Kafka's Admin API (confluent-kafka): create topics, add partitions, set topic
configs, delete records, look up a partition's log start offset, list partitions. Each call waits for the broker's answer and raises on any error."""

from __future__ import annotations

from confluent_kafka import TopicPartition
from confluent_kafka.admin import (
    AdminClient,
    AlterConfigOpType,
    ConfigEntry,
    ConfigResource,
    NewPartitions,
    NewTopic,
    OffsetSpec,
    ResourceType,
)

TIMEOUT_S = 30.0


def admin_client(bootstrap: str) -> AdminClient:
    return AdminClient({"bootstrap.servers": bootstrap})


def create_topic(bootstrap: str, topic: str, partitions: int = 1, config: dict[str, str] | None = None) -> None:
    admin = admin_client(bootstrap)  # the futures fail if the client is collected before they resolve
    futures = admin.create_topics(
        [NewTopic(topic, num_partitions=partitions, replication_factor=1, config=config or {})],
        operation_timeout=TIMEOUT_S,
    )
    futures[topic].result(TIMEOUT_S)


def add_partitions(bootstrap: str, topic: str, total_partitions: int) -> None:
    admin = admin_client(bootstrap)
    futures = admin.create_partitions(
        [NewPartitions(topic, total_partitions)], operation_timeout=TIMEOUT_S
    )
    futures[topic].result(TIMEOUT_S)


def delete_records_before(bootstrap: str, topic: str, partition: int, offset: int) -> int:
    """DeleteRecords: moves the log start offset of one partition to `offset`; returns the new low watermark."""
    admin = admin_client(bootstrap)
    futures = admin.delete_records(
        [TopicPartition(topic, partition, offset)], operation_timeout=TIMEOUT_S
    )
    deleted = futures[TopicPartition(topic, partition)].result(TIMEOUT_S)
    return deleted.low_watermark


def set_topic_config(bootstrap: str, topic: str, config: dict[str, str]) -> None:
    """IncrementalAlterConfigs: sets the given configs of `topic`, leaving the others as they are."""
    admin = admin_client(bootstrap)
    resource = ConfigResource(
        ResourceType.TOPIC,
        topic,
        incremental_configs=[
            ConfigEntry(name, value, incremental_operation=AlterConfigOpType.SET) for name, value in config.items()
        ],
    )
    futures = admin.incremental_alter_configs([resource])
    futures[resource].result(TIMEOUT_S)


def log_start_offset(bootstrap: str, topic: str, partition: int) -> int:
    """ListOffsets for the earliest offset: where the partition's log starts now."""
    admin = admin_client(bootstrap)
    key = TopicPartition(topic, partition)
    futures = admin.list_offsets({key: OffsetSpec.earliest()}, request_timeout=TIMEOUT_S)
    return futures[key].result(TIMEOUT_S).offset


def partition_ids(bootstrap: str, topic: str) -> list[int]:
    metadata = admin_client(bootstrap).list_topics(topic, timeout=TIMEOUT_S)
    described = metadata.topics[topic]
    if described.error is not None:
        raise RuntimeError(f"topic {topic}: {described.error}")
    return sorted(described.partitions)
