"""The Go load generator of the broker-bound benchmark (bench/loadgen) against an in-process kbroker: what it
produces arrives, it reads back exactly that, its end-to-end latency covers every record; and how the
benchmark turns two brokers' medians into ratios and target verdicts."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest
from confluent_kafka.admin import AdminClient, NewTopic

from bench import loadgen_bench

needs_go = pytest.mark.skipif(shutil.which("go") is None and not loadgen_bench.LOADGEN.exists(),
                              reason="Go is not installed and bench/loadgen/bin/loadgen is not built")


def run_loadgen(bootstrap: str, topic: str, *args: str) -> dict:
    loadgen_bench.build_loadgen()
    result = subprocess.run([str(loadgen_bench.LOADGEN), "-brokers", bootstrap, "-topic", topic,
                             "-deadline", "60s", *args], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def create_topic(bootstrap: str, name: str, partitions: int, **config: str) -> None:
    admin = AdminClient({"bootstrap.servers": bootstrap})
    admin.create_topics([NewTopic(name, partitions, 1, config=config)])[name].result(30)


@needs_go
def test_produce_then_consume_reads_back_every_record(kafka_broker):
    create_topic(kafka_broker.bootstrap, "loadgen-roundtrip", 3)
    produced = run_loadgen(kafka_broker.bootstrap, "loadgen-roundtrip", "-records", "3000", "-size", "200",
                           "-acks", "all")
    assert (produced["records"], produced["bytes"]) == (3000, 3000 * 200)
    assert produced["ack_latency"]["samples"] == 3000 // 16 + (3000 % 16 > 0)
    assert produced["cpu_s"] > 0
    # the warm-up record comes first, then the 3,000 measured ones
    consumed = run_loadgen(kafka_broker.bootstrap, "loadgen-roundtrip", "-mode", "consume", "-records", "3001")
    assert (consumed["records"], consumed["bytes"]) == (3001, 3001 * 200)


@needs_go
def test_e2e_at_a_rate_times_every_record(kafka_broker):
    create_topic(kafka_broker.bootstrap, "loadgen-e2e", 1)
    result = run_loadgen(kafka_broker.bootstrap, "loadgen-e2e", "-records", "1000", "-size", "64", "-rate", "2000",
                         "-e2e", "-acks", "1")
    assert result["records"] == 1000
    assert result["target_records_per_s"] == 2000
    latency = result["e2e_latency"]
    assert latency["samples"] == 1000
    assert 0 <= latency["p50_ms"] <= latency["p99_ms"] <= latency["max_ms"]
    # the end-to-end time runs until the reader has the last record, after the last acknowledgement
    assert result["e2e_seconds"] >= result["seconds"] >= 1000 / 2000 * 0.9
    assert result["e2e_records_per_s"] == pytest.approx(1000 / result["e2e_seconds"])


@needs_go
def test_e2e_reads_the_stamps_of_every_partition_in_small_batches(kafka_broker):
    create_topic(kafka_broker.bootstrap, "loadgen-e2e-3", 3)
    result = run_loadgen(kafka_broker.bootstrap, "loadgen-e2e-3", "-records", "3000", "-size", "100", "-rate",
                         "6000", "-batch", "1000", "-e2e", "-acks", "all")
    assert result["records"] == 3000
    assert result["e2e_latency"]["samples"] == 3000  # the warm-up record is read but not timed


@pytest.mark.skipif(shutil.which("go") is None, reason="Go is not installed")
def test_the_stamp_reader_walks_record_batches_as_kafka_writes_them():
    result = subprocess.run(["go", "test", "./..."], cwd=loadgen_bench.LOADGEN.parent.parent, capture_output=True,
                            text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr


@needs_go
def test_a_produce_the_broker_refuses_fails_the_run(kafka_broker):
    create_topic(kafka_broker.bootstrap, "loadgen-small", 1, **{"max.message.bytes": "1000"})
    loadgen_bench.build_loadgen()
    result = subprocess.run([str(loadgen_bench.LOADGEN), "-brokers", kafka_broker.bootstrap, "-topic",
                             "loadgen-small", "-records", "2", "-size", "2000", "-deadline", "60s"],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 1
    assert "MESSAGE_TOO_LARGE" in result.stderr


def summary(median: float) -> dict:
    return {"median": median, "min": median, "max": median, "runs": [median]}


def broker_cells(mb_per_s: float, cpu_produced: float, cpu_fetched: float, p99: float) -> dict:
    return {"produce": {"1024B-acks1": {"mb_per_s": summary(mb_per_s), "records_per_s": summary(mb_per_s * 1024),
                                        "broker_cpu_s_per_gib": summary(cpu_produced)}},
            "fetch": {"mb_per_s": summary(100), "broker_cpu_s_per_gib": summary(cpu_fetched)},
            "e2e_at_half_load": {"p99_ms": summary(p99), "p50_ms": summary(p99 / 10)}}


def test_ratios_hold_each_cell_to_its_target():
    kbroker = broker_cells(mb_per_s=130, cpu_produced=1.0, cpu_fetched=0.6, p99=5)
    kafka = broker_cells(mb_per_s=100, cpu_produced=2.0, cpu_fetched=1.0, p99=20)
    verdicts = loadgen_bench.ratios(kbroker, kafka)
    assert verdicts["produce_mb_per_s 1024B-acks1"] == {"ratio": 1.3, "target": ">= 1.3", "met": True}
    assert verdicts["cpu_s_per_gib_produced 1024B-acks1"]["met"] is True  # 0.5, at the bound
    assert verdicts["cpu_s_per_gib_fetched"] == {"ratio": 0.6, "target": "<= 0.5", "met": False}
    assert verdicts["e2e_p99"]["met"] is True
    assert "met" not in verdicts["fetch_mb_per_s"]  # reported, held to no target
