"""Topic-level log configs with Kafka's names and defaults (LogConfig / TopicConfig of Kafka 4.x)."""

from __future__ import annotations

import functools

import attrs

LONG_MAX = (1 << 63) - 1

CREATE_TIME = "CreateTime"
LOG_APPEND_TIME = "LogAppendTime"

_FIELD_BY_NAME: dict[str, str] = {}


def _kafka(name: str, default, **kwargs):
    return attrs.field(default=default, metadata={"kafka_name": name}, **kwargs)


@attrs.frozen
class LogConfig:
    segment_bytes: int = _kafka("segment.bytes", 1024 * 1024 * 1024)
    segment_ms: int = _kafka("segment.ms", 7 * 24 * 3600 * 1000)
    segment_jitter_ms: int = _kafka("segment.jitter.ms", 0)
    segment_index_bytes: int = _kafka("segment.index.bytes", 10 * 1024 * 1024)
    index_interval_bytes: int = _kafka("index.interval.bytes", 4096)
    max_message_bytes: int = _kafka("max.message.bytes", 1024 * 1024 + 12)
    message_timestamp_type: str = _kafka("message.timestamp.type", CREATE_TIME)
    message_timestamp_before_max_ms: int = _kafka("message.timestamp.before.max.ms", LONG_MAX)
    message_timestamp_after_max_ms: int = _kafka("message.timestamp.after.max.ms", 3600 * 1000)
    retention_ms: int = _kafka("retention.ms", 7 * 24 * 3600 * 1000)
    retention_bytes: int = _kafka("retention.bytes", -1)
    local_retention_ms: int = _kafka("local.retention.ms", -2)
    local_retention_bytes: int = _kafka("local.retention.bytes", -2)
    flush_messages: int = _kafka("flush.messages", LONG_MAX)
    flush_ms: int = _kafka("flush.ms", LONG_MAX)
    cleanup_policy: str = _kafka("cleanup.policy", "delete")
    delete_retention_ms: int = _kafka("delete.retention.ms", 24 * 3600 * 1000)
    min_cleanable_dirty_ratio: float = _kafka("min.cleanable.dirty.ratio", 0.5)
    min_compaction_lag_ms: int = _kafka("min.compaction.lag.ms", 0)
    max_compaction_lag_ms: int = _kafka("max.compaction.lag.ms", LONG_MAX)
    file_delete_delay_ms: int = _kafka("file.delete.delay.ms", 60000)
    compression_type: str = _kafka("compression.type", "producer")
    preallocate: bool = _kafka("preallocate", False)
    min_insync_replicas: int = _kafka("min.insync.replicas", 1)
    unclean_leader_election_enable: bool = _kafka("unclean.leader.election.enable", False)
    # Broker-level in Kafka (producer.id.expiration.ms / log.retention.check.interval.ms), kept here so a
    # partition log carries every knob it obeys.
    producer_id_expiration_ms: int = _kafka("producer.id.expiration.ms", 24 * 3600 * 1000)
    retention_check_interval_ms: int = _kafka("log.retention.check.interval.ms", 5 * 60 * 1000)

    @functools.cached_property
    def compact(self) -> bool:
        return "compact" in self.cleanup_policy.split(",")

    @functools.cached_property
    def delete(self) -> bool:
        return "delete" in self.cleanup_policy.split(",")

    @functools.cached_property
    def log_append_time(self) -> bool:
        return self.message_timestamp_type == LOG_APPEND_TIME

    @property
    def max_index_entries_bytes(self) -> int:
        return self.segment_index_bytes

    @classmethod
    def kafka_names(cls) -> dict[str, str]:
        """Kafka config name -> attribute name."""
        return {f.metadata["kafka_name"]: f.name for f in attrs.fields(cls)}

    @classmethod
    def from_properties(cls, props: dict[str, str | int | float | bool]) -> LogConfig:
        """Build from Kafka-named properties (strings as in server.properties or AlterConfigs); unknown names
        are ignored (they belong to other layers)."""
        names = cls.kafka_names()
        kwargs = {}
        for key, raw in props.items():
            attr = names.get(key)
            if attr is None:
                continue
            default = attrs.fields_dict(cls)[attr].default
            kwargs[attr] = _coerce(key, raw, default)
        return cls(**kwargs)

    def to_properties(self) -> dict[str, str]:
        out = {}
        for f in attrs.fields(type(self)):
            value = getattr(self, f.name)
            out[f.metadata["kafka_name"]] = str(value).lower() if isinstance(value, bool) else str(value)
        return out


def _coerce(name: str, raw, default):
    if isinstance(default, bool):
        if isinstance(raw, bool):
            return raw
        text = str(raw).strip().lower()
        if text not in ("true", "false"):
            raise ValueError(f"{name}: expected true or false, got {raw!r}")
        return text == "true"
    if isinstance(default, int):
        return int(str(raw).strip())
    if isinstance(default, float):
        return float(str(raw).strip())
    value = str(raw).strip()
    if name == "message.timestamp.type" and value not in (CREATE_TIME, LOG_APPEND_TIME):
        raise ValueError(f"{name}: expected CreateTime or LogAppendTime, got {value!r}")
    return value
