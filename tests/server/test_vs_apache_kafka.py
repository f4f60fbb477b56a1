"""kbroker's ApiVersions and DescribeLogDirs answers next to Apache Kafka 4.3.1's for the same requests.

Needs the distribution `make java` assembles (skipped without it, failed in CI like the compat tests)."""

import os
import struct

import pytest
from server_raw_client import RawClient, api_versions_v3, request_header_v2

from kbroker.protocol.messages.api_versions_response import ApiVersionsResponse
from kbroker.protocol.messages.describe_log_dirs_request import DescribeLogDirsRequest
from kbroker.protocol.messages.describe_log_dirs_response import DescribeLogDirsResponse

pytestmark = pytest.mark.java


@pytest.fixture(scope="module")
def apache_kafka_address():
    try:
        from compat_tests.kafka_dist import ApacheKafka, kafka_dist_is_built, missing_dist_message
    except ImportError:
        pytest.skip("compat_tests is not importable (run pytest from the repository root)")
    if not kafka_dist_is_built():
        if os.environ.get("CI"):
            pytest.fail(missing_dist_message())
        pytest.skip(missing_dist_message())
    with ApacheKafka() as kafka:
        host, port = kafka.bootstrap.rsplit(":", 1)
        yield host, int(port)


REQUESTS = {
    "unsupported version": request_header_v2(18, 127, 31, "probe") + b"\x00",
    "invalid software name": api_versions_v3(correlation_id=32, software="not valid!"),
    "v3": api_versions_v3(correlation_id=33, version=3),
    "v4": api_versions_v3(correlation_id=34, version=4),
    "describe log dirs": request_header_v2(35, 5, 35, "probe") + DescribeLogDirsRequest(topics=None).encode(5),
}


def ask(host, port) -> dict[str, bytes]:
    with RawClient(host, port) as client:
        return {name: client.request(request) for name, request in REQUESTS.items()}


@pytest.fixture(scope="module")
def answers(apache_kafka_address, tmp_path_factory):
    from kbroker.testing import broker_config, run_broker_in_thread

    kafka = ask(*apache_kafka_address)
    with run_broker_in_thread(broker_config(tmp_path_factory.mktemp("kbroker") / "logs")) as broker:
        ours = ask(broker.host, broker.port)
    return kafka, ours


@pytest.mark.parametrize("name", ["unsupported version", "invalid software name"])
def test_error_answers_are_byte_identical(answers, name):
    kafka, ours = answers
    assert ours[name] == kafka[name]


@pytest.mark.parametrize("name, version", [("v3", 3), ("v4", 4)])
def test_ranges_within_kafkas_and_the_same_metadata_version(answers, name, version):
    kafka, ours = (ApiVersionsResponse.decode(memoryview(a[name]), 4, version)[0] for a in answers)
    kafka_ranges = {k.api_key: (k.min_version, k.max_version) for k in kafka.api_keys}
    # Kafka advertises the telemetry APIs (v0 only) just with a receiver plugin, kbroker always (SKIPPED_FEATURES.md;
    # tests/telemetry/test_telemetry_vs_apache_kafka.py compares them with a plugin).
    assert 71 not in kafka_ranges and 72 not in kafka_ranges
    kafka_ranges.update({71: (0, 0), 72: (0, 0)})
    for key in ours.api_keys:
        low, high = kafka_ranges[key.api_key]
        assert low <= key.min_version <= key.max_version <= high, key
    assert kafka_ranges[18] == (0, 4) and kafka_ranges[35] == (1, 5)

    def features(response):
        supported = {f.name: (f.min_version, f.max_version) for f in response.supported_features}
        finalized = {f.name: (f.min_version_level, f.max_version_level) for f in response.finalized_features}
        return supported, finalized

    (kafka_supported, kafka_finalized), (our_supported, our_finalized) = features(kafka), features(ours)
    assert our_supported["metadata.version"] == kafka_supported["metadata.version"]
    assert our_finalized["metadata.version"] == kafka_finalized["metadata.version"]
    if version >= 4:  # kraft.version: supported 0-1, finalized at the quorum's level when above 0
        assert our_supported["kraft.version"] == kafka_supported["kraft.version"] == (0, 1)
        assert kafka_finalized["kraft.version"] == (1, 1)  # Kafka's node is formatted with --standalone
        assert "kraft.version" not in our_finalized  # kbroker's is a static quorum (level 0)
    # Below v4 Kafka leaves out features whose minimum is 0; so do we (we report none of those today).
    assert version >= 4 or all(low > 0 for low, _ in kafka_supported.values())


def test_describe_log_dirs_has_kafkas_shape(answers):
    kafka, ours = (DescribeLogDirsResponse.decode(memoryview(a["describe log dirs"]), 5, 5)[0] for a in answers)
    assert struct.unpack_from(">i", answers[1]["describe log dirs"])[0] == 35
    assert (ours.throttle_time_ms, ours.error_code) == (kafka.throttle_time_ms, kafka.error_code) == (0, 0)
    (kafka_dir,), (our_dir,) = kafka.results, ours.results
    assert (our_dir.error_code, our_dir.topics, our_dir.is_cordoned) == (kafka_dir.error_code, [], False)
    if os.stat(kafka_dir.log_dir).st_dev == os.stat(our_dir.log_dir).st_dev:
        assert our_dir.total_bytes == kafka_dir.total_bytes
