"""UpdateFeatures (key 57) on the broker listener of an in-process combined node, which runs it on its own
controller: the response at each version, the records written, and ApiVersions' finalized features after it."""

import pytest

from kbroker.protocol.blocking_client import KafkaConnection
from kbroker.protocol.messages.api_versions_request import ApiVersionsRequest
from kbroker.protocol.messages.update_features_request import FeatureUpdateKey, UpdateFeaturesRequest
from kbroker.testing import broker_config, run_broker_in_thread, start_broker_process

INVALID_UPDATE_VERSION = 95
PREFIX = "The update failed for all features since the following feature had an error: "


@pytest.fixture(scope="module")
def broker(tmp_path_factory):
    with run_broker_in_thread(broker_config(tmp_path_factory.mktemp("features") / "logs")) as running:
        yield running


@pytest.fixture
def conn(broker):
    with KafkaConnection(broker.bootstrap) as connection:
        yield connection


def update(conn, *updates, version=2, validate_only=False):
    keys = [FeatureUpdateKey(feature=name, max_version_level=level, upgrade_type=kind if version else 1)
            for name, level, kind in updates]
    return conn.send(UpdateFeaturesRequest(feature_updates=keys, validate_only=validate_only), version=version)


def finalized(conn):
    response = conn.send(ApiVersionsRequest(client_software_name="test", client_software_version="1"), version=4)
    levels = {f.name: (f.min_version_level, f.max_version_level) for f in response.finalized_features}
    return response.finalized_features_epoch, levels


@pytest.mark.parametrize("version", [0, 1])
def test_a_success_lists_every_update_with_none_up_to_v1(conn, version):
    response = update(conn, ("metadata.version", 30, 1), ("test.feature.version", 0, 2), version=version)
    assert (response.error_code, response.error_message) == (0, None)
    assert [(r.feature, r.error_code, r.error_message) for r in response.results] == [
        ("metadata.version", 0, "NONE"), ("test.feature.version", 0, "NONE")]


def test_v2_answers_without_results_and_the_epoch_of_the_finalized_features_moves(conn):
    epoch, levels = finalized(conn)
    response = update(conn, ("metadata.version", 30, 1))
    assert (response.error_code, response.error_message, response.results) == (0, None, [])
    new_epoch, new_levels = finalized(conn)
    assert new_levels == levels == {"metadata.version": (30, 30), "transaction.version": (2, 2),
                                    "group.version": (1, 1), "share.version": (1, 1), "streams.version": (1, 1),
                                    "eligible.leader.replicas.version": (1, 1)}
    assert new_epoch > epoch


def test_validate_only_writes_nothing(conn):
    epoch, _ = finalized(conn)
    response = update(conn, ("metadata.version", 30, 1), validate_only=True, version=1)
    assert response.error_code == 0 and [r.feature for r in response.results] == ["metadata.version"]
    assert finalized(conn)[0] == epoch


@pytest.mark.parametrize("version", [0, 1, 2])
def test_a_refusal_is_top_level_only(conn, version):
    epoch, _ = finalized(conn)
    response = update(conn, ("metadata.version", 29, 2), ("share.version", 0, 2), version=version)
    message = ("Invalid update version 29 for feature metadata.version. Can't downgrade the version of this feature "
               "without setting the upgrade type to either safe or unsafe downgrade." if version == 0 else
               "Unsupported metadata.version downgrade from 30 to 29. Refusing to perform the requested downgrade "
               "because it might delete metadata information.")
    assert (response.error_code, response.error_message, response.results) == (INVALID_UPDATE_VERSION,
                                                                                 PREFIX + message, [])
    assert finalized(conn)[0] == epoch



def test_kraft_version_is_the_quorums(conn, tmp_path):
    """A static quorum runs kraft.version 0: an upgrade to 0 is accepted. A log dir formatted as `--standalone`
    runs kraft.version 1, which kbroker cannot downgrade: asked to "upgrade" to 0, Kafka's refusal."""
    assert update(conn, ("kraft.version", 0, 1)).error_code == 0
    overrides = {"process.roles": "broker,controller", "node.id": 1,
                 "controller.quorum.bootstrap.servers": "127.0.0.1:19093",
                 "listeners": "PLAINTEXT://127.0.0.1:0,CONTROLLER://127.0.0.1:0",
                 "advertised.listeners": "PLAINTEXT://127.0.0.1:9092,CONTROLLER://127.0.0.1:19093",
                 "controller.listener.names": "CONTROLLER"}
    with start_broker_process(tmp_path / "logs", overrides) as standalone:
        with KafkaConnection(f"127.0.0.1:{standalone.port}") as other:
            for kind, message in ((1, "Can't downgrade the version of this feature without setting the upgrade type "
                                      "to either safe or unsafe downgrade."),
                                  (2, "Can't downgrade the version of this feature.")):
                response = update(other, ("kraft.version", 0, kind))
                assert (response.error_code, response.error_message) == (
                    INVALID_UPDATE_VERSION, PREFIX + f"Invalid update version 0 for feature kraft.version. {message}")
        assert standalone.terminate() == 0
