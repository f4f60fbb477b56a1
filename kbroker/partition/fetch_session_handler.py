"""The fetching side of a KIP-227 incremental fetch session, for a follower's fetcher (Kafka's
FetchSessionHandler).

The first Fetch to a leader is full: every partition, session id 0, epoch 0. When the leader's answer names a
session, each later Fetch is incremental: it carries only the partitions that are new or whose fetch position
changed (fetch offset, leader epoch, last fetched epoch, log start, topic id), and in `forgotten_topics_data`
the partitions the session holds that this Fetch no longer wants; the leader keeps reading the others at the
position it remembers and answers only partitions with something to say. A leader that creates no session
(its cache full) is sent full fetches. After an error answer or a failed send the next Fetch is full again:
at epoch 0 with the old session id, which closes that session on the leader and opens a new one, or, after
FETCH_SESSION_ID_NOT_FOUND, with id 0.

`plan` computes what to send from what the fetcher wants now; what the session holds changes only when the
answer comes (`on_answer`), so a Fetch planned but not sent changes nothing. A fetcher has one Fetch in flight
at a time: the answer is to the Fetch planned last.
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping
from typing import NamedTuple

from kbroker.protocol import errors
from kbroker.protocol.messages.fetch_request import FetchPartition

# KIP-227's session ids and epochs, shared with the leader's side (kbroker.api.fetch_sessions)
INITIAL_EPOCH = 0
FINAL_EPOCH = -1
NO_SESSION = 0
_MAX_EPOCH = 0x7FFFFFFF

PartitionKey = tuple[str, int]


class Wanted(NamedTuple):
    """One partition as the fetcher wants it fetched now."""
    topic_id: uuid.UUID
    fetch: FetchPartition


class FetchPlan(NamedTuple):
    session_id: int
    epoch: int
    to_send: dict[PartitionKey, Wanted]
    forgotten: list[tuple[str, uuid.UUID, int]]  # (topic, topic id, partition)


def next_epoch(epoch: int) -> int:
    """The epoch after `epoch` in a session: it wraps to 1, never to 0 (which opens a session)."""
    return 1 if epoch >= _MAX_EPOCH else epoch + 1


class FetchSessionHandler:
    def __init__(self) -> None:
        self.session_id = NO_SESSION
        self.epoch = INITIAL_EPOCH
        self._session: dict[PartitionKey, Wanted] = {}  # as the leader holds it after the last answer
        self._planned: dict[PartitionKey, Wanted] = {}  # as it will hold it once the Fetch planned last is answered

    @property
    def is_full(self) -> bool:
        return self.epoch == INITIAL_EPOCH

    def plan(self, wanted: Mapping[PartitionKey, Wanted]) -> FetchPlan:
        self._planned = dict(wanted)
        if self.is_full:
            return FetchPlan(self.session_id, self.epoch, self._planned, [])
        to_send: dict[PartitionKey, Wanted] = {}
        forgotten: list[tuple[str, uuid.UUID, int]] = []
        for key, held in self._session.items():
            now = wanted.get(key)
            if now is None or now.topic_id != held.topic_id:
                forgotten.append((key[0], held.topic_id, key[1]))  # no longer wanted, or its topic was replaced
        for key, now in wanted.items():
            if self._session.get(key) != now:
                to_send[key] = now
        return FetchPlan(self.session_id, self.epoch, to_send, forgotten)

    def on_answer(self, error_code: int, answer_session_id: int) -> None:
        """The leader answered the Fetch planned last with this top-level error and session id."""
        if error_code != errors.NONE.code:
            if error_code == errors.FETCH_SESSION_ID_NOT_FOUND.code:
                self.session_id = NO_SESSION
            self._start_over()
            return
        if answer_session_id == NO_SESSION:
            # no session was created (the leader's cache is full), or the leader closed this one
            self.session_id = NO_SESSION
            self._start_over()
            return
        if self.is_full:
            self.session_id, self.epoch = answer_session_id, 1
        else:
            self.epoch = next_epoch(self.epoch)
        self._session = self._planned

    def on_send_failed(self) -> None:
        """No answer came: what the leader's session holds is unknown, so the next Fetch is full."""
        self._start_over()

    def _start_over(self) -> None:
        self.epoch = INITIAL_EPOCH
        self._session = {}
