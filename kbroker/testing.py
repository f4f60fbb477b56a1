"""pytest plugin (entry point `pytest11: kbroker`) and helpers to run a broker in tests.

- `kafka_broker` fixture: a broker in this process (its own thread running `trio.run`) on 127.0.0.1 with an
  ephemeral port and a temporary log dir; yields a `RunningBroker` (.bootstrap, .host, .port, .log_dir,
  .config) and stops it cleanly afterwards. A broker that crashed fails the test at teardown.
- `run_broker_in_thread(config)`: the same as a context manager, for tests that need their own config.
- `start_broker_process(...)`: `python -m kbroker serve` as a subprocess (for crash tests), returned once it
  printed its ready line.
- `kafka_cluster` fixture: N combined kbroker nodes (`process.roles=broker,controller`, default 3) as real
  processes on 127.0.0.1 ephemeral ports, every inter-node path through a fault proxy on loopback; yields the
  harness's `Cluster` (compat_tests/cluster/launcher.py: .bootstrap, kill(n) (-9), pause(n) / resume(n)
  (SIGSTOP / SIGCONT), restart(*n), cut(a, b) / heal(), node(n)) and stops every node afterwards; a node that
  exited on its own fails the test at teardown. `@pytest.mark.kafka_cluster(size=5, overrides={...})` (Kafka
  config names) changes the defaults. The launcher lives with the compatibility tests (it also starts Apache
  Kafka nodes), so this fixture needs a source checkout, where `compat_tests` is importable.

- `bind_listen_port(sock)` / `free_port()`: a free loopback port for a server a test starts, taken below the
  kernel's ephemeral range so that no outgoing connection (which takes its local port from that range) can hold
  it by the time the server binds it, and from a slice of its own for each pytest-xdist worker.

Only the standard library and pytest are imported at plugin load, so a broken kbroker module cannot break
unrelated test runs.
"""

from __future__ import annotations

import contextlib
import functools
import os
import queue
import random
import re
import resource
import signal
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

READY_LINE = re.compile(r"^kbroker ready on (?P<host>.+):(?P<port>[0-9]+)$")
HTTP_LINE = re.compile(r"^kbroker http on (?P<host>.+):(?P<port>[0-9]+)$")
STARTUP_TIMEOUT_S = 60.0
SHUTDOWN_TIMEOUT_S = 30.0


class RunningBroker:
    """A started broker: where to reach it and how it is configured."""

    def __init__(self, host: str, port: int, log_dir: str, config: Any, state: Any = None,
                 trio_token: Any = None) -> None:
        self.host = host
        self.port = port
        self.log_dir = log_dir
        self.config = config
        self.state = state
        self.trio_token = trio_token

    def call(self, async_fn, *args: Any) -> Any:
        """Run `await async_fn(*args)` on the broker's trio thread (in-process brokers only), e.g.
        `broker.call(broker.state.run_controller, controller.create_topics, topics)`."""
        import trio

        return trio.from_thread.run(async_fn, *args, trio_token=self.trio_token)

    @property
    def bootstrap(self) -> str:
        return f"{self.host}:{self.port}"

    def __repr__(self) -> str:
        return f"<RunningBroker {self.bootstrap} log_dir={self.log_dir}>"


def single_node_settings() -> dict[str, str]:
    """What Kafka's shipped config/server.properties sets for a single node (config.SINGLE_NODE_DEFAULTS, which
    `kbroker serve` applies itself when it has no config file), plus no initial rebalance delay, as the compat
    tests give Apache Kafka too."""
    from kbroker.config import SINGLE_NODE_DEFAULTS

    return {**SINGLE_NODE_DEFAULTS, "group.initial.rebalance.delay.ms": "0"}


def broker_config(log_dir: str | os.PathLike, overrides: Mapping[str, Any] | None = None):
    """A test broker config: PLAINTEXT on 127.0.0.1 port 0, the given log dir, the single-node settings, then
    the overrides."""
    from kbroker.config import BrokerConfig

    props: dict[str, Any] = {
        "listeners": "PLAINTEXT://127.0.0.1:0",
        "log.dirs": str(log_dir),
        **single_node_settings(),
    }
    props.update(overrides or {})
    return BrokerConfig.from_properties({k: str(v) if not isinstance(v, str) else v for k, v in props.items()})


def virtual_ms() -> int:
    """Trio's (mock) clock in ms, 0 outside trio.run: the clock of logs and coordinators in virtual-time unit
    tests."""
    import trio

    try:
        return int(trio.current_time() * 1000)
    except RuntimeError:
        return 0


