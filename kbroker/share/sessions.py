"""Share sessions (KIP-932; Kafka's ShareSessionCache): which share-partitions one member of one group fetches
from on this broker, and the epoch its next ShareFetch / ShareAcknowledge must carry.

Epochs, as Kafka's ShareRequestMetadata: 0 opens a session (replacing the member's previous one), -1 closes it
(the member's acquired records in it are released by the caller), any other value must equal the session's
expected epoch (INVALID_SHARE_SESSION_EPOCH), which then moves to the next one (wrapping from INT_MAX to 1); a
request for a session that does not exist is SHARE_SESSION_NOT_FOUND. At most group.share.max.share.sessions
sessions are kept: a new one past that is SHARE_SESSION_LIMIT_REACHED.
"""

from __future__ import annotations

import uuid

import attrs

from kbroker.protocol import errors

INITIAL_EPOCH = 0
FINAL_EPOCH = -1
_INT_MAX = (1 << 31) - 1

Key = tuple[uuid.UUID, int]  # (topic id, partition)


class ShareSessionError(Exception):
    def __init__(self, code: int, message: str):
        super().__init__(message)
        self.code = code
        self.message = message


@attrs.define
class ShareSession:
    group_id: str
    member_id: str
    epoch: int = 1  # the epoch the next request must carry
    partitions: dict[Key, None] = attrs.field(factory=dict)  # insertion-ordered set

    def advance(self) -> None:
        self.epoch = 1 if self.epoch == _INT_MAX else self.epoch + 1


class ShareSessionCache:
    def __init__(self, max_sessions: int):
        self.max_sessions = max_sessions
        self.sessions: dict[tuple[str, str], ShareSession] = {}

    def open(self, group_id: str, member_id: str) -> tuple[ShareSession, ShareSession | None]:
        """A fresh session for the member: (the new session, the one it replaced or None)."""
        key = (group_id, member_id)
        previous = self.sessions.pop(key, None)
        if len(self.sessions) >= self.max_sessions:
            if previous is not None:
                self.sessions[key] = previous
            raise ShareSessionError(errors.SHARE_SESSION_LIMIT_REACHED.code,
                                    "The limit of share sessions has been reached.")
        session = ShareSession(group_id, member_id)
        self.sessions[key] = session
        return session, previous

    def current(self, group_id: str, member_id: str, epoch: int) -> ShareSession:
        """The member's session for a request at `epoch` (> 0 or -1); raises ShareSessionError."""
        session = self.sessions.get((group_id, member_id))
        if session is None:
            raise ShareSessionError(errors.SHARE_SESSION_NOT_FOUND.code,
                                    f"Share session for group {group_id} member {member_id} not found.")
        if epoch != FINAL_EPOCH and epoch != session.epoch:
            raise ShareSessionError(errors.INVALID_SHARE_SESSION_EPOCH.code,
                                    f"Share session epoch {epoch} is not the expected {session.epoch}.")
        return session

    def close(self, group_id: str, member_id: str) -> ShareSession | None:
        return self.sessions.pop((group_id, member_id), None)
