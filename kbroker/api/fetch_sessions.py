"""Incremental fetch sessions (KIP-227): the broker-wide session cache and the per-request fetch context.

A client opens a session with a full fetch at epoch 0; the answer names the new session. Later requests at the
expected epoch carry only partitions whose fetch position changed (and `forgotten_topics_data`); the session
remembers the rest. An incremental answer lists only the partitions with something to say: records, an error,
or a high watermark / log start offset different from what the client last heard. Partitions that returned
records move to the end of the session so that every partition gets its turn under `max_bytes`.

Epoch -1 ends a session (the request is then served without one); an unknown session id answers
FETCH_SESSION_ID_NOT_FOUND, a wrong epoch INVALID_FETCH_SESSION_EPOCH, and switching between topic names and
topic ids inside a session FETCH_SESSION_TOPIC_ID_ERROR, as Kafka does. A partition named by an id the broker
did not know yet is looked up again at every incremental fetch until it is known. When the cache is full, the
least recently used session idle for longer than the eviction age makes room, else the answer has no session.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from kbroker.partition.fetch_session_handler import NO_SESSION, next_epoch
from kbroker.protocol import errors

# Kafka's max.incremental.fetch.session.cache.slots and its fixed minimum eviction age.
DEFAULT_CACHE_SLOTS = 1000
EVICTION_AGE_MS = 120_000


class SessionPartition:
    """What a session remembers of one partition: the client's last fetch parameters and what it was told."""

    __slots__ = ("topic", "topic_id", "partition", "request", "high_watermark", "log_start_offset")

    def __init__(self, topic: str, topic_id, partition: int, request) -> None:
        self.topic = topic
        self.topic_id = topic_id
        self.partition = partition
        self.request = request
        self.high_watermark = -1
        self.log_start_offset = -1

    def must_respond(self, answer, records_size: int) -> bool:
        """Kafka's CachedPartition.maybeUpdateResponseData: whether an incremental answer includes this
        partition; remembers what the client is now told."""
        respond = (records_size > 0 or answer.error_code != errors.NONE.code or answer.preferred_read_replica >= 0
                   or answer.diverging_epoch.epoch >= 0)  # a follower must hear it to truncate
        if answer.high_watermark != self.high_watermark:
            respond = True
            self.high_watermark = answer.high_watermark
        if answer.log_start_offset != self.log_start_offset:
            respond = True
            self.log_start_offset = answer.log_start_offset
        if answer.error_code != errors.NONE.code:
            self.high_watermark = -1
        return respond


class FetchSession:
    def __init__(self, session_id: int, uses_topic_ids: bool, now_ms: int) -> None:
        self.id = session_id
        self.epoch = 1
        self.uses_topic_ids = uses_topic_ids
        self.last_used_ms = now_ms
        self.partitions: dict[tuple, SessionPartition] = {}

    def move_to_end(self, key: tuple) -> None:
        self.partitions[key] = self.partitions.pop(key)

    def resolve_unknown_names(self, topic_name: Callable[[object], str | None]) -> None:
        """Names the partitions whose topic id was unknown when the client added them, now that `topic_name`
        knows it (Kafka's maybeResolveUnknownName): the client sends a partition again only when its position
        changes, so a topic the broker learns of after the client does would otherwise stay unknown."""
        for entry in self.partitions.values():
            if entry.topic is None:
                entry.topic = topic_name(entry.topic_id)


class FetchSessionCache:
    def __init__(self, *, slots: int = DEFAULT_CACHE_SLOTS, now_ms: Callable[[], int]) -> None:
        self.slots = slots
        self.now_ms = now_ms
        self._sessions: dict[int, FetchSession] = {}
        self._random = random.Random()

    def __len__(self) -> int:
        return len(self._sessions)

    def get(self, session_id: int) -> FetchSession | None:
        return self._sessions.get(session_id)

    def remove(self, session_id: int) -> None:
        self._sessions.pop(session_id, None)

    def touch(self, session: FetchSession) -> None:
        session.last_used_ms = self.now_ms()
        self._sessions[session.id] = self._sessions.pop(session.id)  # most recently used last

    def create(self, uses_topic_ids: bool) -> FetchSession | None:
        now = self.now_ms()
        if len(self._sessions) >= self.slots:
            oldest = next(iter(self._sessions.values()), None)
            if oldest is None or now - oldest.last_used_ms < EVICTION_AGE_MS:
                return None
            del self._sessions[oldest.id]
        session_id = NO_SESSION
        while session_id == NO_SESSION or session_id in self._sessions:
            session_id = self._random.randint(1, 0x7FFFFFFF)
        session = FetchSession(session_id, uses_topic_ids, now)
        self._sessions[session_id] = session
        return session


class SessionError(Exception):
    def __init__(self, error_code: int):
        super().__init__(errors.for_code(error_code).name)
        self.error_code = error_code


def incremental_session(cache: FetchSessionCache, request, uses_topic_ids: bool) -> FetchSession:
    """The session an incremental request (epoch > 0) continues, at its next epoch; raises SessionError."""
    session = cache.get(request.session_id)
    if session is None:
        raise SessionError(errors.FETCH_SESSION_ID_NOT_FOUND.code)
    if session.epoch != request.session_epoch:
        raise SessionError(errors.INVALID_FETCH_SESSION_EPOCH.code)
    if session.uses_topic_ids != uses_topic_ids:
        raise SessionError(errors.FETCH_SESSION_TOPIC_ID_ERROR.code)
    session.epoch = next_epoch(session.epoch)
    cache.touch(session)
    return session
