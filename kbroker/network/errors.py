"""The failures the inter-node client reports: every one a NetworkError, so a caller (Raft, the broker's
lifecycle manager, a replica fetcher) can tell "the peer was not reachable or did not answer" from a bug.

A request that fails with ConnectionFailed was never sent; with ConnectionLost or RequestTimedOut it may
have reached the peer (as with Kafka's NetworkClient, the caller decides whether resending is safe).
"""

from __future__ import annotations


class NetworkError(Exception):
    """Base of the inter-node client's failures."""


class UnknownNode(NetworkError):
    """The node directory has no address for this node id."""


class ConnectionFailed(NetworkError):
    """No connection could be set up (refused, unreachable, setup timeout, failed ApiVersions handshake)."""


class ConnectionLost(NetworkError):
    """The connection closed or broke (peer gone, oversized frame, protocol violation) with the request in
    flight or before it could be written."""


class RequestTimedOut(NetworkError):
    """No response within the request timeout; the connection is closed, as Kafka's NetworkClient does."""


class UnsupportedVersion(NetworkError):
    """The peer does not support the API at any version this client can encode (or under the caller's cap)."""


class ClientClosed(NetworkError):
    """The channel manager or connection was shut down."""
