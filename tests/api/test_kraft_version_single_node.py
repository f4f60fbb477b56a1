"""kraft.version on the single-voter node's broker listener: ApiVersions' supported range (0-1) and finalized level
(absent at 0, as Kafka's), UpdateFeatures upgrading its static one-voter quorum to 1 and refusing the downgrade,
and AddRaftVoter / RemoveRaftVoter answered by its own quorum (kbroker/api/add_raft_voter.py)."""

import uuid

from kbroker.kafka_uuid import kafka_uuid_string
from kbroker.protocol import errors as E
from kbroker.protocol.blocking_client import KafkaConnection
from kbroker.protocol.messages.add_raft_voter_request import AddRaftVoterRequest, Listener
from kbroker.protocol.messages.api_versions_request import ApiVersionsRequest
from kbroker.protocol.messages.remove_raft_voter_request import RemoveRaftVoterRequest
from kbroker.protocol.messages.update_features_request import FeatureUpdateKey, UpdateFeaturesRequest
from kbroker.testing import broker_config, run_broker_in_thread

PREFIX = "The update failed for all features since the following feature had an error: "


def features(conn):
    response = conn.send(ApiVersionsRequest(client_software_name="test", client_software_version="1"), version=4)
    return ({f.name: (f.min_version, f.max_version) for f in response.supported_features},
            {f.name: f.max_version_level for f in response.finalized_features})


def update(conn, level: int, upgrade_type: int):
    return conn.send(UpdateFeaturesRequest(feature_updates=[FeatureUpdateKey(
        feature="kraft.version", max_version_level=level, upgrade_type=upgrade_type)]), version=1)


def test_the_lone_voter_upgrades_kraft_version_and_answers_voter_changes(tmp_path):
    with run_broker_in_thread(broker_config(tmp_path / "logs")) as broker, \
            KafkaConnection(broker.bootstrap) as conn:
        supported, finalized = features(conn)
        assert supported["kraft.version"] == (0, 1) and "kraft.version" not in finalized
        stranger = uuid.uuid4()
        remove = conn.send(RemoveRaftVoterRequest(voter_id=5, voter_directory_id=stranger), version=0)
        assert (remove.error_code, remove.error_message) == (
            E.UNSUPPORTED_VERSION.code, "Cluster doesn't support removing voter because the kraft.version feature is 0")

        assert update(conn, 1, 1).error_code == E.NONE.code
        assert features(conn)[1]["kraft.version"] == 1
        refused = update(conn, 0, 2)
        assert (refused.error_code, refused.error_message) == (E.INVALID_UPDATE_VERSION.code, PREFIX + (
            "Invalid update version 0 for feature kraft.version. Can't downgrade the version of this feature."))

        remove = conn.send(RemoveRaftVoterRequest(voter_id=5, voter_directory_id=stranger), version=0)
        assert remove.error_code == E.VOTER_NOT_FOUND.code
        add = conn.send(AddRaftVoterRequest(voter_id=5, voter_directory_id=stranger, listeners=[
            Listener(name="CONTROLLER", host="127.0.0.1", port=1)]), version=1)
        assert (add.error_code, add.error_message) == (
            E.REQUEST_TIMED_OUT.code, f"Aborted add voter operation for ReplicaKey(id=5, directoryId="
            f"{kafka_uuid_string(stranger)}) since it is lagging behind")
