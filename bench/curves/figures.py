"""What the curves read from a broker: its process figures from /proc (RSS, descriptors in all and under its
log dir, memory maps, CPU-seconds per second while it idles), the latency of a Metadata request for all
topics, and a wait until a broker has opened the logs it was asked to create (Kafka's broker creates them after
its controller answered CreateTopics)."""

from __future__ import annotations

import os
import statistics
import time

from broker_bench import user_and_system_cpu_seconds

from kbroker.protocol.blocking_client import KafkaConnection
from kbroker.protocol.messages.metadata_request import MetadataRequest


def process_figures(pid: int, log_dir: str | os.PathLike) -> dict:
    with open(f"/proc/{pid}/status") as status:
        rss_kib = next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))
    with open(f"/proc/{pid}/maps") as maps:
        mappings = sum(1 for _ in maps)
    descriptors = os.listdir(f"/proc/{pid}/fd")
    return {"rss_mib": round(rss_kib / 1024, 1), "open_fds": len(descriptors),
            "fds_under_log_dir": descriptors_under(pid, log_dir, descriptors), "memory_maps": mappings}


def idle_cpu_s_per_s(pid: int, seconds: float) -> float:
    """CPU-seconds per second (utime + stime of /proc/<pid>/stat) the process spends over `seconds` with no
    client: what its background upkeep costs."""
    before, started = sum(user_and_system_cpu_seconds(pid)), time.monotonic()
    time.sleep(seconds)
    return round((sum(user_and_system_cpu_seconds(pid)) - before) / (time.monotonic() - started), 4)


def descriptors_under(pid: int, log_dir: str | os.PathLike, descriptors: list[str] | None = None) -> int:
    prefix = os.path.realpath(log_dir) + os.sep
    held = 0
    for fd in descriptors if descriptors is not None else os.listdir(f"/proc/{pid}/fd"):
        try:
            held += os.readlink(f"/proc/{pid}/fd/{fd}").startswith(prefix)
        except FileNotFoundError:
            pass
    return held


def wait_for_log_descriptors(pid: int, log_dir: str | os.PathLike, at_least: int, timeout: float = 1800.0) -> None:
    deadline = time.monotonic() + timeout
    while descriptors_under(pid, log_dir) < at_least:
        if time.monotonic() > deadline:
            raise RuntimeError(f"fewer than {at_least} descriptors under {log_dir} after {timeout} s")
        time.sleep(0.2)


def metadata_all_topics_ms(bootstrap: str, rounds: int = 7) -> dict:
    """Milliseconds per Metadata v12 request for every topic (median and max of `rounds`), and topics seen."""
    times = []
    with KafkaConnection(bootstrap, timeout=600) as conn:
        for _ in range(rounds):
            started = time.perf_counter()
            answer = conn.send(MetadataRequest(topics=None), version=12)
            times.append((time.perf_counter() - started) * 1000)
    return {"metadata_median_ms": round(statistics.median(times), 2), "metadata_max_ms": round(max(times), 2),
            "metadata_topics": len(answer.topics),
            "metadata_partitions": sum(len(t.partitions) for t in answer.topics)}
