"""One-line documentation for the configs kbroker describes (DescribeConfigs with IncludeDocumentation), written
for kbroker. Names without an entry (custom configs, Kafka configs kbroker does not implement) get null."""

from __future__ import annotations

_TOPIC = {
    "segment.bytes": "Size in bytes at which the active log segment is closed and a new one started.",
    "segment.ms": "Age in milliseconds after which the active segment is rolled even if it is not full.",
    "segment.jitter.ms": "Upper bound of a random delay subtracted from segment.ms to spread segment rolls.",
    "segment.index.bytes": "Maximum size in bytes of a segment's offset and time index files.",
    "flush.messages": "Number of appended messages after which the log is fsynced.",
    "flush.ms": "Time in milliseconds after which unflushed appends are fsynced.",
    "retention.bytes": "Largest size the partition log may grow to before old segments are deleted; -1 for no "
                       "limit.",
    "retention.ms": "How long in milliseconds records are kept before their segment may be deleted; -1 for "
                    "forever.",
    "max.message.bytes": "Largest record batch, in bytes, the topic accepts.",
    "index.interval.bytes": "Bytes of log between two entries of the sparse offset index.",
    "delete.retention.ms": "How long tombstones stay readable in a compacted topic after compaction.",
    "min.compaction.lag.ms": "Minimum age of a record before compaction may remove it.",
    "max.compaction.lag.ms": "Maximum time a record may stay uncompacted.",
    "file.delete.delay.ms": "Wait before a deleted segment's files are removed from disk.",
    "min.cleanable.dirty.ratio": "Share of uncompacted log above which the cleaner compacts the partition.",
    "cleanup.policy": "How old segments are discarded: delete, compact, or both (comma-separated).",
    "unclean.leader.election.enable": "Whether a replica outside the ISR may become leader, at the risk of data "
                                      "loss.",
    "min.insync.replicas": "In-sync replicas an acks=all write needs to succeed.",
    "compression.type": "Codec batches are stored with: uncompressed, gzip, snappy, lz4, zstd, or producer to keep "
                        "the producer's.",
    "compression.gzip.level": "gzip level used when the topic recompresses with gzip.",
    "compression.lz4.level": "lz4 level used when the topic recompresses with lz4.",
    "compression.zstd.level": "zstd level used when the topic recompresses with zstd.",
    "preallocate": "Whether segment files are allocated at full size when created.",
    "message.timestamp.type": "Which timestamp records carry: CreateTime (the producer's) or LogAppendTime (the "
                              "broker's).",
    "message.timestamp.before.max.ms": "How far in the past a CreateTime timestamp may be before the batch is "
                                       "rejected.",
    "message.timestamp.after.max.ms": "How far in the future a CreateTime timestamp may be before the batch is "
                                      "rejected.",
    "leader.replication.throttled.replicas": "Replicas (partition:broker, or *) throttled on the leader side.",
    "follower.replication.throttled.replicas": "Replicas (partition:broker, or *) throttled on the follower "
                                               "side.",
    "remote.storage.enable": "Whether the topic tiers old segments to remote storage.",
    "local.retention.ms": "How long segments stay on local disk when tiered storage is on; -2 follows "
                          "retention.ms.",
    "local.retention.bytes": "Local bytes kept per partition when tiered storage is on; -2 follows "
                             "retention.bytes.",
    "remote.log.copy.disable": "Stops copying segments to remote storage while keeping what is there.",
    "remote.log.delete.on.disable": "Deletes remote data when tiered storage is turned off for the topic.",
}

