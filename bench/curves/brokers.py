"""The two brokers as the curves drive them: one node each, started fresh on a data directory of its own, then
stopped cleanly, killed (SIGKILL) and launched again on the same data, start-to-ready timed the same way for
both (launch until ApiVersions and Metadata answer, polled every 10 ms, bench/broker_bench.wait_ready).
Children inherit the bench's RLIMIT_NOFILE, raised to 20,000 (or the hard limit) first."""

from __future__ import annotations

import resource
import signal
import subprocess
import sys
import time
from pathlib import Path

from broker_bench import Kafka, Kbroker, deployed_python_env, wait_ready

from compat_tests.kafka_dist import ApacheKafka

OPEN_FILES = 20_000
KINDS = ("kbroker", "kafka")


def raise_open_files_limit(wanted: int = OPEN_FILES) -> int:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    limit = min(wanted, hard) if hard != resource.RLIM_INFINITY else wanted
    if soft < limit:
        resource.setrlimit(resource.RLIMIT_NOFILE, (limit, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


class KbrokerNode(Kbroker):
    """bench/broker_bench's `kbroker serve` with config overrides, INFO logging (the load progress lines) and
    timed stops."""

    kind = "kbroker"

    def __init__(self, work_dir: Path, configs: dict[str, str] | None = None) -> None:
        super().__init__(work_dir)
        self.log_dir = self.data
        self.configs = dict(configs or {})

    def launch(self, timeout: float = 1800.0) -> float:
        """Start on the existing data (formatting it the first time); seconds until it answers."""
        args = [sys.executable, "-m", "kbroker", "serve", "--override", f"log.dirs={self.log_dir}",
                "--override", f"listeners=PLAINTEXT://127.0.0.1:{self.port}", "--log-level", "INFO"]
        for name, value in self.configs.items():
            args += ["--override", f"{name}={value}"]
        self.process = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=self.log, env=deployed_python_env())
        return wait_ready(self.bootstrap, lambda: self.process.poll() is None, timeout)

    def stop(self, timeout: float = 1800.0) -> float:
        """SIGTERM (a clean shutdown); seconds until the process exited."""
        return self._end(signal.SIGTERM, timeout)

    def kill(self) -> None:
        self._end(signal.SIGKILL, 60)

    def _end(self, sig: signal.Signals, timeout: float) -> float:
        started = time.perf_counter()
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(sig)
            try:
                self.process.wait(timeout)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        return time.perf_counter() - started

    def close(self) -> None:
        self.kill()
        self.log.close()


class KafkaNode(Kafka):
    """bench/broker_bench's Apache Kafka 4.3.1 (KRaft combined mode, the 1 GiB heap its launcher gives it) with
    config overrides, long start and stop timeouts (10,000 partitions) and timed stops."""

    kind = "kafka"

    def __init__(self, work_dir: Path, configs: dict[str, str] | None = None) -> None:
        self.kafka = ApacheKafka(configs or {}, heap="1G", startup_timeout=1800.0, stop_timeout=1800.0)

    @property
    def log_dir(self) -> Path:
        return self.kafka.log_dir

    def launch(self, timeout: float = 1800.0) -> float:
        return super().launch(timeout)

    def stop(self, timeout: float = 1800.0) -> float:
        started = time.perf_counter()
        self.kafka.stop()
        return time.perf_counter() - started

    def kill(self) -> None:
        self.kafka.kill()


def node(kind: str, work_dir: Path, configs: dict[str, str] | None = None):
    return (KbrokerNode if kind == "kbroker" else KafkaNode)(work_dir, configs)
