"""Semantically odd share group requests (any epochs, offsets, acknowledge types, sizes, member and group ids)
against an in-process kbroker: every one gets an answer with Kafka's error codes, the connection stays open, and
the broker logs no ERROR (a handler bug)."""

from __future__ import annotations

import logging
import uuid

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kbroker.protocol.blocking_client import KafkaConnection
from kbroker.protocol.messages.share_group_heartbeat_request import ShareGroupHeartbeatRequest
from kbroker.testing import broker_config, run_broker_in_thread
from tests.share.share_wire import create_topic, produce, share_acknowledge, share_fetch


class _Errors(logging.Handler):
    def __init__(self):
        super().__init__(logging.ERROR)
        self.messages = []

    def emit(self, record):
        self.messages.append(record.getMessage())


@pytest.fixture(scope="module")
def fuzzed(tmp_path_factory):
    found = _Errors()
    logging.getLogger("kbroker").addHandler(found)
    try:
        config = broker_config(tmp_path_factory.mktemp("share-fuzz") / "logs")
        with run_broker_in_thread(config) as broker:
            bootstrap = f"{broker.host}:{broker.port}"
            create_topic(bootstrap, "fz")
            produce(bootstrap, "fz", [f"r{i}" for i in range(20)])
            topic_id = broker.state.image.topic("fz").topic_id
            with KafkaConnection(bootstrap) as conn:
                yield conn, topic_id, found
    finally:
        logging.getLogger("kbroker").removeHandler(found)
    assert found.messages == []


INT32 = st.integers(-(1 << 31), (1 << 31) - 1)
OFFSET = st.integers(-3, 40)
ACKS = st.lists(st.tuples(OFFSET, OFFSET, st.integers(-2, 6)), max_size=3)
IDS = st.sampled_from(["", "g", "other"])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(kind=st.sampled_from(["heartbeat", "fetch", "ack"]), group=IDS, member=st.sampled_from(["", "m", "n"]),
       epoch=st.integers(-3, 4), acks=ACKS, known_topic=st.booleans(), topics=st.sampled_from([None, [], ["fz"],
                                                                                                ["nope"]]))
def test_any_share_request_is_answered(fuzzed, kind, group, member, epoch, acks, known_topic, topics):
    conn, topic_id, found = fuzzed
    target = topic_id if known_topic else uuid.UUID(int=7)
    if kind == "heartbeat":
        answer = conn.send(ShareGroupHeartbeatRequest(group_id=group, member_id=member, member_epoch=epoch,
                                                      subscribed_topic_names=topics), version=1)
    elif kind == "fetch":
        answer = share_fetch(conn, group, member, epoch, target, acks=acks, max_wait_ms=0)
    else:
        answer = share_acknowledge(conn, group, member, epoch, target, acks)
    assert answer is not None
    assert found.messages == []
