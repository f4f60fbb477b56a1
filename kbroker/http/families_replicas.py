"""ReplicaManager and Log families, computed at scrape time from the partitions this node hosts (its
PartitionManager, the object the produce and fetch handlers read)."""

from __future__ import annotations

from kbroker.http.exposition import Family


def replica_families(partitions) -> list[Family]:
    hosted = list(partitions)
    online = [p for p in hosted if p.log.offline_reason is None and not p.log.closed]
    leaders = [p for p in online if p.is_leader]
    counts = (
        ("partitioncount", len(hosted), "Partitions this broker hosts (PartitionCount)."),
        ("leadercount", len(leaders), "Partitions this broker leads (LeaderCount)."),
        ("underreplicatedpartitions", sum(len(p.isr) < len(p.registration.replicas) for p in leaders),
         "Partitions this broker leads whose ISR is smaller than their replicas (UnderReplicatedPartitions)."),
        ("offlinereplicacount", len(hosted) - len(online),
         "Hosted partitions whose log is offline, its log dir having failed (OfflineReplicaCount)."),
        ("underminisrpartitioncount", sum(len(p.isr) < p.log.config.min_insync_replicas for p in leaders),
         "Partitions this broker leads whose ISR is smaller than min.insync.replicas (UnderMinIsrPartitionCount)."),
        ("atminisrpartitioncount", sum(len(p.isr) == p.log.config.min_insync_replicas for p in leaders),
         "Partitions this broker leads whose ISR is exactly min.insync.replicas (AtMinIsrPartitionCount)."),
    )
    families = []
    for name, value, text in counts:
        family = Family(f"kafka_server_replicamanager_{name}", "gauge", text)
        family.add(value)
        families.append(family)
    size = Family("kafka_log_log_size", "gauge", "Bytes of a partition's log segments (Log Size).")
    start = Family("kafka_log_log_logstartoffset", "gauge", "A partition's log start offset (Log LogStartOffset).")
    end = Family("kafka_log_log_logendoffset", "gauge", "A partition's log end offset (Log LogEndOffset).")
    segments = Family("kafka_log_log_numlogsegments", "gauge",
                      "Segments of a partition's log (Log NumLogSegments).")
    for p in sorted(online, key=lambda p: (p.topic, p.partition)):
        log_ = p.log
        size.add(log_.size_in_bytes(), topic=p.topic, partition=p.partition)
        start.add(log_.log_start_offset, topic=p.topic, partition=p.partition)
        end.add(log_.log_end_offset, topic=p.topic, partition=p.partition)
        segments.add(len(log_.segments), topic=p.topic, partition=p.partition)
    return [*families, size, start, end, segments]
