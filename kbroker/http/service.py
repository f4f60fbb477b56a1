"""The node's HTTP listener (kbroker.http.listener, `kbroker serve --http HOST:PORT`): the routes it serves (/metrics,
the web console's pages and, with kbroker.console.write.enable, its forms' POSTs) and the states they read. Started
by `kbroker serve` beside the node, in the same nursery."""

from __future__ import annotations

from importlib import resources

import trio

from kbroker.config import BrokerConfig, parse_http_address
from kbroker.http.admin_calls import KafkaCalls
from kbroker.http.console_model import ConsoleSource
from kbroker.http.console_pages import Console
from kbroker.http.console_write import SWITCH, ConsoleWrites
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
    source = ConsoleSource(config, node.metric_states, node.controller_leader, kafka_version())
    calls = KafkaCalls(source.broker_state, lambda: _client_registry(node))
    writes = ConsoleWrites(config[SWITCH], calls, source)
    console = Console(source, writes=writes)
    server = HttpServer({"/metrics": MetricsPage(node.metric_states(), node.metrics_controller()).page,
                         **console.routes()}, console.prefixes(), writes.posts())
    await server.serve(host, port, task_status=task_status)


def _client_registry(node):
    """The registry serving the node's client requests: its own, or its broker's on a combined node (None before
    that broker started). A controller-only node has no broker state, so its console never asks."""
    broker = getattr(node, "broker", node)
    return None if broker is None else broker.registry
