"""kill -9 and restart: acknowledged records (acks=all) survive a process crash, offsets continue where they
stopped, and clients reconnect to the restarted broker on the same port."""

from compat_tests.py_clients import Outgoing, ck_consume, ck_produce, create_topic, kp_consume, kp_produce

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
