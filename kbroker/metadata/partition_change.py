"""One partition's change, as the controller writes it (Kafka 4.3.1's PartitionChangeBuilder): a new target ISR,
a leader election, and the replica assignment of a reassignment (target replicas, adding and removing replicas).

`partition_change(...)` returns the PartitionChangeRecord to append, or None when nothing would change, in
the order Kafka's build() works:
0. a reassignment in progress (adding or removing replicas) completes when the target ISR, without the removing
   replicas, still has a member and holds every replica that stays (PartitionReassignmentReplicas
   .maybeCompleteReassignment): the removing replicas leave the replicas and the ISR, adding and removing clear;
1. eligible leader replicas (KIP-966, only when eligible.leader.replicas.version >= 1): a target ISR of at least
   `min.insync.replicas` clears the ELR; a smaller one makes the ELR the old ISR and ELR members outside the
   target ISR (minus replicas that shut down uncleanly);
2. the election (electAnyLeader): the current leader while it is still valid, else the first target replica in
   assignment order that is in the target ISR (or, the target ISR being empty, in the ELR) and acceptable; else,
   balanced recovery (below), the last known leader; with unclean election allowed (the topic's
   `unclean.leader.election.enable`) and none, the first acceptable replica at all; a leader chosen by the last
   two is an unclean election: its ISR becomes just itself and its leader recovery state RECOVERING; else
   NO_LEADER. A leader taken from the ELR becomes the whole ISR and leaves the ELR. A PREFERRED election
   (electPreferredLeader) takes the first target replica when it is valid, else keeps a valid leader, else the
   next valid target replica, else the last known leader;
   a target replica list that drops one of the partition's replicas bumps the leader epoch (the leader field is
   written even when the leader stays);
3. the ELR is written when it differs (and cleared when ELR is off or the ISR was set by an unclean election),
   then the ISR when it differs; without ELR an ISR never becomes empty: the last member stays, the one to elect
   when it comes back;
4. the last-known ELR (maybeUpdateLastKnownLeader, with ELR on): a partition losing its leader (leader field
   NO_LEADER) whose last-known ELR is empty records its old leader there; a leader elected (leader field >= 0)
   clears a non-empty one;
5. the assignment: the directories of the target replicas (a replica keeps its directory, a new one gets its
   broker's default: its only log dir, else unassigned), the replicas, removing and adding replicas, each
   written when it differs;
6. a target leader recovery state (AlterPartition's) other than the partition's is written, over what an unclean
   election set.

Balanced recovery (KIP-966's last-known-leader election, Kafka's useLastKnownLeaderInBalancedRecovery, which
Kafka 4.3.1 leaves on: nothing in its controller turns it off): when ELR is on, the target ISR and ELR are both
empty and the partition's last-known ELR is exactly one acceptable replica, that replica leads again, as an
unclean election. It is how a sole replica that restarted without a clean shutdown (so it left the ELR) gets
its partition back. With `use_last_known_leader=False` (the builder's setter, used by Kafka's tests only), the
last-known ELR is instead the rest of the old ISR, ELR and last-known ELR outside the target ISR and ELR, written
with the ELR.

The image's replay bumps the partition epoch for every record and the leader epoch when `leader` is set
(PartitionRegistration.merge). At the metadata.version kbroker finalizes (4.3-IV0) an ISR shrink alone does not
bump the leader epoch (MetadataVersion.isLeaderEpochBumpRequiredOnIsrShrink is false from 3.6-IV0 on).
"""

from __future__ import annotations

import enum
import uuid
from collections.abc import Callable, Iterable, Mapping, Sequence

from kbroker.metadata import record_versions as V
from kbroker.metadata.image import NO_LEADER, PartitionRegistration
from kbroker.metadata.serde import MetadataRecord
from kbroker.protocol.messages.metadata.partition_change_record import PartitionChangeRecord

RECOVERING = 1  # LeaderRecoveryState.RECOVERING
UNASSIGNED_DIR = uuid.UUID(int=0)  # DirectoryId.UNASSIGNED


