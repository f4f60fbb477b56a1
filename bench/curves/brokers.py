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

from broker_bench import deployed_python_env, wait_ready

from compat_tests.kafka_dist import ApacheKafka, free_port

OPEN_FILES = 20_000
KINDS = ("kbroker", "kafka")


def raise_open_files_limit(wanted: int = OPEN_FILES) -> int:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    limit = min(wanted, hard) if hard != resource.RLIM_INFINITY else wanted
    if soft < limit:
        resource.setrlimit(resource.RLIMIT_NOFILE, (limit, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


class KbrokerNode:
    kind = "kbroker"

    def __init__(self, work_dir: Path, configs: dict[str, str] | None = None) -> None:
        self.log_dir = work_dir / "kbroker-data"
        self.port = free_port()
        self.configs = dict(configs or {})
        self.stderr_path = work_dir / "kbroker.log"
        self.process: subprocess.Popen | None = None

    @property
    def bootstrap(self) -> str:
        return f"127.0.0.1:{self.port}"

    @property
    def pid(self) -> int:
        return self.process.pid

    def launch(self, timeout: float = 1800.0) -> float:
        """Start on the existing data (formatting it the first time); seconds until it answers."""
        args = [sys.executable, "-m", "kbroker", "serve", "--override", f"log.dirs={self.log_dir}",
                "--override", f"listeners=PLAINTEXT://127.0.0.1:{self.port}", "--log-level", "INFO"]
        for name, value in self.configs.items():
            args += ["--override", f"{name}={value}"]
        with open(self.stderr_path, "ab") as stderr:
            self.process = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=stderr,
                                            env=deployed_python_env())
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


class KafkaNode:
    """Apache Kafka 4.3.1 in KRaft combined mode with the 1 GiB heap its launcher gives it."""

    kind = "kafka"

    def __init__(self, work_dir: Path, configs: dict[str, str] | None = None) -> None:
        self.kafka = ApacheKafka(configs or {}, heap="1G", startup_timeout=1800.0, stop_timeout=1800.0)

    @property
    def bootstrap(self) -> str:
        return self.kafka.bootstrap

    @property
    def pid(self) -> int:
        return self.kafka.pid

    @property
    def log_dir(self) -> Path:
        return self.kafka.log_dir

    def launch(self, timeout: float = 1800.0) -> float:
        if self.kafka.work_dir is None:
            self.kafka.start()  # formats storage; the timed start is the relaunch below
            self.kafka.stop()
        self.kafka._launch()
        return wait_ready(self.bootstrap, self.kafka.is_running, timeout)

    def stop(self, timeout: float = 1800.0) -> float:
        started = time.perf_counter()
        self.kafka.stop()
        return time.perf_counter() - started

    def kill(self) -> None:
        self.kafka.kill()

    def close(self) -> None:
        self.kafka.close()


def node(kind: str, work_dir: Path, configs: dict[str, str] | None = None):
    return (KbrokerNode if kind == "kbroker" else KafkaNode)(work_dir, configs)
