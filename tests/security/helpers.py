"""Helpers of the security tests: a registry whose Metadata handler records each request's principal, and raw
request frames."""

from __future__ import annotations

import struct

from kbroker.api.registry import ApiSpec, Registry


def recording_registry(seen: list, api_key: int = 3) -> Registry:
    registry = Registry.discover()
    original = registry.get(api_key)

    async def handle(ctx, request):
        seen.append(ctx.principal)
        return await original.handle(ctx, request)

    specs = dict(registry.specs)
    specs[api_key] = ApiSpec(api_key, original.min_version, original.max_version, handle, original.module)
    return Registry(specs)


def request_frame(api_key: int, version: int, body: bytes, correlation_id: int = 1, client_id: bytes = b"test",
                  flexible: bool = False) -> bytes:
    header = struct.pack(">hhih", api_key, version, correlation_id, len(client_id)) + client_id
    if flexible:
        header += b"\0"  # no tagged fields
    payload = header + body
    return struct.pack(">i", len(payload)) + payload


def read_response(sock) -> bytes | None:
    """The next response frame without its size; None once the broker closed (or reset) the connection."""
    data = b""
    try:
        while len(data) < 4:
            chunk = sock.recv(4 - len(data))
            if not chunk:
                return None
            data += chunk
        (size,) = struct.unpack(">i", data)
        body = b""
        while len(body) < size:
            chunk = sock.recv(size - len(body))
            if not chunk:
                return None
            body += chunk
    except ConnectionResetError:
        return None
    return body


def api_versions_request(correlation_id: int = 1) -> bytes:
    return request_frame(18, 0, b"", correlation_id)


def produce_and_consume(client: dict, values: list[bytes], **consumer_config) -> None:
    """confluent-kafka produces `values` to a new topic with `client`'s settings and a consumer group reads them
    back in order (each poll bounded: a bound on waiting, not a speed check)."""
    import uuid

    import confluent_kafka

    topic = f"sec-{uuid.uuid4().hex[:10]}"
    producer = confluent_kafka.Producer(client)
    for value in values:
        producer.produce(topic, value)
    assert producer.flush(30) == 0
    consumer = confluent_kafka.Consumer({**client, "group.id": topic, "auto.offset.reset": "earliest",
                                         **consumer_config})
    consumer.subscribe([topic])
    seen = []
    try:
        while len(seen) < len(values):
            message = consumer.poll(30)
            assert message is not None, f"consumed {len(seen)} of {len(values)} values"
            assert message.error() is None, message.error()
            seen.append(message.value())
    finally:
        consumer.close()
    assert seen == values


def first_client_error(client: dict):
    """The first error confluent-kafka reports for `client`'s settings (e.g. a failed authentication)."""
    import confluent_kafka

    reported: list = []
    producer = confluent_kafka.Producer({**client, "error_cb": reported.append})
    for _ in range(150):  # a bound on waiting, not a speed check
        producer.poll(0.2)
        if reported:
            return reported[0]
    raise AssertionError("no error reported")
