"""One cluster node as an operating-system process, whatever the broker kind: the launcher interface.

`NodeProcess` owns a node's directory, its process and the signals a fault sends it: `launch()`,
`wait_ready()`, `kill()` (SIGKILL), `pause()` / `resume()` (SIGSTOP / SIGCONT), `stop()` (SIGTERM: a
controlled shutdown, then SIGKILL after `stop_timeout`), `is_running()`, `log_tail()`. Each kind says only how
to format its log dir and which command serves it, from the same Kafka config names:

- `KafkaNode`: Apache Kafka 4.3.1 (`kafka.tools.StorageTool format`, then `kafka.Kafka server.properties`),
  started the way compat_tests/kafka_dist.py starts its single node (heap, GC options, log4j config), with the
  JIT held to C1 unless the caller passes other `jvm_extra` (a benchmark passes none);
- `KBrokerNode`: `python -m kbroker format` then `python -m kbroker serve`, each config as an `--override`.

A node is ready when its own Metadata response lists it (registered and unfenced) along with every broker id
the caller expects.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Collection, Mapping, Sequence
from pathlib import Path
from typing import IO

from compat_tests.kafka_dist import (
    broker_jvm_options,
    end_process,
    kafka_server_command,
    kafka_tool_command,
    metadata_broker_ids,
)

STORAGE_TOOL = "kafka.tools.StorageTool"
# Three brokers, their clients and the test share two cores: with C1 only (no C2 compiler threads competing with
# the brokers) a restarted node was serving with a full ISR in about a third of the time here, and the test's
# load (a few hundred records a second) needs no faster code.
CLUSTER_NODE_JVM_OPTIONS = ("-XX:TieredStopAtLevel=1",)


class NodeFailed(RuntimeError):
    """A node did not format, did not become ready, or exited on its own."""


class NodeProcess:
    """A cluster node `node_id` with `configs` (Kafka names), living in `work_dir`; see the module docstring."""

    kind = "abstract"

    def __init__(self, node_id: int, configs: Mapping[str, str], work_dir: Path, *,
                 stop_timeout: float = 30.0):
        self.node_id = node_id
        self.configs = dict(configs)
        self.work_dir = work_dir
        self.stop_timeout = stop_timeout
        self.client_port = 0  # set by the launcher: the PLAINTEXT listener clients use
        self._process: subprocess.Popen[bytes] | None = None
        self._console: IO[bytes] | None = None
        self.paused = False
        (work_dir / "logs").mkdir(parents=True, exist_ok=True)

    # -- what each kind provides ---------------------------------------------------------------------------

    def format_command(self, cluster_id: str) -> list[str]:
        raise NotImplementedError

    def serve_command(self) -> list[str]:
        raise NotImplementedError

    # -- lifecycle -----------------------------------------------------------------------------------------

    @property
    def console_log(self) -> Path:
        return self.work_dir / "logs" / "console.log"

    @property
    def pid(self) -> int | None:
        return self._process.pid if self._process is not None else None

    def is_running(self) -> bool:
        return self._process is not None and self._process.poll() is None

    def start_format(self, cluster_id: str, *flags: str) -> subprocess.Popen[str]:
        """Starts formatting the log dir (with the format tool's `flags`, e.g. --standalone); the caller waits
        (nodes format in parallel)."""
        return subprocess.Popen([*self.format_command(cluster_id), *flags], stdin=subprocess.DEVNULL,
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)

    def launch(self) -> None:
        if self.is_running():
            raise NodeFailed(f"node {self.node_id} is already running")
        self._console = open(self.console_log, "ab")  # closed in _reap
        self._process = subprocess.Popen(self.serve_command(), stdin=subprocess.DEVNULL,
                                         stdout=self._console, stderr=subprocess.STDOUT)
        self.paused = False

    def wait_ready(self, expected_ids: Collection[int], timeout: float = 90.0) -> None:
        """Until this node's Metadata lists every id of `expected_ids` (itself included)."""
        deadline = time.monotonic() + timeout
        seen: list[int] = []
        last_error: OSError | None = None
        while time.monotonic() < deadline:
            if not self.is_running():
                raise NodeFailed(f"node {self.node_id} exited while starting\n{self.log_tail()}")
            try:
                seen = metadata_broker_ids(self.client_port)
                if set(expected_ids) <= set(seen):
                    return
            except OSError as error:
                last_error = error
            time.sleep(0.2)
        raise NodeFailed(f"node {self.node_id} not ready after {timeout} s (lists {seen}, expected "
                         f"{sorted(expected_ids)}; last error {last_error})\n{self.log_tail()}\n"
                         f"node directories: {self.work_dir.parent}")

    def kill(self) -> None:
        """SIGKILL: a crash (the page cache survives it)."""
        self._end(signal.SIGKILL)

    def stop(self) -> int | None:
        """SIGTERM, a controlled shutdown (leadership moves away first); SIGKILL after `stop_timeout`."""
        return self._end(signal.SIGTERM)

    def request_stop(self) -> None:
        """SIGTERM without waiting (to shut several nodes down at once; `stop()` then waits)."""
        if self.is_running():
            self.resume()
            self._process.send_signal(signal.SIGTERM)

    def pause(self) -> None:
        if self._process is None:
            raise NodeFailed(f"node {self.node_id} is not running")
        os.kill(self._process.pid, signal.SIGSTOP)
        self.paused = True

    def resume(self) -> None:
        if self._process is not None and self.paused:
            os.kill(self._process.pid, signal.SIGCONT)
        self.paused = False

    def _end(self, first_signal: signal.Signals) -> int | None:
        process = self._process
        if process is None:
            return None
        try:
            return end_process(process, first_signal, self.stop_timeout, paused=self.paused)
        finally:
            self._process = None
            self.paused = False
            if self._console is not None:
                self._console.close()
                self._console = None

    def log_tail(self, lines: int = 30, mentioning: tuple[str, ...] = ()) -> str:
        """The last `lines` lines of the node's logs, of those naming one of `mentioning` if it is given."""
        texts = []
        for path in (self.work_dir / "logs" / "server.log", self.console_log):
            if path.exists():
                kept = [line for line in path.read_text(errors="replace").splitlines()
                        if not mentioning or any(word in line for word in mentioning)]
                texts.append(f"--- node {self.node_id} {path.name} ---\n" + "\n".join(kept[-lines:]))
        return "\n".join(texts)


class KafkaNode(NodeProcess):
    kind = "kafka"

    def __init__(self, node_id: int, configs: Mapping[str, str], work_dir: Path, *, heap: str = "320m",
                 jvm_extra: Sequence[str] = CLUSTER_NODE_JVM_OPTIONS, stop_timeout: float = 30.0):
        super().__init__(node_id, configs, work_dir, stop_timeout=stop_timeout)
        self.jvm_options = broker_jvm_options(heap, list(jvm_extra))
        lines = [f"{name}={value}" for name, value in self.configs.items()]
        self.properties_path.write_text("\n".join(lines) + "\n")

    @property
    def properties_path(self) -> Path:
        return self.work_dir / "server.properties"

    def format_command(self, cluster_id: str) -> list[str]:
        return kafka_tool_command(STORAGE_TOOL, "format", "--cluster-id", cluster_id,
                                  "--config", str(self.properties_path))

    def serve_command(self) -> list[str]:
        return kafka_server_command(self.properties_path, self.work_dir / "logs", self.jvm_options)


class KBrokerNode(NodeProcess):
    kind = "kbroker"

    def _overrides(self) -> list[str]:
        return [argument for name, value in self.configs.items() for argument in ("--override", f"{name}={value}")]

    def format_command(self, cluster_id: str) -> list[str]:
        return [sys.executable, "-m", "kbroker", "format", "--cluster-id", cluster_id, *self._overrides()]

    def serve_command(self) -> list[str]:
        return [sys.executable, "-m", "kbroker", "serve", *self._overrides()]


def combined_node_configs(node_id: int, controller_ports: Mapping[int, int], client_port: int,
                          log_dir: Path) -> dict[str, str]:
    """CLUSTER.md's combined-mode configs of node `node_id` on loopback (no fault proxy), for one-partition-copy
    internal topics."""
    return {
        "process.roles": "broker,controller", "node.id": str(node_id),
        "controller.quorum.voters": ",".join(f"{n}@127.0.0.1:{p}" for n, p in controller_ports.items()),
        "listeners": f"PLAINTEXT://127.0.0.1:{client_port},CONTROLLER://127.0.0.1:{controller_ports[node_id]}",
        "advertised.listeners": f"PLAINTEXT://127.0.0.1:{client_port}",
        "controller.listener.names": "CONTROLLER", "inter.broker.listener.name": "PLAINTEXT",
        "listener.security.protocol.map": "CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT",
        "log.dirs": str(log_dir), "offsets.topic.replication.factor": "1",
        "transaction.state.log.replication.factor": "1", "transaction.state.log.min.isr": "1",
    }


NODE_KINDS: dict[str, type[NodeProcess]] = {KafkaNode.kind: KafkaNode, KBrokerNode.kind: KBrokerNode}