class Election(enum.Enum):
    PREFERRED = "preferred"  # the first target replica when it may lead, else as ONLINE
    ONLINE = "online"      # only ISR (or, with an empty ISR, ELR) members may lead
    UNCLEAN = "unclean"    # any acceptable replica may lead when no such member can


def is_reassigning(partition: PartitionRegistration) -> bool:
    """Whether a reassignment is in progress (PartitionReassignmentReplicas.isReassignmentInProgress)."""
    return bool(partition.adding_replicas or partition.removing_replicas)


def partition_change(partition: PartitionRegistration, topic_id: uuid.UUID, *,
                     is_acceptable_leader: Callable[[int], bool], target_isr: Sequence[int] | None = None,
                     election: Election = Election.ONLINE, elr_enabled: bool = False, min_isr: int = 1,
                     unclean_shutdown_replicas: Iterable[int] = (), use_last_known_leader: bool = True,
                     target_leader_recovery_state: int | None = None,
                     target_replicas: Sequence[int] | None = None, target_adding: Sequence[int] | None = None,
                     target_removing: Sequence[int] | None = None,
                     default_dir: Callable[[int], uuid.UUID] | None = None,
                     target_directories: Mapping[int, uuid.UUID] | None = None) -> MetadataRecord | None:
    """default_dir: a new replica's directory (ClusterDescriber.defaultDir); needed when replicas change.
    target_directories: replicas' directories to set (PartitionChangeBuilder.setDirectory, AssignReplicasToDirs)."""
    isr = list(partition.isr if target_isr is None else target_isr)
    replicas = list(partition.replicas if target_replicas is None else target_replicas)
    adding = list(partition.adding_replicas if target_adding is None else target_adding)
    removing = list(partition.removing_replicas if target_removing is None else target_removing)
    completed = _completed_reassignment(replicas, adding, removing, isr)
    if completed is not None:
        replicas, isr = completed
        adding, removing = [], []
    elr, last_known_elr = list(partition.elr), list(partition.last_known_elr)
    if elr_enabled:
        elr, last_known_elr = _target_elr(partition, isr, elr, last_known_elr, min_isr,
                                          set(unclean_shutdown_replicas))
    record = PartitionChangeRecord(topic_id=topic_id, partition_id=partition.partition_id)

    def valid_leader(replica: int) -> bool:
        eligible = replica in isr or (not isr and replica in elr)
        return eligible and is_acceptable_leader(replica)

    def last_known_leader() -> int | None:
        """PartitionChangeBuilder.canElectLastKnownLeader: the sole last-known ELR member, when it may lead."""
        if not (elr_enabled and use_last_known_leader) or isr or elr or len(partition.last_known_elr) != 1:
            return None
        candidate = partition.last_known_elr[0]
        return candidate if is_acceptable_leader(candidate) else None

    leader, unclean = _elect(partition, replicas, valid_leader, is_acceptable_leader, election, last_known_leader)
    if leader != partition.leader:
        if leader in elr:
            isr = [leader]
            elr = [r for r in elr if r != leader]
        record.leader = leader
        if unclean:
            record.isr = [leader]
            if partition.leader_recovery_state != RECOVERING:
                record.leader_recovery_state = RECOVERING
    elif not set(partition.replicas) <= set(replicas):
        record.leader = partition.leader  # triggerLeaderEpochBumpForReplicaReassignmentIfNeeded
    if record.isr is not None or not elr_enabled:
        elr, last_known_elr = [], []
    if elr != list(partition.elr):
        record.eligible_leader_replicas = elr
    if not use_last_known_leader and last_known_elr != list(partition.last_known_elr):
        record.last_known_elr = last_known_elr
    if record.isr is None and (isr or elr_enabled) and isr != list(partition.isr):
        record.isr = isr
    if elr_enabled and use_last_known_leader:
        _update_last_known_leader(record, partition)
    _set_assignment(record, partition, replicas, adding, removing, default_dir, target_directories or {})
    if target_leader_recovery_state is not None and target_leader_recovery_state != partition.leader_recovery_state:
        record.leader_recovery_state = target_leader_recovery_state
    if _is_no_op(record):
        return None
    return MetadataRecord(record, V.PARTITION_CHANGE_RECORD)


