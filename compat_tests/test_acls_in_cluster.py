"""ACLs in a three-node cluster with StandardAuthorizer, kbroker and Apache Kafka alike: an ACL created through
any node (a broker whose controller is elsewhere forwards CreateAcls to the active controller) is written to the
metadata log and described by every node; DeleteAcls through another node removes it everywhere. The nodes talk
to each other as User:ANONYMOUS over PLAINTEXT listeners, a super user here, as Kafka requires of inter-node
principals."""

from __future__ import annotations

import time

import pytest

from compat_tests.cluster.launcher import Cluster
from kbroker.protocol.blocking_client import KafkaConnection
from kbroker.protocol.messages.create_acls_request import AclCreation, CreateAclsRequest
from kbroker.protocol.messages.delete_acls_request import DeleteAclsFilter, DeleteAclsRequest
from kbroker.protocol.messages.describe_acls_request import DescribeAclsRequest
from kbroker.security import acls as A

pytestmark = [pytest.mark.cluster]

WAIT_S = 60.0
OVERRIDES = {"authorizer.class.name": "org.apache.kafka.metadata.authorizer.StandardAuthorizer",
             "super.users": "User:ANONYMOUS"}


def _described(port: int) -> list[tuple[str, str]]:
    with KafkaConnection(f"127.0.0.1:{port}") as conn:
        answer = conn.send(DescribeAclsRequest(resource_type_filter=A.TOPIC, resource_name_filter=None,
                                               pattern_type_filter=A.ANY, principal_filter=None, host_filter=None,
                                               operation=A.ANY, permission_type=A.ANY), version=3)
    assert answer.error_code == 0, answer
    return [(r.resource_name, a.principal) for r in answer.resources for a in r.acls]


def _everywhere(cluster, expected) -> None:
    deadline = time.monotonic() + WAIT_S
    for node in cluster.ids:
        while (found := _described(cluster.node(node).client_port)) != expected and time.monotonic() < deadline:
            time.sleep(0.2)
        assert found == expected, f"node {node}"


@pytest.fixture
def cluster(broker_kind, tmp_path):
    with Cluster(broker_kind, 3, OVERRIDES, work_dir=tmp_path / "cluster") as running:
        yield running
        running.check_running()


def test_acls_reach_every_node_through_the_metadata_log(cluster):
    first, *_, last = cluster.ids
    with KafkaConnection(f"127.0.0.1:{cluster.node(first).client_port}") as conn:
        created = conn.send(CreateAclsRequest(creations=[AclCreation(
            resource_type=A.TOPIC, resource_name="shared", resource_pattern_type=A.LITERAL, principal="User:alice",
            host="*", operation=A.READ, permission_type=A.ALLOW)]), version=3)
    assert [r.error_code for r in created.results] == [0]
    _everywhere(cluster, [("shared", "User:alice")])
    with KafkaConnection(f"127.0.0.1:{cluster.node(last).client_port}") as conn:
        deleted = conn.send(DeleteAclsRequest(filters=[DeleteAclsFilter(
            resource_type_filter=A.ANY, resource_name_filter=None, pattern_type_filter=A.ANY, principal_filter=None,
            host_filter=None, operation=A.ANY, permission_type=A.ANY)]), version=3)
    assert [len(r.matching_acls) for r in deleted.filter_results] == [1]
    _everywhere(cluster, [])
