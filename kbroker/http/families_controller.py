"""KafkaController families of a node that runs a controller, computed at scrape time from the metadata image its
controller works on: whether it is the active controller (ActiveControllerCount), and the cluster's topics,
partitions, partitions without a leader and brokers (active and fenced), which every controller reports from its
image as Kafka's ControllerMetadataMetrics do."""

from __future__ import annotations

from collections.abc import Callable

import attrs

from kbroker.http.exposition import Family
from kbroker.metadata.image import NO_LEADER, MetadataImage


@attrs.frozen
class ControllerView:
    """How /metrics sees a node's controller: whether it is active now, and its image."""
    is_active: Callable[[], bool]
    image: Callable[[], MetadataImage]


def controller_families(view: ControllerView) -> list[Family]:
    image = view.image()
    partitions = [p for topic in image.topics_by_name.values() for p in topic.partitions.values()]
    brokers = list(image.brokers.values())
    gauges = (
        ("activecontrollercount", int(view.is_active()), "1 on the active controller, else 0."),
        ("globaltopiccount", len(image.topics_by_name), "Topics in the cluster's metadata."),
        ("globalpartitioncount", len(partitions), "Partitions in the cluster's metadata."),
        ("offlinepartitionscount", sum(p.leader == NO_LEADER for p in partitions), "Partitions with no leader."),
        ("activebrokercount", sum(not b.fenced for b in brokers), "Registered brokers that are not fenced."),
        ("fencedbrokercount", sum(b.fenced for b in brokers), "Registered brokers that are fenced."),
    )
    families = []
    for name, value, text in gauges:
        family = Family(f"kafka_controller_kafkacontroller_{name}", "gauge", f"{text} (KafkaController).")
        family.add(value)
        families.append(family)
    return families
