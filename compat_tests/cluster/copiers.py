"""Kafka's TransactionalMessageCopier (org.apache.kafka.tools, Java client 4.3.1) as a background process for the
transaction fault tests: it consumes one input partition (read_committed, offsets of its consumer group) and
produces each record to the same partition of an output topic, in transactions that also commit the consumed
offsets, aborting one in three at random (--enable-random-aborts); it exits 0 once it copied every record the
partition held when it started.

A copier that exits otherwise (Kafka's tool gives up on a fenced producer, or on an error its abort path cannot
handle) is started again with the same transactional id and group, as an application would be: the new instance
fences the old producer and resumes from the committed offsets, so exactly-once holds across restarts. Restarts
are counted for the report.
"""

from __future__ import annotations

import subprocess
import time
from pathlib import Path

from compat_tests.kafka_dist import kafka_tool_command

COPIER = "org.apache.kafka.tools.TransactionalMessageCopier"
TRANSACTION_SIZE = 200


class Copier:
    def __init__(self, bootstrap: str, source: str, sink: str, partition: int, name: str, log_dir: Path):
        self.partition = partition
        self.transactional_id = f"{name}-copier-{partition}"
        self.group = f"{name}-group-{partition}"
        self.command = kafka_tool_command(
            COPIER, "--broker-list", bootstrap, "--input-topic", source, "--input-partition", partition,
            "--output-topic", sink, "--transactional-id", self.transactional_id, "--consumer-group", self.group,
            "--max-messages", -1, "--transaction-size", TRANSACTION_SIZE, "--enable-random-aborts",
            "--use-group-metadata")
        self.log_path = log_dir / f"copier-{name}-{partition}.log"
        self.restarts = 0
        self.process: subprocess.Popen | None = None
        self._log = None

    def start(self) -> None:
        if self._log is None:
            self._log = self.log_path.open("a")
        self._log.write(f"--- start at {time.strftime('%H:%M:%S')} ---\n")
        self._log.flush()
        self.process = subprocess.Popen(self.command, stdin=subprocess.DEVNULL, stdout=self._log,
                                        stderr=subprocess.STDOUT)

    def done(self) -> bool:
        """True once an instance exited 0; an instance that failed is replaced by a new one."""
        code = self.process.poll()
        if code is None:
            return False
        if code == 0:
            return True
        self.restarts += 1
        self.start()
        return False

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        if self._log is not None:
            self._log.close()
            self._log = None

    def log_tail(self, lines: int = 40) -> str:
        text = self.log_path.read_text(errors="replace").splitlines() if self.log_path.exists() else []
        return f"--- {self.log_path.name} ---\n" + "\n".join(text[-lines:])


def wait_all_done(copiers: list[Copier], timeout: float, replay: str = "") -> None:
    """Polls until every copier is done; `replay` (how to run the same draws again) goes into the error."""
    deadline = time.monotonic() + timeout
    while not all([copier.done() for copier in copiers]):  # a list: every copier is polled (and restarted)
        if time.monotonic() > deadline:
            tails = "\n".join(copier.log_tail() for copier in copiers)
            raise TimeoutError(f"copiers not done after {timeout} s{', ' + replay if replay else ''}\n{tails}")
        time.sleep(0.2)
