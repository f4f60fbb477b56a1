"""/metrics of a real `kbroker serve --http 127.0.0.1:0` process, scraped after producing and consuming: every
family there, the traffic counters equal to what the log holds, the text accepted by Prometheus' own parser (and
by promtool when Debian's prometheus package is installed), and bad HTTP input leaving the broker serving."""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import urllib.error
import urllib.request

import pytest
from prometheus_client.parser import text_string_to_metric_families

from kbroker.testing import start_broker_process
from tests.web.web_clients import read_and_commit

TOPIC = "metered"
GROUP = "metered-readers"
PARTITIONS = 3

FAMILIES = (
    "kafka_server_brokertopicmetrics_messagesin", "kafka_server_brokertopicmetrics_bytesin",
    "kafka_server_brokertopicmetrics_bytesout", "kafka_server_brokertopicmetrics_totalproducerequests",
    "kafka_server_brokertopicmetrics_failedproducerequests", "kafka_server_brokertopicmetrics_totalfetchrequests",
    "kafka_server_brokertopicmetrics_failedfetchrequests",
    "kafka_network_requestmetrics_requests", "kafka_network_requestmetrics_requestqueuetimems",
    "kafka_network_requestmetrics_localtimems", "kafka_network_requestmetrics_remotetimems",
    "kafka_network_requestmetrics_responsesendtimems", "kafka_network_requestmetrics_totaltimems",
    "kafka_server_replicamanager_partitioncount", "kafka_server_replicamanager_leadercount",
    "kafka_server_replicamanager_underreplicatedpartitions", "kafka_server_replicamanager_offlinereplicacount",
    "kafka_server_replicamanager_underminisrpartitioncount", "kafka_server_replicamanager_atminisrpartitioncount",
    "kafka_controller_kafkacontroller_activecontrollercount", "kafka_controller_kafkacontroller_globaltopiccount",
    "kafka_controller_kafkacontroller_globalpartitioncount", "kafka_controller_kafkacontroller_offlinepartitionscount",
    "kafka_controller_kafkacontroller_activebrokercount", "kafka_controller_kafkacontroller_fencedbrokercount",
    "kafka_log_log_size", "kafka_log_log_logstartoffset", "kafka_log_log_logendoffset",
    "kafka_log_log_numlogsegments",
    "kafka_coordinator_group_groupmetadatamanager_numgroups",
    "kafka_coordinator_group_groupmetadatamanager_numgroupsstable",
    "kafka_coordinator_group_groupmetadatamanager_numgroupsempty",
    "kafka_coordinator_group_groupmetadatamanager_numoffsets",
    "kafka_server_group_coordinator_metrics_consumer_groups", "kafka_server_group_coordinator_metrics_share_groups",
    "kafka_consumergroup_current_offset", "kafka_consumergroup_lag",
    "kbroker_transaction_coordinator_transactional_ids", "kbroker_transaction_coordinator_partitions",
    "process_cpu_seconds", "process_resident_memory_bytes", "process_open_fds",
)


def _scrape(broker) -> str:
    host, port = broker.http
    with urllib.request.urlopen(f"http://{host}:{port}/metrics", timeout=30) as response:
        assert response.headers["Content-Type"] == "text/plain; version=0.0.4; charset=utf-8"
        return response.read().decode()


def _samples(text: str) -> dict[str, dict[frozenset, float]]:
    """Sample name -> {labels -> value}, through Prometheus' own parser (which raises on bad text)."""
    samples: dict[str, dict[frozenset, float]] = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            samples.setdefault(sample.name, {})[frozenset(sample.labels.items())] = sample.value
    return samples


def _families(text: str) -> set[str]:
    return {family.name for family in text_string_to_metric_families(text)}


def _topic_log_bytes(log_dir: str) -> int:
    """What the topic's segment files hold: every batch produced to it, as received."""
    return sum(os.path.getsize(f) for f in glob.glob(os.path.join(log_dir, f"{TOPIC}-*", "*.log")))


def _produce(bootstrap: str, count: int, start: int) -> None:
    from kafka import KafkaProducer

    producer = KafkaProducer(bootstrap_servers=bootstrap, acks="all", linger_ms=5)
    for i in range(start, start + count):
        producer.send(TOPIC, key=str(i).encode(), value=b"v" * (i % 200))
    producer.flush()
    producer.close()


def _consume_and_commit(bootstrap: str, count: int) -> None:
    read_and_commit(bootstrap, TOPIC, GROUP, count).close()


