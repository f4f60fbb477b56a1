"""The console's share-group records (kbroker.http.console_share) and page, over a real ShareCoordinator whose
state store is replaced by an in-memory one: the groups list row, members with their assignment, and per
share-partition the SPSO, the in-flight window's end and counts, and the lag DescribeShareGroupOffsets v1 gives."""

from __future__ import annotations

import uuid

import attrs

from kbroker.config import BrokerConfig
from kbroker.http.console_pages import share_group_html
from kbroker.http.console_share import ShareGroupsView
from kbroker.protocol.messages.share_group_heartbeat_request import ShareGroupHeartbeatRequest
from kbroker.share.coordinator import ShareCoordinator
from kbroker.share.share_partition import AckType, RecordState, SharePartition, StateBatch
from kbroker.share.state_store import PersistedState

TOPIC_ID = uuid.UUID(int=7)
OTHER_ID = uuid.UUID(int=8)


@attrs.frozen
class _Topic:
    name: str
    topic_id: uuid.UUID
    partitions: dict


class _Image:
    def __init__(self):
        self.topics = {"orders": _Topic("orders", TOPIC_ID, {0: None, 1: None})}
        self.group_configs = {}  # no group has share.* configs of its own

    def topic(self, name):
        return self.topics.get(name)

    def topic_by_id(self, topic_id):
        return next((t for t in self.topics.values() if t.topic_id == topic_id), None)


@attrs.define
class _Hosted:
    high_watermark: int
    is_leader: bool = True


class _Partitions:
    def __init__(self, hosted):
        self.hosted = hosted

    def get(self, topic, index):
        return self.hosted.get((topic, index))


class _Shards:
    def __init__(self):
        self.states = {}

    def load_owned(self):
        pass


@attrs.define
class _Shard:
    states: dict


class _Store:
    """Written states: (group, topic id, partition) -> PersistedState, in one shard."""

    def __init__(self, written):
        self.shards = _Shards()
        self.shards.states[0] = _Shard(dict(written))

    def read(self, key):
        return self.shards.states[0].states.get(key)


def _coordinator(written=()):
    now = [1000]
    coordinator = ShareCoordinator(BrokerConfig.from_properties({}), None, node_id=1, image=_Image,
                                   state_partition_count=lambda: 1, now_ms=lambda: now[0],
                                   monotonic_ms=lambda: now[0])
    coordinator.store = _Store(written)
    return coordinator, now


def _join(coordinator, member, group="sharers"):
    result = coordinator.groups.heartbeat(ShareGroupHeartbeatRequest(
        group_id=group, member_id=member, member_epoch=0, subscribed_topic_names=["orders"]), "client-" + member,
        "/10.0.0.1")
    assert result.error == 0


def test_a_share_group_shows_members_assignment_and_the_in_flight_window():
    coordinator, now = _coordinator()
    _join(coordinator, "m1")
    sp = coordinator.share_partitions[("sharers", TOPIC_ID, 0)] = SharePartition(100, coordinator.settings.delivery_count_limit("sharers"))
    coordinator._loaded_from[("sharers", TOPIC_ID, 0)] = (TOPIC_ID, 0)
    sp.acquire("m1", 100, 109, 10, now[0], 30000)  # ten records in flight: 100..109
    sp.acknowledge("m1", 100, 101, [AckType.ACCEPT], now[0], 30000)  # SPSO moves to 102
    sp.acknowledge("m1", 103, 103, [AckType.ACCEPT], now[0], 30000)
    sp.acknowledge("m1", 104, 104, [AckType.REJECT], now[0], 30000)
    sp.acknowledge("m1", 105, 106, [AckType.RELEASE], now[0], 30000)
    view = ShareGroupsView(coordinator, _Image(), _Partitions({("orders", 0): _Hosted(150),
                                                                ("orders", 1): _Hosted(10, is_leader=False)}))
    group = view.group("sharers")
    detail = view.detail(group, 100)
    assert detail.group.state == "Stable" and detail.group.members == 1
    [member] = detail.members
    assert (member.member_id, member.client_id, member.host, member.assignment) == \
        ("m1", "client-m1", "/10.0.0.1", "orders-0, orders-1")
    [row] = detail.partitions
    assert (row.start_offset, row.in_flight_end) == (102, 109)
    assert (row.acquired, row.available, row.acknowledged, row.archived) == (4, 2, 1, 1)
    # lag: from the SPSO to the high watermark less what is done within the window (103 and 104)
    assert (row.high_watermark, row.lag) == (150, 150 - 102 - 2)
    assert detail.group.lag == 46 and detail.group.partitions == 1
    page = share_group_html(detail, token=None).decode()
    assert "orders-0, orders-1" in page and "<td>102</td>" in page and "Reset start offsets" not in page
    assert "Reset start offsets" in share_group_html(detail, token="t").decode()


def test_written_state_shows_its_start_offset_and_lag_but_no_window_and_unled_partitions_no_lag():
    written = {("idle", TOPIC_ID, 0): PersistedState(3, 40, [StateBatch(40, 44, int(RecordState.AVAILABLE), 1),
                                                           StateBatch(45, 46, int(RecordState.ACKNOWLEDGED), 1)],
                                                    -1, 0),
               ("idle", TOPIC_ID, 1): PersistedState(1, 5, [], -1, 0),
               ("idle", OTHER_ID, 0): PersistedState(1, 0, [], -1, 0)}  # a deleted topic: left out
    coordinator, _ = _coordinator(written)
    view = ShareGroupsView(coordinator, _Image(), _Partitions({("orders", 0): _Hosted(60),
                                                                ("orders", 1): _Hosted(10, is_leader=False)}))
    group = view.group("idle")  # known only from its written state: an empty group
    assert group is not None and view.group("nobody") is None
    detail = view.detail(group, 100)
    assert detail.group.state == "Empty" and detail.members == []
    first, second = detail.partitions
    assert (first.start_offset, first.in_flight_end, first.acquired, first.lag) == (40, None, None, 60 - 40 - 2)
    assert (second.partition, second.start_offset, second.high_watermark, second.lag) == (1, 5, None, None)
    assert detail.group.lag == 18


def test_members_whose_session_expired_are_gone_and_lists_are_cut():
    coordinator, now = _coordinator()
    for member in ("a", "b", "c"):
        _join(coordinator, member)
    view = ShareGroupsView(coordinator, _Image(), _Partitions({}))
    detail = view.detail(view.group("sharers"), 2)
    assert [m.member_id for m in detail.members] == ["a", "b"] and detail.members_total == 3
    assert "first 2 of 3 members" in share_group_html(detail).decode()
    now[0] += coordinator.config["group.share.session.timeout.ms"]
    assert view.summary(view.group("sharers")).state == "Empty"

