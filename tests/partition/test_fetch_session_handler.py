"""The follower's side of a KIP-227 fetch session (kbroker.partition.fetch_session_handler): a full Fetch first,
then incremental ones carrying only what changed and forgetting what is no longer fetched; back to a full Fetch
after an error answer, a failed send, or a leader that keeps no session."""

import uuid

import pytest

from kbroker.partition.fetch_session_handler import FetchSessionHandler, Wanted, next_epoch
from kbroker.protocol import errors
from kbroker.protocol.messages.fetch_request import FetchPartition

T1, T2 = uuid.UUID(int=1), uuid.UUID(int=2)


def wanted(offsets: dict, topic_id=T1) -> dict:
    return {("t", index): Wanted(topic_id, FetchPartition(partition=index, current_leader_epoch=4,
                                                          fetch_offset=offset, partition_max_bytes=1 << 20))
            for index, offset in offsets.items()}


def in_session(session_id=77) -> FetchSessionHandler:
    handler = FetchSessionHandler()
    handler.plan(wanted({0: 10, 1: 20, 2: 30}))
    handler.on_answer(errors.NONE.code, session_id)
    return handler


def test_the_first_fetch_is_full_and_opens_no_session_of_its_own():
    plan = FetchSessionHandler().plan(wanted({0: 10, 1: 20}))
    assert (plan.session_id, plan.epoch, plan.forgotten) == (0, 0, [])
    assert sorted(plan.to_send) == [("t", 0), ("t", 1)]


def test_an_incremental_fetch_carries_only_what_changed_and_forgets_what_is_no_longer_fetched():
    handler = in_session()
    plan = handler.plan(wanted({0: 10, 1: 25, 3: 0}))
    assert (plan.session_id, plan.epoch) == (77, 1)
    assert sorted(plan.to_send) == [("t", 1), ("t", 3)]
    assert plan.forgotten == [("t", T1, 2)]
    handler.on_answer(errors.NONE.code, 77)
    unchanged = handler.plan(wanted({0: 10, 1: 25, 3: 0}))
    assert (unchanged.epoch, unchanged.to_send, unchanged.forgotten) == (2, {}, [])


def test_a_partition_whose_topic_was_replaced_is_forgotten_under_its_old_id_and_sent_under_its_new_one():
    handler = in_session()
    now = {**wanted({0: 10, 1: 20}), **wanted({2: 0}, topic_id=T2)}
    plan = handler.plan(now)
    assert plan.forgotten == [("t", T1, 2)]
    assert list(plan.to_send) == [("t", 2)] and plan.to_send[("t", 2)].topic_id == T2


def test_a_fetch_planned_but_never_sent_changes_nothing():
    handler = in_session()
    handler.plan(wanted({0: 11}))  # planned, then not sent (every partition throttled, say)
    plan = handler.plan(wanted({0: 10, 1: 20, 2: 30}))
    assert (plan.epoch, plan.to_send, plan.forgotten) == (1, {}, [])


@pytest.mark.parametrize(("answer", "next_session_id"), [
    ((errors.NONE.code, 0), 0),                                # the leader closed the session
    ((errors.FETCH_SESSION_ID_NOT_FOUND.code, 0), 0),          # evicted: start a new one
    ((errors.INVALID_FETCH_SESSION_EPOCH.code, 0), 77),        # close this one and open a new one
])
def test_after_an_answer_the_session_cannot_go_on_with_the_next_fetch_is_full(answer, next_session_id):
    handler = in_session()
    handler.plan(wanted({0: 10, 1: 20, 2: 30}))
    handler.on_answer(*answer)
    plan = handler.plan(wanted({0: 10, 1: 20, 2: 30}))
    assert (plan.session_id, plan.epoch, plan.forgotten) == (next_session_id, 0, [])
    assert len(plan.to_send) == 3


def test_after_a_failed_send_the_next_fetch_is_full_and_closes_the_session():
    handler = in_session()
    handler.plan(wanted({0: 10}))
    handler.on_send_failed()
    plan = handler.plan(wanted({0: 10, 1: 20}))
    assert (plan.session_id, plan.epoch, len(plan.to_send)) == (77, 0, 2)
    handler.on_answer(errors.NONE.code, 78)
    assert handler.plan(wanted({0: 10, 1: 20}))[:2] == (78, 1)


def test_a_leader_that_keeps_no_session_gets_full_fetches():
    handler = FetchSessionHandler()
    for _ in range(3):
        plan = handler.plan(wanted({0: 10}))
        assert (plan.session_id, plan.epoch, len(plan.to_send)) == (0, 0, 1)
        handler.on_answer(errors.NONE.code, 0)


def test_the_epoch_wraps_to_one():
    assert (next_epoch(1), next_epoch(0x7FFFFFFE), next_epoch(0x7FFFFFFF)) == (2, 0x7FFFFFFF, 1)
