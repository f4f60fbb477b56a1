"""The node's HTTP listener (kbroker.http.listener, `kbroker serve --http HOST:PORT`): the routes it serves and
the states they read. Started by `kbroker serve` beside the node, in the same nursery."""

from __future__ import annotations

import trio

from kbroker.config import BrokerConfig, parse_http_address
from kbroker.http.metrics import MetricsPage
from kbroker.http.server import HttpServer


async def serve_http(config: BrokerConfig, node, *, task_status=trio.TASK_STATUS_IGNORED) -> None:
    """Serve /metrics of `node` (its `metric_states()` and `metrics_controller()`) on kbroker.http.listener;
    reports the bound address (a BoundHttp)."""
    host, port = parse_http_address(config["kbroker.http.listener"])
    server = HttpServer({"/metrics": MetricsPage(node.metric_states(), node.metrics_controller()).page})
    await server.serve(host, port, task_status=task_status)
