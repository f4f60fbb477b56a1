"""Hostile unauthenticated clients on a SASL listener (issue #16), against kbroker (and Apache Kafka with --with-kafka).

Each mode starts a fresh broker (compat_tests.brokers, so both kinds get the same configs) with a PLAINTEXT
listener (topic creation) and a SASL_PLAINTEXT listener with PLAIN, `sasl.server.max.receive.size` at its default
(512 KiB). A legitimate producer (confluent-kafka, PLAIN user alice, acks=1, 100-byte records, PROBE_RATE a
second, a new producer so it has to connect and authenticate during the flood) is measured unloaded, then while
`--connections` (5,000) unauthenticated connections from a process of their own do one of:

- claim:  each sends a 4-byte size of 2 GiB - 1 and nothing else; the broker must refuse it before allocating
          (it is above sasl.server.max.receive.size) and close; the flooder reconnects each closed connection at
          once and claims again, so `--connections` stay open or opening for the whole hold;
- slow:   each sends a size of 512 KiB (the most sasl.server.max.receive.size allows) and a SaslHandshake header,
          then one more byte a second (slow senders: each holds the broker to a part-read frame);
- both:   half of each.

RSS: baseline (after start, topic creation and the unloaded producer), peak (VmRSS every 0.25 s), and after the
flood closed. The stated bound: baseline + connections x (the bytes a slow sender can have sent in the hold, at
most 512 KiB) + connections x PER_CONNECTION_KIB (socket, task and reader objects). The producer's p99 loaded is
compared with 2x its p99 unloaded. Writes bench/results/sasl-flood-<UTC>.json and prints a table. Asserts
nothing; stops by itself. The machine may be shared with other work: its load is recorded with the figures.

    .venv/bin/python bench/sasl_flood_bench.py [--connections N] [--hold S] [--modes claim,slow,both] [--with-kafka]
"""

from __future__ import annotations

import argparse
import datetime
import json
import multiprocessing
import os
import selectors
import socket
import struct
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from flood_bench import (  # noqa: E402
    RssSampler,
    create_topic,
    mib,
    probe_latency,
    proc_status_kib,
    raise_open_files_limit,
)

from compat_tests.brokers import start_broker  # noqa: E402
from compat_tests.kafka_dist import free_port  # noqa: E402

RESULTS_DIR = ROOT / "bench" / "results"
MODES = ("claim", "slow", "both")
CLAIMED = 2**31 - 1
SASL_MAX_RECEIVE = 524288
PER_CONNECTION_KIB = 16
OPEN_DEADLINE_S = 150
PLAIN_JAAS = ('org.apache.kafka.common.security.plain.PlainLoginModule required '
              'user_alice="alice-secret";')


def broker_pid(broker) -> int:
    if broker.name == "kbroker":
        return broker._process.proc.pid
    return broker._kafka.pid


