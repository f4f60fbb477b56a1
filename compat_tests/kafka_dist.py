"""Apache Kafka 4.3.1, assembled from Maven Central by `make java`, as a subprocess for tests and benchmarks.

- `kafka_classpath()`: the broker's and tools' jars (.cache/kafka-4.3.1/libs).
- `run_kafka_tool(main_class, *args)`: runs a Kafka tool's main class, e.g. "org.apache.kafka.tools.DumpLogSegments"
  or "org.apache.kafka.tools.ProducerPerformance", and returns the finished process with its output.
- `broker_jvm_options(heap)`, `kafka_server_command(...)`, `metadata_broker_ids(port)`: the pieces `ApacheKafka`
  starts and probes a node with, shared with the multi-node launcher (compat_tests/cluster/).
- `ApacheKafka`: a single-node KRaft cluster (combined broker and controller, node.id 1) in a temporary
  directory, on ephemeral 127.0.0.1 ports, stopped and deleted on exit.
"""

from __future__ import annotations

import base64
import os
import shutil
import signal
import socket
import struct
import subprocess
import tempfile
import time
import uuid
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from kbroker import testing

REPO_ROOT = Path(__file__).resolve().parents[1]
KAFKA_VERSION = "4.3.1"
KAFKA_LIBS = REPO_ROOT / ".cache" / f"kafka-{KAFKA_VERSION}" / "libs"
KAFKA_CLIENTS_39_LIBS = REPO_ROOT / ".cache" / "kafka-clients-3.9.1"
BUILD_COMMAND = "make java"
_LOG4J_DIR = Path(__file__).resolve().parent / "kafka-dist"
BROKER_LOG4J_CONFIG = _LOG4J_DIR / "log4j2-broker.properties"
TOOLS_LOG4J_CONFIG = _LOG4J_DIR / "log4j2-tools.properties"

NODE_ID = 1
BROKER_HEAP = "512m"
# The garbage-collector settings kafka-run-class.sh gives the broker.
BROKER_GC_OPTIONS = [
    "-XX:+UseG1GC",
    "-XX:MaxGCPauseMillis=20",
    "-XX:InitiatingHeapOccupancyPercent=35",
    "-XX:+ExplicitGCInvokesConcurrent",
    "-Djava.awt.headless=true",
]
# Short-lived tools start faster with only the first JIT tier and the serial collector.
TOOL_JVM_OPTIONS = ["-Xmx512m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1"]

# Configs of a one-node cluster: internal topics cannot have three replicas here.
SINGLE_NODE_DEFAULTS = {
    "offsets.topic.replication.factor": "1",
    "transaction.state.log.replication.factor": "1",
    "transaction.state.log.min.isr": "1",
    "share.coordinator.state.topic.replication.factor": "1",
    "share.coordinator.state.topic.min.isr": "1",
    "group.initial.rebalance.delay.ms": "0",
}


class KafkaDistUnavailable(RuntimeError):
    """The Kafka jars are not assembled, or the broker did not come up."""


def kafka_dist_is_built() -> bool:
    return KAFKA_LIBS.is_dir() and any(KAFKA_LIBS.glob("kafka_2.13-*.jar"))


def missing_dist_message() -> str:
    return f"Apache Kafka {KAFKA_VERSION} is not assembled in {KAFKA_LIBS}; run `{BUILD_COMMAND}`"


def kafka_classpath() -> str:
    if not kafka_dist_is_built():
        raise KafkaDistUnavailable(missing_dist_message())
    return os.pathsep.join(str(jar) for jar in sorted(KAFKA_LIBS.glob("*.jar")))


def kafka_clients_39_classpath() -> str:
    """The Kafka 3.9.1 client (the one Spark bundles) and its runtime jars."""
    jars = sorted(KAFKA_CLIENTS_39_LIBS.glob("*.jar"))
    if not jars:
        raise KafkaDistUnavailable(
            f"kafka-clients 3.9.1 is not in {KAFKA_CLIENTS_39_LIBS}; run `{BUILD_COMMAND}`"
        )
    return os.pathsep.join(str(jar) for jar in jars)