def follower_caught_up(partition, replica_id: int) -> None:
    """A follower's Fetch at the leader's log end offset, as the replica fetcher would send it."""
    end = partition.log_end_offset
    partition.update_follower_fetch_state(replica_id, end, partition.log_start_offset, end)


@contextlib.contextmanager
def run_broker_in_thread(config, *, registry=None) -> Iterator[RunningBroker]:
    """Run a Node on its own trio thread for the duration of the block."""
    import trio

    from kbroker.node import Node

    broker = Node(config, registry=registry)
    started: queue.Queue = queue.Queue()
    failure: list[BaseException] = []

    async def main() -> None:
        async with trio.open_nursery() as nursery:
            bound = await nursery.start(broker.serve)
            started.put((trio.lowlevel.current_trio_token(), nursery.cancel_scope, bound))

    def thread_main() -> None:
        try:
            trio.run(main)
        except BaseException as e:  # reported to the test thread, which re-raises it
            failure.append(e)
            started.put(None)

    thread = threading.Thread(target=thread_main, name="kbroker-test-broker", daemon=True)
    thread.start()
    try:
        item = started.get(timeout=STARTUP_TIMEOUT_S)
    except queue.Empty:
        raise RuntimeError("the test broker did not start in time") from None
    if item is None:
        raise RuntimeError("the test broker failed to start") from failure[0]
    token, cancel_scope, bound = item
    first = bound[0]
    try:
        yield RunningBroker(first.host, first.port, config.log_dirs[0], config, broker.state, token)
    finally:
        trio.from_thread.run_sync(cancel_scope.cancel, trio_token=token)
        thread.join(SHUTDOWN_TIMEOUT_S)
        if thread.is_alive():
            raise RuntimeError("the test broker did not stop")
    if failure:
        raise RuntimeError("the test broker crashed") from failure[0]


@pytest.fixture
def kafka_broker(tmp_path: Path) -> Iterator[RunningBroker]:
    """A broker on 127.0.0.1:<ephemeral> with a fresh log dir, stopped after the test."""
    with run_broker_in_thread(broker_config(tmp_path / "kafka-logs")) as broker:
        yield broker


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "kafka_cluster(size=3, overrides=None): the kafka_cluster fixture's "
                                       "node count and Kafka config overrides")


@pytest.fixture
def kafka_cluster(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Any]:
    """Combined kbroker nodes as processes (see the module docstring), all stopped after the test."""
    try:
        from compat_tests.cluster.launcher import Cluster
    except ImportError as error:
        pytest.fail(f"kafka_cluster needs the compat_tests package of a kbroker source checkout: {error}")
    marker = request.node.get_closest_marker("kafka_cluster")
    options = dict(marker.kwargs) if marker is not None else {}
    cluster = Cluster("kbroker", options.get("size", 3), options.get("overrides"), work_dir=tmp_path / "cluster")
    with cluster:
        yield cluster
        cluster.check_running()


