"""kafka-python 3.0.12 infers broker version 4.3 from what kbroker advertises: through its own connection probe
and through its inference function over the ranges the broker actually returns."""

import struct

import pytest
from server_raw_client import RawClient, api_versions_v3

from kbroker.protocol.messages.api_versions_response import ApiVersionsResponse

kafka = pytest.importorskip("kafka")
from kafka.protocol.broker_version_data import infer_broker_version_from_api_versions  # noqa: E402


def advertised_ranges(broker) -> dict[int, tuple[int, int]]:
    with RawClient(broker.host, broker.port) as client:
        frame = client.request(api_versions_v3(version=4, software="kafka-python", software_version="3.0.12"))
    assert struct.unpack_from(">i", frame)[0] == 1
    response, _ = ApiVersionsResponse.decode(memoryview(frame), 4, 4)
    return {k.api_key: (k.min_version, k.max_version) for k in response.api_keys}


def test_inference_over_the_advertised_ranges_is_4_3(kafka_broker):
    assert infer_broker_version_from_api_versions(advertised_ranges(kafka_broker)) == (4, 3)


def test_kafka_python_connection_probe_infers_4_3(kafka_broker):
    """The real client connection: ApiVersions v4 handshake, then its inference on the parsed response."""
    from kafka.net.compat import KafkaNetClient

    client = KafkaNetClient(bootstrap_servers=kafka_broker.bootstrap)
    try:
        node_id = client.cluster.bootstrap_brokers()[0].node_id
        assert client.await_ready(node_id, timeout_ms=10000)
        assert client._manager.broker_version == (4, 3)
    finally:
        client.close()
