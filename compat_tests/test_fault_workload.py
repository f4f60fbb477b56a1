"""The fault run's Python producer (compat_tests/cluster/workload.py) on stub producers: a fatal librdkafka
error replaces the producer and the run goes on; any other error still ends the run."""

from __future__ import annotations

import time

import confluent_kafka
import pytest

from compat_tests.cluster.workload import History, PythonProducer


class StubProducer:
    """Acknowledges each record at its poll; raises `error` from its `fail_at`-th poll."""

    def __init__(self, error: confluent_kafka.KafkaError | None = None, fail_at: int = 0):
        self.error, self.fail_at = error, fail_at
        self.pending: list = []
        self.polls = 0
        self.produced: list[str] = []

    def produce(self, topic, value, partition, on_delivery):
        self.produced.append(value.decode())
        self.pending.append((value, partition, on_delivery))

    def poll(self, _timeout=0):
        self.polls += 1
        if self.error is not None and self.polls == self.fail_at:
            raise confluent_kafka.KafkaException(self.error)
        self._deliver()
        return 0

    def flush(self, _timeout=0):
        self._deliver()
        return 0

    def _deliver(self):
        for _value, partition, on_delivery in self.pending:
            message = type("Message", (), {"partition": lambda _s, p=partition: p, "offset": lambda _s: 0})()
            on_delivery(None, message)
        self.pending = []


def run_with(monkeypatch, first_error: confluent_kafka.KafkaError) -> tuple[PythonProducer, list[StubProducer]]:
    made: list[StubProducer] = []

    def new_producer(_bootstrap):
        made.append(StubProducer(first_error if not made else None, fail_at=4))
        return made[-1]

    monkeypatch.setattr(PythonProducer, "_new_producer", staticmethod(new_producer))
    worker = PythonProducer("127.0.0.1:1", "t", 3, 1, History(), rate_per_s=1_000)
    worker.start()
    deadline = time.monotonic() + 30
    while len(worker.history.acks) < 10 and worker.error is None and time.monotonic() < deadline:
        time.sleep(0.01)
    worker.stop(timeout=30)
    return worker, made


def test_a_fatal_error_replaces_the_producer_and_the_run_goes_on(monkeypatch):
    fatal = confluent_kafka.KafkaError(confluent_kafka.KafkaError.OUT_OF_ORDER_SEQUENCE_NUMBER,
                                       "sequence desynchronization", fatal=True)
    worker, made = run_with(monkeypatch, fatal)
    assert len(made) == 2 and len(worker.fatal_errors) == 1
    assert len(worker.history.acks) >= 10 and not worker.history.failed
    every_value = [v for producer in made for v in producer.produced]
    assert len(every_value) == len(set(every_value))  # no value sent twice


def test_an_error_that_is_not_fatal_still_ends_the_run(monkeypatch):
    retriable = confluent_kafka.KafkaError(confluent_kafka.KafkaError._TRANSPORT, "broken", fatal=False)
    with pytest.raises(confluent_kafka.KafkaException):
        run_with(monkeypatch, retriable)
