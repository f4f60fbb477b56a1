"""--emulate-kafka X.Y (kbroker.emulate.kafka.version) over a raw socket: ApiVersions advertises the release's
APIs and versions (as kbroker serves them) and its features, a request for an API the release lacked closes the
connection as an unknown API key does, a version above the release's gets Kafka's answer, and an unknown release
is refused when the config loads."""

import shlex
import struct
import subprocess
import sys
from pathlib import Path

import pytest
from server_raw_client import RawClient, api_versions_v3, request_header_v2

from kbroker.api.registry import Registry
from kbroker.config import BrokerConfig, ConfigError
from kbroker.protocol import errors
from kbroker.protocol.kafka_releases import release
from kbroker.protocol.messages.api_versions_response import ApiVersionsResponse
from kbroker.testing import broker_config, run_broker_in_thread, start_broker_process, start_serve_process


def decode(frame: bytes, version: int) -> ApiVersionsResponse:
    response, end = ApiVersionsResponse.decode(memoryview(frame)[4:], 0, version)
    assert end == len(frame) - 4
    return response


def expected_ranges(name: str) -> dict[int, tuple[int, int]]:
    """min/max of what both kbroker and the release serve, for the APIs both have."""
    table = release(name).apis
    out = {}
    for key, low, high in Registry.discover().ranges():
        if key in table and max(low, table[key][0]) <= min(high, table[key][1]):
            out[key] = (max(low, table[key][0]), min(high, table[key][1]))
    return out


@pytest.fixture
def emulated_3_6(tmp_path):
    config = broker_config(tmp_path / "kafka-logs", {"kbroker.emulate.kafka.version": "3.6"})
    with run_broker_in_thread(config) as broker:
        yield broker


def test_api_versions_advertises_what_3_6_served(emulated_3_6):
    with RawClient(emulated_3_6.host, emulated_3_6.port) as client:
        response = decode(client.request(api_versions_v3()), 3)
    assert response.error_code == 0
    advertised = {k.api_key: (k.min_version, k.max_version) for k in response.api_keys}
    assert advertised == expected_ranges("3.6")
    assert 68 not in advertised and 69 not in advertised  # no KIP-848 RPCs in 3.6
    assert advertised[18] == (0, 3) and advertised[8] == (2, 8)  # OffsetCommit: kbroker serves from v2, 3.6 to v8
    supported = {f.name: (f.min_version, f.max_version) for f in response.supported_features}
    finalized = {f.name: (f.min_version_level, f.max_version_level) for f in response.finalized_features}
    # kbroker runs metadata.version 7-30; 3.6 knew up to 14 (3.6-IV2) and no kraft.version.
    assert supported == {"metadata.version": (7, 14)}
    assert finalized == {"metadata.version": (14, 14)}


def test_api_versions_above_the_release_gets_a_v0_answer_with_its_range(emulated_3_6):
    with RawClient(emulated_3_6.host, emulated_3_6.port) as client:
        frame = client.request(request_header_v2(18, 4, 7, "newer-client") + b"\x00")
        response = decode(frame, 0)
        assert struct.unpack_from(">i", frame, 0)[0] == 7
        assert response.error_code == errors.UNSUPPORTED_VERSION.code
        assert [(k.api_key, k.min_version, k.max_version) for k in response.api_keys] == [(18, 0, 3)]
        assert decode(client.request(api_versions_v3(correlation_id=8)), 3).error_code == 0


def test_an_api_the_release_lacked_closes_the_connection(emulated_3_6):
    with RawClient(emulated_3_6.host, emulated_3_6.port) as client:
        # ConsumerGroupHeartbeat v0 (flexible header): 3.6 did not serve it.
        client.send_frame(request_header_v2(68, 0, 1, "kip848") + b"\x00")
        assert client.recv_frame() is None


def test_a_version_above_the_release_closes_the_connection(emulated_3_6):
    with RawClient(emulated_3_6.host, emulated_3_6.port) as client:
        # Metadata v13 (3.7+): 3.6 served up to v12.
        client.send_frame(request_header_v2(3, 13, 1, "newer") + b"\x00\x01\x00\x00")
        assert client.recv_frame() is None
    with RawClient(emulated_3_6.host, emulated_3_6.port) as client:
        # ...while v12 (its own max) is answered.
        client.send_frame(request_header_v2(3, 12, 2, "ok") + b"\x01\x00\x00\x00")
        frame = client.recv_frame()
        assert frame is not None and struct.unpack_from(">i", frame, 0)[0] == 2


@pytest.mark.parametrize("name", ["2.8", "3.3", "4.0"])
def test_every_release_advertises_its_own_ranges(tmp_path, name):
    config = broker_config(tmp_path / "kafka-logs", {"kbroker.emulate.kafka.version": name})
    with run_broker_in_thread(config) as broker, RawClient(broker.host, broker.port) as client:
        response = decode(client.request(api_versions_v3()), 3)
    assert {k.api_key: (k.min_version, k.max_version) for k in response.api_keys} == expected_ranges(name)
    if name == "2.8":  # a ZooKeeper broker reported no features
        assert response.supported_features == [] and response.finalized_features == []


