"""What the web console shows, read at request time from the node's own state (the BrokerStates its handlers read:
the metadata image, the hosted partitions, the group coordinator), as plain records the pages render. Nothing is
copied or kept between requests. Long lists are cut here, before any row is built (`Capped`), so a page of a node
with thousands of topics or offsets costs its first rows only, and rows are built in chunks between which other
tasks run (as /metrics does).

What one node knows: topics, partitions, leaders, replicas and ISR come from the cluster's metadata image; log
offsets and sizes only for the partitions this node hosts (others show none); groups are those this node
coordinates, their lag only on partitions this node leads (the high watermark less the committed offset, as
kafka_consumergroup_lag on /metrics). Password-type configs (sensitive, as DescribeConfigs says) show no value.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable, Sequence

import attrs
import trio

from kbroker import __version__
from kbroker.configs import schema
from kbroker.configs.describe import BrokerConfigView, describe_topic
from kbroker.group.classic import ClassicGroup
from kbroker.group.consumer import ConsumerMember
from kbroker.http.console_share import PROTOCOL, SHARE, ShareGroupDetail, ShareGroupsView
from kbroker.http.families_coordinators import groups_of
from kbroker.http.families_process import start_time_s
from kbroker.http.metrics import each
from kbroker.http.record_browser import Query, RecordsRead, read_records
from kbroker.metadata.image import NO_LEADER, MetadataImage
from kbroker.metadata.topic_names import is_internal
from kbroker.protocol.messages.consumer_protocol_assignment import ConsumerProtocolAssignment
from kbroker.protocol.wire import DecodeError

READERS = 2  # message browser pages read at once (each holds up to a page's bytes and a decompressed batch)
SOURCES = {schema.TOPIC_CONFIG: "topic", schema.DYNAMIC_BROKER_CONFIG: "dynamic broker",
           schema.DYNAMIC_DEFAULT_BROKER_CONFIG: "dynamic cluster default", schema.STATIC_BROKER_CONFIG: "static broker",
           schema.DEFAULT_CONFIG: "default"}


@attrs.frozen
class Capped:
    """The first rows of a longer list, and how many the whole list has."""
    rows: Sequence
    total: int

    @classmethod
    def of(cls, items, limit: int) -> Capped:
        items = list(items)
        return cls(items[:limit], len(items))


@attrs.frozen
class ListenerRow:
    name: str
    address: str
    security_protocol: str


@attrs.frozen
class BrokerRow:
    node_id: int
    endpoints: str
    rack: str | None
    fenced: bool


@attrs.frozen
class Overview:
    cluster_id: str | None
    node_id: int
    roles: str
    controller_id: int
    version: str
    kafka_version: str
    uptime_s: float
    listeners: Sequence[ListenerRow]
    brokers: Capped  # of BrokerRow
    topics: int
    partitions: int
    groups: int | None  # None: this node runs no group coordinator


@attrs.frozen
class PartitionRow:
    partition: int
    leader: int  # -1: none
    replicas: tuple[int, ...]
    isr: tuple[int, ...]
    # None where this node does not host the partition
    log_start: int | None
    log_end: int | None
    high_watermark: int | None
    size: int | None


@attrs.frozen
class TopicRow:
    name: str
    topic_id: uuid.UUID
    internal: bool
    partitions: int
    replication_factor: int
    leaders: tuple[int, ...]  # the distinct leaders of its partitions
    under_replicated: int
    offline: int
    hosted: int  # partitions of it this node hosts
    records: int | None  # log end less log start, over the hosted partitions
    size: int | None


@attrs.frozen
class ConfigRow:
    name: str
    value: str | None
    sensitive: bool
    source: str


@attrs.frozen
class TopicDetail:
    topic: TopicRow
    partitions: Capped  # of PartitionRow
    configs: Sequence[ConfigRow]
    readers: Capped  # of ReaderRow: the groups (this node coordinates) with offsets committed on it (a share
    # group: with share-partitions of it)


@attrs.frozen
class ReaderRow:
    group_id: str
    committed_partitions: int
    lag: int | None


@attrs.frozen
class GroupRow:
    group_id: str
    kind: str  # "classic" or "consumer"
    state: str
    protocol_type: str | None
    protocol: str | None  # a consumer group's: its server-side assignor, as ConsumerGroupDescribe names it
    members: int
    committed_partitions: int
    lag: int | None  # over the partitions whose lag this node knows


@attrs.frozen
class MemberRow:
    member_id: str
    instance_id: str | None
    client_id: str
    host: str
    assignment: str | None  # "topic-0, topic-1", or None where it cannot be read


@attrs.frozen
class OffsetRow:
    topic: str
    partition: int
    committed: int
    metadata: str
    log_end: int | None  # the high watermark, where this node leads the partition
    lag: int | None


@attrs.frozen
class GroupDetail:
    group: GroupRow
    members: Capped  # of MemberRow
    offsets: Capped  # of OffsetRow


@attrs.frozen
class PartitionRecords:
    """The message browser's page of one partition: what was read, when this node leads it; else its leader."""
    topic: str
    partition: int
    leader: int  # -1: none
    leader_endpoints: str | None  # the leader's listeners, as the metadata image has them
    read: RecordsRead | None  # None: this node does not lead the partition, or its log here is offline
    offline: bool = False  # this node leads the partition but its log cannot be read