def kafka_tool_command(main_class: str, *args: str) -> list[str]:
    """The command line that runs `main_class` with Kafka's classpath (for tools run in the background)."""
    return [
        "java",
        *TOOL_JVM_OPTIONS,
        f"-Dlog4j2.configurationFile={TOOLS_LOG4J_CONFIG}",
        "-cp",
        kafka_classpath(),
        main_class,
        *map(str, args),
    ]


def run_kafka_tool(main_class: str, *args: str, timeout: float = 120.0,
                   input: str | None = None) -> subprocess.CompletedProcess[str]:
    """Runs `main_class` with Kafka's classpath; stdout and stderr are captured as text, `input` (if given) is
    its standard input. Never raises for a non-zero exit: check `returncode`."""
    command = kafka_tool_command(main_class, *args)
    if input is not None:
        return subprocess.run(command, capture_output=True, text=True, timeout=timeout, input=input)
    return subprocess.run(command, capture_output=True, text=True, timeout=timeout, stdin=subprocess.DEVNULL)


def random_cluster_id() -> str:
    """A cluster id as Kafka's `Uuid.randomUuid().toString()` makes one: 16 random bytes, base64url, unpadded,
    never starting with '-' (it would read as a command-line option)."""
    while True:
        cluster_id = base64.urlsafe_b64encode(uuid.uuid4().bytes).rstrip(b"=").decode()
        if not cluster_id.startswith("-"):
            return cluster_id


def free_port() -> int:
    return testing.free_port()


def broker_jvm_options(heap: str = BROKER_HEAP, extra: list[str] | None = None) -> list[str]:
    """A broker JVM's options: `heap` as -Xmx and -Xms, kafka-run-class.sh's GC settings, then `extra`."""
    return [f"-Xmx{heap}", f"-Xms{heap}", *BROKER_GC_OPTIONS, *(extra or [])]


def kafka_server_command(properties: Path, logs_dir: Path, jvm_options: list[str]) -> list[str]:
    """The command line of `kafka-server-start.sh properties`, its server.log written under `logs_dir`."""
    return [
        "java",
        *jvm_options,
        f"-Dlog4j2.configurationFile={BROKER_LOG4J_CONFIG}",
        f"-Dkafka.logs.dir={logs_dir}",
        "-cp",
        kafka_classpath(),
        "kafka.Kafka",
        str(properties),
    ]


def end_process(process: subprocess.Popen, first_signal: signal.Signals, timeout: float, *,
                paused: bool = False) -> int:
    """Send `first_signal` to a running process (SIGCONT after it when the process is `paused`, since a stopped
    process cannot handle SIGTERM), wait up to `timeout` s, then SIGKILL; its exit status."""
    if process.poll() is None:
        process.send_signal(first_signal)
        if paused and first_signal != signal.SIGKILL:
            os.kill(process.pid, signal.SIGCONT)
        try:
            process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
    return process.returncode


def _config_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


