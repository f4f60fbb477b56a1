"""InitProducerId: kbroker's answers next to Apache Kafka 4.3.1's for the same raw requests.

Producer ids themselves differ between the brokers (each hands out its own blocks): answers are compared with
the id replaced by its distance from the id the same broker handed out just before."""

import time

import pytest

from kbroker.protocol.messages.init_producer_id_request import InitProducerIdRequest

pytestmark = pytest.mark.java

COORDINATOR_LOAD_IN_PROGRESS = 14
BLOCK_WAIT_ATTEMPTS = 300


def init(target, version, **fields):
    fields.setdefault("transaction_timeout_ms", 60000)
    return target.send(InitProducerIdRequest(**fields), version)


def first_id(target):
    """Kafka answers COORDINATOR_LOAD_IN_PROGRESS until its first producer-id block arrived."""
    for _ in range(BLOCK_WAIT_ATTEMPTS):
        answer = init(target, 5, transactional_id=None)
        if answer.error_code != COORDINATOR_LOAD_IN_PROGRESS:
            assert answer.error_code == 0, answer
            return answer.producer_id
        time.sleep(0.1)
    raise AssertionError("no producer id block")


REQUESTS = [
    *[(version, {"transactional_id": None}) for version in range(6)],
    (3, {"transactional_id": None, "producer_id": 5, "producer_epoch": 3}),
    (4, {"transactional_id": None, "producer_id": 5, "producer_epoch": 32767}),
    (5, {"transactional_id": None, "producer_id": 5, "producer_epoch": -7}),
    (4, {"transactional_id": None, "producer_id": 5, "producer_epoch": -1}),
    (5, {"transactional_id": None, "producer_id": -1, "producer_epoch": 3}),
    (5, {"transactional_id": "t", "producer_id": -1, "producer_epoch": 3}),
    (0, {"transactional_id": ""}),
    (4, {"transactional_id": "", "transaction_timeout_ms": 0}),
    *[(version, {"transactional_id": "t", "transaction_timeout_ms": timeout})
      for version in (0, 5) for timeout in (0, -5, 900001)],
]


def answers(target):
    previous = first_id(target)
    seen = []
    for version, fields in REQUESTS:
        answer = init(target, version, **fields)
        assert answer.throttle_time_ms == 0
        distance = None
        if answer.producer_id >= 0:
            distance, previous = answer.producer_id - previous, answer.producer_id
        seen.append((version, fields, answer.error_code, answer.producer_id if distance is None else distance,
                     answer.producer_epoch))
    return seen


def test_answers_match_kafka(kbroker_target, kafka_target):
    ours, kafkas = answers(kbroker_target), answers(kafka_target)
    for our, kafka in zip(ours, kafkas, strict=True):
        assert our == kafka
    assert [a[2:] for a in ours[:6]] == [(0, 1, 0)] * 6
