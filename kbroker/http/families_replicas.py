"""ReplicaManager and Log families, computed at scrape time from the partitions this node hosts (its
PartitionManager, the object the produce and fetch handlers read), one partition at a time (`add`), so the page
can let other tasks run between chunks of a node's thousands of partitions."""

from __future__ import annotations

from kbroker.http.exposition import Family

_COUNTS = (
    ("partitioncount", "Partitions this broker hosts (PartitionCount)."),
    ("leadercount", "Partitions this broker leads (LeaderCount)."),
    ("underreplicatedpartitions",
     "Partitions this broker leads whose ISR is smaller than their replicas (UnderReplicatedPartitions)."),
    ("offlinereplicacount", "Hosted partitions whose log is offline, its log dir having failed (OfflineReplicaCount)."),
    ("underminisrpartitioncount",
     "Partitions this broker leads whose ISR is smaller than min.insync.replicas (UnderMinIsrPartitionCount)."),
    ("atminisrpartitioncount",
     "Partitions this broker leads whose ISR is exactly min.insync.replicas (AtMinIsrPartitionCount)."),
)


class ReplicaFamilies:
    def __init__(self) -> None:
        self.counts = dict.fromkeys((name for name, _ in _COUNTS), 0)
        self.size = Family("kafka_log_log_size", "gauge", "Bytes of a partition's log segments (Log Size).")
        self.start = Family("kafka_log_log_logstartoffset", "gauge",
                            "A partition's log start offset (Log LogStartOffset).")
        self.end = Family("kafka_log_log_logendoffset", "gauge", "A partition's log end offset (Log LogEndOffset).")
        self.segments = Family("kafka_log_log_numlogsegments", "gauge",
                               "Segments of a partition's log (Log NumLogSegments).")

    def add(self, p) -> None:
        """One hosted partition."""
        counts = self.counts
        counts["partitioncount"] += 1
        log_ = p.log
        if log_.offline_reason is not None or log_.closed:
            counts["offlinereplicacount"] += 1
            return
        if p.is_leader:
            isr, min_isr = len(p.isr), p.effective_min_isr()  # Kafka's isUnderMinIsr / isAtMinIsr
            counts["leadercount"] += 1
            counts["underreplicatedpartitions"] += isr < len(p.registration.replicas)
            counts["underminisrpartitioncount"] += isr < min_isr
            counts["atminisrpartitioncount"] += isr == min_isr
        labels = {"topic": p.topic, "partition": p.partition}
        self.size.add(log_.size_in_bytes(), **labels)
        self.start.add(log_.log_start_offset, **labels)
        self.end.add(log_.log_end_offset, **labels)
        self.segments.add(len(log_.segments), **labels)

    def families(self) -> list[Family]:
        families = []
        for name, text in _COUNTS:
            family = Family(f"kafka_server_replicamanager_{name}", "gauge", text)
            family.add(self.counts[name])
            families.append(family)
        return [*families, self.size, self.start, self.end, self.segments]
