"""KIP-392 fetch from the closest replica: the replica a partition's leader tells a consumer to read from
(Fetch v11+ `preferred_read_replica`), as Kafka 4.3.1's ReplicaManager.findPreferredReadReplica and
RackAwareReplicaSelector decide it.

`replica.selector.class` names the selector: unset (Kafka's default) means none, every consumer reads from the
leader; `org.apache.kafka.common.replica.RackAwareReplicaSelector` is the one Kafka ships and the only one kbroker
provides (another name is refused at start-up, where Kafka fails to load the class).

The candidates are the leader and each follower that is in the (committed) ISR and holds the fetch offset (its
log start <= offset <= its log end, as its last Fetch reported them). The rack-aware selector keeps the leader
when the client sent no rack, when no candidate is in the client's rack, or when the leader is; otherwise it
picks the same-rack candidate with the largest log end offset, then the one caught up most recently (ties:
lowest id). A candidate counts only if it is registered, unfenced and has the client's listener (Kafka's
metadata cache gives the others no endpoint). The leader itself is never sent back as a preferred replica.
"""

from __future__ import annotations

import attrs

from kbroker.metadata.image import MetadataImage

RACK_AWARE_SELECTOR = "org.apache.kafka.common.replica.RackAwareReplicaSelector"
SELECTORS = (RACK_AWARE_SELECTOR,)
NO_PREFERRED_REPLICA = -1


@attrs.frozen
class ReadReplica:
    """A candidate replica as the leader sees it (Kafka's ReplicaView)."""

    broker_id: int
    log_end_offset: int
    time_since_caught_up_ms: int


def check_selector(name: str | None) -> str | None:
    """The problem with a `replica.selector.class` value, None when kbroker provides it (or it is unset)."""
    if not name or name.strip() in SELECTORS:
        return None
    return f"Class {name} cannot be found: the only replica selector kbroker provides is {RACK_AWARE_SELECTOR}"


def preferred_read_replica(selector: str | None, leader: ReadReplica, followers: list[ReadReplica],
                           image: MetadataImage, listener_name: str, client_rack: str) -> int:
    """The replica the consumer should read from, NO_PREFERRED_REPLICA to keep reading from the leader."""
    if not selector or not client_rack:
        return NO_PREFERRED_REPLICA

    def rack_if_reachable(broker_id: int) -> str | None:
        broker = image.brokers.get(broker_id)
        if broker is None or broker.fenced or broker.endpoint(listener_name) is None:
            return None
        return broker.rack

    if rack_if_reachable(leader.broker_id) == client_rack:
        return NO_PREFERRED_REPLICA
    same_rack = [f for f in followers if rack_if_reachable(f.broker_id) == client_rack]
    if not same_rack:
        return NO_PREFERRED_REPLICA
    best = max(same_rack, key=lambda r: (r.log_end_offset, -r.time_since_caught_up_ms, -r.broker_id))
    return best.broker_id
