"""InitProducerId and the producer-id block manager: block hand-out and prefetch with a fake controller, then
the handler on an in-process broker (ids across blocks and restarts, errors) and idempotent producers of
confluent-kafka and kafka-python."""

import os

import pytest
import trio

from kbroker.metadata.controller import ApiError, ProducerIdBlock
from kbroker.producer_ids import ProducerIdManager, ProducerIdUnavailable
from kbroker.protocol import records as R
from kbroker.protocol.blocking_client import KafkaConnection
from kbroker.protocol.messages.create_topics_request import CreatableTopic
from kbroker.protocol.messages.init_producer_id_request import InitProducerIdRequest
from kbroker.testing import broker_config, run_broker_in_thread

NONE, COORDINATOR_LOAD_IN_PROGRESS, NOT_COORDINATOR = 0, 14, 16
INVALID_REQUEST, INVALID_TRANSACTION_TIMEOUT, STALE_BROKER_EPOCH = 42, 50, 77


class FakeController:
    """Hands out blocks of `size` ids from `first`, or the errors queued in `failures`."""

    def __init__(self, first=0, size=10):
        self.next = first
        self.size = size
        self.calls = 0
        self.failures: list[int] = []
        self.blocks: list[ProducerIdBlock] = []

    async def allocate(self):
        self.calls += 1
        await trio.sleep(0)
        if self.failures:
            return ProducerIdBlock(ApiError(self.failures.pop(0), "refused"))
        if self.blocks:
            return self.blocks.pop(0)
        block = ProducerIdBlock(ApiError(), self.next, self.size)
        self.next += self.size
        return block


def run(async_fn):
    return trio.run(async_fn)


def test_ids_come_in_order_from_consecutive_blocks():
    controller = FakeController(first=3000, size=10)
    manager = ProducerIdManager(controller.allocate, broker_id=1)

    async def main():
        return [await manager.generate_producer_id() for _ in range(25)]
    assert run(main) == list(range(3000, 3025))
    assert controller.calls == 3


def test_next_block_is_fetched_when_the_90_percent_id_is_handed_out():
    controller = FakeController(size=10)
    manager = ProducerIdManager(controller.allocate, broker_id=1)

    async def main():
        calls = []
        for _ in range(11):
            await manager.generate_producer_id()
            calls.append(controller.calls)
        return calls
    # id 9 (index 9 = 90 % of 10) triggers the prefetch; id 10 then comes from the prefetched block.
    assert run(main) == [1] * 9 + [2, 2]


def test_concurrent_requests_share_one_allocation():
    controller = FakeController(size=4)
    manager = ProducerIdManager(controller.allocate, broker_id=1)
    ids = []

    async def take():
        ids.append(await manager.generate_producer_id())

    async def main():
        async with trio.open_nursery() as nursery:
            for _ in range(3):
                nursery.start_soon(take)
    run(main)
    assert sorted(ids) == [0, 1, 2]
    assert controller.calls == 1


def test_refused_allocation_is_coordinator_load_in_progress_and_is_retried():
    controller = FakeController(size=10)
    controller.failures = [STALE_BROKER_EPOCH]
    manager = ProducerIdManager(controller.allocate, broker_id=1)

    async def main():
        with pytest.raises(ProducerIdUnavailable) as failure:
            await manager.generate_producer_id()
        assert failure.value.error_code == COORDINATOR_LOAD_IN_PROGRESS
        assert "STALE_BROKER_EPOCH" in str(failure.value)
        return await manager.generate_producer_id()
    assert run(main) == 0


def test_failed_prefetch_still_hands_out_the_rest_of_the_block():
    controller = FakeController(size=10)
    manager = ProducerIdManager(controller.allocate, broker_id=1)

    async def main():
        ids = [await manager.generate_producer_id() for _ in range(9)]
        controller.failures = [STALE_BROKER_EPOCH]
        ids += [await manager.generate_producer_id() for _ in range(3)]
        return ids
    assert run(main) == list(range(12))
    assert controller.calls == 3  # first block, failed prefetch, fetch when the block ran out


def test_block_below_the_current_one_is_refused():
    controller = FakeController(first=100, size=2)
    controller.blocks = [ProducerIdBlock(ApiError(), 100, 2), ProducerIdBlock(ApiError(), 50, 2)]
    manager = ProducerIdManager(controller.allocate, broker_id=1)

    async def main():
        assert [await manager.generate_producer_id() for _ in range(2)] == [100, 101]
        with pytest.raises(ProducerIdUnavailable, match="not above the current block"):
            await manager.generate_producer_id()
    run(main)


# --- the handler on a broker -----------------------------------------------------------------------------------

def init(conn, version=4, **fields):
    fields.setdefault("transactional_id", None)
    fields.setdefault("transaction_timeout_ms", 60000)
    return conn.send(InitProducerIdRequest(**fields), version=version)


@pytest.fixture
def log_dir(tmp_path):
    return tmp_path / "logs"


