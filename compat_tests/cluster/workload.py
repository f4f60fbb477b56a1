"""The queue workload's clients, each recording what it saw into one `History` for the checker
(compat_tests/cluster/checker.py):

- `PythonProducer`: confluent-kafka (librdkafka), idempotent, acks=all; values `p<proc>-<n>`, round robin over
  the partitions, at a steady rate; each delivery report is an `Ack` (with its send time) or a failure.
- `JavaProducer`: Kafka's VerifiableProducer (idempotent, acks=all, `--value-prefix`), whose JSON lines name
  each acknowledged record's partition and offset.
- `GroupConsumer`: confluent-kafka in a consumer group, reading while the faults happen.
- `IsrSampler`: every half second, each node's own view of every partition's leader and ISR size (Metadata).
- `read_everything`: after the faults, every partition read from offset 0 to its high watermark;
- `read_writers`: for given positions, the producer id, epoch and sequence stored in their batches (a raw Fetch).

Each runs in its own thread (or process, for Java) between `start()` and `stop()`.
"""

from __future__ import annotations

import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Callable, Iterable
from pathlib import Path

import confluent_kafka

from compat_tests.cluster.checker import Ack, IsrSample, Read, Writer
from compat_tests.java_tools import VERIFIABLE_PRODUCER, json_events, write_properties
from compat_tests.kafka_dist import kafka_tool_command
from compat_tests.raw_client import fetch_partition, topic_partitions
from kbroker.protocol.records import iter_batches

# Producer timeouts: a request to a dead or cut-off leader gives up within seconds and the client re-reads
# metadata; a record still unacknowledged after DELIVERY_TIMEOUT_MS fails (and counts as never acknowledged).
REQUEST_TIMEOUT_MS = 5000
DELIVERY_TIMEOUT_MS = 60000


