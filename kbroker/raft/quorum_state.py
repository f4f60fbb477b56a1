"""The `quorum-state` file of the metadata partition directory (Kafka's FileQuorumStateStore).

Kafka writes QuorumStateData as JSON plus a `data_version` field, atomically (temp file, fsync, rename).
With kraft.version 0 (a static voter set) the data version is 0 and the file holds clusterId (always ""),
leaderId, leaderEpoch, votedId, appliedOffset (always 0) and currentVoters. With kraft.version 1 (a dynamic
quorum, KIP-853) the data version is 1: leaderId, leaderEpoch, votedId and votedDirectoryId, no voters (they
live in the log). Reading accepts both.
"""

from __future__ import annotations

import json
import os
import uuid

import attrs

from kbroker.kafka_uuid import kafka_uuid_string, parse_kafka_uuid
from kbroker.log.checkpoints import read_text, write_atomically

QUORUM_STATE_FILE = "quorum-state"


class QuorumStateError(ValueError):
    pass


@attrs.frozen
class ElectionState:
    leader_epoch: int
    leader_id: int = -1
    voted_id: int = -1
    voters: tuple[int, ...] = ()
    data_version: int = 0
    voted_directory_id: uuid.UUID = uuid.UUID(int=0)


def read_quorum_state(partition_dir: str) -> ElectionState | None:
    path = os.path.join(partition_dir, QUORUM_STATE_FILE)
    text = read_text(path)
    if text is None:
        return None
    try:
        data = json.loads(text)
        version = data["data_version"]
        if version not in (0, 1):
            raise QuorumStateError(f"{path}: unsupported quorum state data version {version}")
        voters = tuple(v["voterId"] for v in data.get("currentVoters") or ())
        voted_directory = data.get("votedDirectoryId")
        return ElectionState(int(data.get("leaderEpoch", -1)), int(data.get("leaderId", -1)),
                             int(data.get("votedId", -1)), voters, version,
                             parse_kafka_uuid(voted_directory) if voted_directory else uuid.UUID(int=0))
    except (ValueError, KeyError, TypeError) as exc:
        raise QuorumStateError(f"Error while reading the quorum state from {path}: {exc}") from exc


def write_quorum_state(partition_dir: str, state: ElectionState) -> None:
    if state.data_version == 1:
        data = {"leaderId": state.leader_id, "leaderEpoch": state.leader_epoch, "votedId": state.voted_id,
                "votedDirectoryId": kafka_uuid_string(state.voted_directory_id), "data_version": 1}
        write_atomically(os.path.join(partition_dir, QUORUM_STATE_FILE), json.dumps(data, separators=(",", ":")))
        return
    data = {
        "clusterId": "",
        "leaderId": state.leader_id,
        "leaderEpoch": state.leader_epoch,
        "votedId": state.voted_id,
        "appliedOffset": 0,
        "currentVoters": [{"voterId": v} for v in state.voters],
        "data_version": 0,
    }
    write_atomically(os.path.join(partition_dir, QUORUM_STATE_FILE), json.dumps(data, separators=(",", ":")))
