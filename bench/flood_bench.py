"""A flood of connections that claim huge requests and do not send them, against kbroker and Apache Kafka.

Each mode starts a fresh broker (kbroker as `kbroker serve` with its defaults; Apache Kafka 4.3.1 with its
defaults and the 1 GiB heap its launcher gives it), measures a legitimate producer unloaded, then opens
`--connections` (5,000) PLAINTEXT connections on loopback that each send a size header of 100 MiB - 1 (just under
socket.request.max.bytes), two bytes of API key, two of version and 96 more bytes, and then:

- silent:  nothing more;
- trickle: one more byte per second on every connection;
- burst:   1 MiB more of the frame as fast as the broker takes it, then nothing (this exercises
           queued.max.request.bytes: 5,000 x 1 MiB is more than kbroker's default bound on most machines).
The flood's sockets get a 16 KiB SO_SNDBUF (see Flood.open: on loopback its unsent bytes would otherwise
exhaust the machine's TCP memory, which starves every connection whatever the broker does).

The connections (opened from a process of their own) are held `--hold` seconds while the legitimate producer (confluent-kafka, acks=1, 100-byte
records, a new producer so it has to connect and get ApiVersions answered during the flood) sends 20 records a
second; its delivery latency (produce() to delivery report) gives p50/p99, and undelivered records (10 s
message timeout) are counted. Then the flood's sockets are closed with a reset (SO_LINGER 0, as when an
attacker's process is killed; an orderly close would leave burst data queued behind the zero window of a
muted connection, which no broker sees before connections.max.idle.ms) and the broker's RSS is read again
`--settle` seconds later.

Figures per broker and mode: baseline RSS (after start, topic creation and the unloaded producer), peak RSS
(VmRSS sampled every 0.25 s, and VmHWM, reset through /proc/<pid>/clear_refs after the baseline), RSS after the
flood closed, and the producer's p50/p99 unloaded and loaded. RLIMIT_NOFILE is raised to its hard limit first
(the brokers, as children, inherit it). Writes bench/results/flood-<UTC date and time>.json and prints a table.
Asserts nothing; stops by itself.

    .venv/bin/python bench/flood_bench.py [--quick] [--only kbroker|kafka] [--modes silent,trickle,burst]
"""

from __future__ import annotations

import argparse
import datetime
import json
import multiprocessing
import os
import resource
import shutil
import socket
import struct
import sys
import tempfile
import threading
import time
from pathlib import Path

from confluent_kafka import Producer
from confluent_kafka.admin import AdminClient, NewTopic

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from broker_bench import Kafka, Kbroker  # noqa: E402

from kbroker.frames import FramePool, FrameReader  # noqa: E402
from kbroker.request_memory import resolve_limit  # noqa: E402

RESULTS_DIR = ROOT / "bench" / "results"
MB = 1024 * 1024
CLAIMED = 100 * MB - 1
FIRST_BYTES = 100  # API key, version and 96 bytes of the claimed frame
BURST = MB
MODES = ("silent", "trickle", "burst")
PROBE_RATE = 20  # records per second
PROBE_TIMEOUT_MS = 10_000


def raise_open_files_limit() -> int:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return hard


def proc_status_kib(pid: int, field: str) -> int | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(field + ":"):
                return int(line.split()[1])
    except OSError:
        return None  # the broker is gone
    return None


def mib(kib: int | None) -> float | None:
    return None if kib is None else round(kib / 1024, 1)


def reset_peak_rss(pid: int) -> bool:
    try:
        Path(f"/proc/{pid}/clear_refs").write_text("5")
        return True
    except OSError:
        return False