@pytest.fixture(scope="module")
def metered(tmp_path_factory):
    """A broker with --http that was produced 500 records, read by a group that committed, then produced 50 more;
    yields (broker, log bytes when the group read, metrics text before any traffic, metrics text after)."""
    from kafka import KafkaAdminClient
    from kafka.admin import NewTopic

    log_dir = str(tmp_path_factory.mktemp("metered") / "kafka-logs")
    with start_broker_process(log_dir, extra_args=["--http", "127.0.0.1:0"]) as broker:
        before = _scrape(broker)
        admin = KafkaAdminClient(bootstrap_servers=broker.bootstrap)
        admin.create_topics([NewTopic(TOPIC, PARTITIONS, 1)])
        admin.close()
        _produce(broker.bootstrap, 500, 0)
        read_bytes = _topic_log_bytes(log_dir)
        _consume_and_commit(broker.bootstrap, 500)
        _produce(broker.bootstrap, 50, 500)
        after = _scrape(broker)
        yield broker, read_bytes, before, after
        assert broker.terminate() == 0


def test_every_family_is_there_and_prometheus_parses_it(metered):
    _, _, _, text = metered
    missing = [name for name in FAMILIES if name not in _families(text)]
    assert not missing


def test_bytes_and_messages_in_match_what_was_produced(metered):
    broker, _, before, after = metered
    samples, earlier = _samples(after), _samples(before)
    topic = frozenset({("topic", TOPIC)})
    produced = _topic_log_bytes(broker.log_dir)
    bytes_in = samples["kafka_server_brokertopicmetrics_bytesin_total"][topic]
    assert abs(bytes_in - produced) <= produced * 0.01
    assert samples["kafka_server_brokertopicmetrics_messagesin_total"][topic] == 550
    # the all-topics count moved by as much: nothing else was produced (the group's commits are not produce)
    total = samples["kafka_server_brokertopicmetrics_bytesin_total"][frozenset()]
    assert total - earlier["kafka_server_brokertopicmetrics_bytesin_total"][frozenset()] == bytes_in
    sizes = samples["kafka_log_log_size"]
    assert sum(v for labels, v in sizes.items() if ("topic", TOPIC) in labels) == produced
    ends = samples["kafka_log_log_logendoffset"]
    assert sum(v for labels, v in ends.items() if ("topic", TOPIC) in labels) == 550


def test_bytes_out_lag_and_groups_follow_the_consumer(metered):
    _, read_bytes, _, after = metered
    samples = _samples(after)
    bytes_out = samples["kafka_server_brokertopicmetrics_bytesout_total"][frozenset({("topic", TOPIC)})]
    assert abs(bytes_out - read_bytes) <= read_bytes * 0.01
    lag = samples["kafka_consumergroup_lag"]
    assert sum(v for labels, v in lag.items() if ("consumergroup", GROUP) in labels) == 50
    current = samples["kafka_consumergroup_current_offset"]
    assert sum(v for labels, v in current.items() if ("consumergroup", GROUP) in labels) == 500
    assert samples["kafka_coordinator_group_groupmetadatamanager_numgroups"][frozenset()] == 1
    assert samples["kafka_coordinator_group_groupmetadatamanager_numgroupsempty"][frozenset()] == 1
    assert samples["kafka_coordinator_group_groupmetadatamanager_numoffsets"][frozenset()] == PARTITIONS