def _target_elr(partition: PartitionRegistration, isr: list[int], elr: list[int], last_known_elr: list[int],
                min_isr: int, unclean: set[int]) -> tuple[list[int], list[int]]:
    """PartitionChangeBuilder.maybePopulateTargetElr (Kafka iterates a HashSet of small ints: ascending)."""
    if len(isr) >= min_isr:
        return [], []
    in_isr = set(isr)
    candidates = set(elr) | set(partition.isr)
    new_elr = sorted(r for r in candidates if r not in in_isr and r not in unclean)
    candidates |= set(last_known_elr)
    new_last_known = sorted(r for r in candidates if r not in in_isr and r not in new_elr)
    return new_elr, new_last_known


def _completed_reassignment(replicas: list[int], adding: list[int], removing: list[int],
                            isr: list[int]) -> tuple[list[int], list[int]] | None:
    """(replicas, ISR) once the reassignment in progress completes with `isr`, else None."""
    if not adding and not removing:
        return None
    if removing:
        isr = [r for r in isr if r not in removing]
        replicas = [r for r in replicas if r not in removing]
        if not isr or not replicas:
            return None
    if not set(replicas) <= set(isr):
        return None
    return replicas, isr


def _set_assignment(record: PartitionChangeRecord, partition: PartitionRegistration, replicas: list[int],
                    adding: list[int], removing: list[int], default_dir: Callable[[int], uuid.UUID] | None,
                    assigned: Mapping[int, uuid.UUID]) -> None:
    """PartitionChangeBuilder.setAssignmentChanges."""
    if replicas:
        # A registration without directories has every replica unassigned (PartitionRegistration's default).
        old_directories = list(partition.directories) or [UNASSIGNED_DIR] * len(partition.replicas)
        current = dict(zip(partition.replicas, old_directories, strict=True))
        if set(replicas) - set(current):
            if default_dir is None:
                raise ValueError("new replicas need a default directory provider")
            directories = [current[r] if r in current else default_dir(r) for r in replicas]
        else:
            directories = [current[r] for r in replicas]
        directories = [assigned.get(r, d) for r, d in zip(replicas, directories, strict=True)]
        if directories != old_directories:
            record.directories = directories
        if replicas != list(partition.replicas):
            record.replicas = replicas
    if removing != list(partition.removing_replicas):
        record.removing_replicas = removing
    if adding != list(partition.adding_replicas):
        record.adding_replicas = adding


def _update_last_known_leader(record: PartitionChangeRecord, partition: PartitionRegistration) -> None:
    """PartitionChangeBuilder.maybeUpdateLastKnownLeader (after the ISR is set, so it has the last word)."""
    if record.leader == NO_LEADER and not partition.last_known_elr:
        record.last_known_elr = [partition.leader]
    elif record.leader >= 0 and partition.last_known_elr:
        record.last_known_elr = []


def _elect(partition: PartitionRegistration, replicas: list[int], valid_leader: Callable[[int], bool],
           is_acceptable_leader: Callable[[int], bool], election: Election,
           last_known_leader: Callable[[], int | None]) -> tuple[int, bool]:
    """(new leader, whether the election was unclean)."""
    if election is Election.PREFERRED and replicas and valid_leader(replicas[0]):
        return replicas[0], False
    if valid_leader(partition.leader):
        return partition.leader, False
    for replica in replicas:
        if valid_leader(replica):
            return replica, False
    recovered = last_known_leader()
    if recovered is not None:
        return recovered, True
    if election is Election.UNCLEAN:
        for replica in replicas:
            if is_acceptable_leader(replica):
                return replica, True
    return NO_LEADER, False


def _is_no_op(record: PartitionChangeRecord) -> bool:
    """PartitionChangeBuilder.changeRecordIsNoOp."""
    return (record.isr is None and record.leader == -2 and record.leader_recovery_state == -1
            and record.eligible_leader_replicas is None and record.last_known_elr is None
            and record.replicas is None and record.removing_replicas is None and record.adding_replicas is None
            and record.directories is None)
