"""The state of one KIP-1071 streams group (Kafka's StreamsGroup, StreamsGroupMember and StreamsTopology) and
how its topology meets the topics (Kafka's InternalTopicManager.configureTopics). Plain data and pure rules;
kbroker.group.streams_coordinator drives the heartbeats.

A streams group is a modern group like a KIP-848 consumer group (StreamsGroup extends ConsumerGroup: the same
epochs, the same member reconciliation in kbroker.group.consumer.reconcile, the same offset-commit checks), whose
unit of assignment is the active task (subtopology id, partition) instead of a topic partition: in the shared
fields a "topic" key is a subtopology id.

Configuring the topology against the topics: every source topic must exist (else the MISSING_SOURCE_TOPICS
status and no tasks); a repartition topic without a fixed partition count gets the largest partition count of the
source topics of the subtopologies writing to it; a changelog topic gets its subtopology's task count; members of
a copartition group must agree (repartition topics among them take the others' count, else
INCORRECTLY_PARTITIONED_TOPICS). Internal topics that do not exist yet are returned to be created (status
MISSING_INTERNAL_TOPICS until they exist). A subtopology has as many tasks as its largest source topic has
partitions.
"""

from __future__ import annotations

import enum
import re

import attrs

from kbroker.group.consumer import ConsumerGroup, ConsumerMember

# Kafka's StreamsGroupHeartbeatResponse.Status codes.
STALE_TOPOLOGY = 0
MISSING_SOURCE_TOPICS = 1
INCORRECTLY_PARTITIONED_TOPICS = 2
MISSING_INTERNAL_TOPICS = 3
SHUTDOWN_APPLICATION = 4
ASSIGNMENT_DELAYED = 5


class StreamsGroupState(enum.Enum):
    EMPTY = "Empty"
    NOT_READY = "NotReady"
    ASSIGNING = "Assigning"
    RECONCILING = "Reconciling"
    STABLE = "Stable"
    DEAD = "Dead"


@attrs.frozen
class TopicInfo:
    name: str
    partitions: int  # 0: derived
    replication_factor: int  # 0: the broker's default
    configs: tuple[tuple[str, str], ...] = ()


@attrs.frozen
class Subtopology:
    subtopology_id: str
    source_topics: tuple[str, ...]
    source_topic_regex: tuple[str, ...]
    state_changelog_topics: tuple[TopicInfo, ...]
    repartition_sink_topics: tuple[str, ...]
    repartition_source_topics: tuple[TopicInfo, ...]
    copartition_groups: tuple[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]], ...] = ()


@attrs.frozen
class Topology:
    epoch: int
    subtopologies: tuple[Subtopology, ...]


@attrs.frozen
class ConfiguredTopology:
    """What the topology amounts to on the current topics: task count per subtopology (empty when not ready),
    internal topics to create, and the statuses to report."""
    tasks: dict[str, int]
    to_create: tuple[TopicInfo, ...] = ()
    statuses: tuple[tuple[int, str], ...] = ()
    internal_partitions: dict[str, int] = attrs.field(factory=dict)  # repartition and changelog topics, derived

    @property
    def ready(self) -> bool:
        return not self.statuses


@attrs.frozen
class StreamsMember(ConsumerMember):
    """A member: a consumer member's epochs and task reconciliation (`assigned` holds its active tasks, by
    subtopology id) plus what a Streams client reports about itself."""
    process_id: str = ""
    topology_epoch: int = -1
    user_endpoint: tuple[str, int] | None = None
    client_tags: tuple[tuple[str, str], ...] = ()


@attrs.define(eq=False)
class StreamsGroup(ConsumerGroup):
    topology: Topology | None = None
    configured: ConfiguredTopology | None = None
    endpoint_epoch: int = 0
    assignment_not_before_ms: int = 0  # the initial rebalance delay's end

    protocol_type = "streams"

    @property
    def state(self) -> StreamsGroupState:  # type: ignore[override]
        if self.dead:
            return StreamsGroupState.DEAD
        if not self.members:
            return StreamsGroupState.EMPTY
        if self.configured is None or not self.configured.ready:
            return StreamsGroupState.NOT_READY
        if self.group_epoch > self.assignment_epoch:
            return StreamsGroupState.ASSIGNING
        if any(not m.is_reconciled_to(self.assignment_epoch) for m in self.members.values()):
            return StreamsGroupState.RECONCILING
        return StreamsGroupState.STABLE


