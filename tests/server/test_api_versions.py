"""ApiVersions over a raw socket: v0 and v3/v4 bodies, KIP-511 unsupported-version answer, client software
validation, features; decoded with the generated response class."""

import struct

import pytest
from server_raw_client import RawClient, api_versions_v0, api_versions_v3, request_header_v2

from kbroker.api.registry import Registry
from kbroker.protocol import errors
from kbroker.protocol.messages.api_versions_response import ApiVersionsResponse


def split_response_header_v0(frame: bytes) -> tuple[int, memoryview]:
    """Response header v0 is just the int32 correlation id (ApiVersions responses always use v0)."""
    (correlation_id,) = struct.unpack_from(">i", frame, 0)
    return correlation_id, memoryview(frame)[4:]


def decode(frame: bytes, version: int) -> tuple[int, ApiVersionsResponse]:
    correlation_id, body = split_response_header_v0(frame)
    response, end = ApiVersionsResponse.decode(body, 0, version)
    assert end == len(body), "trailing bytes after the response body"
    return correlation_id, response


def ranges(response: ApiVersionsResponse) -> list[tuple[int, int, int]]:
    return [(k.api_key, k.min_version, k.max_version) for k in response.api_keys]


def test_v0_and_v3_advertise_the_same_ranges_as_the_registry(kafka_broker):
    with RawClient(kafka_broker.host, kafka_broker.port) as client:
        correlation_v0, v0 = decode(client.request(api_versions_v0(correlation_id=11)), 0)
        correlation_v3, v3 = decode(client.request(api_versions_v3(correlation_id=12)), 3)
    assert (correlation_v0, correlation_v3) == (11, 12)
    assert v0.error_code == v3.error_code == errors.NONE.code
    assert ranges(v0) == ranges(v3) == Registry.discover().ranges()
    assert (18, 0, 4) in ranges(v0)
    assert (35, 1, 5) in ranges(v0)
    assert v3.throttle_time_ms == 0


def test_v3_body_is_flexible_behind_a_v0_response_header(kafka_broker):
    with RawClient(kafka_broker.host, kafka_broker.port) as client:
        frame = client.request(api_versions_v3(correlation_id=7))
    # Header v0: correlation id, then straight into the body's int16 error code (no tagged-field byte).
    assert frame[:4] == struct.pack(">i", 7)
    assert frame[4:6] == b"\x00\x00"
    # The ApiKeys array is compact: uvarint(count + 1).
    _, v3 = decode(frame, 3)
    assert frame[6] == len(v3.api_keys) + 1


def test_v3_and_v4_report_the_features_kafka_4_3_finalizes_at_format(kafka_broker):
    with RawClient(kafka_broker.host, kafka_broker.port) as client:
        _, v3 = decode(client.request(api_versions_v3(version=3)), 3)
        _, v4 = decode(client.request(api_versions_v3(version=4)), 4)
    for response in (v3, v4):
        supported = {f.name: (f.min_version, f.max_version) for f in response.supported_features}
        finalized = {f.name: (f.min_version_level, f.max_version_level) for f in response.finalized_features}
        assert supported["metadata.version"] == (7, 30)
        assert finalized == {"metadata.version": (30, 30), "transaction.version": (2, 2), "group.version": (1, 1),
                             "eligible.leader.replicas.version": (1, 1), "share.version": (1, 1),
                             "streams.version": (1, 1)}
        assert response.finalized_features_epoch >= 0
        # v3 leaves out features whose lowest supported level is 0 (all but metadata.version); v4 lists them.
        expected = {"metadata.version"} if response is v3 else {
            "metadata.version", "kraft.version", "transaction.version", "group.version",
            "eligible.leader.replicas.version", "share.version", "streams.version"}
        assert set(supported) == expected
        assert response.zk_migration_ready is False


def test_unsupported_version_gets_v0_body_with_error_35_and_only_the_api_versions_range(kafka_broker):
    with RawClient(kafka_broker.host, kafka_broker.port) as client:
        # A v127 request has a flexible header (v2); its body is never read.
        frame = client.request(request_header_v2(18, 127, 99, "future-client") + b"\x00")
        correlation_id, response = decode(frame, 0)
        assert correlation_id == 99
        assert response.error_code == errors.UNSUPPORTED_VERSION.code == 35
        assert ranges(response) == [(18, 0, 4)]
        # The connection stays usable: the client retries at a version it now knows.
        _, retry = decode(client.request(api_versions_v3(correlation_id=100)), 3)
        assert retry.error_code == 0


@pytest.mark.parametrize("name, version", [("bad name", "1.0"), ("ok", "-1"), ("", "1.0"), ("ok", "1.0."),
                                           ("ok", "")])
def test_v3_rejects_client_software_not_matching_kafkas_pattern(kafka_broker, name, version):
    with RawClient(kafka_broker.host, kafka_broker.port) as client:
        _, response = decode(client.request(api_versions_v3(software=name, software_version=version)), 3)
    assert response.error_code == errors.INVALID_REQUEST.code == 42
    assert response.api_keys == []


@pytest.mark.parametrize("name, version", [("librdkafka", "2.16.1"), ("apache-kafka-java", "4.3.1"),
                                           ("kafka-python", "3.0.12"), ("a", "b")])
def test_v3_accepts_real_client_software_names(kafka_broker, name, version):
    with RawClient(kafka_broker.host, kafka_broker.port) as client:
        _, response = decode(client.request(api_versions_v3(software=name, software_version=version)), 3)
    assert response.error_code == 0
