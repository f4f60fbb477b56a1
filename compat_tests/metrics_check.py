"""What every compat test's kbroker /metrics page must be when the broker is closed: text Prometheus' parser
accepts (and promtool, when installed), with the broker's families (traffic, requests, replicas, controller,
process) and all-topic counters no smaller than the per-topic ones they sum."""

from __future__ import annotations

import shutil
import subprocess
import urllib.request

ALWAYS = (
    "kafka_server_brokertopicmetrics_messagesin", "kafka_server_brokertopicmetrics_bytesin",
    "kafka_server_brokertopicmetrics_bytesout", "kafka_server_brokertopicmetrics_failedproducerequests",
    "kafka_server_brokertopicmetrics_failedfetchrequests", "kafka_network_requestmetrics_requests",
    "kafka_network_requestmetrics_totaltimems", "kafka_server_replicamanager_partitioncount",
    "kafka_server_replicamanager_underreplicatedpartitions", "kafka_controller_kafkacontroller_activecontrollercount",
    "kafka_coordinator_group_groupmetadatamanager_numgroups", "process_cpu_seconds", "process_resident_memory_bytes",
)


def check_metrics_page(address: tuple[str, int] | None) -> None:
    from prometheus_client.parser import text_string_to_metric_families

    assert address is not None, "kbroker was started without its HTTP listener"
    host, port = address
    with urllib.request.urlopen(f"http://{host}:{port}/metrics", timeout=30) as response:
        text = response.read().decode()
    families = {family.name: family for family in text_string_to_metric_families(text)}
    missing = [name for name in ALWAYS if name not in families]
    assert not missing, f"/metrics lacks {missing}"
    for name in ("messagesin", "bytesin", "bytesout"):
        samples = families[f"kafka_server_brokertopicmetrics_{name}"].samples
        total = sum(s.value for s in samples if "topic" not in s.labels)
        assert total >= sum(s.value for s in samples if "topic" in s.labels), f"{name}: all topics < sum of topics"
    if shutil.which("promtool"):
        checked = subprocess.run(["promtool", "check", "metrics"], input=text, capture_output=True, text=True,
                                 timeout=60)
        assert checked.returncode == 0, f"promtool check metrics: {checked.stderr}"
