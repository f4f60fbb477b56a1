"""One partition's leader and ISR change, as the controller writes it (Kafka 4.3.1's PartitionChangeBuilder
for the paths the broker lifecycle takes: a new target ISR and a leader election; no reassignment).

`partition_change(...)` returns the PartitionChangeRecord to append, or None when nothing would change. The
election (Kafka's electAnyLeader) keeps the current leader while it is still a valid leader, else takes the
first replica (in assignment order) that is in the target ISR and acceptable; with unclean election allowed
(the topic's `unclean.leader.election.enable`) and no such replica, the first acceptable replica at all,
whose ISR then becomes just itself and whose leader recovery state becomes RECOVERING; otherwise the leader
is NO_LEADER (-1). An ISR that would become empty is left unchanged (Kafka does so while eligible leader
replicas are off: the last member stays in the ISR as the one to elect when it comes back).

The image's replay bumps the partition epoch for every record and the leader epoch when `leader` is set
(PartitionRegistration.merge). At the metadata.version kbroker finalizes (4.3-IV0) an ISR shrink alone does not
bump the leader epoch (MetadataVersion.isLeaderEpochBumpRequiredOnIsrShrink is false from 3.6-IV0 on).

Not done (kbroker does not finalize eligible.leader.replicas.version, so Kafka takes the same path): the ELR
and last-known-ELR fields (KIP-966), the preferred-leader election, replica reassignment and its directories.
"""

from __future__ import annotations

import enum
import uuid
from collections.abc import Callable, Sequence

from kbroker.metadata import record_versions as V
from kbroker.metadata.image import NO_LEADER, PartitionRegistration
from kbroker.metadata.serde import MetadataRecord
from kbroker.protocol.messages.metadata.partition_change_record import PartitionChangeRecord

RECOVERING = 1  # LeaderRecoveryState.RECOVERING


class Election(enum.Enum):
    ONLINE = "online"      # only ISR members may lead
    UNCLEAN = "unclean"    # any acceptable replica may lead when no ISR member can


def partition_change(partition: PartitionRegistration, topic_id: uuid.UUID, *,
                     is_acceptable_leader: Callable[[int], bool], target_isr: Sequence[int] | None = None,
                     election: Election = Election.ONLINE) -> MetadataRecord | None:
    isr = list(partition.isr if target_isr is None else target_isr)
    record = PartitionChangeRecord(topic_id=topic_id, partition_id=partition.partition_id)

    def valid_leader(replica: int) -> bool:
        return replica in isr and is_acceptable_leader(replica)

    leader, unclean = _elect(partition, valid_leader, is_acceptable_leader, election)
    if leader != partition.leader:
        record.leader = leader
        if unclean:
            record.isr = [leader]
            if partition.leader_recovery_state != RECOVERING:
                record.leader_recovery_state = RECOVERING
    if record.isr is None and isr and isr != list(partition.isr):
        record.isr = isr
    if _is_no_op(record):
        return None
    return MetadataRecord(record, V.PARTITION_CHANGE_RECORD)


def _elect(partition: PartitionRegistration, valid_leader: Callable[[int], bool],
           is_acceptable_leader: Callable[[int], bool], election: Election) -> tuple[int, bool]:
    """(new leader, whether the election was unclean)."""
    if valid_leader(partition.leader):
        return partition.leader, False
    for replica in partition.replicas:
        if valid_leader(replica):
            return replica, False
    if election is Election.UNCLEAN:
        for replica in partition.replicas:
            if is_acceptable_leader(replica):
                return replica, True
    return NO_LEADER, False


def _is_no_op(record: PartitionChangeRecord) -> bool:
    """PartitionChangeBuilder.changeRecordIsNoOp for the fields this module sets."""
    return record.isr is None and record.leader == -2 and record.leader_recovery_state == -1
