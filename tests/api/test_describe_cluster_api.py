"""DescribeCluster (key 60) against an in-process broker: every version, endpoint types, authorized
operations."""

import pytest

from kbroker.protocol.blocking_client import KafkaConnection
from kbroker.protocol.messages.describe_cluster_request import DescribeClusterRequest

NONE, MISMATCHED_ENDPOINT_TYPE, UNSUPPORTED_ENDPOINT_TYPE = 0, 114, 115
OMITTED, CLUSTER_OPERATIONS = -(1 << 31), 8096


@pytest.fixture(scope="module")
def conn_and_broker(tmp_path_factory):
    from kbroker.testing import broker_config, run_broker_in_thread
    with run_broker_in_thread(broker_config(tmp_path_factory.mktemp("cluster") / "logs")) as broker:
        with KafkaConnection(broker.bootstrap) as conn:
            yield conn, broker


@pytest.mark.parametrize("version", [0, 1, 2])
def test_brokers_cluster_id_and_controller(conn_and_broker, version):
    conn, broker = conn_and_broker
    response = conn.send(DescribeClusterRequest(), version=version)
    assert (response.error_code, response.error_message, response.throttle_time_ms) == (NONE, None, 0)
    assert response.cluster_id == broker.state.metadata.cluster_id
    assert response.controller_id == 1
    assert response.endpoint_type == 1
    assert [(b.broker_id, b.host, b.port, b.rack, b.is_fenced) for b in response.brokers] == [
        (1, "127.0.0.1", broker.port, None, False)]
    assert response.cluster_authorized_operations == OMITTED


def test_cluster_authorized_operations_when_asked(conn_and_broker):
    conn, _ = conn_and_broker
    response = conn.send(DescribeClusterRequest(include_cluster_authorized_operations=True), version=2)
    assert response.cluster_authorized_operations == CLUSTER_OPERATIONS


@pytest.mark.parametrize("version", [1, 2])
def test_controllers_are_not_described_on_a_broker_listener(conn_and_broker, version):
    conn, _ = conn_and_broker
    response = conn.send(DescribeClusterRequest(endpoint_type=2, include_cluster_authorized_operations=True),
                         version=version)
    assert (response.error_code, response.error_message) == (
        MISMATCHED_ENDPOINT_TYPE,
        "The request was sent to an endpoint of type BROKER, but we wanted an endpoint of type CONTROLLER")
    assert (response.cluster_id, response.controller_id, response.brokers) == ("", -1, [])
    assert response.cluster_authorized_operations == OMITTED


@pytest.mark.parametrize("endpoint_type", [0, 3, -1])
def test_unknown_endpoint_types(conn_and_broker, endpoint_type):
    conn, _ = conn_and_broker
    response = conn.send(DescribeClusterRequest(endpoint_type=endpoint_type), version=1)
    assert (response.error_code, response.error_message) == (UNSUPPORTED_ENDPOINT_TYPE,
                                                            f"Unsupported endpoint type {endpoint_type}")