class BrokerProcess:
    """A `python -m kbroker serve` child process; its stderr (the broker log) goes to `log_path`."""

    def __init__(self, proc: subprocess.Popen, host: str, port: int, log_dir: str, log_path: Path) -> None:
        self.proc = proc
        self.host = host
        self.port = port
        self.log_dir = log_dir
        self.log_path = log_path
        self.http: tuple[str, int] | None = None  # the HTTP listener's address, when started with --http

    @property
    def bootstrap(self) -> str:
        return f"{self.host}:{self.port}"

    def log_text(self) -> str:
        return self.log_path.read_text(errors="replace")

    def terminate(self, timeout: float = SHUTDOWN_TIMEOUT_S) -> int:
        """SIGTERM and wait; the exit status."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
        try:
            return self.proc.wait(timeout)
        finally:
            self.kill()

    def kill(self) -> None:
        """SIGKILL (a crash) if still running, and reap."""
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()
        if self.proc.stdout is not None:
            self.proc.stdout.close()

    def __enter__(self) -> BrokerProcess:
        return self

    def __exit__(self, *exc_info) -> None:
        self.kill()


def _set_limits(limits: Mapping[int, int]) -> None:
    for kind, limit in limits.items():
        resource.setrlimit(kind, (limit, limit))


def start_broker_process(log_dir: str | os.PathLike, overrides: Mapping[str, Any] | None = None, *,
                         log_path: str | os.PathLike | None = None,
                         extra_args: list[str] | None = None,
                         file_size_limit: int | None = None,
                         open_files_limit: int | None = None) -> BrokerProcess:
    """Start `python -m kbroker serve` on 127.0.0.1 port 0 with `log_dir`; return once it is ready.

    `file_size_limit` (bytes) sets the child's RLIMIT_FSIZE: a write past it fails with EFBIG, the way a full
    disk fails a write (Python ignores SIGXFSZ). `open_files_limit` sets its RLIMIT_NOFILE (`ulimit -n`)."""
    limits = {}
    if file_size_limit is not None:
        limits[resource.RLIMIT_FSIZE] = file_size_limit
    if open_files_limit is not None:
        limits[resource.RLIMIT_NOFILE] = open_files_limit
    props: dict[str, Any] = {"listeners": "PLAINTEXT://127.0.0.1:0", "log.dirs": str(log_dir),
                             **single_node_settings()}
    props.update(overrides or {})
    args = []
    for key, value in props.items():
        args += ["--override", f"{key}={value}"]
    args += extra_args or []
    log_file = Path(log_path) if log_path is not None else Path(log_dir).parent / "kbroker-stderr.log"
    return start_serve_process(args, log_dir, log_file,
                               preexec_fn=functools.partial(_set_limits, limits) if limits else None)


def start_serve_process(args: list[str], log_dir: str | os.PathLike, log_file: Path, *,
                        preexec_fn=None) -> BrokerProcess:
    """`python -m kbroker serve ARGS` exactly, stderr appended to `log_file`; returned once it is ready."""
    with open(log_file, "ab") as stderr:
        proc = subprocess.Popen([sys.executable, "-m", "kbroker", "serve", *args], stdout=subprocess.PIPE,
                                stderr=stderr, stdin=subprocess.DEVNULL, text=True, preexec_fn=preexec_fn)
    lines: queue.Queue = queue.Queue()

    def read_start_lines() -> None:
        # `kbroker http on HOST:PORT` (with --http) comes just before the ready line
        line = proc.stdout.readline()
        if HTTP_LINE.match(line.strip()):
            lines.put(line)
            line = proc.stdout.readline()
        lines.put(line)

    threading.Thread(target=read_start_lines, daemon=True).start()
    http = None
    try:
        line = lines.get(timeout=STARTUP_TIMEOUT_S)
        http = HTTP_LINE.match(line.strip()) if line else None
        if http is not None:
            line = lines.get(timeout=STARTUP_TIMEOUT_S)
    except queue.Empty:
        line = None
    match = READY_LINE.match(line.strip()) if line else None
    if match is None:
        proc.kill()
        proc.wait()
        raise RuntimeError(f"kbroker did not become ready (stdout {line!r}); log:\n"
                           f"{log_file.read_text(errors='replace')}")
    started = BrokerProcess(proc, match["host"], int(match["port"]), str(log_dir), log_file)
    if http is not None:
        started.http = (http["host"], int(http["port"]))
    return started


_LISTEN_PORTS_FROM = 20000
_handed_out: set[int] = set()


def _ephemeral_ports_start() -> int:
    try:
        return int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return 32768


def _listen_port_range() -> tuple[int, int]:
    """The ports (inclusive) this process picks from: those below the ephemeral range, split into equal
    slices between pytest-xdist workers, so that two workers never hand out the same port (a port is free
    when handed out, but its server binds it only later)."""
    lower, upper = _LISTEN_PORTS_FROM, _ephemeral_ports_start() - 1
    worker = re.fullmatch(r"gw(\d+)", os.environ.get("PYTEST_XDIST_WORKER", ""))
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1") or 1)
    if worker is None or workers < 2 or upper <= lower:
        return lower, upper
    span = (upper - lower + 1) // workers
    start = lower + int(worker.group(1)) % workers * span
    return start, start + span - 1


def bind_listen_port(sock: socket.socket) -> int:
    """Bind `sock` to a free 127.0.0.1 port below the ephemeral range (this worker's slice of it under
    pytest-xdist), never one this process handed out before; the kernel's choice (port 0) if none is found."""
    lower, upper = _listen_port_range()
    for _ in range(200 if upper > lower else 0):
        port = random.randint(lower, upper)
        if port in _handed_out:
            continue
        try:
            sock.bind(("127.0.0.1", port))
        except OSError:
            continue
        _handed_out.add(port)
        return port
    sock.bind(("127.0.0.1", 0))
    return sock.getsockname()[1]


def free_port() -> int:
    """A port for a server a test is about to start (see bind_listen_port)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        return bind_listen_port(sock)