class RssSampler:
    """VmRSS of a process every 0.25 s on a thread; the highest seen."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.peak_kib = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        while not self._stop.wait(0.25):
            rss = proc_status_kib(self.pid, "VmRSS")
            if rss is not None:
                self.peak_kib = max(self.peak_kib, rss)

    def __enter__(self) -> RssSampler:
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join()


def create_topic(bootstrap: str, name: str) -> None:
    admin = AdminClient({"bootstrap.servers": bootstrap})
    admin.create_topics([NewTopic(name, 1, 1)])[name].result(30)


def probe_latency(bootstrap: str, topic: str, seconds: float, client: dict | None = None) -> dict:
    """A new producer (with `client`'s extra settings) sends PROBE_RATE records a second for `seconds`; delivery
    latencies in ms."""
    latencies: list[float] = []
    failed = 0

    def delivered(err, _msg, sent=None):
        nonlocal failed
        if err is not None:
            failed += 1
        else:
            latencies.append((time.perf_counter() - sent) * 1000)

    producer = Producer({"bootstrap.servers": bootstrap, "acks": "1", "linger.ms": 0,
                         "message.timeout.ms": PROBE_TIMEOUT_MS, "socket.timeout.ms": PROBE_TIMEOUT_MS,
                         **(client or {})})
    payload = b"p" * 100
    count = int(seconds * PROBE_RATE)
    started = time.perf_counter()
    for i in range(count):
        while time.perf_counter() < started + i / PROBE_RATE:
            producer.poll(0.005)
        sent = time.perf_counter()
        producer.produce(topic, payload, on_delivery=lambda err, msg, sent=sent: delivered(err, msg, sent))
    left = producer.flush(PROBE_TIMEOUT_MS / 1000 + 5)
    failed += left
    latencies.sort()

    def pct(p: float) -> float | None:
        return round(latencies[min(len(latencies) - 1, int(p * len(latencies)))], 2) if latencies else None

    return {"records": count, "delivered": len(latencies), "failed": failed, "p50_ms": pct(0.50),
            "p99_ms": pct(0.99), "max_ms": round(latencies[-1], 2) if latencies else None}


class Flood:
    """The attacking connections (plain non-blocking sockets, driven from one thread)."""

    def __init__(self, port: int, connections: int, mode: str) -> None:
        self.port = port
        self.connections = connections
        self.mode = mode
        self.sockets: list[socket.socket] = []
        self.opened = 0
        self.refused = 0
        self.burst_sent = 0
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def open(self, deadline: float) -> None:
        header = struct.pack(">ihh", CLAIMED, 0, 9) + b"x" * (FIRST_BYTES - 4)
        for _ in range(self.connections):
            if time.monotonic() > deadline:
                break
            try:
                sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
                # On loopback the flood's send buffers come out of the same TCP memory (net.ipv4.tcp_mem) as
                # the broker's: left at 4 MiB each they exhaust it and the kernel drops every connection's
                # packets, the producer's too. An attacker on other machines spends its own; keep ours small.
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 16384)
                sock.settimeout(5)
                sock.connect(("127.0.0.1", self.port))
                sock.sendall(header)
                sock.setblocking(False)
            except OSError:
                self.refused += 1
                continue
            self.sockets.append(sock)
        self.opened = len(self.sockets)

    def start(self, until: float) -> None:
        self._thread = threading.Thread(target={"silent": self._silent, "trickle": self._trickle,
                                                "burst": self._burst}[self.mode], args=(until,), daemon=True)
        self._thread.start()

    def _silent(self, until: float) -> None:
        self._stop.wait(max(0.0, until - time.monotonic()))

    def _trickle(self, until: float) -> None:
        while not self._stop.wait(1.0) and time.monotonic() < until:
            for sock in self.sockets:
                try:
                    sock.send(b"t")
                except OSError:
                    pass  # closed by the broker, or its buffer is full: a trickler does not insist

    def _burst(self, until: float) -> None:
        chunk = b"b" * 65536
        remaining = {sock: BURST for sock in self.sockets}
        while remaining and not self._stop.is_set() and time.monotonic() < until:
            progressed = False
            for sock, left in list(remaining.items()):
                try:
                    sent = sock.send(chunk[:min(len(chunk), left)])
                except BlockingIOError:
                    continue
                except OSError:
                    del remaining[sock]
                    continue
                progressed = True
                self.burst_sent += sent
                if left - sent <= 0:
                    del remaining[sock]
                else:
                    remaining[sock] = left - sent
            if not progressed:
                self._stop.wait(0.05)
        self._stop.wait(max(0.0, until - time.monotonic()))

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
        abort = struct.pack("ii", 1, 0)  # SO_LINGER on, 0 s: close() resets the connection
        for sock in self.sockets:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, abort)
            sock.close()


def flood_process(port: int, connections: int, mode: str, hold_s: float, pipe) -> None:
    """The flood in a process of its own, so that its Python does not delay the producer's callbacks."""
    raise_open_files_limit()
    flood = Flood(port, connections, mode)
    started = time.monotonic()
    flood.open(deadline=started + 120)
    pipe.send((flood.opened, flood.refused, time.monotonic() - started))
    flood.start(until=time.monotonic() + hold_s + 60)
    pipe.recv()  # close
    flood.close()
    pipe.send(flood.burst_sent)


def run_mode(broker_class, mode: str, args, work_root: Path) -> dict:
    work_dir = Path(tempfile.mkdtemp(prefix=f"flood-{broker_class.name}-{mode}-", dir=work_root))
    broker = broker_class(work_dir)
    try:
        broker.launch()
        pid = broker.pid
        bootstrap = broker.bootstrap
        port = int(bootstrap.rsplit(":", 1)[1])
        create_topic(bootstrap, "probe")
        unloaded = probe_latency(bootstrap, "probe", args.probe)
        time.sleep(2)
        baseline = proc_status_kib(pid, "VmRSS")
        hwm_reset = reset_peak_rss(pid)
        pipe, child_pipe = multiprocessing.Pipe()
        flooder = multiprocessing.get_context("spawn").Process(
            target=flood_process, args=(port, args.connections, mode, args.hold, child_pipe), daemon=True)
        with RssSampler(pid) as sampler:
            flooder.start()
            if not pipe.poll(180):
                raise RuntimeError("the flood did not open its connections in time")
            opened, refused, open_s = pipe.recv()
            hold_started = time.monotonic()
            time.sleep(min(3.0, args.hold / 4))
            rss_loaded = proc_status_kib(pid, "VmRSS")
            loaded = probe_latency(bootstrap, "probe", min(args.probe, max(1.0, args.hold - 6)))
            time.sleep(max(0.0, hold_started + args.hold - time.monotonic()))
            rss_end_of_hold = proc_status_kib(pid, "VmRSS")
            pipe.send("close")
            burst_sent = pipe.recv() if pipe.poll(60) else 0
            flooder.join(30)
            closed_at = time.monotonic()
            time.sleep(args.settle)
        alive = proc_status_kib(pid, "VmRSS") is not None
        after = proc_status_kib(pid, "VmRSS")
        hwm = proc_status_kib(pid, "VmHWM")
        after_probe = probe_latency(bootstrap, "probe", 3) if alive else None
        result = {
            "connections_opened": opened, "connections_refused": refused, "open_s": round(open_s, 1),
            "burst_mib_sent": round(burst_sent / MB, 1),
            "baseline_rss_mib": mib(baseline), "loaded_rss_mib": mib(rss_loaded),
            "end_of_hold_rss_mib": mib(rss_end_of_hold),
            "peak_rss_mib": mib(max(sampler.peak_kib, hwm or 0) if hwm_reset else sampler.peak_kib),
            "vm_hwm_mib": mib(hwm) if hwm_reset else None,
            "rss_after_close_mib": mib(after), "settle_s": round(time.monotonic() - closed_at, 1),
            "broker_alive_after": alive,
            "producer_unloaded": unloaded, "producer_loaded": loaded, "producer_after": after_probe,
        }
        if baseline is not None and after is not None:
            result["after_minus_baseline_mib"] = round((after - baseline) / 1024, 1)
        if baseline is not None and rss_loaded is not None and opened:
            result["rss_per_connection_kib_while_loaded"] = round((rss_loaded - baseline) / opened, 1)
        return result
    finally:
        broker.close()
        shutil.rmtree(work_dir, ignore_errors=True)


def kbroker_bound(connections: int) -> dict:
    """kbroker's RSS bound for this machine at its defaults: queued.max.request.bytes (resolved) + what each
    connection may hold outside it (a read-ahead of buffered bytes) + what the frame pool keeps."""
    limit = resolve_limit(-1, 104857600)
    pool = FramePool()
    outside = connections * (FrameReader.READ_AHEAD + 4096)  # + a partly written page per frame
    kept = pool.max_bytes + pool.MAX_READ_AHEAD_KEPT * FrameReader.READ_AHEAD
    return {"queued_max_request_bytes_resolved_mib": round(limit / MB, 1),
            "per_connection_outside_bound_kib": (FrameReader.READ_AHEAD + 4096) // 1024,
            "pool_kept_mib": round(kept / MB, 1),
            "request_bytes_bound_mib": round((limit + outside + kept) / MB, 1)}


def print_table(results: dict) -> None:
    brokers = [name for name in ("kbroker", "kafka") if name in results]
    rows = [("baseline RSS MiB", "baseline_rss_mib"), ("RSS 3 s into flood", "loaded_rss_mib"),
            ("peak RSS MiB", "peak_rss_mib"), ("RSS after close MiB", "rss_after_close_mib"),
            ("after - baseline MiB", "after_minus_baseline_mib"),
            ("RSS/conn KiB (loaded)", "rss_per_connection_kib_while_loaded"),
            ("producer p99 unloaded ms", ("producer_unloaded", "p99_ms")),
            ("producer p99 loaded ms", ("producer_loaded", "p99_ms")),
            ("loaded undelivered", ("producer_loaded", "failed")),
            ("connections opened", "connections_opened"), ("burst MiB sent", "burst_mib_sent"),
            ("broker alive after", "broker_alive_after")]
    for mode in results["modes"]:
        print(f"\n== {mode}: {results['connections']} connections claiming {CLAIMED} bytes, hold {results['hold_s']} s")
        print(f"{'':28}" + "".join(f"{b:>14}" for b in brokers))
        for label, key in rows:
            cells = []
            for b in brokers:
                value = results[b].get(mode, {})
                if isinstance(key, tuple):
                    value = (value.get(key[0]) or {}).get(key[1])
                else:
                    value = value.get(key)
                cells.append(f"{'-' if value is None else value!s:>14}")
            print(f"{label:28}" + "".join(cells))
    if "kbroker_bound" in results:
        print("\nkbroker bound at its defaults:", results["kbroker_bound"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="1,000 connections, 10 s holds")
    parser.add_argument("--only", choices=["kbroker", "kafka"])
    parser.add_argument("--modes", default=",".join(MODES))
    parser.add_argument("--connections", type=int)
    parser.add_argument("--hold", type=float, help="seconds the flood is held (default 30, 10 with --quick)")
    parser.add_argument("--settle", type=float, default=10.0, help="seconds after closing before RSS is read")
    parser.add_argument("--probe", type=float, default=10.0, help="seconds of each producer measurement")
    args = parser.parse_args()
    args.connections = args.connections or (1000 if args.quick else 5000)
    args.hold = args.hold or (10.0 if args.quick else 30.0)
    modes = [m for m in args.modes.split(",") if m]
    unknown = set(modes) - set(MODES)
    if unknown:
        parser.error(f"unknown modes {sorted(unknown)}")
    nofile = raise_open_files_limit()
    if nofile < args.connections + 1000:
        parser.error(f"RLIMIT_NOFILE hard limit {nofile} is too low for {args.connections} connections")
    results: dict = {"started": datetime.datetime.now(datetime.UTC).isoformat(), "cpus": os.cpu_count(),
                     "connections": args.connections, "hold_s": args.hold, "settle_s": args.settle,
                     "claimed_bytes": CLAIMED, "modes": modes, "rlimit_nofile": nofile,
                     "kbroker_bound": kbroker_bound(args.connections)}
    work_root = Path(tempfile.mkdtemp(prefix="flood-bench-"))
    try:
        for broker_class in (Kbroker, Kafka):
            if args.only and broker_class.name != args.only:
                continue
            for mode in modes:
                print(f"{broker_class.name} {mode} ...", flush=True)
                results.setdefault(broker_class.name, {})[mode] = run_mode(broker_class, mode, args, work_root)
    finally:
        shutil.rmtree(work_root, ignore_errors=True)
    print_table(results)
    RESULTS_DIR.mkdir(parents=True, exist_ok=True)
    path = RESULTS_DIR / f"flood-{datetime.datetime.now(datetime.UTC).strftime('%Y-%m-%dT%H%M%SZ')}.json"
    path.write_text(json.dumps(results, indent=2) + "\n")
    print(f"\nwritten {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
