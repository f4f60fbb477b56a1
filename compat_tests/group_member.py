"""A consumer-group member in a process of its own, for tests that SIGKILL a member: it subscribes to a topic
with kafka-python or confluent-kafka (librdkafka), commits synchronously what each poll returned, and prints
the JSON events Kafka's VerifiableConsumer prints, one per line, so that Python and Java members are checked
by the same code (compat_tests.group_clients). A commit a rebalance refuses is made again once the member is
idle, for the partitions it still owns (see RefusedCommits):

    {"name": "startup_complete"}
    {"name": "partitions_assigned" | "partitions_revoked", "partitions": [{"topic", "partition"}]}
    {"name": "records_consumed", "count", "partitions": [{"topic", "partition", "count", "minOffset", "maxOffset"}]}
    {"name": "offsets_committed", "success", "error", "offsets": [{"topic", "partition", "offset"}]}
    {"name": "client_error", "code", "fatal", "error"}  (confluent-kafka's error_cb: connection-level events)
    {"name": "shutdown_complete"}

    python -m compat_tests.group_member --client confluent-kafka --bootstrap-server H:P --topic T --group-id G
        [--assignment-strategy range|cooperative-sticky] [--group-instance-id I] [--session-timeout MS]
        [--pause-before-commit MS]

SIGTERM closes the consumer (a dynamic member leaves the group) and exits; SIGKILL is a crash.
"""

from __future__ import annotations

import argparse
import json
import signal
import sys
import time
from collections.abc import Iterable

HEARTBEAT_INTERVAL_MS = 500


def emit(name: str, **fields) -> None:
    print(json.dumps({"name": name, **fields}), flush=True)


def partitions(assigned: Iterable) -> list[dict]:
    return [{"topic": tp.topic, "partition": tp.partition} for tp in assigned]


def consumed_event(batch: dict[tuple[str, int], list[int]]) -> None:
    emit("records_consumed", count=sum(len(offsets) for offsets in batch.values()), partitions=[
        {"topic": topic, "partition": partition, "count": len(offsets), "minOffset": min(offsets),
         "maxOffset": max(offsets)}
        for (topic, partition), offsets in batch.items()
    ])


def committed_event(batch: dict[tuple[str, int], list[int]], error: str | None) -> None:
    emit("offsets_committed", success=error is None, error=error, offsets=[
        {"topic": topic, "partition": partition, "offset": max(offsets) + 1}
        for (topic, partition), offsets in batch.items()
    ])


class RefusedCommits:
    """The last offset of each partition whose commit a rebalance refused. A partition that moved to another
    member is read again from the committed offset there (at-least-once); one the member kept, as cooperative
    rebalancing does, is not, and without another commit the group's offset would stay behind what was
    consumed once no more records arrive. `to_retry` gives those to commit again when the member is idle."""

    def __init__(self) -> None:
        self.last: dict[tuple[str, int], int] = {}

    def record(self, batch: dict[tuple[str, int], list[int]], refused: bool) -> None:
        for key, offsets in batch.items():
            if refused:
                self.last[key] = max(max(offsets), self.last.get(key, -1))
            elif self.last.get(key, -1) <= max(offsets):
                self.last.pop(key, None)

    def to_retry(self, owned: set[tuple[str, int]]) -> dict[tuple[str, int], list[int]]:
        self.last = {key: offset for key, offset in self.last.items() if key in owned}
        return {key: [offset] for key, offset in self.last.items()}


class Stop:
    def __init__(self) -> None:
        self.requested = False
        signal.signal(signal.SIGTERM, self.request)

    def request(self, *_args) -> None:
        self.requested = True