class HostileClients:
    """The flood's sockets, driven from one thread: claimers reconnect as soon as they are closed."""

    def __init__(self, port: int, connections: int, mode: str) -> None:
        self.port = port
        claimers = {"claim": connections, "slow": 0, "both": connections // 2}[mode]
        self.claimers_wanted = claimers
        self.slow_wanted = connections - claimers
        self.claimers: list[socket.socket] = []
        self.slow: list[socket.socket] = []
        self.claims = 0
        self.claims_closed = 0
        self.slow_closed = 0
        self.refused = 0
        self.selector = selectors.DefaultSelector()
        self._stop = threading.Event()

    def _connect(self, first: bytes) -> socket.socket | None:
        try:
            sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 16384)
            sock.settimeout(5)
            sock.connect(("127.0.0.1", self.port))
            sock.sendall(first)
            sock.setblocking(False)
            return sock
        except OSError:
            self.refused += 1
            return None

    def _claim(self) -> None:
        sock = self._connect(struct.pack(">i", CLAIMED))
        if sock is not None:
            self.claims += 1
            self.claimers.append(sock)
            self.selector.register(sock, selectors.EVENT_READ)

    def open(self, deadline: float) -> None:
        """Open the connections; stop at `deadline` (a broker that no longer accepts does not hold the bench)."""
        handshake = struct.pack(">ihhih", SASL_MAX_RECEIVE, 17, 1, 1, 4) + b"evil"
        for _ in range(self.slow_wanted):
            if time.monotonic() > deadline:
                return
            sock = self._connect(handshake)
            if sock is not None:
                self.slow.append(sock)
        for _ in range(self.claimers_wanted):
            if time.monotonic() > deadline:
                return
            self._claim()

    def run(self, until: float) -> None:
        last_trickle = 0.0
        while not self._stop.is_set() and time.monotonic() < until:
            now = time.monotonic()
            if now - last_trickle >= 1.0:
                last_trickle = now
                for sock in list(self.slow):
                    try:
                        sock.send(b"s")
                    except BlockingIOError:
                        pass
                    except OSError:
                        self.slow.remove(sock)
                        self.slow_closed += 1
            ready = self.selector.select(timeout=0.2) if self.claimers else []
            for key, _ in ready:  # only the sockets the broker answered or closed: the flood costs little CPU
                sock = key.fileobj
                try:
                    data = sock.recv(4096)
                except BlockingIOError:
                    continue
                except OSError:
                    data = b""
                if not data:  # closed by the broker: claim again on a new connection
                    self.selector.unregister(sock)
                    self.claimers.remove(sock)
                    sock.close()
                    self.claims_closed += 1
                    self._claim()
            if not self.claimers:
                self._stop.wait(0.2)

    def close(self) -> None:
        self._stop.set()
        abort = struct.pack("ii", 1, 0)
        for sock in self.claimers + self.slow:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, abort)
            sock.close()


def flood_process(port: int, connections: int, mode: str, hold_s: float, pipe) -> None:
    raise_open_files_limit()
    flood = HostileClients(port, connections, mode)
    started = time.monotonic()
    flood.open(deadline=started + OPEN_DEADLINE_S)
    pipe.send((len(flood.claimers) + len(flood.slow), flood.refused, time.monotonic() - started))
    runner = threading.Thread(target=flood.run, args=(time.monotonic() + hold_s + 60,), daemon=True)
    runner.start()
    pipe.recv()
    flood._stop.set()
    runner.join()
    counts = {"claims": flood.claims, "claims_closed_by_broker": flood.claims_closed,
              "slow_open_at_end": len(flood.slow), "slow_closed_by_broker": flood.slow_closed,
              "connect_failures": flood.refused}
    flood.close()
    pipe.send(counts)


