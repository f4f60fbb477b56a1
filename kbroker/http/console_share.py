"""What the web console shows of share groups (KIP-932), read at request time from the node's share coordinator
(kbroker.share.coordinator) as plain records the pages render: a group's row in the groups list, and its page's
members and share-partitions.

A share-partition's start offset (SPSO) and lag are what DescribeShareGroupOffsets v1 answers (the coordinator's
`start_offset`: the records from the SPSO up to the high watermark not yet acknowledged or archived; lag only on
partitions this node leads). The in-flight window (its end, and how many records in it are acquired, available,
acknowledged or archived) is shown for the share-partitions the coordinator holds in memory; one only written to
`__share_group_state` (not fetched from since this node started) shows none.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence

import attrs

from kbroker.share.groups import SIMPLE_ASSIGNOR, ShareGroup
from kbroker.share.share_partition import RecordState

SHARE = "share"  # the group type and protocol type ListGroups and DescribeGroups give a share group
PROTOCOL = SIMPLE_ASSIGNOR  # the assignor ShareGroupDescribe names


@attrs.frozen
class ShareMemberRow:
    member_id: str
    member_epoch: int
    client_id: str
    host: str
    rack: str | None
    subscribed: str  # "topic-a, topic-b"
    assignment: str  # "topic-0, topic-1"


@attrs.frozen
class SharePartitionRow:
    topic: str
    partition: int
    start_offset: int  # the SPSO; -1 without state
    in_flight_end: int | None  # the last offset acquired so far (the SPEO), where the coordinator holds the window
    acquired: int | None
    available: int | None
    acknowledged: int | None
    archived: int | None
    high_watermark: int | None  # where this node leads the partition
    lag: int | None  # as DescribeShareGroupOffsets v1; None where it answers -1


@attrs.frozen
class ShareGroupSummary:
    group_id: str
    state: str
    group_epoch: int
    assignment_epoch: int
    members: int
    partitions: int  # share-partitions with state
    lag: int | None


@attrs.frozen
class ShareGroupDetail:
    group: ShareGroupSummary
    members: Sequence[ShareMemberRow]
    partitions: Sequence[SharePartitionRow]
    members_total: int
    partitions_total: int


class ShareGroupsView:
    """The share groups of `coordinator` (a ShareCoordinator), over the metadata `image` (topic names) and this
    node's hosted `partitions` (high watermarks)."""

    def __init__(self, coordinator, image, partitions) -> None:
        self.coordinator = coordinator
        self.image = image
        self.partitions = partitions
        self._with_state: dict[str, dict[uuid.UUID, set[int]]] | None = None

    def _initialized(self, group_id: str) -> dict[uuid.UUID, set[int]]:
        """The group's share-partitions with state (topic id -> partitions), from one pass over every group's
        (a view lives for one page or scrape)."""
        if self._with_state is None:
            self._with_state = {}
            for group, topic_id, partition in self.coordinator.state_keys():
                self._with_state.setdefault(group, {}).setdefault(topic_id, set()).add(partition)
        return self._with_state.get(group_id, {})

    def group_ids(self) -> list[str]:
        return sorted(self.coordinator.groups.groups)

    def group(self, group_id: str) -> ShareGroup | None:
        """The share group (members whose session expired removed), as DescribeShareGroupOffsets finds it."""
        return self.coordinator.known_group(group_id)

    def summary(self, group: ShareGroup) -> ShareGroupSummary:
        rows = self.partition_rows(group.group_id)
        lags = [row.lag for row in rows if row.lag is not None]
        return ShareGroupSummary(group.group_id, group.state.value, group.group_epoch, group.assignment_epoch,
                                 len(group.members), len(rows), sum(lags) if lags else None)

    def detail(self, group: ShareGroup, limit: int) -> ShareGroupDetail:
        members = sorted(group.members.values(), key=lambda m: m.member_id)
        rows = self.partition_rows(group.group_id)
        return ShareGroupDetail(self.summary(group), [self._member_row(m) for m in members[:limit]], rows[:limit],
                                len(members), len(rows))

    def partition_rows(self, group_id: str) -> list[SharePartitionRow]:
        rows = []
        for topic_id, indexes in self._initialized(group_id).items():
            topic = self.image.topic_by_id(topic_id)
            if topic is None:  # deleted since: DescribeShareGroupOffsets leaves it out too
                continue
            rows += [self._partition_row(group_id, topic, index) for index in indexes]
        return sorted(rows, key=lambda row: (row.topic, row.partition))

    def _partition_row(self, group_id: str, topic, index: int) -> SharePartitionRow:
        start, done = self.coordinator.start_offset(group_id, topic.topic_id, index)
        hosted = self.partitions.get(topic.name, index) if self.partitions is not None else None
        leads = hosted is not None and hosted.is_leader
        high_watermark = hosted.high_watermark if leads else None
        lag = max(0, high_watermark - start - done) if leads and start >= 0 else None
        sp = self.coordinator.share_partitions.get((group_id, topic.topic_id, index))
        counts: dict[RecordState, int | None] = dict.fromkeys(RecordState)
        in_flight_end = None
        if sp is not None:
            counts = dict.fromkeys(RecordState, 0)
            for record in sp.in_flight.values():
                counts[record.state] += 1
            in_flight_end = sp.next_offset - 1 if sp.next_offset > sp.start_offset else None
        return SharePartitionRow(topic.name, index, start, in_flight_end, counts[RecordState.ACQUIRED],
                                 counts[RecordState.AVAILABLE], counts[RecordState.ACKNOWLEDGED],
                                 counts[RecordState.ARCHIVED], high_watermark, lag)

    def _member_row(self, member) -> ShareMemberRow:
        pairs = []
        for topic_id, indexes in member.assignment.items():
            topic = self.image.topic_by_id(topic_id)
            name = topic.name if topic is not None else str(topic_id)
            pairs += [(name, index) for index in indexes]
        assignment = ", ".join(f"{name}-{index}" for name, index in sorted(pairs))
        return ShareMemberRow(member.member_id, member.member_epoch, member.client_id, member.client_host,
                              member.rack_id, ", ".join(sorted(member.subscribed_topic_names)), assignment)

