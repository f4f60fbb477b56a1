"""Hostile input against a running in-process broker: random bytes, bad frame sizes, truncated and mutated
valid requests. After each case the connection is answered or closed (never hangs), the broker logs no bug,
and a well-formed client still gets ApiVersions answered. A frame size above the limit allocates nothing big."""

import logging
import socket
import struct
import tracemalloc

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from server_raw_client import (
    RawClient,
    api_versions_v0,
    api_versions_v3,
    request_header_v1,
    request_header_v2,
)

from kbroker.protocol.messages.api_versions_response import ApiVersionsResponse
from kbroker.protocol.messages.describe_log_dirs_request import DescribableLogDirTopic, DescribeLogDirsRequest
from kbroker.testing import broker_config, run_broker_in_thread

# Bound on how long the broker may take to answer or close; reaching it fails the test (a hang).
SOCKET_BOUND_S = 10.0
MAX_REQUEST_BYTES = 1 << 20


class BugLog(logging.Handler):
    def __init__(self):
        super().__init__(logging.ERROR)
        self.messages = []

    def emit(self, record):
        self.messages.append(record.getMessage())


@pytest.fixture(scope="module")
def fuzz_broker(tmp_path_factory):
    bugs = BugLog()
    logging.getLogger("kbroker").addHandler(bugs)
    config = broker_config(tmp_path_factory.mktemp("fuzz") / "logs",
                           {"socket.request.max.bytes": MAX_REQUEST_BYTES})
    try:
        with run_broker_in_thread(config) as broker:
            broker.bugs = bugs
            yield broker
    finally:
        logging.getLogger("kbroker").removeHandler(bugs)
    assert bugs.messages == []


def valid_requests() -> list[bytes]:
    topics = [DescribableLogDirTopic(topic="t", partitions=[0, 1])]
    requests = [api_versions_v0(), api_versions_v3(version=3), api_versions_v3(version=4)]
    for version in range(1, 6):
        header = request_header_v2 if version >= 2 else request_header_v1
        for request in (DescribeLogDirsRequest(topics=None), DescribeLogDirsRequest(topics=topics)):
            requests.append(header(35, version, 9, "fuzz") + request.encode(version))
    return requests


VALID = valid_requests()


def exchange(broker, data: bytes) -> bytes:
    """Send the bytes, half-close, and read until the broker closes: everything it sent back."""
    with socket.create_connection((broker.host, broker.port), timeout=SOCKET_BOUND_S) as sock:
        try:
            sock.sendall(data)
            sock.shutdown(socket.SHUT_WR)
        except OSError:
            pass  # the broker already closed (a bad size or header): an allowed outcome
        received = bytearray()
        while True:
            try:
                chunk = sock.recv(65536)
            except ConnectionResetError:
                break
            except TimeoutError:
                pytest.fail(f"broker neither answered nor closed after {data[:64]!r}...")
            if not chunk:
                break
            received += chunk
    return bytes(received)


def assert_whole_frames(received: bytes) -> None:
    pos = 0
    while pos < len(received):
        (size,) = struct.unpack_from(">i", received, pos)
        pos += 4 + size
        assert pos <= len(received), "a response frame was cut off"


def assert_still_serving(broker) -> None:
    with RawClient(broker.host, broker.port, timeout=SOCKET_BOUND_S) as client:
        frame = client.request(api_versions_v0(correlation_id=77))
    assert frame is not None and struct.unpack_from(">i", frame)[0] == 77
    assert ApiVersionsResponse.decode(memoryview(frame), 4, 0)[0].error_code == 0
    assert broker.bugs.messages == []


def frame(payload: bytes) -> bytes:
    return struct.pack(">i", len(payload)) + payload


fuzz_settings = settings(max_examples=150, deadline=None, derandomize=True,
                         suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])


@fuzz_settings
@given(data=st.binary(max_size=2048))
def test_random_bytes(fuzz_broker, data):
    assert_whole_frames(exchange(fuzz_broker, data))
    assert_still_serving(fuzz_broker)


@fuzz_settings
@given(size=st.one_of(st.integers(-(2**31), -1), st.integers(MAX_REQUEST_BYTES + 1, 2**31 - 1),
                      st.integers(0, 64 * 1024)),
       body=st.binary(max_size=256))
def test_random_frame_sizes_with_short_bodies(fuzz_broker, size, body):
    assert exchange(fuzz_broker, struct.pack(">i", size) + body[:max(size - 1, 0)]) == b""
    assert_still_serving(fuzz_broker)


@fuzz_settings
@given(request=st.sampled_from(VALID), cut=st.integers(0, 200))
def test_truncated_valid_requests(fuzz_broker, request, cut):
    truncated = request[:max(len(request) - 1 - cut, 0)]
    assert_whole_frames(exchange(fuzz_broker, frame(truncated)))
    assert_still_serving(fuzz_broker)


@fuzz_settings
@given(request=st.sampled_from(VALID),
       mutations=st.lists(st.tuples(st.integers(0, 10_000), st.integers(0, 255)), min_size=1, max_size=8),
       then_valid=st.booleans())
def test_mutated_valid_requests(fuzz_broker, request, mutations, then_valid):
    mutated = bytearray(request)
    for position, value in mutations:
        mutated[position % len(mutated)] = value
    data = frame(bytes(mutated)) + (frame(api_versions_v0()) if then_valid else b"")
    assert_whole_frames(exchange(fuzz_broker, data))
    assert_still_serving(fuzz_broker)


def test_oversized_frame_header_allocates_nothing_big(tmp_path):
    """A 2 GiB size header is refused before any buffer is made; an allowed size followed by 10 bytes allocates
    nothing of its claimed size either (the frame grows with what arrives: tests/server/test_frame_memory.py)."""
    with run_broker_in_thread(broker_config(tmp_path / "logs")) as broker:  # default limit: 100 MiB
        assert_still_serving_plain(broker)
        tracemalloc.start()
        try:
            tracemalloc.reset_peak()
            before, _ = tracemalloc.get_traced_memory()
            assert exchange(broker, struct.pack(">i", 2**31 - 1) + b"x" * 100) == b""
            _, peak = tracemalloc.get_traced_memory()
            assert peak - before < 1 << 20

            frame_size = 8 << 20
            tracemalloc.reset_peak()
            before, _ = tracemalloc.get_traced_memory()
            assert exchange(broker, struct.pack(">i", frame_size) + b"x" * 10) == b""
            _, peak = tracemalloc.get_traced_memory()
            assert peak - before < 1 << 20
        finally:
            tracemalloc.stop()
        assert_still_serving_plain(broker)


def assert_still_serving_plain(broker) -> None:
    with RawClient(broker.host, broker.port, timeout=SOCKET_BOUND_S) as client:
        assert client.request(api_versions_v0()) is not None
