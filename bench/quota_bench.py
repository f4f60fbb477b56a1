"""A 1 MiB/s producer_byte_rate quota against kbroker and Apache Kafka: how close a producer that sends as fast as
it can is held to the quota over 30 s, and the throttle times it is given (issue #16: within 10 % of the quota).

Each broker starts fresh (kbroker as `kbroker serve` with its defaults; Apache Kafka 4.3.1 with its defaults),
gets a one-partition topic and the quota producer_byte_rate=1048576 on client-id `quota-bench` (AlterClientQuotas,
waited for until DescribeClientQuotas shows it). A confluent-kafka producer (client.id quota-bench, acks=1, no
compression, 10,000-byte random records, linger 5 ms, 8 MiB queue) keeps its queue full for `--warmup` +
`--seconds` (30 + 30) seconds. The bytes acknowledged in each second give the achieved rate over the first
`--seconds` from the start and over `--seconds` after `--warmup`. A fresh rate is measured over at least 10 s
and the window holds 11 one-second samples, so a greedy producer may send about 10 s worth of quota at once
whenever the samples of an earlier burst expire: over 30 s the achieved rate swings by up to a third of the quota
with the phase of those bursts, on Kafka as on kbroker. librdkafka's statistics (every second) give the throttle
times the broker reported (its `throttle` window: count, average and maximum in ms).

Figures per broker: achieved bytes/s and its ratio to the quota for both spans, the per-second series, the
throttle statistics. Writes bench/results/quota-<UTC date and time>.json and prints a table. Asserts
nothing; stops by itself.

    .venv/bin/python bench/quota_bench.py [--only kbroker|kafka] [--seconds 30] [--warmup 30]
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

from confluent_kafka import Producer
from confluent_kafka.admin import AdminClient, NewTopic

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from broker_bench import Kafka, Kbroker  # noqa: E402

from kbroker.protocol.blocking_client import KafkaConnection  # noqa: E402
from kbroker.protocol.messages.alter_client_quotas_request import (  # noqa: E402
    AlterClientQuotasRequest,
    EntityData,
    EntryData,
    OpData,
)
from kbroker.protocol.messages.describe_client_quotas_request import (  # noqa: E402
    ComponentData,
    DescribeClientQuotasRequest,
)

RESULTS_DIR = ROOT / "bench" / "results"
QUOTA = 1048576
CLIENT_ID = "quota-bench"
RECORD_SIZE = 10_000
TOPIC = "quota-bench"


def set_quota(bootstrap: str) -> None:
    with KafkaConnection(bootstrap) as conn:
        response = conn.send(AlterClientQuotasRequest(entries=[EntryData(
            entity=[EntityData(entity_type="client-id", entity_name=CLIENT_ID)],
            ops=[OpData(key="producer_byte_rate", value=float(QUOTA), remove=False)])], validate_only=False),
            version=1)
        assert response.entries[0].error_code == 0, response
        for _ in range(200):
            described = conn.send(DescribeClientQuotasRequest(components=[
                ComponentData(entity_type="client-id", match_type=0, match=CLIENT_ID)], strict=True), version=1)
            if described.entries:
                return
            time.sleep(0.05)
    raise RuntimeError("the quota never showed in DescribeClientQuotas")


def create_topic(bootstrap: str) -> None:
    admin = AdminClient({"bootstrap.servers": bootstrap})
    admin.create_topics([NewTopic(TOPIC, num_partitions=1, replication_factor=1)])[TOPIC].result(60)
    for _ in range(300):
        topic = admin.list_topics(TOPIC, timeout=10).topics.get(TOPIC)
        if topic is not None and topic.error is None and all(p.leader >= 0 for p in topic.partitions.values()):
            return
        time.sleep(0.1)
    raise RuntimeError("the topic has no leader")


def span_figures(per_second: list[int], first: int, seconds: int) -> dict:
    window = per_second[first:first + seconds]
    rate = sum(window) / len(window) if window else 0.0
    return {"from_s": first, "seconds": len(window), "rate_bytes_per_s": rate, "ratio_to_quota": rate / QUOTA}


def run_producer(bootstrap: str, seconds: int, warmup: int) -> dict:
    acked: list[tuple[float, int]] = []
    throttles: list[dict] = []
    failed = 0

    def delivered(err, msg):
        nonlocal failed
        if err is None:
            acked.append((time.monotonic(), len(msg.value())))
        else:
            failed += 1

    def stats(text: str):
        for broker in json.loads(text).get("brokers", {}).values():
            if broker.get("nodeid", -1) >= 0 and broker.get("throttle", {}).get("cnt", 0):
                throttles.append(broker["throttle"])

    producer = Producer({"bootstrap.servers": bootstrap, "client.id": CLIENT_ID, "acks": 1,
                         "compression.type": "none", "linger.ms": 5, "statistics.interval.ms": 1000,
                         "stats_cb": stats, "queue.buffering.max.kbytes": 8192})
    payload = os.urandom(RECORD_SIZE)
    total = seconds + warmup
    started = time.monotonic()
    while time.monotonic() - started < total:
        try:
            producer.produce(TOPIC, payload, on_delivery=delivered)
        except BufferError:
            producer.poll(0.05)
            continue
        producer.poll(0)
    producer.purge(in_queue=True, in_flight=False)
    producer.flush(60)
    per_second = [0] * total
    for t, n in acked:
        second = int(t - started)
        if second < total:
            per_second[second] += n
    return {
        "first": span_figures(per_second, 0, seconds),
        "after_warmup": span_figures(per_second, warmup, seconds),
        "per_second_bytes": per_second,
        "failed_deliveries": failed,
        "throttle_windows": [{k: w.get(k) for k in ("cnt", "avg", "max", "min")} for w in throttles],
        "throttle_count": sum(w.get("cnt", 0) for w in throttles),
        "throttle_max_ms": max((w.get("max", 0) for w in throttles), default=0),
    }


def run_broker(broker_class, seconds: int, warmup: int, work_root: Path) -> dict:
    work_dir = Path(tempfile.mkdtemp(prefix=f"quota-{broker_class.name}-", dir=work_root))
    broker = broker_class(work_dir)
    try:
        broker.launch()
        create_topic(broker.bootstrap)
        set_quota(broker.bootstrap)
        return run_producer(broker.bootstrap, seconds, warmup)
    finally:
        broker.close()


def print_table(results: dict) -> None:
    print(f"\nproducer_byte_rate={QUOTA}: bytes/s acknowledged over {results['seconds']} s from the start, and "
          f"from second {results['warmup']}")
    print(f"{'broker':10} {'first':>10} {'ratio':>7} {'after':>10} {'ratio':>7} {'throttles':>10} {'max ms':>8}")
    for name in ("kbroker", "kafka"):
        r = results.get(name)
        if r is None:
            continue
        first, after = r["first"], r["after_warmup"]
        print(f"{name:10} {first['rate_bytes_per_s']:10.0f} {first['ratio_to_quota']:7.3f} "
              f"{after['rate_bytes_per_s']:10.0f} {after['ratio_to_quota']:7.3f} {r['throttle_count']:10d} "
              f"{r['throttle_max_ms']:8d}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=["kbroker", "kafka"])
    parser.add_argument("--seconds", type=int, default=30)
    parser.add_argument("--warmup", type=int, default=30, help="seconds before the second measured span")
    args = parser.parse_args()
    results: dict = {"started": datetime.datetime.now(datetime.UTC).isoformat(), "cpus": os.cpu_count(),
                     "quota_bytes_per_s": QUOTA, "record_size": RECORD_SIZE, "seconds": args.seconds, "warmup": args.warmup}
    work_root = Path(tempfile.mkdtemp(prefix="quota-bench-"))
    try:
        for broker_class in (Kbroker, Kafka):
            if args.only and broker_class.name != args.only:
                continue
            print(f"{broker_class.name} ...", flush=True)
            results[broker_class.name] = run_broker(broker_class, args.seconds, args.warmup, work_root)
    finally:
        shutil.rmtree(work_root, ignore_errors=True)
    print_table(results)
    RESULTS_DIR.mkdir(parents=True, exist_ok=True)
    path = RESULTS_DIR / f"quota-{datetime.datetime.now(datetime.UTC).strftime('%Y-%m-%dT%H%M%SZ')}.json"
    path.write_text(json.dumps(results, indent=2) + "\n")
    print(f"\nwritten {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
