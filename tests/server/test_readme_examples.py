"""The README's ways to start kbroker, run as a new user runs them: a fresh log dir, only the flags the README
shows (ports made ephemeral where it uses 9092, and a fresh `log.dirs` where it shows none), a real
`kbroker serve` process, no config file but where the README names one. On each, a confluent-kafka consumer
with a group.id receives what was produced and commits it, and a transaction commits and is read
read_committed."""

from __future__ import annotations

import re
import shlex
import time
import uuid
from pathlib import Path

import pytest

from kbroker.testing import start_serve_process

confluent_kafka = pytest.importorskip("confluent_kafka")

REPO = Path(__file__).resolve().parents[2]
# Upper bound on each client wait; reaching it fails the test, it is not a speed check.
CLIENT_BOUND_S = 60.0


def make_run_args(log_dir: Path) -> list[str]:
    """The `kbroker serve` arguments of the Makefile's `run` recipe, with port 0 and `log_dir`."""
    recipe = re.search(r"^run: .*\n((?:\t.*\n)+)", (REPO / "Makefile").read_text(), re.MULTILINE).group(1)
    words = shlex.split(recipe.replace("\\\n", " "))
    args = words[words.index("serve") + 1:]
    return [arg.replace("127.0.0.1:9092", "127.0.0.1:0").replace("log.dirs=./data", f"log.dirs={log_dir}")
            for arg in args]


def readme_serve_lines() -> list[str]:
    readme = (REPO / "README.md").read_text()
    section = readme[readme.index("## Running the broker"):readme.index("## Other make targets")]
    return [line.split("#")[0].strip() for line in section.splitlines() if " serve " in line and line.startswith(
        (".venv/bin/kbroker", "python -m kbroker"))]


def consume(config: dict, topic: str, count: int) -> tuple[list[bytes], int]:
    """Subscribe with a group, read `count` values, commit them; the values and the committed offset."""
    consumer = confluent_kafka.Consumer({**config, "auto.offset.reset": "earliest", "enable.auto.commit": False})
    try:
        consumer.subscribe([topic])
        values: list[bytes] = []
        deadline = time.monotonic() + CLIENT_BOUND_S
        while len(values) < count and time.monotonic() < deadline:
            message = consumer.poll(0.5)
            if message is not None:
                assert message.error() is None, message.error()
                values.append(message.value())
        assert len(values) == count, values
        consumer.commit(asynchronous=False)
        (committed,) = consumer.committed([confluent_kafka.TopicPartition(topic, 0)], timeout=CLIENT_BOUND_S)
        return values, committed.offset
    finally:
        consumer.close()


def groups_and_transactions_work(bootstrap: str) -> None:
    topic = f"readme-{uuid.uuid4().hex[:8]}"
    producer = confluent_kafka.Producer({"bootstrap.servers": bootstrap})
    for i in range(5):
        producer.produce(topic, f"plain-{i}".encode())
    assert producer.flush(CLIENT_BOUND_S) == 0
    values, committed = consume({"bootstrap.servers": bootstrap, "group.id": f"{topic}-group"}, topic, 5)
    assert values == [f"plain-{i}".encode() for i in range(5)] and committed == 5

    txn_topic = f"{topic}-txn"
    transactional = confluent_kafka.Producer({"bootstrap.servers": bootstrap, "transactional.id": f"{topic}-tx"})
    transactional.init_transactions(CLIENT_BOUND_S)
    transactional.begin_transaction()
    for i in range(3):
        transactional.produce(txn_topic, f"txn-{i}".encode())
    transactional.commit_transaction(CLIENT_BOUND_S)
    values, committed = consume({"bootstrap.servers": bootstrap, "group.id": f"{topic}-txn-group",
                                 "isolation.level": "read_committed"}, txn_topic, 3)
    assert values == [f"txn-{i}".encode() for i in range(3)] and committed == 3


def test_make_run(tmp_path):
    log_dir = tmp_path / "data"
    with start_serve_process(make_run_args(log_dir), log_dir, tmp_path / "stderr.log") as broker:
        groups_and_transactions_work(broker.bootstrap)
        assert broker.terminate() == 0
    assert "applied the single-node settings" in broker.log_text()


def test_serve_with_overrides_only(tmp_path):
    (line,) = [line for line in readme_serve_lines() if line.startswith("python -m kbroker")]
    args = shlex.split(line)[4:] + ["--override", f"log.dirs={tmp_path / 'data'}"]
    assert args[:2] == ["--override", "listeners=PLAINTEXT://127.0.0.1:0"]
    with start_serve_process(args, tmp_path / "data", tmp_path / "stderr.log") as broker:
        groups_and_transactions_work(broker.bootstrap)
        assert broker.terminate() == 0
    log = broker.log_text()
    assert "offsets.topic.replication.factor=1" in log and "ERROR" not in log


def test_serve_with_kafkas_single_node_server_properties(tmp_path):
    """The README's `--config server.properties` example, with the single-node file Kafka 4.3.1 ships
    (config/server.properties: combined mode, node 1, one bootstrap controller, one-replica internal topics)."""
    (line,) = [line for line in readme_serve_lines() if line.startswith(".venv/bin/kbroker")]
    properties = tmp_path / "server.properties"
    properties.write_text(
        "process.roles=broker,controller\nnode.id=1\ncontroller.quorum.bootstrap.servers=localhost:9093\n"
        "listeners=PLAINTEXT://127.0.0.1:0,CONTROLLER://127.0.0.1:0\ninter.broker.listener.name=PLAINTEXT\n"
        "controller.listener.names=CONTROLLER\n"
        "listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT,SSL:SSL,"
        "SASL_PLAINTEXT:SASL_PLAINTEXT,SASL_SSL:SASL_SSL\n"
        "num.network.threads=3\nnum.io.threads=8\nlog.dirs=/tmp/kraft-combined-logs\nnum.partitions=1\n"
        "offsets.topic.replication.factor=1\nshare.coordinator.state.topic.replication.factor=1\n"
        "share.coordinator.state.topic.min.isr=1\ntransaction.state.log.replication.factor=1\n"
        "transaction.state.log.min.isr=1\nlog.retention.hours=168\n")
    args = [arg.replace("server.properties", str(properties)).replace("/tmp/kb", str(tmp_path / "kb"))
            for arg in shlex.split(line)[2:]]
    with start_serve_process(args, tmp_path / "kb", tmp_path / "stderr.log") as broker:
        groups_and_transactions_work(broker.bootstrap)
        assert broker.terminate() == 0
    assert "applied the single-node settings" not in broker.log_text()
