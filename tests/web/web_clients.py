"""What the tests of the HTTP listener do as clients: one raw HTTP exchange, and a kafka-python group member that
reads a topic to its end and commits."""

from __future__ import annotations

import time

import trio


async def exchange(port: int, data: bytes) -> bytes:
    """Send `data` to 127.0.0.1:`port`; everything the server answers until it closes."""
    stream = await trio.open_tcp_stream("127.0.0.1", port)
    async with stream:
        await stream.send_all(data)
        received = bytearray()
        while chunk := await stream.receive_some(65536):
            received += chunk
    return bytes(received)


def read_and_commit(bootstrap: str, topic: str, group: str, count: int):
    """A kafka-python consumer of `group` that read `count` records of `topic` from the start and committed them;
    still a member of the group when returned (the caller closes it)."""
    from kafka import KafkaConsumer

    consumer = KafkaConsumer(topic, bootstrap_servers=bootstrap, group_id=group, auto_offset_reset="earliest",
                             enable_auto_commit=False)
    seen = 0
    deadline = time.monotonic() + 60
    while seen < count and time.monotonic() < deadline:
        seen += sum(len(records) for records in consumer.poll(timeout_ms=500).values())
    assert seen == count
    consumer.commit()
    return consumer