class ConsoleSource:
    """Reads the console's records from `states` (called at each request: a combined node's broker state exists
    only once it started) and `controller_id` (the node the quorum names as leader, -1 when none is known)."""

    def __init__(self, config, states: Callable[[], list], controller_id: Callable[[], int],
                 kafka_version: str) -> None:
        self.config = config
        self.states = states
        self.controller_id = controller_id
        self.kafka_version = kafka_version
        self.started = time.monotonic()
        self.readers = trio.CapacityLimiter(READERS)

    # -- where things are -------------------------------------------------------------------------------------

    def _broker_state(self):
        """The state that hosts partitions and runs the coordinators (None on a controller-only node)."""
        return next((s for s in self.states() if s.partitions is not None), None)

    def _image(self) -> MetadataImage:
        broker = self._broker_state()
        if broker is not None:
            return broker.image
        for state in self.states():
            if state.metadata is not None or state.active_controller is not None:
                return state.image
        return MetadataImage()

    def _cluster_id(self) -> str | None:
        for state in self.states():
            if state.metadata is not None:
                return state.metadata.cluster_id
            if state.quorum is not None:  # a controller-only node: the quorum it votes in
                return state.quorum.cluster_id
        return None

    def _hosted(self, topic: str, partition: int):
        broker = self._broker_state()
        return None if broker is None else broker.partitions.get(topic, partition)

    # -- pages ------------------------------------------------------------------------------------------------

    def overview(self, limit: int) -> Overview:
        image = self._image()
        listeners = []
        for state in self.states():
            for name, (host, port) in sorted(state.bound.items()):
                protocol = self.config.security_protocol_map.get(name, name)
                listeners.append(ListenerRow(name, f"{host}:{port}", protocol))
        brokers = Capped.of(sorted(image.brokers), limit)
        broker_rows = [_broker_row(image.brokers[broker_id]) for broker_id in brokers.rows]
        broker = self._broker_state()
        coordinator = broker.group_coordinator if broker is not None else None
        return Overview(
            cluster_id=self._cluster_id(), node_id=self.config.node_id,
            roles=",".join(self.config["process.roles"]), controller_id=self.controller_id(),
            version=__version__, kafka_version=self.kafka_version, uptime_s=self._uptime_s(),
            listeners=listeners, brokers=Capped(broker_rows, brokers.total), topics=len(image.topics_by_name),
            partitions=sum(len(t.partitions) for t in image.topics_by_name.values()),
            groups=None if coordinator is None else len(groups_of(coordinator)) + len(self._share_group_ids()))

    def _uptime_s(self) -> float:
        """Since the process started (/proc), else since this console was made (when the HTTP listener started)."""
        started = start_time_s()
        return time.time() - started if started is not None else time.monotonic() - self.started

    async def topics(self, limit: int) -> Capped:
        image = self._image()
        names = Capped.of(sorted(image.topics_by_name), limit)
        rows: list[TopicRow] = []
        await each(names.rows, lambda name: rows.append(self._topic_row(image, name)))
        return Capped(rows, names.total)

    async def topic(self, name: str, limit: int) -> TopicDetail | None:
        image = self._image()
        if image.topic(name) is None:
            return None
        topic = image.topics_by_name[name]
        indexes = Capped.of(sorted(topic.partitions), limit)
        rows: list[PartitionRow] = []
        await each(indexes.rows, lambda i: rows.append(self._partition_row(name, topic.partitions[i])))
        view = BrokerConfigView(self.config, image)
        configs = [ConfigRow(e.name, None if e.is_sensitive else e.value, e.is_sensitive,
                             SOURCES.get(e.source, str(e.source)))
                   for e in describe_topic(view, image.configs_of_topic(name), None, include_synonyms=False,
                                           include_documentation=False)]
        configs.sort(key=lambda row: row.name)
        readers: list[ReaderRow] = []
        await each(self._groups(), lambda group: self._add_reader(readers, group, name))
        view = self._share_view()
        if view is not None:
            await each(view.group_ids(), lambda group_id: _add_share_reader(readers, view, group_id, name))
            readers.sort(key=lambda reader: reader.group_id)
        return TopicDetail(self._topic_row(image, name), Capped(rows, indexes.total), configs,
                           Capped(readers[:limit], len(readers)))

    def _add_reader(self, readers: list, group, topic: str) -> None:
        offsets = [self._offset_row(t, i, c) for (t, i), c in group.offsets.items() if t == topic]
        if offsets:
            lags = [row.lag for row in offsets if row.lag is not None]
            readers.append(ReaderRow(group.group_id, len(offsets), sum(lags) if lags else None))

    async def groups(self, limit: int) -> Capped:
        """Consumer, classic and share groups, by id (a string: a share group's id; else the group)."""
        everything = sorted([(g.group_id, g) for g in self._groups()] + [(i, i) for i in self._share_group_ids()],
                            key=lambda pair: pair[0])
        groups = Capped.of([group for _, group in everything], limit)
        rows: list[GroupRow] = []
        view = self._share_view()
        await each(groups.rows, lambda group: rows.append(
            self._share_group_row(view, group) if isinstance(group, str) else self._group_row(group)))
        return Capped([row for row in rows if row is not None], groups.total)

    async def group(self, group_id: str, limit: int) -> GroupDetail | ShareGroupDetail | None:
        group = next((g for g in self._groups() if g.group_id == group_id), None)
        if group is None:
            return self.share_group(group_id, limit)
        image = self._image()
        members = Capped.of(sorted(group.members.values(), key=lambda m: m.member_id), limit)
        member_rows = [_member_row(image, m) for m in members.rows]
        offsets = Capped.of(sorted(group.offsets.items()), limit)
        offset_rows: list[OffsetRow] = []
        await each(offsets.rows, lambda item: offset_rows.append(self._offset_row(item[0][0], item[0][1], item[1])))
        return GroupDetail(self._group_row(group), Capped(member_rows, members.total),
                           Capped(offset_rows, offsets.total))

    def share_group(self, group_id: str, limit: int) -> ShareGroupDetail | None:
        view = self._share_view()
        group = view.group(group_id) if view is not None else None
        return None if group is None else view.detail(group, limit)

    def _share_view(self) -> ShareGroupsView | None:
        broker = self._broker_state()
        coordinator = getattr(broker, "share_coordinator", None)
        return None if coordinator is None else ShareGroupsView(coordinator, broker.image, broker.partitions)

    def _share_group_ids(self) -> list[str]:
        view = self._share_view()
        return [] if view is None else view.group_ids()

    def _share_group_row(self, view: ShareGroupsView, group_id: str) -> GroupRow | None:
        group = view.group(group_id)
        if group is None:
            return None
        s = view.summary(group)
        return GroupRow(group_id=group_id, kind=SHARE, state=s.state, protocol_type=SHARE, protocol=PROTOCOL,
                        members=s.members, committed_partitions=s.partitions, lag=s.lag)

    def partitions_of(self, topic: str) -> list[int] | None:
        """The partition indexes of `topic`, None when there is no such topic."""
        described = self._image().topics_by_name.get(topic)
        return None if described is None else sorted(described.partitions)

    def broker_state(self):
        """The node's broker state (None on a controller-only node, or before its broker started)."""
        return self._broker_state()

    async def records(self, topic: str, index: int, query: Query) -> PartitionRecords | None:
        """The records of partition `index` of `topic` that `query` asks for; None when there is no such
        partition."""
        image = self._image()
        described = image.topics_by_name.get(topic)
        if described is None or index not in described.partitions:
            return None
        leader = described.partitions[index].leader
        broker = image.brokers.get(leader)
        endpoints = _broker_row(broker).endpoints if broker is not None else None
        hosted = self._hosted(topic, index)
        if hosted is None or not hosted.is_leader:
            return PartitionRecords(topic, index, leader, endpoints, None)
        if not _readable(hosted):
            return PartitionRecords(topic, index, leader, endpoints, None, offline=True)
        # Off the event loop (reads and decompression of up to a page's bytes), at most READERS pages at once.
        read = await trio.to_thread.run_sync(read_records, hosted.log, hosted.high_watermark, query,
                                             limiter=self.readers)
        return PartitionRecords(topic, index, leader, endpoints, read)

    # -- rows ---------------------------------------------------------------------------------------------------

    def _topic_row(self, image: MetadataImage, name: str) -> TopicRow:
        topic = image.topics_by_name[name]
        registrations = list(topic.partitions.values())
        hosted = [p for p in (self._hosted(name, r.partition_id) for r in registrations)
                  if p is not None and _readable(p)]
        return TopicRow(
            name=name, topic_id=topic.topic_id, internal=is_internal(name), partitions=len(registrations),
            replication_factor=max((len(r.replicas) for r in registrations), default=0),
            leaders=tuple(sorted({r.leader for r in registrations if r.leader != NO_LEADER})),
            under_replicated=sum(len(r.isr) < len(r.replicas) for r in registrations),
            offline=sum(r.leader == NO_LEADER for r in registrations), hosted=len(hosted),
            records=sum(p.log.log_end_offset - p.log.log_start_offset for p in hosted) if hosted else None,
            size=sum(p.log.size_in_bytes() for p in hosted) if hosted else None)

    def _partition_row(self, topic: str, registration) -> PartitionRow:
        hosted = self._hosted(topic, registration.partition_id)
        readable = hosted is not None and _readable(hosted)
        log_ = hosted.log if readable else None
        return PartitionRow(
            partition=registration.partition_id, leader=registration.leader, replicas=tuple(registration.replicas),
            isr=tuple(registration.isr), log_start=log_.log_start_offset if log_ else None,
            log_end=log_.log_end_offset if log_ else None,
            high_watermark=hosted.high_watermark if readable else None,
            size=log_.size_in_bytes() if log_ else None)

    def _groups(self) -> list:
        broker = self._broker_state()
        if broker is None or broker.group_coordinator is None:
            return []
        return groups_of(broker.group_coordinator)

    def _default_assignor(self) -> str:
        return self._broker_state().group_coordinator.consumer.default_assignor

    def _group_row(self, group) -> GroupRow:
        lags = [row.lag for row in (self._offset_row(t, i, c) for (t, i), c in group.offsets.items())
                if row.lag is not None]
        classic = isinstance(group, ClassicGroup)
        return GroupRow(
            group_id=group.group_id, kind="classic" if classic else group.protocol_type, state=group.state.value,
            protocol_type=group.protocol_type,
            protocol=group.protocol_name if classic else group.preferred_assignor(self._default_assignor()),
            members=len(group.members),
            committed_partitions=len(group.offsets), lag=sum(lags) if lags else None)

    def _offset_row(self, topic: str, index: int, committed) -> OffsetRow:
        hosted = self._hosted(topic, index)
        end = hosted.high_watermark if hosted is not None and hosted.is_leader and _readable(hosted) else None
        return OffsetRow(topic=topic, partition=index, committed=committed.offset, metadata=committed.metadata,
                         log_end=end, lag=None if end is None else max(end - committed.offset, 0))


