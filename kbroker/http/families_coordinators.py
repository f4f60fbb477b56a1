"""Group and transaction coordinator families, and consumer-group lag, computed at scrape time from the
coordinators' loaded partitions (the groups and transactions their handlers serve).

Groups: Kafka's classic-group gauges (kafka.coordinator.group GroupMetadataManager NumGroups, NumGroups<State>,
NumOffsets), and its consumer-group (KIP-848) count by state (group-coordinator-metrics consumer-group-count; the
example config has no rule for it, and promtool refuses a gauge ending in _count, so it is ..._consumer_groups). Lag: kafka_exporter's names
(kafka_consumergroup_current_offset, kafka_consumergroup_lag) for the partitions this node leads, lag being the
high watermark less the committed offset. Transactions: kbroker's own names (Kafka has no per-state gauge).
"""

from __future__ import annotations

from kbroker.group.classic import ClassicGroup, GroupState
from kbroker.group.consumer import ConsumerGroupState
from kbroker.http.exposition import Family
from kbroker.txn.metadata import TxnState

_CLASSIC_STATES = (
    ("numgroupspreparingrebalance", GroupState.PREPARING_REBALANCE),
    ("numgroupscompletingrebalance", GroupState.COMPLETING_REBALANCE),
    ("numgroupsstable", GroupState.STABLE),
    ("numgroupsdead", GroupState.DEAD),
    ("numgroupsempty", GroupState.EMPTY),
)


def group_families(coordinator) -> list[Family]:
    groups = [group for shard in list(coordinator.shards.states.values()) for group in shard.groups.values()]
    classic = [g for g in groups if isinstance(g, ClassicGroup)]
    consumer = [g for g in groups if not isinstance(g, ClassicGroup)]
    prefix = "kafka_coordinator_group_groupmetadatamanager_"
    families = []
    total = Family(prefix + "numgroups", "gauge", "Classic groups this coordinator owns (NumGroups).")
    total.add(len(classic))
    families.append(total)
    for name, state in _CLASSIC_STATES:
        family = Family(prefix + name, "gauge", f"Classic groups in state {state.value}.")
        family.add(sum(g.state == state for g in classic))
        families.append(family)
    offsets = Family(prefix + "numoffsets", "gauge", "Committed offsets held by this coordinator (NumOffsets).")
    offsets.add(sum(len(g.offsets) for g in groups))
    families.append(offsets)
    by_state = Family("kafka_server_group_coordinator_metrics_consumer_groups", "gauge",
                      "Consumer (KIP-848) groups this coordinator owns, by state (consumer-group-count).")
    for state in ConsumerGroupState:
        by_state.add(sum(g.state == state for g in consumer), state=state.value.lower())
    families.append(by_state)
    return families


def groups_of(coordinator) -> list:
    """The coordinator's groups, by id."""
    groups = [group for shard in list(coordinator.shards.states.values()) for group in shard.groups.values()]
    return sorted(groups, key=lambda g: g.group_id)


class LagFamilies:
    """Committed offsets and lag, one group at a time (`add`)."""

    def __init__(self, partitions) -> None:
        self.partitions = partitions
        self.current = Family("kafka_consumergroup_current_offset", "gauge",
                              "A group's committed offset of a partition this node leads.")
        self.lag = Family("kafka_consumergroup_lag", "gauge",
                          "A group's lag on a partition this node leads: its high watermark less the committed "
                          "offset.")

    def add(self, group) -> None:
        for (topic, index), committed in sorted(group.offsets.items()):
            partition = self.partitions.get(topic, index) if self.partitions is not None else None
            if partition is None or not partition.is_leader:
                continue
            labels = {"consumergroup": group.group_id, "topic": topic, "partition": index}
            self.current.add(committed.offset, **labels)
            self.lag.add(max(partition.high_watermark - committed.offset, 0), **labels)

    def families(self) -> list[Family]:
        return [self.current, self.lag]


def transaction_families(coordinator) -> list[Family]:
    loaded = list(coordinator.txn_partitions.states.values())
    by_state = Family("kbroker_transaction_coordinator_transactional_ids", "gauge",
                      "Transactional ids this coordinator owns, by the state of their transaction.")
    for state in TxnState:
        by_state.add(sum(t.state == state for p in loaded for t in p.transactions.values()),
                     state=state.kafka_name)
    partitions = Family("kbroker_transaction_coordinator_partitions", "gauge",
                        "__transaction_state partitions this coordinator has loaded.")
    partitions.add(len(loaded))
    return [by_state, partitions]
