"""kafka.isolation.level=read_committed over data written by a transactional producer: records of aborted
transactions never appear, records of an open transaction appear only once it commits; read_uncommitted (the
default) sees everything that was written."""

from __future__ import annotations

import uuid

import pytest
from confluent_kafka import Producer

from compat_tests.raw_client import RawConnection
from spark.pipeline.admin import create_topic
from spark.tests.helpers import decoded, kafka_reader, run_available_now

TIMEOUT_S = 60.0
# FindCoordinator, InitProducerId, AddPartitionsToTxn, EndTxn: what a transactional producer needs.
TRANSACTION_API_KEYS = {10, 22, 24, 26}


def served_api_keys(bootstrap: str) -> set[int]:
    from kbroker.protocol.messages.api_versions_request import ApiVersionsRequest

    with RawConnection(bootstrap) as connection:
        return {api.api_key for api in connection.send(ApiVersionsRequest(), version=0).api_keys}


@pytest.fixture
def transactions_served(broker):
    """kbroker gains transactions with issue #6: until it advertises their APIs, this test skips for it."""
    missing = TRANSACTION_API_KEYS - served_api_keys(broker.bootstrap)
    if missing:
        pytest.skip(f"{broker.name} does not serve the transaction APIs {sorted(missing)} yet")


def transactional_producer(bootstrap: str) -> Producer:
    producer = Producer({"bootstrap.servers": bootstrap, "transactional.id": f"spark-test-{uuid.uuid4().hex}"})
    producer.init_transactions(TIMEOUT_S)
    return producer


def write_transaction(producer: Producer, topic: str, values: list[str], *, commit: bool | None) -> None:
    """One transaction over `values`, committed, aborted, or (commit=None) left open."""
    producer.begin_transaction()
    for value in values:
        producer.produce(topic, value=value)
    producer.flush(TIMEOUT_S)
    if commit is True:
        producer.commit_transaction(TIMEOUT_S)
    elif commit is False:
        producer.abort_transaction(TIMEOUT_S)


@pytest.mark.usefixtures("transactions_served")
def test_read_committed_skips_aborted_and_waits_for_open_transactions(spark, broker, topic, tmp_path):
    create_topic(broker.bootstrap, topic)
    producer = transactional_producer(broker.bootstrap)
    write_transaction(producer, topic, ["c0", "c1"], commit=True)
    write_transaction(producer, topic, ["a0", "a1", "a2"], commit=False)
    write_transaction(producer, topic, ["c2"], commit=True)
    write_transaction(producer, topic, ["o0"], commit=None)

    def committed_stream():
        stream = kafka_reader(
            spark, broker.bootstrap, stream=True, subscribe=topic, startingOffsets="earliest",
            **{"kafka.isolation.level": "read_committed"},
        )
        return run_available_now(stream.load(), tmp_path)[0]

    assert decoded(committed_stream()) == ["c0", "c1", "c2"]
    uncommitted = kafka_reader(spark, broker.bootstrap, stream=False, subscribe=topic).load().orderBy("offset")
    assert decoded(uncommitted.collect()) == ["c0", "c1", "a0", "a1", "a2", "c2", "o0"]

    producer.commit_transaction(TIMEOUT_S)
    assert decoded(committed_stream()) == ["c0", "c1", "c2", "o0"]
    committed_batch = kafka_reader(
        spark, broker.bootstrap, stream=False, subscribe=topic, **{"kafka.isolation.level": "read_committed"}
    ).load()
    assert decoded(committed_batch.orderBy("offset").collect()) == ["c0", "c1", "c2", "o0"]
