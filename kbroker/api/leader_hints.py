"""KIP-951 leader hints: a Produce (v10+) or Fetch (v16+) answer naming a partition's current leader and
epoch, and the endpoints of those leaders on the listener the client used, so the client need not wait for a
metadata refresh (Kafka's KafkaApis.getCurrentLeader).

The leader and epoch come from the hosted partition when there is one, else from the metadata image; an
endpoint is listed only for a leader that is registered, unfenced and has the client's listener.
"""

from __future__ import annotations

from kbroker.metadata.image import MetadataImage
from kbroker.metadata.listener_view import BrokerNode
from kbroker.partition.partition import Partition


class LeaderHints:
    """Collects the endpoints of the leaders named in one answer."""

    def __init__(self, image: MetadataImage, listener_name: str):
        self.image = image
        self.listener_name = listener_name
        self.nodes: dict[int, BrokerNode] = {}

    def current_leader(self, topic: str | None, index: int, hosted: Partition | None) -> tuple[int, int]:
        """(leader id, leader epoch), -1 for what is unknown; remembers the leader's endpoint."""
        if hosted is not None:
            leader, epoch = hosted.leader, hosted.leader_epoch
        else:
            registration = self.image.partition(topic, index) if topic is not None else None
            if registration is None:
                return -1, -1
            leader, epoch = registration.leader, registration.leader_epoch
        broker = self.image.brokers.get(leader)
        endpoint = broker.endpoint(self.listener_name) if broker is not None and not broker.fenced else None
        if endpoint is not None:
            self.nodes[leader] = BrokerNode(leader, endpoint.host, endpoint.port, broker.rack, False)
        return leader, epoch

    def endpoints(self, node_type):
        """The remembered endpoints as the answer's NodeEndpoint type, by node id."""
        return [node_type(node_id=n.node_id, host=n.host, port=n.port, rack=n.rack)
                for _id, n in sorted(self.nodes.items())]