def topology_from_request(topology) -> Topology:
    """The heartbeat request's Topology as plain data."""
    def infos(items) -> tuple[TopicInfo, ...]:
        return tuple(TopicInfo(t.name, t.partitions, t.replication_factor,
                               tuple((c.key, c.value) for c in t.topic_configs or ())) for t in items or ())
    return Topology(topology.epoch, tuple(
        Subtopology(s.subtopology_id, tuple(s.source_topics or ()), tuple(s.source_topic_regex or ()),
                    infos(s.state_changelog_topics), tuple(s.repartition_sink_topics or ()),
                    infos(s.repartition_source_topics),
                    tuple((tuple(g.source_topics), tuple(g.source_topic_regex), tuple(g.repartition_source_topics))
                          for g in s.copartition_groups or ()))
        for s in topology.subtopologies or ()))


def _resolved_sources(subtopology: Subtopology, topics) -> list[str]:
    names = list(subtopology.source_topics)
    for pattern in subtopology.source_topic_regex:
        try:
            compiled = re.compile(pattern)
        except re.error:
            continue
        names.extend(sorted(name for name in topics if not name.startswith("__") and compiled.fullmatch(name)))
    return names


def configure(topology: Topology, topics) -> ConfiguredTopology:
    """`topics`: topic name -> partition count of the existing topics."""
    missing = sorted({name for s in topology.subtopologies for name in s.source_topics if name not in topics} |
                     {f"regex {p}" for s in topology.subtopologies for p in s.source_topic_regex
                      if not _resolved_sources(attrs.evolve(s, source_topics=()), topics)})
    if missing:
        return ConfiguredTopology({}, statuses=((MISSING_SOURCE_TOPICS, f"Source topics {', '.join(missing)} are "
                                                 "missing."),))
    repartition = {info.name: info for s in topology.subtopologies for info in s.repartition_source_topics}
    counts: dict[str, int] = {name: topics[name] for name in repartition if name in topics}
    counts.update({name: info.partitions for name, info in repartition.items()
                   if info.partitions > 0 and name not in counts})

    def source_counts(s: Subtopology) -> list[int | None]:
        return [topics.get(n) for n in _resolved_sources(s, topics)] + \
            [counts.get(info.name) for info in s.repartition_source_topics]

    changed = True
    while changed:  # a repartition topic takes the largest source of the subtopologies writing to it
        changed = False
        for name in repartition:
            if name in counts:
                continue
            writers = [s for s in topology.subtopologies if name in s.repartition_sink_topics]
            known = [c for s in writers for c in source_counts(s) if c is not None]
            if writers and len(known) == sum(len(source_counts(s)) for s in writers):
                counts[name] = max(known)
                changed = True
    incorrect = []
    for s in topology.subtopologies:
        for source_idx, _regex_idx, repartition_idx in s.copartition_groups:
            external = [s.source_topics[i] for i in source_idx if i < len(s.source_topics)]
            internal = [s.repartition_source_topics[i].name for i in repartition_idx
                        if i < len(s.repartition_source_topics)]
            sizes = {topics[n] for n in external}
            if len(sizes) > 1:
                incorrect.append(", ".join(external))
                continue
            for name in internal:
                if sizes and repartition[name].partitions == 0 and name not in topics:
                    counts[name] = next(iter(sizes))
    if incorrect:
        return ConfiguredTopology({}, statuses=((INCORRECTLY_PARTITIONED_TOPICS, "Following topics do not have the "
                                                 f"same number of partitions: [{'; '.join(incorrect)}]"),))
    unresolved = sorted(name for name in repartition if name not in counts)
    if unresolved:
        return ConfiguredTopology({}, statuses=((MISSING_SOURCE_TOPICS, "The partition counts of the repartition "
                                                 f"topics {', '.join(unresolved)} cannot be derived."),))
    tasks = {s.subtopology_id: max((c for c in source_counts(s) if c is not None), default=0)
             for s in topology.subtopologies}
    to_create = [attrs.evolve(info, partitions=counts[name]) for name, info in repartition.items()
                 if name not in topics]
    to_create += [attrs.evolve(info, partitions=tasks[s.subtopology_id]) for s in topology.subtopologies
                  for info in s.state_changelog_topics if info.name not in topics]
    internal = dict(counts)
    internal.update({info.name: tasks[s.subtopology_id] for s in topology.subtopologies
                     for info in s.state_changelog_topics})
    if to_create:
        names = ", ".join(sorted(info.name for info in to_create))
        return ConfiguredTopology({}, tuple(to_create),
                                  ((MISSING_INTERNAL_TOPICS, f"Internal topics are missing: [{names}]"),), internal)
    return ConfiguredTopology(tasks, internal_partitions=internal)