def test_requests_and_replicas_are_counted(metered):
    _, _, _, after = metered
    samples = _samples(after)
    produce = sum(v for labels, v in samples["kafka_network_requestmetrics_requests_total"].items()
                  if ("request", "Produce") in labels)
    assert produce >= 1
    assert samples["kafka_network_requestmetrics_totaltimems_count"][frozenset({("request", "Produce")})] == produce
    quantiles = {dict(labels)["quantile"]: v for labels, v in samples["kafka_network_requestmetrics_totaltimems"].items()
                 if ("request", "Produce") in labels}
    assert set(quantiles) == {"0.50", "0.75", "0.95", "0.98", "0.99", "0.999"}
    assert 0 < quantiles["0.50"] <= quantiles["0.99"]
    def requests_of(name):
        return sum(v for labels, v in samples["kafka_network_requestmetrics_requests_total"].items()
                   if ("request", name) in labels)

    # a consumer's Fetch also counts as FetchConsumer, as Kafka's RequestMetrics count it (no follower here)
    assert requests_of("FetchConsumer") == requests_of("Fetch") > 0
    assert requests_of("FetchFollower") == 0
    fetch_count = samples["kafka_network_requestmetrics_totaltimems_count"]
    assert fetch_count[frozenset({("request", "FetchConsumer")})] == fetch_count[frozenset({("request", "Fetch")})]
    hosted = samples["kafka_server_replicamanager_partitioncount"][frozenset()]
    assert hosted >= PARTITIONS  # and __consumer_offsets' partitions
    assert samples["kafka_server_replicamanager_leadercount"][frozenset()] == hosted
    assert samples["kafka_server_replicamanager_underreplicatedpartitions"][frozenset()] == 0
    assert samples["kafka_controller_kafkacontroller_activecontrollercount"][frozenset()] == 1
    assert samples["kafka_controller_kafkacontroller_globalpartitioncount"][frozenset()] == hosted  # one node
    assert samples["kafka_controller_kafkacontroller_offlinepartitionscount"][frozenset()] == 0
    assert samples["kafka_controller_kafkacontroller_activebrokercount"][frozenset()] == 1
    assert samples["process_cpu_seconds_total"][frozenset()] > 0
    assert samples["process_resident_memory_bytes"][frozenset()] > 10 * 1024 * 1024


@pytest.mark.skipif(shutil.which("promtool") is None,
                    reason="promtool not installed (Debian: apt-get install prometheus; `make test` installs it)")
def test_promtool_finds_nothing_to_lint(metered):
    _, _, _, text = metered
    checked = subprocess.run(["promtool", "check", "metrics"], input=text, capture_output=True, text=True,
                             timeout=60)
    assert (checked.returncode, checked.stdout, checked.stderr) == (0, "", "")


def test_bad_http_input_leaves_the_broker_serving(metered):
    broker = metered[0]
    host, port = broker.http
    with pytest.raises(urllib.error.HTTPError) as missing:
        urllib.request.urlopen(f"http://{host}:{port}/nope", timeout=30)
    assert missing.value.code == 404
    with socket.create_connection((host, port), timeout=30) as sock:
        sock.sendall(b"GET /metrics HTTP/1.1\r\nX: " + b"a" * 100_000 + b"\r\n\r\n")
        assert sock.recv(100).startswith(b"HTTP/1.1 431 ")
    half = socket.create_connection((host, port), timeout=30)  # a request never finished, left open
    half.sendall(b"GET /metrics HTTP/1.1\r\n")
    try:
        assert "kafka_server_brokertopicmetrics_bytesin_total" in _scrape(broker)
        from kafka import KafkaConsumer

        consumer = KafkaConsumer(bootstrap_servers=broker.bootstrap)
        assert TOPIC in consumer.topics()
        consumer.close()
    finally:
        half.close()
    assert broker.proc.poll() is None


def test_the_grafana_dashboard_reads_only_series_the_page_has(metered):
    import json
    import re
    from pathlib import Path

    dashboard = json.loads((Path(__file__).parents[2] / "docs" / "grafana" / "kbroker-dashboard.json").read_text())
    exprs = [target["expr"] for panel in dashboard["panels"] for target in panel["targets"]]
    exprs += [v["query"] for v in dashboard["templating"]["list"] if v["type"] == "query"]
    used = {name for expr in exprs for name in re.findall(r"\b(?:kafka|kbroker|process)_[a-z_]+", expr)}
    assert len(used) > 20
    assert used - set(_samples(metered[3])) == set()


def _serve(log_dir, *args: str) -> subprocess.CompletedProcess:
    import sys

    return subprocess.run([sys.executable, "-m", "kbroker", "serve", "--override", f"log.dirs={log_dir}",
                           "--override", "listeners=PLAINTEXT://127.0.0.1:0", *args],
                          capture_output=True, text=True, timeout=120)


def test_a_bad_http_address_is_one_config_error(tmp_path):
    result = _serve(tmp_path / "logs", "--http", "no-port-here")
    assert result.returncode == 1 and result.stdout == ""
    assert "invalid configuration: Invalid value no-port-here for configuration kbroker.http.listener" in result.stderr
    assert "Traceback" not in result.stderr


def test_an_http_port_in_use_stops_serve_with_one_line(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = _serve(tmp_path / "logs", "--http", f"127.0.0.1:{port}")
    assert result.returncode == 1
    assert "kbroker ready" not in result.stdout
    assert f"cannot bind the HTTP listener 127.0.0.1:{port}" in result.stderr
    assert "Traceback" not in result.stderr
