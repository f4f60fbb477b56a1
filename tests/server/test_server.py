"""Connection handling: what closes a connection, what keeps the broker serving, in-order replies with
NO_RESPONSE, and file regions sent with sendfile. Uses test-only registries around the real ApiVersions."""

import logging
import os
import struct

import pytest
from server_raw_client import RawClient, api_versions_v0, request_header_v1, request_header_v2

from kbroker.api import api_versions, describe_log_dirs
from kbroker.api.context import NO_RESPONSE, CloseConnection
from kbroker.api.registry import ApiSpec, Registry, spec_of
from kbroker.protocol import wire
from kbroker.protocol.messages.api_versions_response import ApiVersionsResponse
from kbroker.protocol.messages.fetch_request import FetchRequest
from kbroker.protocol.messages.fetch_response import FetchableTopicResponse, FetchResponse, PartitionData
from kbroker.protocol.messages.metadata_request import MetadataRequest
from kbroker.protocol.messages.produce_request import ProduceRequest
from kbroker.protocol.messages.produce_response import ProduceResponse
from kbroker.testing import broker_config, run_broker_in_thread


def assert_api_versions_answered(broker, correlation_id=5):
    with RawClient(broker.host, broker.port) as client:
        frame = client.request(api_versions_v0(correlation_id=correlation_id))
    assert frame is not None
    assert struct.unpack_from(">i", frame)[0] == correlation_id
    response, _ = ApiVersionsResponse.decode(memoryview(frame)[4:], 0, 0)
    assert response.error_code == 0


def test_unknown_api_key_closes_the_connection_with_one_log_line(kafka_broker, caplog):
    caplog.set_level(logging.WARNING, logger="kbroker.server")
    with RawClient(kafka_broker.host, kafka_broker.port) as client:
        client.send_frame(request_header_v1(999, 0, 1, "mystery-client"))
        assert client.is_closed_by_peer()
    lines = [r.getMessage() for r in caplog.records if "closing connection" in r.getMessage()]
    assert len(lines) == 1
    assert "unknown API key 999" in lines[0] and "mystery-client" in lines[0] and "127.0.0.1:" in lines[0]
    assert_api_versions_answered(kafka_broker)


def test_a_kafka_api_kbroker_does_not_serve_is_named_in_the_log_line(kafka_broker, caplog):
    caplog.set_level(logging.WARNING, logger="kbroker.server")
    unserved = 4  # LeaderAndIsr: a ZooKeeper-era inter-broker API that Kafka 4 and kbroker no longer serve
    with RawClient(kafka_broker.host, kafka_broker.port) as client:
        client.send_frame(request_header_v1(unserved, 7, 1, "zk-era-client"))
        assert client.is_closed_by_peer()
    (line,) = [r.getMessage() for r in caplog.records if "closing connection" in r.getMessage()]
    assert "LeaderAndIsr (API key 4, version 7" in line and "zk-era-client" in line
    assert "does not serve" in line and "SKIPPED_FEATURES.md" in line
    assert_api_versions_answered(kafka_broker)


def test_version_outside_the_advertised_range_closes_the_connection(kafka_broker, caplog):
    caplog.set_level(logging.WARNING, logger="kbroker.server")
    with RawClient(kafka_broker.host, kafka_broker.port) as client:
        # DescribeLogDirs is advertised from v1; v0 is gone in Kafka 4.
        client.send_frame(request_header_v1(35, 0, 1, "old-client") + struct.pack(">i", -1))
        assert client.is_closed_by_peer()
    (line,) = [r.getMessage() for r in caplog.records if "closing connection" in r.getMessage()]
    assert "unsupported version 0 of API key 35" in line and "old-client" in line


@pytest.mark.parametrize("size", [-1, -(2**31), 104857601, 2**31 - 1])
def test_frame_size_out_of_bounds_closes_before_reading_the_body(kafka_broker, size):
    with RawClient(kafka_broker.host, kafka_broker.port) as client:
        client.send_raw(struct.pack(">i", size))
        assert client.is_closed_by_peer()
    assert_api_versions_answered(kafka_broker)


def test_frame_size_limit_follows_socket_request_max_bytes(tmp_path):
    config = broker_config(tmp_path / "logs", {"socket.request.max.bytes": 64})
    with run_broker_in_thread(config) as broker:
        with RawClient(broker.host, broker.port) as client:
            client.send_frame(api_versions_v0() + b"\x00" * (65 - len(api_versions_v0())))
            assert client.is_closed_by_peer()
        with RawClient(broker.host, broker.port) as client:
            # A frame of exactly the limit is read (and answered: trailing bytes are ignored like Kafka).
            assert client.request(api_versions_v0() + b"\x00" * (64 - len(api_versions_v0()))) is not None


def test_malformed_body_closes_the_connection(kafka_broker):
    with RawClient(kafka_broker.host, kafka_broker.port) as client:
        # DescribeLogDirs v1 topics array claims 1000 entries but no bytes follow.
        client.send_frame(request_header_v1(35, 1, 1, "c") + struct.pack(">i", 1000))
        assert client.is_closed_by_peer()
    assert_api_versions_answered(kafka_broker)


def test_malformed_header_closes_the_connection(kafka_broker):
    with RawClient(kafka_broker.host, kafka_broker.port) as client:
        # ApiVersions v0 with a client id length of 50 but only 2 bytes of it.
        client.send_frame(struct.pack(">hhih", 18, 0, 1, 50) + b"ab")
        assert client.is_closed_by_peer()