def test_unknown_release_is_refused_when_the_config_loads():
    with pytest.raises(ConfigError) as raised:
        BrokerConfig.from_properties({"kbroker.emulate.kafka.version": "2.7"})
    assert "2.7" in str(raised.value) and "accepted: 2.8, 3.0, 3.1" in str(raised.value)
    assert "4.3" in str(raised.value) and "\n" not in str(raised.value)


def test_without_emulation_the_registry_is_kbrokers_own():
    registry = Registry.discover()
    assert registry.emulating(None) is registry
    assert registry.features is None


def test_narrowed_specs_keep_the_handler_of_the_wider_one():
    registry = Registry.discover()
    narrowed = registry.emulating(release("3.6"))
    assert narrowed.get(0).handle is registry.get(0).handle
    assert narrowed.get(0).max_version == 9 and registry.get(0).max_version >= 9


def test_serve_refuses_an_unknown_release_with_one_line_listing_the_accepted_ones(tmp_path):
    result = subprocess.run([sys.executable, "-m", "kbroker", "serve", "--emulate-kafka", "2.7", "--override",
                             f"log.dirs={tmp_path / 'logs'}"], capture_output=True, text=True, timeout=60)
    assert result.returncode == 1
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, lines
    assert "kbroker.emulate.kafka.version" in lines[0] and "2.7" in lines[0]
    assert "accepted: 2.8, 3.0, 3.1, 3.2, 3.3, 3.4, 3.5, 3.6, 3.7, 3.8, 3.9, 4.0, 4.1, 4.2, 4.3" in lines[0]
    assert not (tmp_path / "logs").exists()


def test_serve_emulate_kafka_flag(tmp_path):
    with start_broker_process(tmp_path / "data", {}, extra_args=["--emulate-kafka", "3.6"]) as broker:
        with RawClient(broker.host, broker.port) as client:
            response = decode(client.request(api_versions_v3()), 3)
        assert broker.terminate() == 0
    assert {k.api_key: (k.min_version, k.max_version) for k in response.api_keys} == expected_ranges("3.6")


def test_readme_example_serves_3_6_and_groups_and_transactions_work(tmp_path):
    """The README's --emulate-kafka line as written (port 9092 made ephemeral, a fresh log.dirs)."""
    from test_readme_examples import groups_and_transactions_work

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    (line,) = [line.split("#")[0] for line in readme.splitlines() if line.startswith("kbroker serve --emulate-kafka")]
    args = [arg.replace(":9092", ":0") for arg in shlex.split(line)[2:]]
    args += ["--override", f"log.dirs={tmp_path / 'data'}"]
    with start_serve_process(args, tmp_path / "data", tmp_path / "stderr.log") as broker:
        with RawClient(broker.host, broker.port) as client:
            response = decode(client.request(api_versions_v3()), 3)
        assert {k.api_key: (k.min_version, k.max_version) for k in response.api_keys} == expected_ranges("3.6")
        groups_and_transactions_work(broker.bootstrap)
        assert broker.terminate() == 0
    assert "emulating Apache Kafka 3.6" in broker.log_text()


def test_kip_848_apis_are_advertised_but_refused_as_a_default_3_8_broker_did(tmp_path):
    from kbroker.protocol.blocking_client import KafkaConnection
    from kbroker.protocol.messages.consumer_group_describe_request import ConsumerGroupDescribeRequest
    from kbroker.protocol.messages.consumer_group_heartbeat_request import ConsumerGroupHeartbeatRequest

    config = broker_config(tmp_path / "kafka-logs", {"kbroker.emulate.kafka.version": "3.8"})
    with run_broker_in_thread(config) as broker, KafkaConnection(broker.bootstrap) as conn:
        with RawClient(broker.host, broker.port) as client:
            response = decode(client.request(api_versions_v3()), 3)
        advertised = {k.api_key: (k.min_version, k.max_version) for k in response.api_keys}
        assert advertised[68] == (0, 0) and advertised[69] == (0, 0)
        heartbeat = conn.send(ConsumerGroupHeartbeatRequest(group_id="g", member_id="m", member_epoch=0,
                                                            rebalance_timeout_ms=30000, subscribed_topic_names=["t"],
                                                            server_assignor=None, topic_partitions=[]), version=0)
        assert heartbeat.error_code == errors.UNSUPPORTED_VERSION.code and heartbeat.error_message is None
        described = conn.send(ConsumerGroupDescribeRequest(group_ids=["a", "b"]), version=0)
        assert [(g.group_id, g.error_code) for g in described.groups] == [
            ("a", errors.UNSUPPORTED_VERSION.code), ("b", errors.UNSUPPORTED_VERSION.code)]
