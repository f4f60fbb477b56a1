"""The kraft.version upgrade of a static quorum (KIP-853): Kafka 4.3.1's LeaderState.maybeAppendUpgradedKRaftVersion,
KRaftVersionUpgrade and KafkaRaftClient.upgradeKRaftVersion.

A leader of a kraft.version 0 quorum keeps the voters in memory (its epoch state's `volatile_voters`): the static
voters of `controller.quorum.voters` with no directory id and kraft.version range 0-0, itself with its directory id,
its endpoints and range 0-1; each voter's UpdateRaftVoter (voter_changes.handle_update) replaces its entry. The
controller's UpdateFeatures asks `upgrade(node, epoch, 1, validate_only, now)`, which refuses with
InvalidUpdateVersion (Kafka's InvalidUpdateVersionException, answered as INVALID_UPDATE_VERSION with its message)
unless every voter told the leader it supports the new level, and otherwise appends one control batch: a
KRaftVersionRecord and a VotersRecord of the voters as they told them. From that offset on (committed or not, as
Kafka's lastKraftVersion) the quorum runs kraft.version 1 and takes AddRaftVoter / RemoveRaftVoter.
"""

from __future__ import annotations

import logging

from kbroker.raft.client import NotLeaderError, RaftError
from kbroker.raft.epoch_states import Leader
from kbroker.raft.voter_set import ZERO_DIRECTORY, VoterNode, VoterSet, kraft_version_and_voters_batch

logger = logging.getLogger(__name__)

FEATURE_NAME = "kraft.version"
MAX_KRAFT_VERSION = 1  # the kraft.version range this software supports is 0-1


class InvalidUpdateVersion(RaftError):
    """Kafka's InvalidUpdateVersionException: the upgrade cannot happen now (the message says why)."""


class StaleEpoch(RaftError):
    """Kafka's IllegalArgumentException for an epoch above the leader's."""


def version_name(level: int) -> str:
    """KRaftVersion's enum constant, as Kafka's messages print it."""
    return f"KRAFT_VERSION_{level}"


def volatile_voters(node, state: Leader) -> VoterSet:
    """The leader's in-memory voters at kraft.version 0 (created at first use in the epoch)."""
    if state.volatile_voters is None:
        voters = {v: VoterNode(v, ZERO_DIRECTORY, (), 0, 0) for v in node.static_voters}
        voters[node.node_id] = VoterNode(node.node_id, node.directory_id, tuple(node.local_endpoints or ()), 0,
                                         MAX_KRAFT_VERSION)
        state.volatile_voters = VoterSet(voters)
    return state.volatile_voters


def upgrade(node, epoch: int, version: int, *, validate_only: bool, now: int) -> bool:
    """Upgrade the quorum to kraft.version `version`; True when a batch was (or, validating, would be) appended,
    False when the quorum already runs it."""
    state = node.state
    if not isinstance(state, Leader):
        raise NotLeaderError("Upgrade kraft version failed because the replica is not the current leader")
    if epoch < state.epoch:
        raise NotLeaderError(f"Upgrade kraft version failed because the given epoch {epoch} is stale. Current "
                             f"leader epoch is {state.epoch}")
    if epoch > state.epoch:
        raise StaleEpoch(f"Attempt to append from epoch {epoch} which is larger than the current epoch of "
                         f"{state.epoch}")
    persisted = node.kraft_version
    if version == persisted:
        return False
    if persisted > version:
        raise InvalidUpdateVersion(f"Invalid upgrade of {FEATURE_NAME} from version {version_name(persisted)} to "
                                   f"{version_name(version)} because the new version is a downgrade")
    if persisted != 0:
        raise InvalidUpdateVersion(f"Invalid upgrade of {FEATURE_NAME} from version {version_name(persisted)} to "
                                   f"{version_name(version)}")
    voters = volatile_voters(node, state)
    if voters.ids != node.static_voters:
        raise RaftError(f"Unable to update {FEATURE_NAME} to {version_name(version)} due to missing voters "
                        f"{sorted(voters.ids)} compared to {sorted(node.static_voters)}")
    if not all(v.min_kraft_version <= version <= v.max_kraft_version for v in voters.voters.values()):
        logger.info("node %d: not all voters support kraft version %d: %s", node.node_id, version,
                    voters.keys_string())
        raise InvalidUpdateVersion(f"Invalid upgrade of {FEATURE_NAME} to {version_name(version)} because not all "
                                   "of the voters support it")
    if any(v.directory_id == ZERO_DIRECTORY for v in voters.voters.values()):
        raise RaftError(f"Directory id must be known for all of the voters: {voters.keys_string()}")
    if validate_only:
        return True
    offset = node.log.end_offset
    batch = kraft_version_and_voters_batch(voters, base_offset=offset, epoch=state.epoch, timestamp=now,
                                           kraft_version=version)
    node.log.append_as_leader(batch)
    node.history.observe(bytes(batch))
    state.volatile_voters = None
    node._voters_changed(now)
    logger.info("node %d: appended kraft.version %d and the voters %s at offset %d", node.node_id, version,
                voters.keys_string(), offset)
    return True
