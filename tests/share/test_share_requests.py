"""ShareGroupHeartbeat, ShareFetch and ShareAcknowledge against an in-process kbroker, at the wire level: a member
joins and gets the topic's partitions, acquires records, acknowledges them, and sees what a share group
promises (accepted records are not delivered again, released ones are, with their delivery count raised;
session epochs are checked)."""

from __future__ import annotations

import time
import uuid

import pytest

from kbroker.protocol import errors
from kbroker.protocol.blocking_client import KafkaConnection
from kbroker.protocol.messages.describe_groups_request import DescribeGroupsRequest
from kbroker.protocol.messages.find_coordinator_request import FindCoordinatorRequest
from kbroker.protocol.messages.list_groups_request import ListGroupsRequest
from kbroker.protocol.messages.share_group_describe_request import ShareGroupDescribeRequest
from kbroker.testing import broker_config, run_broker_in_thread
from tests.share.share_wire import (
    ACCEPT,
    REJECT,
    RELEASE,
    acquired,
    create_topic,
    join,
    partition_codes,
    produce,
    share_acknowledge,
    share_fetch,
)


@pytest.fixture
def broker(tmp_path):
    config = broker_config(tmp_path / "logs", {"group.share.record.lock.duration.ms": 1000,
                                               "group.share.min.record.lock.duration.ms": 1000})
    with run_broker_in_thread(config) as running:
        yield running


def _bootstrap(broker) -> str:
    return f"{broker.host}:{broker.port}"


def _topic(broker, name: str) -> uuid.UUID:
    create_topic(_bootstrap(broker), name)
    return broker.state.image.topic(name).topic_id


def _produce(broker, topic: str, values: list[str]) -> None:
    produce(_bootstrap(broker), topic, values)


def test_join_fetch_accept_release_and_redelivery(broker):
    topic_id = _topic(broker, "queue")
    member = "member-a"
    with KafkaConnection(_bootstrap(broker)) as conn:
        joined = join(conn, "g", member, "queue")
        assert joined.error_code == 0 and joined.member_epoch == 1
        assert [(tp.topic_id, tp.partitions) for tp in joined.assignment.topic_partitions] == [(topic_id, [0])]
        first = share_fetch(conn, "g", member, 0, topic_id, max_wait_ms=0)  # opens the session, starts at the end
        assert first.error_code == 0 and acquired(first) == []
        _produce(broker, "queue", [f"v{i}" for i in range(5)])
        second = share_fetch(conn, "g", member, 1, topic_id)
        assert acquired(second) == [(0, 4, 1)]
        assert second.acquisition_lock_timeout_ms == 1000
        acked = share_acknowledge(conn, "g", member, 2, topic_id, [(0, 1, ACCEPT), (2, 2, REJECT), (3, 4, RELEASE)])
        assert partition_codes(acked) == [0]
        again = share_fetch(conn, "g", member, 3, topic_id)
        assert acquired(again) == [(3, 4, 2)]
        # Acknowledging a record it does not hold is INVALID_RECORD_STATE.
        refused = share_acknowledge(conn, "g", member, 4, topic_id, [(0, 0, ACCEPT)])
        assert partition_codes(refused) == [errors.INVALID_RECORD_STATE.code]
        # A stale epoch is refused for the whole request.
        stale = share_fetch(conn, "g", member, 2, topic_id)
        assert stale.error_code == errors.INVALID_SHARE_SESSION_EPOCH.code
        described = conn.send(ShareGroupDescribeRequest(group_ids=["g", "nope"]), version=1)
        g, nope = described.groups
        assert (g.error_code, g.group_state, [m.member_id for m in g.members]) == (0, "Stable", [member])
        assert nope.error_code == errors.GROUP_ID_NOT_FOUND.code
        listed = conn.send(ListGroupsRequest(states_filter=[], types_filter=["share"]), version=5).groups
        assert [(g.group_id, g.group_type, g.protocol_type, g.group_state) for g in listed] == \
            [("g", "share", "share", "Stable")]
        for _ in range(100):  # as a client does first: __consumer_offsets is created on the first ask
            if not conn.send(FindCoordinatorRequest(key_type=0, coordinator_keys=["g"]), version=6) \
                    .coordinators[0].error_code:
                break
            time.sleep(0.05)
        classic = conn.send(DescribeGroupsRequest(groups=["g"]), version=6).groups[0]
        assert (classic.error_code, classic.error_message, classic.group_state) == \
            (errors.GROUP_ID_NOT_FOUND.code, "Group g is not a classic group.", "Dead")