class ApacheKafka:
    """A real Apache Kafka broker+controller in a subprocess.

        with ApacheKafka({"log.segment.bytes": 1 << 20}, auto_create_topics_enable=False) as kafka:
            ... connect to kafka.bootstrap ...

    Broker configs come as a dict of Kafka config names, or as keyword arguments whose underscores stand for
    dots. The JVM gets `heap` (-Xmx and -Xms), kafka-run-class.sh's GC settings, then `jvm_options`.
    `kill()` sends SIGKILL (crash tests); `restart()` starts the same node again on the same ports and log
    directory, stopping it first if it is still running. After a kill, the restarted broker waits for its old
    registration to expire (broker.session.timeout.ms, 9 s by default) before it serves.
    """

    def __init__(
        self,
        configs: Mapping[str, Any] | None = None,
        *,
        startup_timeout: float = 60.0,
        stop_timeout: float = 30.0,
        heap: str = BROKER_HEAP,
        jvm_options: list[str] | None = None,
        extra_listeners: Mapping[str, tuple[str, int]] | None = None,
        **config_kwargs: Any,
    ):
        self.startup_timeout = startup_timeout
        # name -> (security protocol, port): listeners served beside PLAINTEXT (e.g. SASL_SSL for security tests)
        self.extra_listeners = dict(extra_listeners or {})
        self.jvm_options = broker_jvm_options(heap, jvm_options)
        self.stop_timeout = stop_timeout
        self.cluster_id = random_cluster_id()
        self.configs = dict(SINGLE_NODE_DEFAULTS)
        self.configs.update({name: _config_value(value) for name, value in (configs or {}).items()})
        self.configs.update(
            {name.replace("_", "."): _config_value(value) for name, value in config_kwargs.items()}
        )
        self.work_dir: Path | None = None
        self.broker_port = 0
        self.controller_port = 0
        self._process: subprocess.Popen[bytes] | None = None
        self._console: Any = None

    # -- paths and addresses ------------------------------------------------------------------------------

    @property
    def bootstrap(self) -> str:
        return f"127.0.0.1:{self.broker_port}"

    @property
    def log_dir(self) -> Path:
        return self._require_work_dir() / "data"

    @property
    def server_log(self) -> Path:
        return self._require_work_dir() / "logs" / "server.log"

    @property
    def pid(self) -> int | None:
        return self._process.pid if self._process is not None else None

    def _require_work_dir(self) -> Path:
        if self.work_dir is None:
            raise RuntimeError("ApacheKafka is not started")
        return self.work_dir

    # -- lifecycle ----------------------------------------------------------------------------------------

    def __enter__(self) -> ApacheKafka:
        try:
            self.start()
        except BaseException:
            self.close()
            raise
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def start(self) -> None:
        """Formats a fresh log directory on first start, then starts the node and waits until it serves."""
        if self.work_dir is None:
            self.work_dir = Path(tempfile.mkdtemp(prefix="apache-kafka-"))
            (self.work_dir / "logs").mkdir()
            self.broker_port = free_port()
            self.controller_port = free_port()
            self._write_server_properties()
            self._format_storage()
        self._launch()
        self._wait_until_ready()

    def restart(self) -> None:
        if self.is_running():
            self.stop()
        self._launch()
        self._wait_until_ready()

    def is_running(self) -> bool:
        return self._process is not None and self._process.poll() is None

    def stop(self) -> int | None:
        """SIGTERM (a controlled shutdown), then SIGKILL after `stop_timeout`. Returns the exit status."""
        return self._end(signal.SIGTERM)

    def kill(self) -> int | None:
        """SIGKILL: no shutdown hooks, no flush, as in a crash."""
        return self._end(signal.SIGKILL)

    def close(self) -> None:
        """Stops the node if it runs and deletes its directory."""
        try:
            self.stop()
        finally:
            if self.work_dir is not None:
                shutil.rmtree(self.work_dir, ignore_errors=True)
                self.work_dir = None

    def _end(self, first_signal: signal.Signals) -> int | None:
        process, self._process = self._process, None
        if process is None:
            return None
        try:
            return end_process(process, first_signal, self.stop_timeout)
        finally:
            if self._console is not None:
                self._console.close()
                self._console = None

    # -- setup --------------------------------------------------------------------------------------------

    def _write_server_properties(self) -> None:
        properties = {
            "process.roles": "broker,controller",
            "node.id": str(NODE_ID),
            "controller.quorum.bootstrap.servers": f"127.0.0.1:{self.controller_port}",
            "listeners": f"PLAINTEXT://127.0.0.1:{self.broker_port},CONTROLLER://127.0.0.1:{self.controller_port}",
            "advertised.listeners": f"PLAINTEXT://127.0.0.1:{self.broker_port}",
            "controller.listener.names": "CONTROLLER",
            "inter.broker.listener.name": "PLAINTEXT",
            "listener.security.protocol.map": "CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT",
            "log.dirs": str(self.log_dir),
        }
        for name, (protocol, port) in self.extra_listeners.items():
            properties["listeners"] += f",{name}://127.0.0.1:{port}"
            properties["advertised.listeners"] += f",{name}://127.0.0.1:{port}"
            properties["listener.security.protocol.map"] += f",{name}:{protocol}"
        properties.update(self.configs)
        lines = [f"{name}={value}" for name, value in properties.items()]
        (self._require_work_dir() / "server.properties").write_text("\n".join(lines) + "\n")

    def _format_storage(self) -> None:
        result = run_kafka_tool(
            "kafka.tools.StorageTool",
            "format",
            "--standalone",
            "--cluster-id",
            self.cluster_id,
            "--config",
            str(self._require_work_dir() / "server.properties"),
            timeout=self.startup_timeout,
        )
        if result.returncode != 0:
            raise KafkaDistUnavailable(
                f"kafka-storage format failed ({result.returncode}):\n{result.stdout}{result.stderr}"
            )

    def _launch(self) -> None:
        work_dir = self._require_work_dir()
        command = kafka_server_command(work_dir / "server.properties", work_dir / "logs", self.jvm_options)
        self._console = open(work_dir / "logs" / "console.log", "ab")  # closed in _end
        self._process = subprocess.Popen(
            command, stdin=subprocess.DEVNULL, stdout=self._console, stderr=subprocess.STDOUT
        )

    def _wait_until_ready(self) -> None:
        """Polls until the broker lists itself in a Metadata response, i.e. it is registered and unfenced."""
        deadline = time.monotonic() + self.startup_timeout
        last_error: Exception | None = None
        while time.monotonic() < deadline:
            if not self.is_running():
                raise KafkaDistUnavailable(
                    f"Apache Kafka exited ({self._process.returncode}) while starting\n" + self._log_tail()
                )
            try:
                if metadata_broker_count(self.broker_port) > 0:
                    return
            except OSError as error:
                last_error = error
            time.sleep(0.2)
        raise KafkaDistUnavailable(
            f"Apache Kafka not ready after {self.startup_timeout} s (last error: {last_error})\n"
            + self._log_tail()
        )

    def log_tail(self, lines: int = 40) -> str:
        """The last lines of the broker's server.log and console output."""
        return self._log_tail(lines)

    def _log_tail(self, lines: int = 40) -> str:
        texts = []
        for path in (self.server_log, self._require_work_dir() / "logs" / "console.log"):
            if path.exists():
                tail = path.read_text(errors="replace").splitlines()[-lines:]
                texts.append(f"--- {path.name} ---\n" + "\n".join(tail))
        return "\n".join(texts)


