"""Share-group (KIP-932) families, computed at scrape time from the node's share coordinator.

Groups by state: Kafka's group-coordinator-metrics share-group-count{state=...} (Empty, Stable, Dead), named as
the consumer-group count next to it is (kafka_server_group_coordinator_metrics_share_groups, states lower case:
promtool refuses a gauge ending in _count). Start offsets and lag: Kafka exports none per share-partition (nor
does kafka_exporter), so these are kbroker's own names, with kafka_exporter's labels; the values are those
DescribeShareGroupOffsets v1 answers (kbroker.http.console_share), lag on the partitions this node leads.
"""

from __future__ import annotations

from kbroker.http.console_share import ShareGroupsView
from kbroker.http.exposition import Family
from kbroker.share.groups import ShareGroupState


class ShareFamilies:
    """The share groups of one node's coordinator, one group at a time (`add`)."""

    def __init__(self, coordinator, image, partitions) -> None:
        self.view = ShareGroupsView(coordinator, image, partitions)
        self.counts = dict.fromkeys(ShareGroupState, 0)
        self.start = Family("kbroker_sharegroup_start_offset", "gauge",
                            "A share group's start offset (SPSO) of a share-partition, as "
                            "DescribeShareGroupOffsets gives it.")
        self.lag = Family("kbroker_sharegroup_lag", "gauge",
                          "A share group's lag on a partition this node leads: records from the start offset to "
                          "the high watermark not yet acknowledged or archived (DescribeShareGroupOffsets v1).")

    def group_ids(self) -> list[str]:
        return self.view.group_ids()

    def add(self, group_id: str) -> None:
        group = self.view.group(group_id)
        if group is None:
            return
        self.counts[group.state] += 1
        for row in self.view.partition_rows(group_id):
            labels = dict(sharegroup=group_id, topic=row.topic, partition=row.partition)
            self.start.add(row.start_offset, **labels)
            if row.lag is not None:
                self.lag.add(row.lag, **labels)

    def families(self) -> list[Family]:
        by_state = Family("kafka_server_group_coordinator_metrics_share_groups", "gauge",
                          "Share groups this coordinator owns, by state (share-group-count).")
        for state, count in self.counts.items():
            by_state.add(count, state=state.value.lower())
        return [by_state, self.start, self.lag]