def run_mode(kind: str, mode: str, args) -> dict:
    sasl_port = free_port()
    overrides = {
        "listener.name.sasl_plaintext.sasl.enabled.mechanisms": "PLAIN",
        "listener.name.sasl_plaintext.plain.sasl.jaas.config": PLAIN_JAAS,
    }
    broker = start_broker(kind, overrides, {"SASL_PLAINTEXT": ("SASL_PLAINTEXT", sasl_port)})
    try:
        pid = broker_pid(broker)
        create_topic(broker.bootstrap, "probe")
        sasl = f"127.0.0.1:{sasl_port}"
        client = {"security.protocol": "SASL_PLAINTEXT", "sasl.mechanism": "PLAIN", "sasl.username": "alice",
                  "sasl.password": "alice-secret"}
        unloaded = probe_latency(sasl, "probe", args.probe, client)
        time.sleep(2)
        baseline = proc_status_kib(pid, "VmRSS")
        pipe, child_pipe = multiprocessing.Pipe()
        flooder = multiprocessing.get_context("spawn").Process(
            target=flood_process, args=(sasl_port, args.connections, mode, args.hold, child_pipe), daemon=True)
        load_before = os.getloadavg()
        with RssSampler(pid) as sampler:
            flooder.start()
            if not pipe.poll(OPEN_DEADLINE_S + 60):
                raise RuntimeError("the flood did not open its connections in time")
            opened, refused, open_s = pipe.recv()
            hold_started = time.monotonic()
            time.sleep(min(3.0, args.hold / 4))
            loaded = probe_latency(sasl, "probe", min(args.probe, max(1.0, args.hold - 6)), client)
            time.sleep(max(0.0, hold_started + args.hold - time.monotonic()))
            rss_end_of_hold = proc_status_kib(pid, "VmRSS")
            load_during = os.getloadavg()
            pipe.send("close")
            counts = pipe.recv() if pipe.poll(120) else {}
            flooder.join(30)
            time.sleep(args.settle)
        after = proc_status_kib(pid, "VmRSS")
        slow = {"claim": 0, "slow": args.connections, "both": args.connections - args.connections // 2}[mode]
        held_per_slow = min(SASL_MAX_RECEIVE, 12 + int(args.hold) + 5)
        bound_kib = (baseline or 0) + (slow * held_per_slow) // 1024 + args.connections * PER_CONNECTION_KIB
        p99_unloaded, p99_loaded = unloaded["p99_ms"], loaded["p99_ms"]
        return {
            "connections_opened": opened, "connect_failures_opening": refused, "open_s": round(open_s, 1),
            **counts,
            "baseline_rss_mib": mib(baseline), "peak_rss_mib": mib(sampler.peak_kib),
            "end_of_hold_rss_mib": mib(rss_end_of_hold), "rss_after_close_mib": mib(after),
            "rss_bound_mib": mib(bound_kib),
            "peak_within_bound": sampler.peak_kib <= bound_kib if sampler.peak_kib else None,
            "producer_unloaded": unloaded, "producer_loaded": loaded,
            "p99_loaded_over_unloaded": round(p99_loaded / p99_unloaded, 2) if p99_loaded and p99_unloaded else None,
            "loadavg_before": load_before, "loadavg_during": load_during,
        }
    finally:
        broker.close()


def print_table(results: dict) -> None:
    rows = ["connections_opened", "claims", "claims_closed_by_broker", "slow_open_at_end", "baseline_rss_mib",
            "peak_rss_mib", "rss_bound_mib", "peak_within_bound", "rss_after_close_mib",
            ("producer_unloaded", "p99_ms"), ("producer_loaded", "p99_ms"), "p99_loaded_over_unloaded",
            ("producer_loaded", "failed"), "loadavg_during"]
    for kind in results["kinds"]:
        for mode in results["modes"]:
            figures = results[kind][mode]
            print(f"\n== {kind} / {mode}: {results['connections']} connections, hold {results['hold_s']} s")
            for key in rows:
                value = (figures.get(key[0]) or {}).get(key[1]) if isinstance(key, tuple) else figures.get(key)
                label = ".".join(key) if isinstance(key, tuple) else key
                print(f"  {label:34} {value}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--connections", type=int, default=5000)
    parser.add_argument("--hold", type=float, default=30.0)
    parser.add_argument("--settle", type=float, default=5.0)
    parser.add_argument("--probe", type=float, default=10.0)
    parser.add_argument("--modes", default=",".join(MODES))
    parser.add_argument("--with-kafka", action="store_true", help="also run Apache Kafka 4.3.1 the same way")
    args = parser.parse_args()
    modes = [m for m in args.modes.split(",") if m]
    if set(modes) - set(MODES):
        parser.error(f"modes are {', '.join(MODES)}")
    nofile = raise_open_files_limit()
    if nofile < args.connections + 1000:
        parser.error(f"RLIMIT_NOFILE hard limit {nofile} is too low for {args.connections} connections")
    kinds = ["kbroker", "kafka"] if args.with_kafka else ["kbroker"]
    results: dict = {"started": datetime.datetime.now(datetime.UTC).isoformat(), "cpus": os.cpu_count(),
                     "connections": args.connections, "hold_s": args.hold, "modes": modes, "kinds": kinds,
                     "claimed_bytes": CLAIMED, "sasl_server_max_receive_size": SASL_MAX_RECEIVE,
                     "per_connection_kib_in_bound": PER_CONNECTION_KIB}
    RESULTS_DIR.mkdir(parents=True, exist_ok=True)
    path = RESULTS_DIR / f"sasl-flood-{datetime.datetime.now(datetime.UTC).strftime('%Y-%m-%dT%H%M%SZ')}.json"
    for kind in kinds:
        for mode in modes:
            print(f"{kind} {mode} ...", flush=True)
            try:
                results.setdefault(kind, {})[mode] = run_mode(kind, mode, args)
            except Exception as e:  # one broker's failure under the flood is a result too
                results.setdefault(kind, {})[mode] = {"failed": f"{type(e).__name__}: {e}"}
            path.write_text(json.dumps(results, indent=2) + "\n")  # written as it goes
    print_table(results)
    print(f"\nwritten {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