def run_kafka_python(args, stop: Stop) -> None:
    import kafka
    from kafka.errors import CommitFailedError, KafkaError, RebalanceInProgressError

    from compat_tests.py_clients import kp_wait_for_topic

    class Listener(kafka.ConsumerRebalanceListener):
        def on_partitions_revoked(self, revoked):
            emit("partitions_revoked", partitions=partitions(revoked))

        def on_partitions_assigned(self, assigned):
            emit("partitions_assigned", partitions=partitions(assigned))

    consumer = kafka.KafkaConsumer(
        bootstrap_servers=args.bootstrap_server, group_id=args.group_id, client_id=args.client_id,
        group_instance_id=args.group_instance_id, auto_offset_reset="earliest", enable_auto_commit=False,
        session_timeout_ms=args.session_timeout, heartbeat_interval_ms=HEARTBEAT_INTERVAL_MS,
    )
    kp_wait_for_topic(consumer, args.topic)
    consumer.subscribe([args.topic], listener=Listener())
    refused = RefusedCommits()

    def commit(batch: dict[tuple[str, int], list[int]]) -> None:
        try:
            consumer.commit({kafka.TopicPartition(topic, partition): kafka.OffsetAndMetadata(max(offsets) + 1, "", -1)
                             for (topic, partition), offsets in batch.items()})
            committed_event(batch, None)
            refused.record(batch, refused=False)
        except (CommitFailedError, RebalanceInProgressError) as error:
            committed_event(batch, type(error).__name__)
            refused.record(batch, refused=True)
        except KafkaError as error:
            committed_event(batch, repr(error))
            raise

    emit("startup_complete")
    try:
        while not stop.requested:
            polled = consumer.poll(timeout_ms=200)
            batch = {(tp.topic, tp.partition): [r.offset for r in records] for tp, records in polled.items() if records}
            if not batch:
                retry = refused.to_retry({(tp.topic, tp.partition) for tp in consumer.assignment()})
                if retry:
                    commit(retry)
                continue
            consumed_event(batch)
            time.sleep(args.pause_before_commit / 1000)
            commit(batch)
    finally:
        consumer.close()
    emit("shutdown_complete")


def run_confluent_kafka(args, stop: Stop) -> None:
    import confluent_kafka

    config = {
        "bootstrap.servers": args.bootstrap_server, "group.id": args.group_id, "client.id": args.client_id,
        "auto.offset.reset": "earliest", "enable.auto.commit": False,
        "partition.assignment.strategy": args.assignment_strategy,
        "session.timeout.ms": args.session_timeout, "heartbeat.interval.ms": HEARTBEAT_INTERVAL_MS,
    }
    if args.group_instance_id:
        config["group.instance.id"] = args.group_instance_id
    # librdkafka's client-level events (a broker connection dropped, all brokers down) are informational: printed
    # as `client_error` events (fatal says whether the client gave up), not raised from consume().
    config["error_cb"] = lambda error: emit("client_error", code=error.name(), fatal=error.fatal(), error=error.str())
    consumer = confluent_kafka.Consumer(config)
    consumer.subscribe(
        [args.topic],
        on_assign=lambda _consumer, assigned: emit("partitions_assigned", partitions=partitions(assigned)),
        on_revoke=lambda _consumer, revoked: emit("partitions_revoked", partitions=partitions(revoked)),
    )
    refused = RefusedCommits()

    def commit(batch: dict[tuple[str, int], list[int]]) -> None:
        try:
            consumer.commit(offsets=[confluent_kafka.TopicPartition(topic, partition, max(offsets) + 1)
                                     for (topic, partition), offsets in batch.items()], asynchronous=False)
            committed_event(batch, None)
            refused.record(batch, refused=False)
        except confluent_kafka.KafkaException as exc:
            error = exc.args[0]
            committed_event(batch, error.name())
            if error.code() not in (confluent_kafka.KafkaError.REBALANCE_IN_PROGRESS,
                                    confluent_kafka.KafkaError.ILLEGAL_GENERATION,
                                    confluent_kafka.KafkaError.UNKNOWN_MEMBER_ID,
                                    confluent_kafka.KafkaError._ASSIGNMENT_LOST):
                raise
            refused.record(batch, refused=True)

    emit("startup_complete")
    try:
        while not stop.requested:
            batch: dict[tuple[str, int], list[int]] = {}
            for message in consumer.consume(num_messages=500, timeout=0.2):
                if message.error() is not None:
                    raise confluent_kafka.KafkaException(message.error())
                batch.setdefault((message.topic(), message.partition()), []).append(message.offset())
            if not batch:
                retry = refused.to_retry({(tp.topic, tp.partition) for tp in consumer.assignment()})
                if retry:
                    commit(retry)
                continue
            consumed_event(batch)
            time.sleep(args.pause_before_commit / 1000)
            commit(batch)
    finally:
        consumer.close()
    emit("shutdown_complete")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--client", choices=["kafka-python", "confluent-kafka"], required=True)
    parser.add_argument("--bootstrap-server", required=True)
    parser.add_argument("--topic", required=True)
    parser.add_argument("--group-id", required=True)
    parser.add_argument("--client-id", default="group-member")
    parser.add_argument("--group-instance-id")
    parser.add_argument("--assignment-strategy", default="range")
    parser.add_argument("--session-timeout", type=int, default=10_000)
    parser.add_argument("--pause-before-commit", type=int, default=0,
                        help="ms between reporting records consumed and committing them (a window to kill it in)")
    args = parser.parse_args(argv)
    stop = Stop()
    {"kafka-python": run_kafka_python, "confluent-kafka": run_confluent_kafka}[args.client](args, stop)


if __name__ == "__main__":
    sys.exit(main())
