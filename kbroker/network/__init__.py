"""The inter-node network client: how a kbroker node talks to other nodes (kbroker or Apache Kafka) with
Kafka's own RPCs (Raft's Vote/BeginQuorumEpoch/Fetch, BrokerRegistration/BrokerHeartbeat, replica Fetch,
WriteTxnMarkers), over the generated codecs.

    directory.py     node id -> Address; `controller.quorum.voters` parsing
    settings.py      ClientSettings: client id, timeouts, backoff, in-flight and frame-size bounds
    framing.py       request frames out, size-bounded response frames in
    versions.py      ApiVersions handshake (KIP-511 fallback) and version negotiation
    connection.py    one negotiated connection: pipelined requests matched by correlation id
    backoff.py       reconnect backoff with jitter (Kafka's ExponentialBackoff)
    node_client.py   one peer: connect on demand, reconnect after failures
    channels.py      ChannelManager: node id -> NodeClient in one nursery; send / send_soon + Reply
    errors.py        NetworkError and its kinds
"""

from kbroker.network.channels import ChannelManager, Reply, open_channel_manager
from kbroker.network.directory import Address, NodeDirectory, parse_quorum_voters
from kbroker.network.errors import (
    ClientClosed,
    ConnectionFailed,
    ConnectionLost,
    NetworkError,
    RequestTimedOut,
    UnknownNode,
    UnsupportedVersion,
)
from kbroker.network.node_client import NodeClient
from kbroker.network.settings import ClientSettings

__all__ = [
    "Address", "ChannelManager", "ClientClosed", "ClientSettings", "ConnectionFailed", "ConnectionLost",
    "NetworkError", "NodeClient", "NodeDirectory", "Reply", "RequestTimedOut", "UnknownNode",
    "UnsupportedVersion", "open_channel_manager", "parse_quorum_voters",
]
