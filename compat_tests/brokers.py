"""The two brokers the compatibility tests run against, behind one interface.

- `KBroker`: a real `kbroker serve` subprocess (kbroker.testing.start_broker_process) on an ephemeral
  127.0.0.1 port with its own log directory, and its /metrics on another (kbroker.http.listener): scraped when
  the broker is closed, so every test that used it also checks the page, and its bytes and messages in against
  what its logs hold (compat_tests/metrics_check.py).
- `Kafka`: Apache Kafka 4.3.1 (compat_tests.kafka_dist.ApacheKafka), KRaft combined mode, 127.0.0.1.

Both take the same broker config overrides (Kafka's names), and both expose `.name`, `.bootstrap`, `.host`,
`.port`, `.overrides`, `.kill()` (SIGKILL), `.restart()` (same port, same log directory) and `.close()`.
`start_broker(name, work_dir, overrides)` builds and starts either one. `system_properties` (JVM `-D` properties,
e.g. Kafka 4's OAUTHBEARER URL allow-list) reach Kafka's JVM, and kbroker through KAFKA_OPTS, where it reads them.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from compat_tests.kafka_dist import ApacheKafka
from compat_tests.metrics_check import check_metrics_page, check_traffic_matches_logs

KBROKER = "kbroker"
KAFKA = "kafka"
BROKER_NAMES = (KBROKER, KAFKA)


class BrokerCrashed(RuntimeError):
    """The broker process ended on its own while the tests were using it."""


@contextlib.contextmanager
def _kafka_opts(system_properties: Mapping[str, str]):
    """KAFKA_OPTS holding `system_properties` while a kbroker child process is started (it inherits them)."""
    if not system_properties:
        yield
        return
    saved = os.environ.get("KAFKA_OPTS")
    os.environ["KAFKA_OPTS"] = " ".join(f"-D{name}={value}" for name, value in system_properties.items())
    try:
        yield
    finally:
        if saved is None:
            del os.environ["KAFKA_OPTS"]
        else:
            os.environ["KAFKA_OPTS"] = saved


class KBroker:
    name = KBROKER
    host = "127.0.0.1"

    def __init__(self, work_dir: Path, overrides: Mapping[str, Any],
                 extra_listeners: Mapping[str, tuple[str, int]] | None = None,
                 system_properties: Mapping[str, str] | None = None):
        self.system_properties = dict(system_properties or {})
        self.work_dir = work_dir
        self.log_dir = work_dir / "kafka-logs"
        self.overrides = dict(overrides)
        self.extra_listeners = dict(extra_listeners or {})
        self.port = 0
        self._process = None
        self._starts = 0  # counters start from zero with each process

    @property
    def bootstrap(self) -> str:
        return f"{self.host}:{self.port}"

    @property
    def metrics_url(self) -> str:
        host, port = self._process.http
        return f"http://{host}:{port}/metrics"

    def start(self) -> None:
        from kbroker.testing import start_broker_process

        listener = {"listeners": f"PLAINTEXT://{self.host}:{self.port}", "kbroker.http.listener": f"{self.host}:0"}
        if self.extra_listeners:
            listener["listeners"] += "".join(f",{name}://{self.host}:{port}"
                                             for name, (_, port) in self.extra_listeners.items())
            listener["listener.security.protocol.map"] = "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT" + "".join(
                f",{name}:{protocol}" for name, (protocol, _) in self.extra_listeners.items())
            listener["inter.broker.listener.name"] = "PLAINTEXT"
        with _kafka_opts(self.system_properties):
            self._process = start_broker_process(
                self.log_dir, {**self.overrides, **listener}, log_path=self.work_dir / "kbroker.log"
            )
        self.port = self._process.port
        self._starts += 1

    def kill(self) -> None:
        process, self._process = self._process, None
        if process is not None:
            process.kill()

    def restart(self) -> None:
        process, self._process = self._process, None
        if process is not None:
            process.terminate()
        self.start()

    def check_alive(self) -> None:
        """Raises BrokerCrashed with the broker's log tail if the process ended on its own."""
        if self._process is not None and self._process.proc.poll() is not None:
            raise BrokerCrashed(
                f"kbroker exited with {self._process.proc.returncode}; log tail:\n{self.log_tail()}"
            )

    def log_tail(self, lines: int = 60) -> str:
        path = self.work_dir / "kbroker.log"
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:]) if path.exists() else ""

    def close(self) -> None:
        try:
            if self._process is not None:
                self.check_alive()
                text = check_metrics_page(self._process.http)
                if self._starts == 1:
                    check_traffic_matches_logs(text, self.log_dir, self.bootstrap)
                self._process.terminate()
        finally:
            self._process = None
            shutil.rmtree(self.work_dir, ignore_errors=True)


class Kafka:
    name = KAFKA
    host = "127.0.0.1"

    def __init__(self, work_dir: Path, overrides: Mapping[str, Any],
                 extra_listeners: Mapping[str, tuple[str, int]] | None = None,
                 system_properties: Mapping[str, str] | None = None):
        # ApacheKafka keeps its own temporary directory; work_dir only holds what the tests put there.
        self.work_dir = work_dir
        self.overrides = dict(overrides)
        jvm_options = [f"-D{name}={value}" for name, value in (system_properties or {}).items()]
        self._kafka = ApacheKafka(self.overrides, extra_listeners=extra_listeners, jvm_options=jvm_options)

    @property
    def port(self) -> int:
        return self._kafka.broker_port

    @property
    def bootstrap(self) -> str:
        return self._kafka.bootstrap

    @property
    def controller_port(self) -> int:
        """The node's CONTROLLER listener (KRaft's Vote, BeginQuorumEpoch, Fetch, DescribeQuorum...)."""
        return self._kafka.controller_port

    @property
    def log_dir(self) -> Path:
        return self._kafka.log_dir

    def start(self) -> None:
        try:
            self._kafka.start()
        except BaseException:
            self._kafka.close()
            raise

    def kill(self) -> None:
        self._kafka.kill()

    def restart(self) -> None:
        self._kafka.restart()

    def check_alive(self) -> None:
        if self._kafka.pid is not None and not self._kafka.is_running():
            raise BrokerCrashed(f"Apache Kafka exited; log tail:\n{self._kafka.log_tail()}")

    def close(self) -> None:
        try:
            self._kafka.close()
        finally:
            shutil.rmtree(self.work_dir, ignore_errors=True)


def start_broker(name: str, overrides: Mapping[str, Any] | None = None,
                 extra_listeners: Mapping[str, tuple[str, int]] | None = None,
                 system_properties: Mapping[str, str] | None = None) -> KBroker | Kafka:
    """Starts broker `name` ("kbroker" or "kafka") with `overrides` and returns it once it serves.
    `extra_listeners` (name -> (security protocol, port)) are served beside the PLAINTEXT one."""
    classes = {KBROKER: KBroker, KAFKA: Kafka}
    work_dir = Path(tempfile.mkdtemp(prefix=f"compat-{name}-"))
    broker = classes[name](work_dir, overrides or {}, extra_listeners, system_properties)
    try:
        broker.start()
    except BaseException:
        shutil.rmtree(work_dir, ignore_errors=True)
        raise
    return broker
