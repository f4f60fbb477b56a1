"""Kafka's RequestMetrics for one node: requests served per API and version, and per API the time each request
spent in each stage, measured by server.py around the handler:

- request queue: from the whole frame being read until its handler starts (kbroker decodes the request there;
  it has no queue of requests waiting for a handler thread),
- local: in the handler, less the remote time,
- remote: parked waiting for other replicas or for data (acks=-1 replication, fetch long polls), as the handler
  reports it in `RequestContext.notes`,
- response send: writing the response to the socket,
- total: from the frame being read until the response is sent (until the handler returns for acks=0).

Owned by the node's BrokerState; read by kbroker/http/.
"""

from __future__ import annotations

from kbroker.metrics.histogram import Reservoir

STAGES = ("request_queue", "local", "remote", "response_send", "total")


class ApiStats:
    __slots__ = ("versions", "times")

    def __init__(self) -> None:
        self.versions: dict[int, int] = {}
        self.times = Reservoir(len(STAGES))  # one duration per stage, in STAGES order


class RequestStats:
    def __init__(self) -> None:
        # By API key, and by the extra names handlers give (HandlerNotes.also).
        self.apis: dict[int | str, ApiStats] = {}

    def served(self, api_key: int | str, version: int, received: float, started: float, answered: float,
               remote: float, sent: float) -> None:
        """One request: when its frame was read, its handler started and returned, and its response was sent,
        all in trio time; `remote` seconds of the handler's time were spent waiting on others."""
        api = self.apis.get(api_key)
        if api is None:
            api = self.apis[api_key] = ApiStats()
        versions = api.versions
        versions[version] = versions.get(version, 0) + 1
        local = answered - started - remote
        api.times.observe((started - received, local if local > 0.0 else 0.0, remote, sent - answered,
                           sent - received))


class HandlerNotes:
    """What a handler tells RequestMetrics about its request: the seconds it spent parked on other replicas or
    on data (`remote_s`), and the name its times are also counted under (`also`: Kafka counts a Fetch under
    "FetchConsumer" or "FetchFollower" too)."""

    __slots__ = ("remote_s", "also")

    def __init__(self) -> None:
        self.remote_s = 0.0
        self.also: str | None = None