def test_ids_cross_block_boundaries_and_blocks_survive_a_restart(log_dir):
    with run_broker_in_thread(broker_config(log_dir)) as broker, KafkaConnection(broker.bootstrap) as conn:
        answers = [init(conn) for _ in range(1001)]
        assert {(a.error_code, a.producer_epoch, a.throttle_time_ms) for a in answers} == {(NONE, 0, 0)}
        assert [a.producer_id for a in answers] == list(range(1001))
        # The block after the first was allocated through the metadata log when id 900 went out.
        assert broker.state.image.next_producer_id == 2000
    with run_broker_in_thread(broker_config(log_dir)) as broker, KafkaConnection(broker.bootstrap) as conn:
        assert init(conn).producer_id == 2000


def test_reinit_of_an_idempotent_producer_gets_a_new_id_at_epoch_0(kafka_broker):
    with KafkaConnection(kafka_broker.bootstrap) as conn:
        first = init(conn, 4)
        again = init(conn, 4, producer_id=first.producer_id, producer_epoch=first.producer_epoch)
        assert (again.error_code, again.producer_id, again.producer_epoch) == (NONE, first.producer_id + 1, 0)


@pytest.mark.parametrize("fields, code", [
    ({"producer_id": 7, "producer_epoch": -1}, INVALID_REQUEST),
    ({"producer_id": -1, "producer_epoch": 0}, INVALID_REQUEST),
    ({"transactional_id": ""}, INVALID_REQUEST),
    ({"transactional_id": "tx", "transaction_timeout_ms": 0}, INVALID_TRANSACTION_TIMEOUT),
    ({"transactional_id": "tx", "transaction_timeout_ms": 900001}, INVALID_TRANSACTION_TIMEOUT),
    # No __transaction_state yet (FindCoordinator creates it): no partition of it is this node's, as on Kafka.
    ({"transactional_id": "tx", "transaction_timeout_ms": 900000}, NOT_COORDINATOR),
])
def test_errors(kafka_broker, fields, code):
    with KafkaConnection(kafka_broker.bootstrap) as conn:
        answer = init(conn, 5, **fields)
    assert (answer.error_code, answer.producer_id, answer.producer_epoch) == (code, -1, -1)


def test_transaction_timeout_limit_follows_the_broker_config(tmp_path):
    config = broker_config(tmp_path / "logs", {"transaction.max.timeout.ms": 1000})
    with run_broker_in_thread(config) as broker, KafkaConnection(broker.bootstrap) as conn:
        assert init(conn, transactional_id="tx", transaction_timeout_ms=1001).error_code == \
            INVALID_TRANSACTION_TIMEOUT


# --- idempotent producers of stock clients ---------------------------------------------------------------------

def create_topic(broker, name):
    controller = broker.state.metadata.controller
    (result,) = broker.call(broker.state.run_controller, controller.create_topics,
                            [CreatableTopic(name=name, num_partitions=1, replication_factor=1)])
    assert result.error.code == NONE, result


def stored_batches(broker, topic):
    log = broker.state.partitions.get(topic, 0).log
    return [batch for data in log.read_batches() for batch in R.iter_batches(memoryview(data))]


def test_confluent_kafka_idempotent_producer(kafka_broker):
    confluent_kafka = pytest.importorskip("confluent_kafka")
    create_topic(kafka_broker, "idem")
    producer = confluent_kafka.Producer({"bootstrap.servers": kafka_broker.bootstrap, "enable.idempotence": True,
                                         "linger.ms": 0})
    failures = []
    for i in range(20):
        producer.produce("idem", value=b"v%d" % i, partition=0,
                         on_delivery=lambda err, _msg: err is not None and failures.append(err))
    assert producer.flush(30) == 0
    del producer  # librdkafka handles close when collected: before the broker stops
    assert failures == []
    batches = stored_batches(kafka_broker, "idem")
    assert {(b.producer_id, b.producer_epoch) for b in batches} == {(0, 0)}
    assert sum(b.last_offset_delta + 1 for b in batches) == 20


def test_kafka_python_idempotent_producer(kafka_broker):
    kafka = pytest.importorskip("kafka")
    create_topic(kafka_broker, "idem")
    producer = kafka.KafkaProducer(bootstrap_servers=kafka_broker.bootstrap, enable_idempotence=True, acks="all")
    try:
        futures = [producer.send("idem", value=b"v%d" % i, partition=0) for i in range(20)]
        producer.flush(30)
        offsets = [future.get(30).offset for future in futures]
    finally:
        producer.close(10)
    assert offsets == list(range(20))
    assert {(b.producer_id, b.producer_epoch) for b in stored_batches(kafka_broker, "idem")} == {(0, 0)}


@pytest.mark.java
def test_java_producer_is_idempotent_by_default(kafka_broker):
    from compat_tests.kafka_dist import kafka_dist_is_built, missing_dist_message, run_kafka_tool

    if not kafka_dist_is_built():
        if os.environ.get("CI"):
            pytest.fail(missing_dist_message())
        pytest.skip(missing_dist_message())
    create_topic(kafka_broker, "idem")
    result = run_kafka_tool("org.apache.kafka.tools.ProducerPerformance", "--topic", "idem", "--num-records", "500",
                            "--record-size", "100", "--throughput", "-1", "--producer-props",
                            f"bootstrap.servers={kafka_broker.bootstrap}", "linger.ms=0")
    assert result.returncode == 0, result.stdout + result.stderr
    batches = stored_batches(kafka_broker, "idem")
    assert {(b.producer_id, b.producer_epoch) for b in batches} == {(0, 0)}
    assert sum(b.last_offset_delta + 1 for b in batches) == 500
