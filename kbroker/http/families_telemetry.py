"""The client metrics clients pushed with KIP-714 PushTelemetry, re-exported: each OTLP metric name becomes a
Prometheus name (`org.apache.kafka.producer.record.send.rate` -> `org_apache_kafka_producer_record_send_rate`)
made to pass Prometheus' naming lint (promtool): a time unit in the name becomes the base unit, with the value
scaled (`io.time.ns.avg` 2500 -> `io_time_seconds_avg` 2.5e-06), `b` becomes `bytes`, a counter ending in `_total`, another type never ending in `_total`, `_count`, `_sum`
or `_bucket` (`connection.count` -> `connection_count_value`); labelled with its data point's attributes plus `client_instance_id`; only the latest push of each live client
instance (kbroker/telemetry/manager.py). A monotonic Sum is a counter (its delta values as pushed: Kafka asks
clients for delta temporality), any other Sum or Gauge a gauge. Also the count of instances, as Kafka's
client-metrics instance-count."""

from __future__ import annotations

import re

from kbroker.http.exposition import Family

_INVALID = re.compile(r"[^a-zA-Z0-9_:]")
_INVALID_LABEL = re.compile(r"[^a-zA-Z0-9_]")


# Unit tokens promlint refuses, as (base unit, factor to it), as Prometheus' naming guide asks.
_UNITS = {"ns": ("seconds", 1e-9), "nanoseconds": ("seconds", 1e-9), "us": ("seconds", 1e-6),
          "microseconds": ("seconds", 1e-6), "ms": ("seconds", 1e-3), "milliseconds": ("seconds", 1e-3),
          "s": ("seconds", 1), "sec": ("seconds", 1), "min": ("seconds", 60), "minutes": ("seconds", 60),
          "hr": ("seconds", 3600), "hrs": ("seconds", 3600), "hours": ("seconds", 3600), "b": ("bytes", 1)}
_RESERVED_SUFFIXES = ("_total", "_count", "_sum", "_bucket")


def prometheus_name(name: str, kind: str) -> tuple[str, float]:
    """The Prometheus name of a pushed metric and the factor its values are multiplied by."""
    tokens, factor = [], 1.0
    for token in _INVALID.sub("_", name).split("_"):
        unit = _UNITS.get(token)
        if unit is not None:
            token, factor = unit[0], factor * unit[1]
        tokens.append(token)
    text = "_".join(tokens)
    if text[:1].isdigit():
        text = "_" + text
    if kind == "counter":
        return (text if text.endswith("_total") else text + "_total"), factor
    return (text + "_value" if text.endswith(_RESERVED_SUFFIXES) else text), factor


def _label(name: str) -> str:
    text = _INVALID_LABEL.sub("_", name)
    if text[:1].isdigit():
        text = "_" + text
    return "client_" + text if text in ("client_instance_id", "quantile") or text.startswith("__") else text


def telemetry_families(manager) -> list[Family]:
    manager.expire()
    count = Family("kafka_server_client_metrics_instances", "gauge",
                   "kafka.server:type=client-metrics,name=instance-count: client instances the broker tracks.")
    count.add(len(manager.instances))
    families: dict[str, Family] = {}
    for instance_id, instance in list(manager.instances.items()):
        for (name, kind, attributes), value in instance.values.items():
            prom, factor = prometheus_name(name, kind)
            family = families.get(prom)
            if family is None:
                family = families[prom] = Family(prom, "counter" if kind == "counter" else "gauge",
                                                 f"Client metric {name} pushed with PushTelemetry (KIP-714).")
            elif (family.type == "counter") != (kind == "counter"):
                continue  # the same name pushed as another kind: the first kind wins
            labels = {_label(k): v for k, v in attributes}
            labels["client_instance_id"] = str(instance_id)
            family.add(value * factor if factor != 1 else value, **labels)
    return [count, *(families[name] for name in sorted(families))]
