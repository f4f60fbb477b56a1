"""acks=all produces waiting for the ISR (Kafka's DelayedProduce purgatory, as trio waits).

After a leader appended a batch ending at offset N-1, the produce is complete for that partition once the high
watermark reaches N: then it succeeds if the maximal ISR (the committed one and a pending change's members) still
has the effective min.insync.replicas members (never more than the replicas assigned), else
NOT_ENOUGH_REPLICAS_AFTER_APPEND. The high watermark itself does not move while the committed ISR is under
min.insync.replicas (Partition), so a produce pending when the ISR shrank waits for it to grow back, or times
out. A partition this node no longer leads answers NOT_LEADER_OR_FOLLOWER; one still short at the request's
timeout answers REQUEST_TIMED_OUT (Kafka's checkEnoughReplicasReachOffset and
onExpiration). Waiting is on the partition's change event: nothing polls.
"""

from __future__ import annotations

import trio

from kbroker.partition.partition import Partition
from kbroker.protocol import errors


def replication_status(partition: Partition, required_offset: int, *, min_insync: bool = True) -> int | None:
    """The produce's error code once decided, None while it must wait. `min_insync=False` is the high watermark
    alone (Kafka's coordinator runtime, which appends with acks=1 and answers at the high watermark)."""
    if not partition.is_leader or partition.log.closed:
        return errors.NOT_LEADER_OR_FOLLOWER.code
    if partition.high_watermark < required_offset:
        return None
    if min_insync and len(partition.isr_state.maximal_isr) < partition.effective_min_isr():
        return errors.NOT_ENOUGH_REPLICAS_AFTER_APPEND.code
    return errors.NONE.code


async def wait_for_replication(partition: Partition, required_offset: int, deadline: float, *,
                               min_insync: bool = True) -> int:
    """Wait until the produce ending before `required_offset` is decided or `deadline` (trio time) passes."""
    with trio.move_on_at(deadline):
        while True:
            status = replication_status(partition, required_offset, min_insync=min_insync)
            if status is not None:
                return status
            await partition.wait_for_change()
    status = replication_status(partition, required_offset, min_insync=min_insync)
    return errors.REQUEST_TIMED_OUT.code if status is None else status
