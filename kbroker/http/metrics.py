"""The /metrics page: Prometheus text (format 0.0.4) built at each scrape from the states of the node's parts, the
same objects the request handlers read, so nothing is copied or kept for it between scrapes.

Names follow the rules of the Prometheus JMX exporter's example Kafka config (example_configs/kafka-2_0_0.yml,
lowercaseOutputName: true): a Yammer meter kafka.X<type=T, name=NPerSec, k=v><>Count becomes the counter
kafka_X_T_N_total{k="v"}, a gauge kafka.X<type=T, name=N, k=v><>Value the gauge kafka_X_T_N{k="v"}, and a
histogram's NNthPercentile and Count the series kafka_X_T_N{quantile="0.NN"} and kafka_X_T_N_count, which this
page declares as one summary (with its _sum). So dashboards built on a JMX-exported Kafka read kbroker too.
Each family's HELP says which Kafka metric it is.
"""

from __future__ import annotations

import trio

from kbroker.http import exposition
from kbroker.http.families_controller import ControllerView, controller_families
from kbroker.http.families_coordinators import LagFamilies, group_families, groups_of, transaction_families
from kbroker.http.families_process import process_families
from kbroker.http.families_replicas import ReplicaFamilies
from kbroker.http.families_share import ShareFamilies
from kbroker.http.families_telemetry import telemetry_families
from kbroker.http.families_traffic import request_families, topic_families
from kbroker.http.server import Page

# Partitions, groups or families built between two checkpoints: a scrape of a node with 10,000 partitions holds
# the event loop for a few milliseconds at a time, not for the whole page.
CHUNK = 500


class MetricsPage:
    """Builds /metrics from `states`, the BrokerStates of the node's parts (one, or a combined node's two), and
    `controller`, how to see the node's controller (None on a broker-only node)."""

    def __init__(self, states, controller: ControllerView | None = None) -> None:
        self.states = list(states)
        self.controller = controller

    async def families(self) -> list[exposition.Family]:
        families = []
        image_topics = self._image_topics()
        families += topic_families(self.states, image_topics)
        families += request_families(self.states)
        for state in self.states:
            if state.partitions is not None:
                replicas = ReplicaFamilies()
                await each(list(state.partitions), replicas.add)
                families += replicas.families()
            if state.group_coordinator is not None:
                families += group_families(state.group_coordinator)
                lag = LagFamilies(state.partitions)
                await each(groups_of(state.group_coordinator), lag.add)
                families += lag.families()
            if state.txn_coordinator is not None:
                families += transaction_families(state.txn_coordinator)
            if getattr(state, "share_coordinator", None) is not None:
                shares = ShareFamilies(state.share_coordinator, state.image, state.partitions)
                await each(shares.group_ids(), shares.add)
                families += shares.families()
            if state.partitions is not None:
                families += telemetry_families(state.client_metrics)
        if self.controller is not None:
            families += controller_families(self.controller)
        families += process_families()
        return families

    def _image_topics(self) -> set[str] | None:
        for state in self.states:
            if state.partitions is not None and state.metadata is not None:
                return set(state.image.topics_by_name)
        return None

    async def page(self) -> Page:
        families = await self.families()
        chunks = []
        await each(families, lambda family: chunks.append(exposition.render([family])))
        return Page(b"".join(chunks), exposition.CONTENT_TYPE)


async def each(items, add, chunk: int = CHUNK) -> None:
    """`add(item)` for each item, letting other tasks run after every `chunk` of them."""
    for i, item in enumerate(items):
        if i and i % chunk == 0:
            await trio.lowlevel.checkpoint()
        add(item)
