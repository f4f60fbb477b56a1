"""The client metrics clients pushed with KIP-714 PushTelemetry, re-exported: each OTLP metric name becomes a
Prometheus name (`org.apache.kafka.producer.record.send.rate` -> `org_apache_kafka_producer_record_send_rate`),
labelled with its data point's attributes plus `client_instance_id`; only the latest push of each live client
instance (kbroker/telemetry/manager.py). A monotonic Sum is a counter (its delta values as pushed: Kafka asks
clients for delta temporality), any other Sum or Gauge a gauge. Also the count of instances, as Kafka's
client-metrics instance-count."""

from __future__ import annotations

import re

from kbroker.http.exposition import Family

_INVALID = re.compile(r"[^a-zA-Z0-9_:]")
_INVALID_LABEL = re.compile(r"[^a-zA-Z0-9_]")


def prometheus_name(name: str) -> str:
    text = _INVALID.sub("_", name)
    return "_" + text if text[:1].isdigit() else text


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
            prom = prometheus_name(name)
            family = families.get(prom)
            if family is None:
                family = families[prom] = Family(prom, "counter" if kind == "counter" else "gauge",
                                                 f"Client metric {name} pushed with PushTelemetry (KIP-714).")
            elif (family.type == "counter") != (kind == "counter"):
                continue  # the same name pushed as another kind: the first kind wins
            labels = {_label(k): v for k, v in attributes}
            labels["client_instance_id"] = str(instance_id)
            family.add(value, **labels)
    return [count, *(families[name] for name in sorted(families))]
