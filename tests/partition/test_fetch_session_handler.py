"""The follower's side of a KIP-227 fetch session: the first Fetch is full, later ones name only what changed and
forget what is no longer wanted, and every failure falls back to a full Fetch the way Kafka's
FetchSessionHandler does. The property test replays random exchanges against a model of the leader's session."""

import uuid

from hypothesis import given
from hypothesis import strategies as st

from kbroker.partition.fetch_session_handler import (
    INITIAL_EPOCH,
    MAX_EPOCH,
    NO_SESSION,
    FetchSessionHandler,
    PartitionAsk,
    PartitionKey,
)
from kbroker.protocol import errors

TOPIC_ID = uuid.UUID(int=5)
A, B, C = (PartitionKey("t", TOPIC_ID, index) for index in range(3))


def ask(offset, epoch=4):
    return PartitionAsk(offset, epoch, epoch, 0, 1 << 20)


def test_the_first_fetch_is_full_and_later_ones_name_only_what_changed():
    handler = FetchSessionHandler()
    first = handler.plan({A: ask(0), B: ask(0)})
    assert (first.session_id, first.epoch, dict(first.to_send), first.forgotten) == (
        NO_SESSION, INITIAL_EPOCH, {A: ask(0), B: ask(0)}, ())
    assert handler.handle_response(errors.NONE.code, 77)
    quiet = handler.plan({A: ask(0), B: ask(0)})
    assert (quiet.session_id, quiet.epoch, dict(quiet.to_send), quiet.forgotten) == (77, 1, {}, ())
    assert handler.handle_response(errors.NONE.code, 77)
    moved = handler.plan({A: ask(3), C: ask(0)})
    assert (moved.epoch, dict(moved.to_send), moved.forgotten) == (2, {A: ask(3), C: ask(0)}, (B,))


def test_a_new_leader_epoch_or_a_recreated_topic_is_a_change():
    handler = FetchSessionHandler()
    handler.plan({A: ask(0)})
    handler.handle_response(errors.NONE.code, 9)
    assert dict(handler.plan({A: ask(0, epoch=5)}).to_send) == {A: ask(0, epoch=5)}
    handler.handle_response(errors.NONE.code, 9)
    recreated = PartitionKey("t", uuid.UUID(int=6), 0)
    plan = handler.plan({recreated: ask(0, epoch=5)})
    assert (dict(plan.to_send), plan.forgotten) == ({recreated: ask(0, epoch=5)}, (A,))


def test_no_session_in_the_answer_keeps_the_fetches_full():
    handler = FetchSessionHandler()
    handler.plan({A: ask(0)})
    assert handler.handle_response(errors.NONE.code, NO_SESSION)
    again = handler.plan({A: ask(0)})
    assert (again.session_id, again.epoch, dict(again.to_send)) == (NO_SESSION, INITIAL_EPOCH, {A: ask(0)})


def opened(session_id=42):
    handler = FetchSessionHandler()
    handler.plan({A: ask(0)})
    handler.handle_response(errors.NONE.code, session_id)
    handler.plan({A: ask(0)})
    return handler


def test_an_unknown_session_starts_afresh_and_other_failures_close_the_old_one():
    handler = opened()
    assert not handler.handle_response(errors.FETCH_SESSION_ID_NOT_FOUND.code, NO_SESSION)
    plan = handler.plan({A: ask(0)})
    assert (plan.session_id, plan.epoch, dict(plan.to_send)) == (NO_SESSION, INITIAL_EPOCH, {A: ask(0)})
    handler = opened()
    assert not handler.handle_response(errors.INVALID_FETCH_SESSION_EPOCH.code, NO_SESSION)
    plan = handler.plan({A: ask(0)})
    assert (plan.session_id, plan.epoch, dict(plan.to_send)) == (42, INITIAL_EPOCH, {A: ask(0)})


def test_a_fetch_without_an_answer_closes_the_session_with_the_next_one():
    handler = opened()
    handler.handle_no_answer()
    plan = handler.plan({A: ask(0)})
    assert (plan.session_id, plan.epoch, dict(plan.to_send)) == (42, INITIAL_EPOCH, {A: ask(0)})


def test_the_epoch_wraps_to_one():
    handler = opened()
    handler.epoch = MAX_EPOCH
    handler.plan({A: ask(0)})
    handler.handle_response(errors.NONE.code, 42)
    assert handler.epoch == 1


class LeaderSession:
    """What the leader keeps of a follower's session (kbroker.api.fetch's _session_for, reduced to the asks)."""

    def __init__(self):
        self.sessions: dict[int, tuple[int, dict]] = {}
        self.next_id = 1

    def serve(self, plan, failure):
        """(error code, session id) for `plan`; `failure` makes the leader forget the session or refuse one."""
        if plan.full:
            self.sessions.pop(plan.session_id, None)
            if failure:
                return errors.NONE.code, NO_SESSION  # the cache was full
            session_id, self.next_id = self.next_id, self.next_id + 1
            self.sessions[session_id] = (1, dict(plan.to_send))
            return errors.NONE.code, session_id
        if failure or plan.session_id not in self.sessions:
            self.sessions.pop(plan.session_id, None)
            return errors.FETCH_SESSION_ID_NOT_FOUND.code, NO_SESSION
        epoch, held = self.sessions[plan.session_id]
        if epoch != plan.epoch:
            return errors.INVALID_FETCH_SESSION_EPOCH.code, NO_SESSION
        held.update(plan.to_send)
        for key in plan.forgotten:
            held.pop(key, None)
        self.sessions[plan.session_id] = (epoch + 1, held)
        return errors.NONE.code, plan.session_id


wanted_sets = st.dictionaries(st.sampled_from([A, B, C]), st.builds(ask, st.integers(0, 3), st.integers(0, 1)))
exchanges = st.lists(st.tuples(wanted_sets, st.sampled_from(["answer", "refuse", "no answer"])), max_size=25)


@given(exchanges)
def test_after_every_answered_fetch_the_leader_holds_exactly_what_was_wanted(steps):
    handler = FetchSessionHandler()
    leader = LeaderSession()
    for wanted, outcome in steps:
        plan = handler.plan(wanted)
        if outcome == "no answer":
            leader.serve(plan, failure=False)  # served, but the answer was lost
            handler.handle_no_answer()
            continue
        code, session_id = leader.serve(plan, failure=outcome == "refuse")
        if handler.handle_response(code, session_id) and session_id != NO_SESSION:
            assert leader.sessions[session_id][1] == wanted