def metadata_broker_count(port: int, timeout: float = 2.0) -> int:
    """Sends a Metadata v4 request for no topics to 127.0.0.1:port and returns how many brokers it lists."""
    return len(metadata_broker_ids(port, timeout))


def metadata_broker_ids(port: int, timeout: float = 2.0) -> list[int]:
    """The node ids of the brokers a Metadata v4 request for no topics to 127.0.0.1:port lists (a KRaft
    broker lists only the registered, unfenced ones)."""
    correlation_id = 1
    client_id = b"kafka-dist-probe"
    # header v1: api key 3 (Metadata), version 4, correlation id, int16-length client id;
    # body v4: topics as an empty (not null) array, allow_auto_topic_creation false
    request = (
        struct.pack(">hhih", 3, 4, correlation_id, len(client_id)) + client_id + struct.pack(">ib", 0, 0)
    )
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
        sock.sendall(struct.pack(">i", len(request)) + request)
        size = struct.unpack(">i", _read_exactly(sock, 4))[0]
        response = _read_exactly(sock, size)
    received_correlation_id, _throttle_ms, broker_count = struct.unpack_from(">iii", response)
    if received_correlation_id != correlation_id:
        raise OSError(
            f"Metadata response for correlation id {received_correlation_id}, expected {correlation_id}"
        )
    # each broker: node_id int32, host int16-length string, port int32, rack nullable int16-length string
    node_ids, position = [], 12
    for _ in range(broker_count):
        (node_id, host_length) = struct.unpack_from(">ih", response, position)
        position += 6 + host_length + 4
        (rack_length,) = struct.unpack_from(">h", response, position)
        position += 2 + max(rack_length, 0)
        node_ids.append(node_id)
    return node_ids


def _read_exactly(sock: socket.socket, size: int) -> bytes:
    chunks = bytearray()
    while len(chunks) < size:
        chunk = sock.recv(size - len(chunks))
        if not chunk:
            raise ConnectionError("connection closed before the full response")
        chunks += chunk
    return bytes(chunks)
