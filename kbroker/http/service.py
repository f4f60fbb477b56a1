"""The node's HTTP listener (kbroker.http.listener, `kbroker serve --http HOST:PORT`): the routes it serves (/metrics
and the web console's pages) and the states they read. Started by `kbroker serve` beside the node, in the same
nursery."""

from __future__ import annotations

from importlib import resources

import trio

from kbroker.config import BrokerConfig, parse_http_address
from kbroker.http.console_model import ConsoleSource
from kbroker.http.console_pages import Console
from kbroker.http.metrics import MetricsPage
from kbroker.http.server import HttpServer


def kafka_version() -> str:
    """The Apache Kafka release whose protocol kbroker serves (that of its vendored schemas)."""
    text = resources.files("kbroker.protocol").joinpath("schemas/VERSION").read_text()
    return next((line.split("=", 1)[1].strip() for line in text.splitlines() if line.startswith("KAFKA_VERSION=")),
                "unknown")


async def serve_http(config: BrokerConfig, node, *, task_status=trio.TASK_STATUS_IGNORED) -> None:
    """Serve /metrics of `node` (its `metric_states()` and `metrics_controller()`) and the console (which also
    asks it `controller_leader()`) on kbroker.http.listener; reports the bound address (a BoundHttp)."""
    host, port = parse_http_address(config["kbroker.http.listener"])
    console = Console(ConsoleSource(config, node.metric_states, node.controller_leader, kafka_version()))
    server = HttpServer({"/metrics": MetricsPage(node.metric_states(), node.metrics_controller()).page,
                         **console.routes()}, console.prefixes())
    await server.serve(host, port, task_status=task_status)