class History:
    """Everything the clients observed; thread-safe appends."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.acks: list[Ack] = []
        self.failed: list[tuple[str, str]] = []  # value, error
        self.reads: list[Read] = []
        self.isr_samples: list[IsrSample] = []

    def ack(self, ack: Ack) -> None:
        with self._lock:
            self.acks.append(ack)

    def fail(self, value: str, error: str) -> None:
        with self._lock:
            self.failed.append((value, error))

    def read(self, reads: list[Read]) -> None:
        with self._lock:
            self.reads.extend(reads)

    def sample(self, samples: list[IsrSample]) -> None:
        with self._lock:
            self.isr_samples.extend(samples)

    def first_ack_sent_after(self, partition: int, since: float) -> Ack | None:
        """The earliest acknowledgement on `partition` of a record sent at or after `since` (Python producers,
        whose send times are known)."""
        first = None
        with self._lock:
            # Newest first, stopping at acknowledgements older than `since` (a record acknowledged before
            # `since` was sent before it): a long run does not rescan its whole history every round.
            for ack in reversed(self.acks):
                if ack.acked_at < since:
                    break
                if (ack.partition == partition and ack.sent_at is not None and ack.sent_at >= since
                        and (first is None or ack.acked_at < first.acked_at)):
                    first = ack
        return first


class _Worker:
    def __init__(self) -> None:
        self._stopping = threading.Event()
        self._thread: threading.Thread | None = None
        self.error: BaseException | None = None

    def start(self) -> None:
        self._thread = threading.Thread(target=self._guarded, name=type(self).__name__, daemon=True)
        self._thread.start()

    def stop(self, timeout: float = 90.0) -> None:
        self._stopping.set()
        if self._thread is not None:
            self._thread.join(timeout)
            if self._thread.is_alive():
                raise TimeoutError(f"{type(self).__name__} did not stop in {timeout} s")
        if self.error is not None:
            raise self.error

    def _guarded(self) -> None:
        try:
            self.run()
        except BaseException as error:  # re-raised by stop() in the test's thread
            self.error = error

    def run(self) -> None:
        raise NotImplementedError


class PythonProducer(_Worker):
    def __init__(self, bootstrap: str, topic: str, partitions: int, proc: int, history: History,
                 rate_per_s: float = 100.0):
        super().__init__()
        self.topic, self.partitions, self.proc, self.history = topic, partitions, proc, history
        self.bootstrap = bootstrap
        self.interval_s = 1.0 / rate_per_s
        self.sent = 0
        self.fatal_errors: list[str] = []
        self.producer = self._new_producer(bootstrap)

    @staticmethod
    def _new_producer(bootstrap: str) -> confluent_kafka.Producer:
        return confluent_kafka.Producer({
            "bootstrap.servers": bootstrap,
            "enable.idempotence": True,
            "acks": "all",
            "linger.ms": 5,
            "request.timeout.ms": REQUEST_TIMEOUT_MS,
            "message.timeout.ms": DELIVERY_TIMEOUT_MS,
            "retry.backoff.ms": 100,
            "topic.metadata.refresh.interval.ms": 1000,
            # librdkafka bumps the producer epoch when a request behind a failed one comes back
            # OUT_OF_ORDER_SEQUENCE_NUMBER during a leader change, then re-sends batches the old epoch may have
            # written: duplicates from the client (confluentinc/librdkafka#4953; 2 in 60 rounds here with 5 in
            # flight). One request in flight leaves nothing behind a failed one; the Java producer keeps 5.
            "max.in.flight.requests.per.connection": 1,
        })

    def run(self) -> None:
        next_send = time.monotonic()
        while not self._stopping.is_set():
            try:
                self._send_one()
                next_send += self.interval_s
                self.producer.poll(max(0.0, next_send - time.monotonic()))
            except confluent_kafka.KafkaException as exc:
                if not exc.args[0].fatal():
                    raise
                self._replace_after_fatal(exc.args[0])
        remaining = self.producer.flush(DELIVERY_TIMEOUT_MS / 1000 + 10)
        if remaining:
            raise AssertionError(f"producer p{self.proc}: {remaining} records never got a delivery report")

    def _send_one(self) -> None:
        value = f"p{self.proc}-{self.sent}"
        partition = self.sent % self.partitions
        sent_at = time.monotonic()
        self.producer.produce(self.topic, value=value.encode(), partition=partition,
                              on_delivery=lambda error, message, v=value, t=sent_at: self._delivered(
                                  error, message, v, t))
        self.sent += 1
        self.producer.poll(0)

    def _replace_after_fatal(self, error: confluent_kafka.KafkaError) -> None:
        """librdkafka's idempotent producer can raise a fatal OUT_OF_ORDER_SEQUENCE_NUMBER ("sequence
        desynchronization") after a retry of a batch that a killed leader may have written, against Apache Kafka
        too (confluentinc/librdkafka#3584; seen once in a clean-clone run of the Kafka cluster). A fatal error
        leaves the producer unusable, and an application replaces it, as here: its pending records fail (each
        one a failed send, never an acknowledgement), the new producer has a new producer id, and the run goes
        on, so the checker still sees whether any acknowledged record was lost."""
        self.fatal_errors.append(str(error))
        print(f"producer p{self.proc}: fatal error, replaced: {error}", file=sys.stderr, flush=True)
        try:
            self.producer.flush(DELIVERY_TIMEOUT_MS / 1000 + 10)  # the pending records' reports: failures
        except confluent_kafka.KafkaException:
            pass  # the fatal error again: the reports were served before it was raised
        self.producer = self._new_producer(self.bootstrap)

    def _delivered(self, error, message, value: str, sent_at: float) -> None:
        if error is not None:
            self.history.fail(value, str(error))
        else:
            self.history.ack(Ack(value, message.partition(), message.offset(), time.monotonic(), sent_at))


class JavaProducer:
    """VerifiableProducer in the background; its acknowledgements enter the history when it stops."""

    def __init__(self, bootstrap: str, topic: str, prefix: int, history: History, work_dir: Path,
                 rate_per_s: int = 50):
        self.history = history
        self.prefix = prefix
        config = write_properties(work_dir / f"java-producer-{prefix}.properties", {
            "enable.idempotence": "true",
            "retries": str(2**31 - 1),  # the tool sets 0, which idempotence refuses
            "request.timeout.ms": str(REQUEST_TIMEOUT_MS),
            "delivery.timeout.ms": str(DELIVERY_TIMEOUT_MS),
            "retry.backoff.ms": "100",
            "metadata.max.age.ms": "1000",
            "linger.ms": "5",
        })
        self.output_path = work_dir / f"java-producer-{prefix}.jsonl"
        self._output = open(self.output_path, "w")
        self._errors = open(work_dir / f"java-producer-{prefix}.stderr", "w")
        self._started_at = time.monotonic()
        self._started_wall = time.time()
        self.process = subprocess.Popen(
            kafka_tool_command(VERIFIABLE_PRODUCER, "--bootstrap-server", bootstrap, "--topic", topic,
                               "--acks", "-1", "--throughput", str(rate_per_s), "--value-prefix", str(prefix),
                               "--command-config", str(config)),
            stdin=subprocess.DEVNULL, stdout=self._output, stderr=self._errors, text=True)

    def start(self) -> None:
        """Already started by the constructor (kept for the workers' common shape)."""

    def check_running(self) -> None:
        if self.process.poll() is not None:
            self._output.flush()
            raise RuntimeError(f"VerifiableProducer exited ({self.process.returncode}); stderr: "
                               f"{Path(self._errors.name).read_text()[-2000:]!r}; last output lines: "
                               f"{self.output_path.read_text().splitlines()[-5:]}")

    def stop(self, timeout: float = DELIVERY_TIMEOUT_MS / 1000 + 30) -> None:
        """SIGTERM: the tool closes its producer (every pending send ends, acknowledged or failed) and exits.
        Raises if it had exited before."""
        self.check_running()
        self.process.terminate()
        try:
            self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            raise
        finally:
            self._output.close()
            self._errors.close()
        for event in json_events(self.output_path.read_text()):
            if event.get("name") == "producer_send_success":
                # The tool stamps wall-clock milliseconds; the history keeps monotonic seconds.
                acked_at = self._started_at + (event["timestamp"] / 1000 - self._started_wall)
                self.history.ack(Ack(event["value"], event["partition"], event["offset"], acked_at))
            elif event.get("name") == "producer_send_error":
                self.history.fail(event["value"], event.get("message", ""))


class GroupConsumer(_Worker):
    def __init__(self, bootstrap: str, topic: str, history: History, group_id: str | None = None):
        super().__init__()
        self.topic, self.history = topic, history
        self.consumer = confluent_kafka.Consumer({
            "bootstrap.servers": bootstrap,
            "group.id": group_id or f"cluster-queue-{uuid.uuid4().hex[:8]}",
            "auto.offset.reset": "earliest",
            "enable.auto.commit": True,
            "session.timeout.ms": 10000,
        })

    def run(self) -> None:
        self.consumer.subscribe([self.topic])
        try:
            while not self._stopping.is_set():
                reads = [Read(m.partition(), m.offset(), m.value().decode())
                         for m in self.consumer.consume(num_messages=500, timeout=0.5) if m.error() is None]
                self.history.read(reads)
        finally:
            self.consumer.close()


class IsrSampler(_Worker):
    """Every `period_s`, each node's own Metadata view of the topic's partitions (leader and ISR), one node at a
    time. A sample is stamped with the time its request was sent: the view it returns is no older than the
    node's metadata image was then, so a sample stamped after an acknowledgement shows what the node knew after it."""

    def __init__(self, client_ports: Callable[[], dict[int, int]], topic: str, history: History,
                 period_s: float = 0.5, timeout_s: float = 1.0):
        super().__init__()
        self.client_ports, self.topic, self.history = client_ports, topic, history
        self.period_s, self.timeout_s = period_s, timeout_s

    def run(self) -> None:
        while not self._stopping.wait(self.period_s):
            for node, port in sorted(self.client_ports().items()):
                asked_at = time.monotonic()
                try:
                    partitions = topic_partitions(f"127.0.0.1:{port}", self.topic, timeout=self.timeout_s)
                except OSError:
                    continue  # down, paused or cut off: no sample from this node
                self.history.sample([IsrSample(asked_at, p.partition_index, len(p.isr_nodes), node, p.leader_id)
                                     for p in partitions if p.error_code == 0])


def _high_watermark(consumer: confluent_kafka.Consumer, topic: str, partition: int, timeout: float) -> int:
    """The partition's high watermark; asked again while leadership moves (librdkafka does not retry a
    NOT_LEADER_OR_FOLLOWER answer here, and auto leader rebalancing may move it right after the faults). A new
    leader answers OFFSET_NOT_AVAILABLE until its HW reaches the start of its epoch (KIP-207), which the Java
    client retries and librdkafka does not flag as retriable."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            return consumer.get_watermark_offsets(confluent_kafka.TopicPartition(topic, partition), timeout=30)[1]
        except confluent_kafka.KafkaException as exc:
            error = exc.args[0]
            moving = error.code() in (confluent_kafka.KafkaError.NOT_LEADER_FOR_PARTITION,
                                      confluent_kafka.KafkaError.LEADER_NOT_AVAILABLE,
                                      confluent_kafka.KafkaError.OFFSET_NOT_AVAILABLE)
            if not (moving or error.retriable()) or time.monotonic() > deadline:
                raise
        time.sleep(0.5)


def read_everything(bootstrap: str, topic: str, partitions: int, history: History, timeout: float = 120.0) -> None:
    """Reads every partition from offset 0 to its high watermark into `history`."""
    consumer = confluent_kafka.Consumer({"bootstrap.servers": bootstrap, "group.id": f"final-{uuid.uuid4().hex}",
                                         "enable.auto.commit": False, "enable.partition.eof": True})
    try:
        ends = {partition: _high_watermark(consumer, topic, partition, timeout) for partition in range(partitions)}
        consumer.assign([confluent_kafka.TopicPartition(topic, p, 0) for p in range(partitions)])
        positions = dict.fromkeys(range(partitions), 0)
        deadline = time.monotonic() + timeout
        while any(positions[p] < ends[p] for p in positions):
            if time.monotonic() > deadline:
                raise TimeoutError(f"reading {topic} to its end: at {positions}, ends {ends}")
            reads = []
            for message in consumer.consume(num_messages=1000, timeout=1):
                if message.error() is not None:
                    if message.error().code() == confluent_kafka.KafkaError._PARTITION_EOF:
                        continue
                    raise confluent_kafka.KafkaException(message.error())
                reads.append(Read(message.partition(), message.offset(), message.value().decode()))
                positions[message.partition()] = message.offset() + 1
            history.read(reads)
    finally:
        consumer.close()


def read_writers(bootstrap: str, topic: str, positions: Iterable[tuple[int, int]]) -> dict[tuple[int, int], Writer]:
    """(partition, offset) -> the Writer stored in the batch holding that offset, from a Fetch to the partition's
    leader at `bootstrap` (one node's client address) per position."""
    writers = {}
    for partition, offset in sorted(positions):
        response = fetch_partition(bootstrap, topic, partition, offset)
        for batch in iter_batches(bytes(response.records or b"")):
            if batch.base_offset <= offset <= batch.last_offset:
                writers[(partition, offset)] = Writer(batch.producer_id, batch.producer_epoch,
                                                      batch.base_sequence + offset - batch.base_offset)
                break
    return writers