# A test registry: the real ApiVersions plus three test-only handlers.

async def _fail(ctx, request):
    raise RuntimeError("handler bug for the test")


async def _produce(ctx, request):
    if request.acks == 0:
        if request.transactional_id == "fail":
            raise CloseConnection("acks=0 produce failed")
        return NO_RESPONSE
    return ProduceResponse()


def _fetch_handler(region_by_key):
    async def handle(ctx, request):
        region = region_by_key["region"]
        return FetchResponse(responses=[FetchableTopicResponse(topic="t", partitions=[
            PartitionData(partition_index=0, high_watermark=1, records=region)])])
    return handle


def _registry(extra):
    return Registry.of([spec_of(api_versions), spec_of(describe_log_dirs), *extra])


def test_handler_exception_is_logged_and_closes_only_that_connection(tmp_path, caplog):
    registry = _registry([ApiSpec(3, 0, 13, _fail, "test.failing")])
    with run_broker_in_thread(broker_config(tmp_path / "logs"), registry=registry) as broker:
        with RawClient(broker.host, broker.port) as bystander:
            with RawClient(broker.host, broker.port) as client:
                client.send_frame(request_header_v1(3, 1, 1, "c") + MetadataRequest(topics=None).encode(1))
                assert client.is_closed_by_peer()
            assert bystander.request(api_versions_v0(correlation_id=3)) is not None
    bug = [r for r in caplog.records if r.getMessage().startswith("bug:")]
    assert len(bug) == 1 and bug[0].exc_info and "handler bug for the test" in str(bug[0].exc_info[1])


def test_no_response_keeps_its_place_and_later_replies_stay_in_order(tmp_path):
    registry = _registry([ApiSpec(0, 3, 9, _produce, "test.produce")])
    with run_broker_in_thread(broker_config(tmp_path / "logs"), registry=registry) as broker:
        with RawClient(broker.host, broker.port) as client:
            pipelined = b""
            for correlation_id, acks in [(1, 0), (2, 1), (3, 0), (4, 0)]:
                body = ProduceRequest(acks=acks, timeout_ms=1000, topic_data=[]).encode(9)
                payload = request_header_v2(0, 9, correlation_id, "p") + body
                pipelined += struct.pack(">i", len(payload)) + payload
            payload = api_versions_v0(correlation_id=5)
            pipelined += struct.pack(">i", len(payload)) + payload
            client.send_raw(pipelined)
            first, second = client.recv_frame(), client.recv_frame()
    assert struct.unpack_from(">i", first)[0] == 2
    assert struct.unpack_from(">i", second)[0] == 5


def test_file_regions_are_sent_with_sendfile(tmp_path, monkeypatch):
    sendfile_calls = []
    real_sendfile = os.sendfile

    def counting_sendfile(out_fd, in_fd, offset, count):
        sendfile_calls.append((offset, count))
        return real_sendfile(out_fd, in_fd, offset, count)

    monkeypatch.setattr(os, "sendfile", counting_sendfile)
    data_path = tmp_path / "segment.log"
    payload = bytes(range(256)) * 64  # 16 KiB, above the Writer's copy limit
    data_path.write_bytes(b"HEADER" + payload + b"TRAILER")
    region_by_key = {}
    registry = _registry([ApiSpec(1, 4, 12, _fetch_handler(region_by_key), "test.fetch")])
    with open(data_path, "rb") as f:
        region_by_key["region"] = wire.FileRegion(f.fileno(), 6, len(payload))
        with run_broker_in_thread(broker_config(tmp_path / "logs"), registry=registry) as broker:
            with RawClient(broker.host, broker.port) as client:
                for version in (4, 12):  # header v0 rigid body, header v1 flexible body
                    body = FetchRequest(max_wait_ms=0, min_bytes=1, topics=[]).encode(version)
                    frame = client.request(request_header_v1(1, version, 7, "f") + body if version < 12
                                           else request_header_v2(1, version, 7, "f") + body)
                    header_size = 4 if version < 12 else 5
                    response, end = FetchResponse.decode(memoryview(frame), header_size, version)
                    assert end == len(frame)
                    assert bytes(response.responses[0].partitions[0].records) == payload
    assert sendfile_calls and sendfile_calls[0] == (6, len(payload))


def test_idle_connection_is_closed_after_connections_max_idle_ms(tmp_path):
    config = broker_config(tmp_path / "logs", {"connections.max.idle.ms": 100})
    with run_broker_in_thread(config) as broker:
        with RawClient(broker.host, broker.port) as client:
            assert client.request(api_versions_v0()) is not None
            assert client.is_closed_by_peer()  # blocks (bounded by the socket timeout) until the broker closes


def test_handler_may_close_the_connection_deliberately(tmp_path, caplog):
    caplog.set_level(logging.WARNING, logger="kbroker.server")
    registry = _registry([ApiSpec(0, 3, 9, _produce, "test.produce")])
    with run_broker_in_thread(broker_config(tmp_path / "logs"), registry=registry) as broker:
        with RawClient(broker.host, broker.port) as client:
            body = ProduceRequest(transactional_id="fail", acks=0, timeout_ms=1000, topic_data=[]).encode(9)
            client.send_frame(request_header_v2(0, 9, 1, "p") + body)
            assert client.is_closed_by_peer()
    messages = [r.getMessage() for r in caplog.records]
    assert any("closing connection" in m and "acks=0 produce failed" in m for m in messages)
    assert not any(m.startswith("bug:") for m in messages)
