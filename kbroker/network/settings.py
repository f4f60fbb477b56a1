"""The inter-node client's knobs, with Kafka's client config names and defaults in milliseconds.

- `client_id`: the RequestHeader client id (Kafka's inter-broker clients name their purpose, e.g.
  "raft-client-1", "broker-2-to-controller-heartbeat-channel-manager").
- `request_timeout_ms` (`request.timeout.ms`, 30000): how long a response may take; per-send override.
- `reconnect_backoff_ms` / `reconnect_backoff_max_ms` (50 / 1000): see backoff.py.
- `connection_setup_timeout_ms` (`socket.connection.setup.timeout.ms`, 10000): TCP connect plus the
  ApiVersions handshake.
- `max_in_flight` (`max.in.flight.requests.per.connection`, 5): requests pipelined on one connection; more
  wait their turn.
- `max_response_bytes`: a bigger response frame closes the connection (Kafka's clients have no bound; the
  default here is `socket.request.max.bytes`, 100 MiB, well above `replica.fetch.response.max.bytes`).
"""

from __future__ import annotations

import attrs


@attrs.frozen
class ClientSettings:
    client_id: str
    request_timeout_ms: int = 30_000
    reconnect_backoff_ms: int = 50
    reconnect_backoff_max_ms: int = 1000
    connection_setup_timeout_ms: int = 10_000
    max_in_flight: int = 5
    max_response_bytes: int = 100 * 1024 * 1024
