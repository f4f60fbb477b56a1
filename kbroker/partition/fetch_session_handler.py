"""The fetching side of a KIP-227 incremental fetch session (Kafka's FetchSessionHandler), which a follower's
fetcher keeps with each leader it fetches from.

A session starts with a full Fetch at epoch 0 naming every partition wanted; the leader's answer names the session
it opened. Each later Fetch carries the session id and the next epoch, and only the partitions whose fetch
parameters changed since the leader last heard them (added ones too); partitions no longer wanted go in
`forgotten_topics_data`. The leader keeps the rest and answers only for partitions with something to say, so a
follower of many idle partitions sends and reads a few bytes per round trip instead of every partition.

Kafka's recovery rules: an answer without a session (the leader's cache was full) keeps the fetches full and
asks again next time; FETCH_SESSION_ID_NOT_FOUND starts afresh with no session id; any other failure of the
session, or a Fetch that got no answer (the leader may or may not have moved the epoch), sends the next Fetch
full at epoch 0 with the old session id, which closes that session and opens another.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Mapping

import attrs

from kbroker.protocol import errors

NO_SESSION = 0
INITIAL_EPOCH = 0
MAX_EPOCH = 0x7FFFFFFF


@attrs.frozen
class PartitionKey:
    """A partition as a session knows it: a topic re-created under the same name is another partition."""

    topic: str
    topic_id: uuid.UUID
    partition: int


@attrs.frozen
class PartitionAsk:
    """What one partition's entry in a Fetch asks; a change in any of it is sent in the next incremental Fetch."""

    fetch_offset: int
    current_leader_epoch: int
    last_fetched_epoch: int
    log_start_offset: int
    max_bytes: int


@attrs.frozen
class FetchPlan:
    """The next Fetch's session fields, the partitions it names, and those it tells the leader to forget."""

    session_id: int
    epoch: int
    to_send: Mapping[PartitionKey, PartitionAsk]
    forgotten: tuple[PartitionKey, ...]

    @property
    def full(self) -> bool:
        return self.epoch == INITIAL_EPOCH


class FetchSessionHandler:
    def __init__(self) -> None:
        self.session_id = NO_SESSION
        self.epoch = INITIAL_EPOCH
        self._held: dict[PartitionKey, PartitionAsk] = {}  # what the leader's session holds, once it answered
        self._pending: dict[PartitionKey, PartitionAsk] | None = None

    def plan(self, wanted: Mapping[PartitionKey, PartitionAsk]) -> FetchPlan:
        """The next Fetch for the partitions `wanted` now; its answer goes to handle_response."""
        self._pending = dict(wanted)
        if self.epoch == INITIAL_EPOCH:
            return FetchPlan(self.session_id, INITIAL_EPOCH, self._pending, ())
        changed = {key: ask for key, ask in wanted.items() if self._held.get(key) != ask}
        forgotten = tuple(key for key in self._held if key not in wanted)
        return FetchPlan(self.session_id, self.epoch, changed, forgotten)

    def handle_response(self, error_code: int, session_id: int) -> bool:
        """Moves the session on by the answer's top-level error and session id; False when the session failed
        (the answer has no partitions to read, and the next Fetch is full)."""
        pending, self._pending = self._pending, None
        if error_code != errors.NONE.code:
            if error_code == errors.FETCH_SESSION_ID_NOT_FOUND.code:
                self.session_id = NO_SESSION
            self._restart()
            return False
        if pending is None:  # an answer to a Fetch this handler did not plan
            return True
        if session_id == NO_SESSION:
            self.session_id = NO_SESSION
            self._restart()
        else:
            was_full = self.epoch == INITIAL_EPOCH
            self.session_id = session_id
            self.epoch = 1 if was_full or self.epoch == MAX_EPOCH else self.epoch + 1
            self._held = pending
        return True

    def handle_no_answer(self) -> None:
        """The Fetch got no answer: close the session with the next one, which is full."""
        self._pending = None
        self._restart()

    def _restart(self) -> None:
        self.epoch = INITIAL_EPOCH
        self._held = {}


def group_by_topic(keys: Iterable[PartitionKey]) -> dict[tuple[str, uuid.UUID], list[int]]:
    """Partition indexes by (topic name, topic id), in the order first seen."""
    topics: dict[tuple[str, uuid.UUID], list[int]] = {}
    for key in keys:
        topics.setdefault((key.topic, key.topic_id), []).append(key.partition)
    return topics