_BROKER = {
    "node.id": "This node's id in the cluster.",
    "broker.id": "Broker id; equals node.id in KRaft mode.",
    "process.roles": "Roles this node plays: broker, controller, or both.",
    "listeners": "Addresses the node listens on, as NAME://host:port.",
    "advertised.listeners": "Addresses clients are told to use; defaults to the non-controller listeners.",
    "listener.security.protocol.map": "Security protocol of each listener name, as NAME:PROTOCOL pairs.",
    "controller.listener.names": "Listener names used by the controller quorum.",
    "inter.broker.listener.name": "Listener brokers use to talk to each other.",
    "controller.quorum.voters": "Static controller quorum as id@host:port entries.",
    "controller.quorum.bootstrap.servers": "Controller addresses used to discover the quorum.",
    "controller.quorum.election.timeout.ms": "Time without a leader before a voter stands for election.",
    "controller.quorum.election.backoff.max.ms": "Longest wait before standing again after a lost election.",
    "controller.quorum.fetch.timeout.ms": "Time without a successful fetch before a follower stands for election.",
    "controller.quorum.request.timeout.ms": "How long a quorum request waits for its response.",
    "controller.quorum.retry.backoff.ms": "Wait before retrying a failed quorum request.",
    "socket.request.max.bytes": "Largest request frame accepted, in bytes.",
    "socket.send.buffer.bytes": "SO_SNDBUF of client sockets; -1 keeps the OS default.",
    "socket.receive.buffer.bytes": "SO_RCVBUF of client sockets; -1 keeps the OS default.",
    "queued.max.requests": "Requests that may wait for a handler before reads pause.",
    "queued.max.request.bytes": ("Request bytes held in memory, across all connections, before reads pause on the "
                                 "connections holding the most. -1 (or any value <= 0): one eighth of the "
                                 "machine's memory, and at least socket.request.max.bytes (Kafka: unbounded)."),
    "connections.max.idle.ms": "Idle time after which a connection is closed.",
    "num.network.threads": "Threads that read requests and write responses.",
    "num.io.threads": "Threads that execute requests.",
    "message.max.bytes": "Largest record batch a topic accepts unless it overrides max.message.bytes.",
    "log.dirs": "Directories that hold partition logs.",
    "log.dir": "Log directory used when log.dirs is not set.",
    "metadata.log.dir": "Directory of the cluster metadata log; the first log dir when unset.",
    "num.partitions": "Partition count of automatically created topics.",
    "default.replication.factor": "Replication factor of automatically created topics.",
    "auto.create.topics.enable": "Whether a topic is created when a client first asks for it.",
    "delete.topic.enable": "Whether topics may be deleted.",
    "log.segment.bytes": "Default segment size for topics (segment.bytes).",
    "log.roll.ms": "Default segment age limit in milliseconds (segment.ms); overrides log.roll.hours.",
    "log.roll.hours": "Default segment age limit in hours, used when log.roll.ms is unset.",
    "log.roll.jitter.ms": "Default segment roll jitter in milliseconds; overrides log.roll.jitter.hours.",
    "log.roll.jitter.hours": "Default segment roll jitter in hours.",
    "log.retention.ms": "Default retention time in milliseconds; overrides the minutes and hours forms.",
    "log.retention.minutes": "Default retention time in minutes, used when log.retention.ms is unset.",
    "log.retention.hours": "Default retention time in hours, the last fallback.",
    "log.retention.bytes": "Default per-partition size limit (retention.bytes); -1 for none.",
    "log.retention.check.interval.ms": "How often segments are checked for deletion.",
    "log.index.size.max.bytes": "Default maximum index file size (segment.index.bytes).",
    "log.index.interval.bytes": "Default bytes between offset index entries (index.interval.bytes).",
    "log.flush.interval.messages": "Default message count between fsyncs (flush.messages).",
    "log.flush.interval.ms": "Default time between fsyncs (flush.ms); log.flush.scheduler.interval.ms when unset.",
    "log.flush.scheduler.interval.ms": "How often the flusher checks logs for a due fsync.",
    "log.cleanup.policy": "Default cleanup policy (cleanup.policy).",
    "log.cleaner.enable": "Whether the log cleaner runs for compacted topics.",
    "log.cleaner.delete.retention.ms": "Default tombstone retention (delete.retention.ms).",
    "log.cleaner.min.cleanable.ratio": "Default dirty ratio that triggers compaction (min.cleanable.dirty.ratio).",
    "log.cleaner.min.compaction.lag.ms": "Default minimum age before compaction (min.compaction.lag.ms).",
    "log.cleaner.max.compaction.lag.ms": "Default maximum uncompacted age (max.compaction.lag.ms).",
    "log.segment.delete.delay.ms": "Default delay before deleted segment files go (file.delete.delay.ms).",
    "log.preallocate": "Default for preallocating segment files (preallocate).",
    "log.message.timestamp.type": "Default timestamp type of records (message.timestamp.type).",
    "log.message.timestamp.before.max.ms": "Default past tolerance of CreateTime timestamps.",
    "log.message.timestamp.after.max.ms": "Default future tolerance of CreateTime timestamps.",
    "compression.type": "Default storage codec of topics (compression.type).",
    "compression.gzip.level": "Default gzip level of topics.",
    "compression.lz4.level": "Default lz4 level of topics.",
    "compression.zstd.level": "Default zstd level of topics.",
    "log.local.retention.ms": "Default local retention time when tiered storage is on.",
    "log.local.retention.bytes": "Default local retention size when tiered storage is on.",
    "min.insync.replicas": "Default in-sync replicas an acks=all write needs (min.insync.replicas).",
    "unclean.leader.election.enable": "Default for electing out-of-sync replicas as leader.",
    "producer.id.expiration.ms": "Idle time after which a producer id's state is dropped.",
    "num.recovery.threads.per.data.dir": "Threads per log dir that load logs at start-up.",
    "replica.lag.time.max.ms": "Time a follower may lag before it leaves the ISR.",
    "broker.heartbeat.interval.ms": "Milliseconds between a broker's heartbeats to the active controller.",
    "broker.session.timeout.ms": "Milliseconds without a heartbeat after which the controller fences a broker.",
    "initial.broker.registration.timeout.ms": "Milliseconds a starting broker waits to register with the "
                                              "controller quorum before it gives up and exits.",
    "offsets.topic.num.partitions": "Partitions of __consumer_offsets.",
    "offsets.topic.replication.factor": "Replication factor of __consumer_offsets.",
    "offsets.topic.segment.bytes": "Segment size of __consumer_offsets.",
    "offsets.retention.minutes": "How long committed offsets of an empty group are kept.",
    "offsets.retention.check.interval.ms": "How often expired offsets are looked for.",
    "offsets.commit.timeout.ms": "How long an offset commit waits for its write.",
    "offset.metadata.max.bytes": "Largest metadata string stored with a committed offset.",
    "group.initial.rebalance.delay.ms": "Delay before the first rebalance of a new classic group.",
    "group.min.session.timeout.ms": "Smallest session timeout a classic group member may ask for.",
    "group.max.session.timeout.ms": "Largest session timeout a classic group member may ask for.",
    "group.max.size": "Most members a classic group may have.",
    "group.consumer.heartbeat.interval.ms": "Heartbeat interval given to consumer group (KIP-848) members.",
    "group.consumer.session.timeout.ms": "Time after its last heartbeat a consumer group member is fenced.",
    "group.consumer.max.size": "Most members a consumer group (KIP-848) may have.",
    "group.consumer.assignment.interval.ms": "Shortest time between two target assignments of a consumer group.",
    "group.consumer.assignors": "Server-side assignors of consumer groups; the first is the default.",
    "transaction.state.log.num.partitions": "Partitions of __transaction_state.",
    "transaction.state.log.replication.factor": "Replication factor of __transaction_state.",
    "transaction.state.log.min.isr": "min.insync.replicas of __transaction_state.",
    "share.coordinator.state.topic.replication.factor": "Replication factor of __share_group_state.",
    "share.coordinator.state.topic.min.isr": "min.insync.replicas of __share_group_state.",
    "transaction.state.log.segment.bytes": "Segment size of __transaction_state.",
    "transaction.max.timeout.ms": "Largest transaction timeout a producer may ask for.",
    "transactional.id.expiration.ms": "Idle time after which a transactional id is forgotten.",
    "transaction.partition.verification.enable": "Whether a transactional write is checked against the "
                                                 "partitions its transaction has added.",
    "transaction.abort.timed.out.transaction.cleanup.interval.ms": "How often the coordinator aborts "
                                                                   "transactions past their timeout.",
    "transaction.remove.expired.transaction.cleanup.interval.ms": "How often the coordinator forgets "
                                                                  "expired transactional ids.",
    "metadata.log.segment.bytes": "Segment size of the cluster metadata log.",
    "metadata.log.segment.ms": "Age after which the metadata log rolls a new segment.",
    "metadata.max.retention.bytes": "Size of metadata log kept behind the latest snapshot.",
    "metadata.max.retention.ms": "Age of metadata log kept behind the latest snapshot.",
    "metadata.log.max.record.bytes.between.snapshots": "Metadata record bytes after which a snapshot is written.",
    "metadata.log.max.snapshot.interval.ms": "Longest time between two metadata snapshots.",
}


def topic_documentation(name: str) -> str | None:
    return _TOPIC.get(name)


def broker_documentation(name: str) -> str | None:
    return _BROKER.get(name)