def test_expired_lock_redelivers_to_another_member(broker):
    topic_id = _topic(broker, "queue2")
    with KafkaConnection(_bootstrap(broker)) as a, KafkaConnection(_bootstrap(broker)) as b:
        assert join(a, "g2", "a", "queue2").error_code == 0
        assert join(b, "g2", "b", "queue2").error_code == 0
        share_fetch(a, "g2", "a", 0, topic_id, max_wait_ms=0)
        share_fetch(b, "g2", "b", 0, topic_id, max_wait_ms=0)
        _produce(broker, "queue2", ["x"])
        assert acquired(share_fetch(a, "g2", "a", 1, topic_id)) == [(0, 0, 1)]
        # b waits: the record comes to it once a's lock (1 s) expired.
        assert acquired(share_fetch(b, "g2", "b", 1, topic_id, max_wait_ms=10_000)) == [(0, 0, 2)]
        late = share_acknowledge(a, "g2", "a", 2, topic_id, [(0, 0, ACCEPT)])
        assert partition_codes(late) == [errors.INVALID_RECORD_STATE.code]



def test_a_share_group_cannot_take_a_classic_groups_id(broker):
    from kafka import KafkaConsumer

    _topic(broker, "queue3")
    consumer = KafkaConsumer("queue3", bootstrap_servers=_bootstrap(broker), group_id="classic",
                             consumer_timeout_ms=100)
    try:
        while not consumer.assignment():
            consumer.poll(timeout_ms=200)
        with KafkaConnection(_bootstrap(broker)) as conn:
            refused = join(conn, "classic", "m", "queue3")
            assert (refused.error_code, refused.error_message) == \
                (errors.GROUP_ID_NOT_FOUND.code, "Group classic is not a share group.")
    finally:
        consumer.close()


def test_bad_share_requests_get_kafkas_errors(broker):
    topic_id = _topic(broker, "queue4")
    with KafkaConnection(_bootstrap(broker)) as conn:
        assert join(conn, "g4", "m", "queue4").error_code == 0
        # No session yet: a later epoch is SHARE_SESSION_NOT_FOUND; acknowledgements at epoch 0 are refused.
        assert share_fetch(conn, "g4", "m", 1, topic_id).error_code == errors.SHARE_SESSION_NOT_FOUND.code
        assert share_fetch(conn, "g4", "m", 0, topic_id, acks=[(0, 0, ACCEPT)]).error_code == \
            errors.INVALID_REQUEST.code
        assert share_fetch(conn, "g4", "m", 0, topic_id, max_wait_ms=0).error_code == 0
        assert share_acknowledge(conn, "g4", "m", 1, topic_id, [(0, 0, 9)]).error_code == errors.INVALID_REQUEST.code
        assert share_acknowledge(conn, "g4", "m", 1, topic_id, [(3, 2, ACCEPT)]).error_code == \
            errors.INVALID_REQUEST.code
        unknown = share_fetch(conn, "g4", "m", 1, uuid.uuid4(), max_wait_ms=0)
        assert unknown.error_code == 0 and partition_codes(unknown) == [errors.UNKNOWN_TOPIC_ID.code]


def test_a_silent_member_is_removed_at_its_session_deadline_and_its_records_released(tmp_path):
    """ShareCoordinator.run removes the member at its deadline, with no request for the group meanwhile."""
    from kbroker.protocol.messages.alter_share_group_offsets_request import (
        AlterShareGroupOffsetsRequest,
        AlterShareGroupOffsetsRequestPartition,
        AlterShareGroupOffsetsRequestTopic,
    )

    config = broker_config(tmp_path / "logs", {"group.share.session.timeout.ms": 3000,
                                               "group.share.record.lock.duration.ms": 60_000})
    with run_broker_in_thread(config) as broker, KafkaConnection(_bootstrap(broker)) as conn:
        topic_id = _topic(broker, "queue5")
        _produce(broker, "queue5", ["a", "b"])
        reset = conn.send(AlterShareGroupOffsetsRequest(group_id="g5", topics=[AlterShareGroupOffsetsRequestTopic(
            topic_name="queue5", partitions=[AlterShareGroupOffsetsRequestPartition(partition_index=0,
                                                                                  start_offset=0)])]), version=0)
        assert reset.error_code == 0
        assert join(conn, "g5", "silent", "queue5").error_code == 0
        assert acquired(share_fetch(conn, "g5", "silent", 0, topic_id)) == [(0, 1, 1)]
        deadline = time.monotonic() + 30
        group = broker.state.share_coordinator.groups.groups["g5"]  # read as is: no request touches the group
        while group.members:
            assert time.monotonic() < deadline, "the silent member was never removed"
            time.sleep(0.1)
        # Released with the member, a minute before their locks would have expired.
        assert join(conn, "g5", "next", "queue5").error_code == 0
        assert acquired(share_fetch(conn, "g5", "next", 0, topic_id)) == [(0, 1, 2)]
