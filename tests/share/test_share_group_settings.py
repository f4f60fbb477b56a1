"""A share group's own configs (kbroker.share.group_settings) within the broker's bounds, read at use; the
read_committed filter (kbroker.share.committed_read) and the archiving of what it finds (SharePartition.acquire).
compat_tests/test_share_group_configs.py checks the same behaviour against Apache Kafka 4.3.1."""

from __future__ import annotations

import tempfile
import uuid

import attrs
from hypothesis import given
from hypothesis import strategies as st

from kbroker.config import BrokerConfig
from kbroker.log.txn_index import AbortedTxn
from kbroker.protocol.messages.share_group_heartbeat_request import ShareGroupHeartbeatRequest
from kbroker.protocol.records import build_batch, build_control_batch
from kbroker.share import committed_read
from kbroker.share.group_settings import EARLIEST, LATEST, ShareGroupSettings, duration_ms
from kbroker.share.groups import ShareGroups
from kbroker.share.share_partition import RecordState, SharePartition


@attrs.frozen
class Topic:
    name: str
    topic_id: uuid.UUID
    partitions: dict


class Image:
    def __init__(self):
        self.group_configs: dict[str, dict[str, str]] = {}
        self.topics = {"t": Topic("t", uuid.uuid4(), {0: None})}

    def topic(self, name):
        return self.topics.get(name)


def settings(**broker) -> tuple[ShareGroupSettings, Image]:
    image = Image()
    config = BrokerConfig.from_properties({name.replace("_", "."): str(v) for name, v in broker.items()})
    return ShareGroupSettings(config, lambda: image), image


def test_a_group_without_configs_gets_the_brokers():
    s, _ = settings(group_share_record_lock_duration_ms=20000, group_share_delivery_count_limit=4)
    assert s.record_lock_duration_ms("g") == 20000
    assert s.delivery_count_limit("g") == 4
    assert s.partition_max_record_locks("g") == 2000
    assert s.session_timeout_ms("g") == 45000 and s.heartbeat_interval_ms("g") == 5000
    assert s.auto_offset_reset("g") == (LATEST, None)
    assert not s.read_committed("g")


def test_a_groups_own_configs_are_read_at_use_and_kept_within_the_brokers_bounds():
    s, image = settings()
    image.group_configs["g"] = {"share.record.lock.duration.ms": "20000", "share.delivery.count.limit": "3",
                                "share.auto.offset.reset": "earliest", "share.isolation.level": "read_committed"}
    assert s.record_lock_duration_ms("g") == 20000 and s.delivery_count_limit("g") == 3
    assert s.auto_offset_reset("g") == (EARLIEST, None) and s.read_committed("g")
    assert s.record_lock_duration_ms("other") == 30000  # another group keeps the broker's
    # Stored before the broker's bounds changed (or set past them): clamped, as GroupConfig.evaluate does.
    image.group_configs["g"] = {"share.record.lock.duration.ms": "2000", "share.delivery.count.limit": "50",
                                "share.session.timeout.ms": "99999", "share.heartbeat.interval.ms": "1"}
    assert s.record_lock_duration_ms("g") == 15000 and s.delivery_count_limit("g") == 10
    assert s.session_timeout_ms("g") == 60000 and s.heartbeat_interval_ms("g") == 5000
    assert not s.read_committed("g") and s.auto_offset_reset("g") == (LATEST, None)


def test_by_duration_reset():
    s, image = settings()
    image.group_configs["g"] = {"share.auto.offset.reset": "by_duration:P1DT2H3M4.5S"}
    assert s.auto_offset_reset("g") == ("by_duration", ((24 + 2) * 60 + 3) * 60_000 + 4500)
    assert duration_ms("PT0.123456S") == 123 and duration_ms("P2D") == 2 * 86_400_000


