"""kill -9 and restart: acknowledged records (acks=all) survive a process crash, offsets continue where they
stopped, and clients reconnect to the restarted broker on the same port."""

import pytest

from compat_tests.py_clients import (
    Outgoing,
    ck_consume,
    ck_produce,
    create_topic,
    kp_consume,
    kp_produce,
    wait_until_serving,
)
from compat_tests.test_kafka_topics import describe_lines, partition_line

FIRST = 300
SECOND = 50


def test_acknowledged_records_survive_kill_9(fresh_broker, topic):
    create_topic(fresh_broker.bootstrap, topic, partitions=2)
    for partition in (0, 1):
        offsets = ck_produce(fresh_broker.bootstrap, topic,
                             [Outgoing(f"k{i}".encode(), f"p{partition}-{i}".encode()) for i in range(FIRST)],
                             partition=partition, **{"compression.type": "zstd"})
        assert offsets == list(range(FIRST))

    fresh_broker.kill()
    fresh_broker.restart()

    for partition in (0, 1):
        read = kp_consume(fresh_broker.bootstrap, topic, FIRST, partition=partition)
        assert [(r.offset, r.value) for r in read] == [(i, f"p{partition}-{i}".encode()) for i in range(FIRST)]

    offsets = kp_produce(fresh_broker.bootstrap, topic,
                         [Outgoing(None, f"after-{i}".encode()) for i in range(SECOND)], partition=0)
    assert offsets == list(range(FIRST, FIRST + SECOND))
    read = ck_consume(fresh_broker.bootstrap, topic, SECOND, offset=FIRST)
    assert [r.value for r in read] == [f"after-{i}".encode() for i in range(SECOND)]


@pytest.mark.java
@pytest.mark.usefixtures("kafka_tools")
def test_every_partition_is_led_again_after_kill_9_and_after_a_clean_restart(fresh_broker, topic):
    """Eligible leader replicas are on from format on both: a single node killed has no proof of a clean shutdown,
    leaves its ISRs and ELRs, and comes back as every partition's last known leader; a SIGTERM restart proves its
    broker epoch. Either way kafka-topics shows the same partitions, led, with empty ELR and last-known ELR."""
    create_topic(fresh_broker.bootstrap, topic, partitions=3)
    expected = [partition_line(topic, p) for p in range(3)]
    assert describe_lines(fresh_broker.bootstrap, topic)[1:] == expected
    fresh_broker.kill()
    fresh_broker.restart()
    for partition in range(3):
        wait_until_serving(fresh_broker.bootstrap, topic, partition)
    assert describe_lines(fresh_broker.bootstrap, topic)[1:] == expected
    fresh_broker.restart()
    for partition in range(3):
        wait_until_serving(fresh_broker.bootstrap, topic, partition)
    assert describe_lines(fresh_broker.bootstrap, topic)[1:] == expected