def _add_share_reader(readers: list, view: ShareGroupsView, group_id: str, topic: str) -> None:
    """A share group with share-partitions of `topic`: how many, and their lag."""
    rows = [row for row in view.partition_rows(group_id) if row.topic == topic]
    if rows:
        lags = [row.lag for row in rows if row.lag is not None]
        readers.append(ReaderRow(group_id, len(rows), sum(lags) if lags else None))


def _readable(partition) -> bool:
    return partition.log.offline_reason is None and not partition.log.closed


def _broker_row(broker) -> BrokerRow:
    endpoints = ", ".join(f"{e.name}://{e.host}:{e.port}" for e in broker.endpoints)
    return BrokerRow(broker.broker_id, endpoints, broker.rack, broker.fenced)


def _member_row(image: MetadataImage, member) -> MemberRow:
    if isinstance(member, ConsumerMember):
        return MemberRow(member.member_id, member.instance_id, member.client_id, member.client_host,
                         _consumer_assignment(image, member.owned()))
    assignment = _classic_assignment(member.assignment) if member.protocol_type == "consumer" else None
    return MemberRow(member.member_id, member.group_instance_id, member.client_id, member.client_host, assignment)


def _partitions_text(pairs) -> str:
    return ", ".join(f"{topic}-{index}" for topic, index in sorted(pairs))


def _consumer_assignment(image: MetadataImage, assigned) -> str:
    pairs = []
    for topic_id, indexes in assigned.items():
        topic = image.topic_by_id(topic_id)
        name = topic.name if topic is not None else str(topic_id)
        pairs += [(name, index) for index in indexes]
    return _partitions_text(pairs)


def _classic_assignment(data: bytes) -> str | None:
    """The partitions in a classic consumer's assignment (ConsumerProtocolAssignment: an int16 version, then
    the fields of that version, a newer version read as the newest known, as Kafka's ConsumerProtocol does)."""
    if len(data) < 2:
        return None
    version = int.from_bytes(data[:2], "big", signed=True)
    if version < 0:
        return None
    try:
        assignment, _ = ConsumerProtocolAssignment.decode(data, 2, min(version, 3))
    except DecodeError:
        return None
    return _partitions_text((tp.topic, index) for tp in assignment.assigned_partitions for index in tp.partitions)

