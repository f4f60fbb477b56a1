"""Many partitions on one kbroker node (issue #20): a `kbroker serve` process under `ulimit -n` (RLIMIT_NOFILE)
20000 gets TOPICS topics of PARTITIONS partitions each, created BATCH topics per CreateTopics request (as a
new user's script would); then its idle RSS, open descriptors and memory maps are read from /proc, and it is
restarted twice, after a clean shutdown and after kill -9 (recovery), timing launch to ready each time.
Prints the figures; asserts only that every creation succeeded.

    .venv/bin/python bench/partitions_bench.py [--topics 1000] [--partitions 10] [--batch 100] [--dir DIR]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import kbroker.testing  # noqa: E402
from kbroker.protocol.blocking_client import KafkaConnection  # noqa: E402
from kbroker.protocol.messages.create_topics_request import CreatableTopic, CreateTopicsRequest  # noqa: E402
from kbroker.testing import start_broker_process  # noqa: E402

OPEN_FILES_LIMIT = 20_000
IDLE_S = 5.0


def create_all(bootstrap: str, topics: int, partitions: int, batch: int) -> list[float]:
    """Seconds per CreateTopics request of `batch` topics."""
    times = []
    with KafkaConnection(bootstrap) as conn:
        for first in range(0, topics, batch):
            names = [f"bench-{n:05d}" for n in range(first, min(first + batch, topics))]
            started = time.perf_counter()
            answer = conn.send(CreateTopicsRequest(timeout_ms=600_000, topics=[
                CreatableTopic(name=name, num_partitions=partitions, replication_factor=1) for name in names]),
                version=7)
            times.append(time.perf_counter() - started)
            failed = [(t.name, t.error_code, t.error_message) for t in answer.topics if t.error_code]
            assert not failed, failed[:3]
    return times


def process_figures(pid: int) -> dict[str, int]:
    with open(f"/proc/{pid}/status") as status:
        rss_kib = next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))
    with open(f"/proc/{pid}/maps") as maps:
        mappings = sum(1 for _ in maps)
    return {"rss_mib": rss_kib // 1024, "open_fds": len(os.listdir(f"/proc/{pid}/fd")), "memory_maps": mappings}


def timed_start(log_dir: str):
    started = time.perf_counter()
    broker = start_broker_process(log_dir, open_files_limit=OPEN_FILES_LIMIT)
    return broker, time.perf_counter() - started


def kafka_figures(args) -> None:
    from compat_tests.kafka_dist import ApacheKafka
    total = args.topics * args.partitions
    with ApacheKafka(startup_timeout=300.0) as kafka:
        log_dir = str(kafka.log_dir)

        def descriptors_under_log_dir() -> int:
            held = 0
            for fd in os.listdir(f"/proc/{kafka.pid}/fd"):
                try:
                    held += os.readlink(f"/proc/{kafka.pid}/fd/{fd}").startswith(log_dir + os.sep)
                except FileNotFoundError:
                    pass
            return held

        started = time.perf_counter()
        times = create_all(kafka.bootstrap, args.topics, args.partitions, args.batch)
        print(f"Apache Kafka: CreateTopics answered for {total} partitions in {sum(times):.1f} s")
        # Kafka's broker creates the logs after its controller answered: wait until every one holds its .log
        deadline = time.monotonic() + 600
        while descriptors_under_log_dir() < total and time.monotonic() < deadline:
            time.sleep(0.5)
        print(f"  every log open after {time.perf_counter() - started:.1f} s")
        time.sleep(IDLE_S)
        print(f"  idle after creation: {process_figures(kafka.pid)}, descriptors under the log dir: "
              f"{descriptors_under_log_dir()}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--topics", type=int, default=1000)
    parser.add_argument("--partitions", type=int, default=10)
    parser.add_argument("--batch", type=int, default=100)
    parser.add_argument("--dir", default=None, help="where the log dir goes (default: a temporary directory)")
    parser.add_argument("--kafka", action="store_true",
                        help="the same creation against Apache Kafka 4.3.1 (compat_tests/kafka_dist.py): time, idle "
                             "RSS, descriptors (total and under the log dir) and memory maps; no restarts")
    args = parser.parse_args()
    if args.kafka:
        kafka_figures(args)
        return
    kbroker.testing.STARTUP_TIMEOUT_S = 900.0
    total = args.topics * args.partitions
    with tempfile.TemporaryDirectory(dir=args.dir) as tmp:
        log_dir = os.path.join(tmp, "logs")
        broker, first_start = timed_start(log_dir)
        try:
            times = create_all(broker.bootstrap, args.topics, args.partitions, args.batch)
            per_thousand = [sum(times[i:i + max(1, 1000 // (args.batch * args.partitions))])
                            for i in range(0, len(times), max(1, 1000 // (args.batch * args.partitions)))]
            print(f"created {total} partitions ({args.topics} topics x {args.partitions}, {args.batch} topics a "
                  f"request) in {sum(times):.1f} s")
            print("  seconds per 1000 partitions, in order: " + ", ".join(f"{t:.2f}" for t in per_thousand))
            time.sleep(IDLE_S)
            print(f"  idle after creation: {process_figures(broker.proc.pid)}")
            stopping = time.perf_counter()
            status = broker.terminate(timeout=600)
            assert status == 0, status
            print(f"  clean shutdown: {time.perf_counter() - stopping:.2f} s")
        except BaseException:
            broker.kill()
            raise
        broker, clean_start = timed_start(log_dir)
        time.sleep(IDLE_S)
        print(f"start-to-ready after a clean shutdown: {clean_start:.2f} s (first start {first_start:.2f} s); "
              f"idle: {process_figures(broker.proc.pid)}")
        broker.kill()
        broker, crash_start = timed_start(log_dir)
        print(f"start-to-ready after kill -9: {crash_start:.2f} s")
        broker.terminate(timeout=600)


if __name__ == "__main__":
    main()