@given(st.integers(0, 99), st.integers(0, 23), st.integers(0, 59), st.integers(0, 59), st.integers(0, 999))
def test_duration_parts(days, hours, minutes, seconds, millis):
    text = f"P{days}DT{hours}H{minutes}M{seconds}.{millis:03d}S"
    assert duration_ms(text) == (((days * 24 + hours) * 60 + minutes) * 60 + seconds) * 1000 + millis


def _region(batches: list[bytearray]):
    file = tempfile.TemporaryFile()
    for batch in batches:
        file.write(batch)
    file.flush()
    return file, sum(len(b) for b in batches)


def test_aborted_transactions_and_markers_are_unreadable():
    aborted_pid, committed_pid = 7, 8
    batches = [
        build_batch([(0, None, b"a0"), (0, None, b"a1")], base_offset=0, producer_id=aborted_pid,
                    producer_epoch=0, base_sequence=0, transactional=True),
        build_batch([(0, None, b"c0")], base_offset=2, producer_id=committed_pid, producer_epoch=0,
                    base_sequence=0, transactional=True),
        build_control_batch(0, timestamp=0, producer_id=aborted_pid, producer_epoch=0, base_offset=3),
        build_control_batch(1, timestamp=0, producer_id=committed_pid, producer_epoch=0, base_offset=4),
        build_batch([(0, None, b"plain")], base_offset=5),
        build_batch([(0, None, b"a-later")], base_offset=6, producer_id=aborted_pid, producer_epoch=0,
                    base_sequence=2, transactional=True),
    ]
    file, length = _region(batches)
    with file:
        headers = list(committed_read.batch_headers(file.fileno(), 0, length))
        assert [(base, last) for base, last, _, _ in headers] == [(0, 1), (2, 2), (3, 3), (4, 4), (5, 5), (6, 6)]
        # The second aborted transaction's marker is not written yet: its batch is not known to be aborted.
        ranges = committed_read.unreadable_ranges(headers, [AbortedTxn(aborted_pid, 0, 3, 0)])
        assert ranges == [(0, 1), (3, 3), (4, 4)]
        # A partial batch at the end of the region is left out.
        assert len(list(committed_read.batch_headers(file.fileno(), 0, length - 1))) == 5


def test_unreadable_offsets_are_archived_never_acquired():
    sp = SharePartition(0, delivery_count_limit=3)
    ranges = sp.acquire("m", 0, 6, 10, now_ms=0, lock_ms=1000, unreadable=[(0, 1), (3, 4)])
    assert [(r.first_offset, r.last_offset, r.delivery_count) for r in ranges] == [(2, 2, 1), (5, 6, 1)]
    assert sp.archived_unread == 4
    assert sp.start_offset == 2 and sp.state_of(3) == RecordState.ARCHIVED
    sp.acknowledge("m", 2, 2, [1], now_ms=1, lock_ms=1000)
    assert sp.start_offset == 5  # past the accepted record and the archived ones after it


def test_a_share_groups_own_session_timeout_and_heartbeat_interval():
    now = [0]
    image = Image()
    image.group_configs["g"] = {"share.session.timeout.ms": "50000", "share.heartbeat.interval.ms": "7000"}
    groups = ShareGroups(BrokerConfig.from_properties({}), lambda: image, lambda: now[0])

    def heartbeat(group, member, epoch, topics=None):
        return groups.heartbeat(ShareGroupHeartbeatRequest(group_id=group, member_id=member, member_epoch=epoch,
                                                           rack_id=None, subscribed_topic_names=topics), "c", "/h")
    assert heartbeat("g", "a", 0, ["t"]).heartbeat_interval_ms == 7000
    assert heartbeat("other", "b", 0, ["t"]).heartbeat_interval_ms == 5000
    now[0] = 46000  # past the broker's 45 s, within the group's 50 s
    assert "a" in groups.get("g").members and "b" not in groups.get("other").members
    now[0] = 50000
    assert "a" not in groups.get("g").members
