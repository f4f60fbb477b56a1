"""The ACL matrix: for each API a client uses, a principal without the ACL gets Kafka's error code, and once the
ACL is granted the request goes through; asserted with the same table against kbroker and Apache Kafka 4.3.1, each
started with StandardAuthorizer and a SASL_PLAINTEXT PLAIN listener (admin is a super user, alice has no ACLs
until a case grants them). kafka-acls --add / --list / --remove works on both.

ACL changes reach a broker's authorizer through its metadata log (on Kafka a moment after CreateAcls answers), so
after a grant a case retries its request until the answer changes or a generous deadline passes.
"""

from __future__ import annotations

import time
import uuid

import attrs
import pytest

from compat_tests.brokers import start_broker
from compat_tests.java_tools import check, write_properties
from compat_tests.kafka_dist import free_port, run_kafka_tool
from compat_tests.raw_client import RawConnection
from kbroker.protocol.messages import (
    add_offsets_to_txn_request as aotx,
)
from kbroker.protocol.messages import add_partitions_to_txn_request as aptx
from kbroker.protocol.messages import (
    create_acls_request as cacl,
)
from kbroker.protocol.messages import (
    create_partitions_request as cpart,
)
from kbroker.protocol.messages import (
    create_topics_request as ctop,
)
from kbroker.protocol.messages import (
    delete_acls_request as dacl,
)
from kbroker.protocol.messages import (
    delete_records_request as drec,
)
from kbroker.protocol.messages import (
    delete_topics_request as dtop,
)
from kbroker.protocol.messages import (
    describe_configs_request as dcfg,
)
from kbroker.protocol.messages import (
    describe_producers_request as dprod,
)
from kbroker.protocol.messages import (
    describe_topic_partitions_request as dtp,
)
from kbroker.protocol.messages import (
    elect_leaders_request as elect,
)
from kbroker.protocol.messages import (
    fetch_request as fetch,
)
from kbroker.protocol.messages import (
    incremental_alter_configs_request as iac,
)
from kbroker.protocol.messages import (
    join_group_request as join,
)
from kbroker.protocol.messages import (
    list_offsets_request as lo,
)
from kbroker.protocol.messages import (
    metadata_request as md,
)
from kbroker.protocol.messages import (
    offset_commit_request as oc,
)
from kbroker.protocol.messages import offset_delete_request as odel
from kbroker.protocol.messages import (
    offset_fetch_request as of,
)
from kbroker.protocol.messages import offset_for_leader_epoch_request as ofle
from kbroker.protocol.messages import (
    produce_request as prod,
)
from kbroker.protocol.messages import streams_group_heartbeat_request as shb
from kbroker.protocol.messages import txn_offset_commit_request as toc
from kbroker.protocol.messages.consumer_group_describe_request import ConsumerGroupDescribeRequest
from kbroker.protocol.messages.consumer_group_heartbeat_request import ConsumerGroupHeartbeatRequest
from kbroker.protocol.messages.delete_groups_request import DeleteGroupsRequest
from kbroker.protocol.messages.describe_acls_request import DescribeAclsRequest
from kbroker.protocol.messages.describe_cluster_request import DescribeClusterRequest
from kbroker.protocol.messages.describe_groups_request import DescribeGroupsRequest
from kbroker.protocol.messages.describe_log_dirs_request import DescribeLogDirsRequest
from kbroker.protocol.messages.describe_transactions_request import DescribeTransactionsRequest
from kbroker.protocol.messages.end_txn_request import EndTxnRequest
from kbroker.protocol.messages.find_coordinator_request import FindCoordinatorRequest
from kbroker.protocol.messages.heartbeat_request import HeartbeatRequest
from kbroker.protocol.messages.init_producer_id_request import InitProducerIdRequest
from kbroker.protocol.messages.leave_group_request import LeaveGroupRequest, MemberIdentity
from kbroker.protocol.messages.list_groups_request import ListGroupsRequest
from kbroker.protocol.messages.sasl_authenticate_request import SaslAuthenticateRequest
from kbroker.protocol.messages.sasl_handshake_request import SaslHandshakeRequest
from kbroker.protocol.messages.streams_group_describe_request import StreamsGroupDescribeRequest
from kbroker.protocol.messages.sync_group_request import SyncGroupRequest
from kbroker.protocol.records import build_batch
from kbroker.security import acls as A

PLAIN_JAAS = ('org.apache.kafka.common.security.plain.PlainLoginModule required '
              'user_admin="admin-secret" user_alice="alice-secret";')
AUTHORIZER = "org.apache.kafka.metadata.authorizer.StandardAuthorizer"
ALICE = "User:alice"
TOPIC = "acl-t"
GRANT_WAIT_S = 20.0

NONE, TOPIC_DENIED, GROUP_DENIED, CLUSTER_DENIED, TXN_DENIED = 0, 29, 30, 31, 53
COORDINATOR_NOT_AVAILABLE, NOT_COORDINATOR, COORDINATOR_LOADING = 15, 16, 14


@pytest.fixture(scope="module")
def secured(broker_kind):
    port = free_port()
    overrides = {
        "authorizer.class.name": AUTHORIZER,
        # Kafka's own inter-node and controller connections arrive on PLAINTEXT listeners as User:ANONYMOUS.
        "super.users": "User:admin;User:ANONYMOUS",
        "listener.name.sasl_plaintext.sasl.enabled.mechanisms": "PLAIN",
        "listener.name.sasl_plaintext.plain.sasl.jaas.config": PLAIN_JAAS,
    }
    broker = start_broker(broker_kind, overrides, {"SASL_PLAINTEXT": ("SASL_PLAINTEXT", port)})
    try:
        broker.sasl_bootstrap = f"127.0.0.1:{port}"
        with _connect(broker, "admin") as admin:
            topics = [ctop.CreatableTopic(name=name, num_partitions=1, replication_factor=1, assignments=[],
                                          configs=[]) for name in (TOPIC, "acl-del")]
            created = admin.send(ctop.CreateTopicsRequest(topics=topics, timeout_ms=30000), 7)
            assert [t.error_code for t in created.topics] == [NONE, NONE]
            _wait_for_leader(admin, TOPIC)
            deadline = time.monotonic() + GRANT_WAIT_S
            while (code := admin.send(_produce(), 9).responses[0].partition_responses[0].error_code) != NONE \
                    and time.monotonic() < deadline:  # the leader may not serve the partition yet
                time.sleep(0.2)
            assert code == NONE
            for key_type, key in ((0, "acl-setup"), (1, "acl-setup")):  # make the coordinators' topics
                while admin.send(FindCoordinatorRequest(key_type=key_type, coordinator_keys=[key]), 4) \
                        .coordinators[0].error_code != NONE and time.monotonic() < deadline + GRANT_WAIT_S:
                    time.sleep(0.2)
        yield broker
    finally:
        broker.close()


def _connect(broker, user: str) -> RawConnection:
    conn = RawConnection(broker.sasl_bootstrap)
    handshake = conn.send(SaslHandshakeRequest(mechanism="PLAIN"), 1)
    assert handshake.error_code == NONE, handshake
    token = f"\0{user}\0{user}-secret".encode()
    auth = conn.send(SaslAuthenticateRequest(auth_bytes=token), 2)
    assert auth.error_code == NONE, auth
    return conn


def _wait_for_leader(conn: RawConnection, topic: str) -> None:
    deadline = time.monotonic() + GRANT_WAIT_S
    while time.monotonic() < deadline:
        found = conn.send(md.MetadataRequest(topics=[md.MetadataRequestTopic(name=topic)],
                                             allow_auto_topic_creation=False), 12).topics[0]
        if found.error_code == NONE and found.partitions and found.partitions[0].leader_id >= 0:
            return
        time.sleep(0.1)
    raise AssertionError(f"{topic} has no leader")


def _acl(resource_type: int, name: str, operation: int) -> cacl.AclCreation:
    return cacl.AclCreation(resource_type=resource_type, resource_name=name, resource_pattern_type=A.LITERAL,
                            principal=ALICE, host="*", operation=operation, permission_type=A.ALLOW)


def _grant(broker, grants) -> None:
    with _connect(broker, "admin") as admin:
        answer = admin.send(cacl.CreateAclsRequest(creations=[_acl(*g) for g in grants]), 3)
        assert [r.error_code for r in answer.results] == [NONE] * len(grants), answer


def _revoke_all(broker) -> None:
    with _connect(broker, "admin") as admin:
        answer = admin.send(dacl.DeleteAclsRequest(filters=[dacl.DeleteAclsFilter(
            resource_type_filter=A.ANY, resource_name_filter=None, pattern_type_filter=A.ANY, principal_filter=None,
            host_filter=None, operation=A.ANY, permission_type=A.ANY)]), 3)
        assert answer.filter_results[0].error_code == NONE


def _produce(transactional_id=None) -> prod.ProduceRequest:
    batch = build_batch([(int(time.time() * 1000), b"k", b"v")], producer_id=1, producer_epoch=0, base_sequence=0,
                        transactional=True) if transactional_id else build_batch([(int(time.time() * 1000), b"k", b"v")])
    return prod.ProduceRequest(transactional_id=transactional_id, acks=-1, timeout_ms=30000, topic_data=[
        prod.TopicProduceData(name=TOPIC, partition_data=[prod.PartitionProduceData(index=0, records=bytes(batch))])])


def _fetch() -> fetch.FetchRequest:
    return fetch.FetchRequest(replica_id=-1, max_wait_ms=0, min_bytes=1, max_bytes=1 << 20, isolation_level=0,
                              session_id=0, session_epoch=-1, topics=[fetch.FetchTopic(topic=TOPIC, partitions=[
                                  fetch.FetchPartition(partition=0, fetch_offset=0, partition_max_bytes=1 << 20)])],
                              forgotten_topics_data=[], rack_id="")


def _first_partition(topics, field="partitions"):
    return getattr(topics[0], field)[0].error_code


def _unique(prefix: str) -> str:
    return f"{prefix}-{uuid.uuid4().hex[:8]}"


# name -> (request factory (fresh names per call where the request creates something), version, the code the
# answer carries, the code without ACLs, [(grants, the code once granted)...]).
CASES = {
    "metadata_named_topic": (
        lambda: md.MetadataRequest(topics=[md.MetadataRequestTopic(name=TOPIC)], allow_auto_topic_creation=False),
        12, lambda r: r.topics[0].error_code, TOPIC_DENIED, [([(A.TOPIC, TOPIC, A.DESCRIBE)], NONE)]),
    "metadata_auto_create": (
        lambda: md.MetadataRequest(topics=[md.MetadataRequestTopic(name="acl-auto")], allow_auto_topic_creation=True),
        12, lambda r: r.topics[0].error_code, TOPIC_DENIED,
        [([(A.TOPIC, "acl-auto", A.DESCRIBE), (A.TOPIC, "acl-auto", A.CREATE)], 3)]),  # created: not there yet
    "produce": (
        _produce, 9, lambda r: _first_partition(r.responses, "partition_responses"), TOPIC_DENIED,
        [([(A.TOPIC, TOPIC, A.WRITE)], NONE)]),
    "transactional_produce": (
        lambda: _produce("acl-tx-produce"), 9, lambda r: _first_partition(r.responses, "partition_responses"),
        TXN_DENIED, []),
    "fetch": (_fetch, 12, lambda r: _first_partition(r.responses), TOPIC_DENIED, [([(A.TOPIC, TOPIC, A.READ)], NONE)]),
    "list_offsets": (
        lambda: lo.ListOffsetsRequest(replica_id=-1, isolation_level=0, topics=[lo.ListOffsetsTopic(
            name=TOPIC, partitions=[lo.ListOffsetsPartition(partition_index=0, timestamp=-1)])]),
        7, lambda r: _first_partition(r.topics), TOPIC_DENIED, [([(A.TOPIC, TOPIC, A.DESCRIBE)], NONE)]),
    "describe_producers": (
        lambda: dprod.DescribeProducersRequest(topics=[dprod.TopicRequest(name=TOPIC, partition_indexes=[0])]),
        0, lambda r: _first_partition(r.topics), TOPIC_DENIED, [([(A.TOPIC, TOPIC, A.READ)], NONE)]),
    "describe_topic_partitions": (
        lambda: dtp.DescribeTopicPartitionsRequest(topics=[dtp.TopicRequest(name=TOPIC)],
                                                   response_partition_limit=100),
        0, lambda r: r.topics[0].error_code, TOPIC_DENIED, [([(A.TOPIC, TOPIC, A.DESCRIBE)], NONE)]),
    "describe_topic_configs": (
        lambda: dcfg.DescribeConfigsRequest(resources=[dcfg.DescribeConfigsResource(
            resource_type=2, resource_name=TOPIC, configuration_keys=["retention.ms"])]),
        4, lambda r: r.results[0].error_code, TOPIC_DENIED, [([(A.TOPIC, TOPIC, A.ALTER_CONFIGS)], NONE)]),
    "alter_topic_configs": (
        lambda: iac.IncrementalAlterConfigsRequest(resources=[iac.AlterConfigsResource(
            resource_type=2, resource_name=TOPIC, configs=[iac.AlterableConfig(
                name="retention.ms", config_operation=0, value="86400000")])], validate_only=True),
        1, lambda r: r.responses[0].error_code, TOPIC_DENIED, [([(A.TOPIC, TOPIC, A.ALTER_CONFIGS)], NONE)]),
    "create_topics": (
        lambda: ctop.CreateTopicsRequest(topics=[ctop.CreatableTopic(
            name=_unique("acl-new"), num_partitions=1, replication_factor=1, assignments=[], configs=[])],
            timeout_ms=30000),
        7, lambda r: r.topics[0].error_code, TOPIC_DENIED, [([(A.CLUSTER, A.CLUSTER_NAME, A.CREATE)], NONE)]),
    "create_partitions": (
        lambda: cpart.CreatePartitionsRequest(topics=[cpart.CreatePartitionsTopic(name=TOPIC, count=1)],
                                              timeout_ms=30000, validate_only=True),
        3, lambda r: r.results[0].error_code, TOPIC_DENIED, [([(A.TOPIC, TOPIC, A.ALTER)], 37)]),  # INVALID_PARTITIONS
    "delete_records": (
        lambda: drec.DeleteRecordsRequest(topics=[drec.DeleteRecordsTopic(
            name=TOPIC, partitions=[drec.DeleteRecordsPartition(partition_index=0, offset=0)])], timeout_ms=30000),
        2, lambda r: _first_partition(r.topics), TOPIC_DENIED, [([(A.TOPIC, TOPIC, A.DELETE)], NONE)]),
    "delete_topics": (
        lambda: dtop.DeleteTopicsRequest(topics=[dtop.DeleteTopicState(name="acl-del")], timeout_ms=30000),
        6, lambda r: r.responses[0].error_code, TOPIC_DENIED, [([(A.TOPIC, "acl-del", A.DELETE)], NONE)]),
    "find_group_coordinator": (
        lambda: FindCoordinatorRequest(key_type=0, coordinator_keys=["acl-g"]), 4,
        lambda r: r.coordinators[0].error_code, GROUP_DENIED, [([(A.GROUP, "acl-g", A.DESCRIBE)], NONE)]),
    "find_transaction_coordinator": (
        lambda: FindCoordinatorRequest(key_type=1, coordinator_keys=["acl-tx"]), 4,
        lambda r: r.coordinators[0].error_code, TXN_DENIED, [([(A.TRANSACTIONAL_ID, "acl-tx", A.DESCRIBE)], NONE)]),
    "join_group": (
        lambda: join.JoinGroupRequest(group_id="acl-join", session_timeout_ms=30000, rebalance_timeout_ms=30000,
                                      member_id="", protocol_type="consumer",
                                      protocols=[join.JoinGroupRequestProtocol(name="range", metadata=b"")]),
        9, lambda r: r.error_code, GROUP_DENIED, [([(A.GROUP, "acl-join", A.READ)], 79)]),  # MEMBER_ID_REQUIRED
    "offset_commit": (
        lambda: oc.OffsetCommitRequest(group_id="acl-commit", generation_id_or_member_epoch=-1, member_id="",
                                       topics=[oc.OffsetCommitRequestTopic(name=TOPIC, partitions=[
                                           oc.OffsetCommitRequestPartition(partition_index=0, committed_offset=0)])]),
        8, lambda r: _first_partition(r.topics), GROUP_DENIED,
        [([(A.GROUP, "acl-commit", A.READ)], TOPIC_DENIED), ([(A.TOPIC, TOPIC, A.READ)], NONE)]),
    "offset_fetch": (
        lambda: of.OffsetFetchRequest(groups=[of.OffsetFetchRequestGroup(group_id="acl-fetch", topics=[
            of.OffsetFetchRequestTopics(name=TOPIC, partition_indexes=[0])])]),
        8, lambda r: r.groups[0].error_code or r.groups[0].topics[0].partitions[0].error_code, GROUP_DENIED,
        [([(A.GROUP, "acl-fetch", A.DESCRIBE)], TOPIC_DENIED), ([(A.TOPIC, TOPIC, A.DESCRIBE)], NONE)]),
    "describe_groups": (
        lambda: DescribeGroupsRequest(groups=["acl-describe"]), 5, lambda r: r.groups[0].error_code, GROUP_DENIED,
        [([(A.GROUP, "acl-describe", A.DESCRIBE)], NONE)]),
    "delete_groups": (
        lambda: DeleteGroupsRequest(groups_names=["acl-delete"]), 2, lambda r: r.results[0].error_code, GROUP_DENIED,
        [([(A.GROUP, "acl-delete", A.DELETE)], 69)]),  # GROUP_ID_NOT_FOUND
    "transactional_init_producer_id": (
        lambda: InitProducerIdRequest(transactional_id="acl-tx-init", transaction_timeout_ms=60000), 4,
        lambda r: r.error_code, TXN_DENIED, [([(A.TRANSACTIONAL_ID, "acl-tx-init", A.WRITE)], NONE)]),
    "idempotent_init_producer_id": (
        lambda: InitProducerIdRequest(transactional_id=None, transaction_timeout_ms=60000), 4,
        lambda r: r.error_code, CLUSTER_DENIED, [([(A.CLUSTER, A.CLUSTER_NAME, A.IDEMPOTENT_WRITE)], NONE)]),
    "end_txn": (
        lambda: EndTxnRequest(transactional_id="acl-tx-end", producer_id=1, producer_epoch=0, committed=True), 3,
        lambda r: r.error_code, TXN_DENIED, []),
    "add_offsets_to_txn": (
        lambda: aotx.AddOffsetsToTxnRequest(transactional_id="acl-tx-offsets", producer_id=1, producer_epoch=0,
                                            group_id="acl-tx-group"), 3,
        lambda r: r.error_code, TXN_DENIED, [([(A.TRANSACTIONAL_ID, "acl-tx-offsets", A.WRITE)], GROUP_DENIED)]),
    "describe_transactions": (
        lambda: DescribeTransactionsRequest(transactional_ids=["acl-tx-describe"]), 0,
        lambda r: r.transaction_states[0].error_code, TXN_DENIED,
        [([(A.TRANSACTIONAL_ID, "acl-tx-describe", A.DESCRIBE)], 105)]),  # TRANSACTIONAL_ID_NOT_FOUND
    "describe_log_dirs": (
        lambda: DescribeLogDirsRequest(topics=None), 4, lambda r: r.error_code, CLUSTER_DENIED,
        [([(A.CLUSTER, A.CLUSTER_NAME, A.DESCRIBE)], NONE)]),
    "elect_leaders": (
        lambda: elect.ElectLeadersRequest(election_type=0, topic_partitions=[
            elect.TopicPartitions(topic=TOPIC, partitions=[0])], timeout_ms=30000), 2,
        lambda r: r.error_code, CLUSTER_DENIED, [([(A.CLUSTER, A.CLUSTER_NAME, A.ALTER)], NONE)]),
    "describe_acls": (
        lambda: DescribeAclsRequest(resource_type_filter=A.ANY, resource_name_filter=None,
                                    pattern_type_filter=A.ANY, principal_filter=None, host_filter=None,
                                    operation=A.ANY, permission_type=A.ANY), 3,
        lambda r: r.error_code, CLUSTER_DENIED, [([(A.CLUSTER, A.CLUSTER_NAME, A.DESCRIBE)], NONE)]),
    "create_acls": (
        lambda: cacl.CreateAclsRequest(creations=[_acl(A.TOPIC, "acl-other", A.READ)]), 3,
        lambda r: r.results[0].error_code, CLUSTER_DENIED, [([(A.CLUSTER, A.CLUSTER_NAME, A.ALTER)], NONE)]),
    "heartbeat": (
        lambda: HeartbeatRequest(group_id="acl-hb", generation_id=1, member_id="m"), 4, lambda r: r.error_code,
        GROUP_DENIED, [([(A.GROUP, "acl-hb", A.READ)], 25)]),  # UNKNOWN_MEMBER_ID
    "sync_group": (
        lambda: SyncGroupRequest(group_id="acl-sync", generation_id=1, member_id="m", protocol_type="consumer",
                                 protocol_name="range", assignments=[]), 5, lambda r: r.error_code,
        GROUP_DENIED, [([(A.GROUP, "acl-sync", A.READ)], 25)]),
    "leave_group": (
        lambda: LeaveGroupRequest(group_id="acl-leave", members=[MemberIdentity(member_id="m")]), 5,
        lambda r: r.error_code or r.members[0].error_code, GROUP_DENIED, [([(A.GROUP, "acl-leave", A.READ)], 25)]),
    "offset_delete": (
        lambda: odel.OffsetDeleteRequest(group_id="acl-odel", topics=[odel.OffsetDeleteRequestTopic(
            name=TOPIC, partitions=[odel.OffsetDeleteRequestPartition(partition_index=0)])]), 0,
        lambda r: r.error_code or r.topics[0].partitions[0].error_code, GROUP_DENIED,
        [([(A.GROUP, "acl-odel", A.DELETE)], 69)]),
    "consumer_group_heartbeat": (
        lambda: ConsumerGroupHeartbeatRequest(group_id="acl-cg", member_id="", member_epoch=0,
                                              rebalance_timeout_ms=30000, subscribed_topic_names=[TOPIC],
                                              topic_partitions=[]), 0,
        lambda r: r.error_code, GROUP_DENIED,
        [([(A.GROUP, "acl-cg", A.READ)], TOPIC_DENIED), ([(A.TOPIC, TOPIC, A.DESCRIBE)], NONE)]),
    "streams_group_heartbeat": (
        lambda: shb.StreamsGroupHeartbeatRequest(
            group_id="acl-sg", member_id="m-acl", member_epoch=0, endpoint_information_epoch=0,
            rebalance_timeout_ms=30000, process_id="p", active_tasks=[], standby_tasks=[], warmup_tasks=[],
            topology=shb.Topology(epoch=1, subtopologies=[shb.Subtopology(subtopology_id="0",
                                                                           source_topics=[TOPIC])])), 0,
        lambda r: r.error_code, GROUP_DENIED,
        [([(A.GROUP, "acl-sg", A.READ)], TOPIC_DENIED), ([(A.TOPIC, TOPIC, A.DESCRIBE)], NONE)]),
    "streams_group_describe": (
        lambda: StreamsGroupDescribeRequest(group_ids=["acl-sgd"]), 0, lambda r: r.groups[0].error_code,
        GROUP_DENIED, [([(A.GROUP, "acl-sgd", A.DESCRIBE)], 69)]),
    "consumer_group_describe": (
        lambda: ConsumerGroupDescribeRequest(group_ids=["acl-cgd"]), 0, lambda r: r.groups[0].error_code,
        GROUP_DENIED, [([(A.GROUP, "acl-cgd", A.DESCRIBE)], 69)]),
    "txn_offset_commit": (
        lambda: toc.TxnOffsetCommitRequest(transactional_id="acl-tx-toc", group_id="acl-toc", producer_id=1,
                                           producer_epoch=0, topics=[toc.TxnOffsetCommitRequestTopic(
                                               name=TOPIC, partitions=[toc.TxnOffsetCommitRequestPartition(
                                                   partition_index=0, committed_offset=0)])]), 3,
        lambda r: _first_partition(r.topics), TXN_DENIED,
        [([(A.TRANSACTIONAL_ID, "acl-tx-toc", A.WRITE)], GROUP_DENIED), ([(A.GROUP, "acl-toc", A.READ)], TOPIC_DENIED)]),
    "add_partitions_to_txn": (
        lambda: aptx.AddPartitionsToTxnRequest(v3_and_below_transactional_id="acl-tx-apt", v3_and_below_producer_id=1,
                                               v3_and_below_producer_epoch=0, v3_and_below_topics=[
                                                   aptx.AddPartitionsToTxnTopic(name=TOPIC, partitions=[0])]), 3,
        lambda r: r.results_by_topic_v3_and_below[0].results_by_partition[0].partition_error_code, TXN_DENIED,
        [([(A.TRANSACTIONAL_ID, "acl-tx-apt", A.WRITE)], TOPIC_DENIED)]),
    "offset_for_leader_epoch": (
        lambda: ofle.OffsetForLeaderEpochRequest(replica_id=-1, topics=[ofle.OffsetForLeaderTopic(
            topic=TOPIC, partitions=[ofle.OffsetForLeaderPartition(partition=0, leader_epoch=0)])]), 4,
        lambda r: _first_partition(r.topics), TOPIC_DENIED, [([(A.TOPIC, TOPIC, A.DESCRIBE)], NONE)]),
    "follower_fetch": (
        lambda: attrs.evolve(_fetch(), replica_id=1), 12, lambda r: _first_partition(r.responses), TOPIC_DENIED,
        []),
}

# Answers that say "try again" while a coordinator or its internal topic is still being created.
_TRANSIENT = {COORDINATOR_NOT_AVAILABLE, NOT_COORDINATOR, COORDINATOR_LOADING}


def _answer(broker, case) -> int:
    factory, version, code_of, *_ = case
    deadline = time.monotonic() + GRANT_WAIT_S
    with _connect(broker, "alice") as alice:
        while True:
            code = code_of(alice.send(factory(), version))
            if code not in _TRANSIENT or time.monotonic() > deadline:
                return code
            time.sleep(0.2)


def _answer_once_changed(broker, case, before: int) -> int:
    """The answer after a grant: retried while it is still the refusal (the grant may not have reached the
    broker's authorizer yet)."""
    deadline = time.monotonic() + GRANT_WAIT_S
    while True:
        code = _answer(broker, case)
        if code != before or time.monotonic() > deadline:
            return code
        time.sleep(0.2)


@pytest.mark.parametrize("name", sorted(CASES))
def test_denied_then_granted(secured, name):
    case = CASES[name]
    _revoke_all(secured)
    try:
        code = _answer(secured, case)
        assert code == case[3], f"{name} without ACLs"
        for grants, expected in case[4]:
            _grant(secured, grants)
            code = _answer_once_changed(secured, case, code)
            assert code == expected, f"{name} after granting {grants}"
    finally:
        _revoke_all(secured)


def _topic_names(broker, user: str) -> set[str]:
    with _connect(broker, user) as conn:
        return {t.name for t in conn.send(md.MetadataRequest(topics=None, allow_auto_topic_creation=False),
                                          12).topics}


def test_metadata_hides_topics_without_describe(secured):
    _revoke_all(secured)
    try:
        assert TOPIC in _topic_names(secured, "admin")
        assert TOPIC not in _topic_names(secured, "alice")
        _grant(secured, [(A.TOPIC, TOPIC, A.READ)])  # READ implies DESCRIBE
        deadline = time.monotonic() + GRANT_WAIT_S
        while TOPIC not in (names := _topic_names(secured, "alice")) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert TOPIC in names
    finally:
        _revoke_all(secured)


def test_cluster_authorized_operations(secured):
    _revoke_all(secured)
    try:
        request = DescribeClusterRequest(include_cluster_authorized_operations=True)
        with _connect(secured, "alice") as alice:
            assert alice.send(request, 1).cluster_authorized_operations == 0
        _grant(secured, [(A.CLUSTER, A.CLUSTER_NAME, A.ALTER)])  # ALTER, and DESCRIBE by implication
        deadline = time.monotonic() + GRANT_WAIT_S
        while True:
            with _connect(secured, "alice") as alice:
                bits = alice.send(request, 1).cluster_authorized_operations
            if bits or time.monotonic() > deadline:
                break
            time.sleep(0.2)
        assert bits == (1 << A.ALTER) | (1 << A.DESCRIBE)
        with _connect(secured, "admin") as admin:
            assert admin.send(request, 1).cluster_authorized_operations == 8096  # a super user: everything
    finally:
        _revoke_all(secured)


def _kafka_acls(broker, config, *args) -> str:
    result = check(run_kafka_tool("org.apache.kafka.tools.AclCommand", "--bootstrap-server", broker.sasl_bootstrap,
                                  "--command-config", str(config), *args, timeout=90))
    return result.stdout


def test_kafka_acls_add_list_remove(secured, tmp_path):
    _revoke_all(secured)
    config = write_properties(tmp_path / "admin.properties", {
        "security.protocol": "SASL_PLAINTEXT", "sasl.mechanism": "PLAIN",
        "sasl.jaas.config": 'org.apache.kafka.common.security.plain.PlainLoginModule required '
                            'username="admin" password="admin-secret";'})
    try:
        _kafka_acls(secured, config, "--add", "--allow-principal", ALICE, "--operation", "Read", "--operation",
                    "Describe", "--topic", "acl-tool", "--resource-pattern-type", "prefixed")
        listed = _kafka_acls(secured, config, "--list", "--topic", "acl-tool", "--resource-pattern-type", "prefixed")
        assert "ResourcePattern(resourceType=TOPIC, name=acl-tool, patternType=PREFIXED)" in listed, listed
        assert "(principal=User:alice, host=*, operation=READ, permissionType=ALLOW)" in listed, listed
        assert "operation=DESCRIBE" in listed, listed
        _kafka_acls(secured, config, "--remove", "--force", "--allow-principal", ALICE, "--operation", "Read",
                    "--topic", "acl-tool", "--resource-pattern-type", "prefixed")
        listed = _kafka_acls(secured, config, "--list", "--topic", "acl-tool", "--resource-pattern-type", "prefixed")
        assert "operation=READ" not in listed and "operation=DESCRIBE" in listed, listed
    finally:
        _revoke_all(secured)


def _group_ids(broker, user: str) -> set[str]:
    with _connect(broker, user) as conn:
        return {g.group_id for g in conn.send(ListGroupsRequest(states_filter=[], types_filter=[]), 5).groups}


def test_list_groups_shows_only_describable_groups(secured):
    _revoke_all(secured)
    try:
        with _connect(secured, "admin") as admin:
            committed = admin.send(CASES["offset_commit"][0](), 8)
            assert _first_partition(committed.topics) == NONE  # the group "acl-commit" now exists
        assert "acl-commit" in _group_ids(secured, "admin")
        assert "acl-commit" not in _group_ids(secured, "alice")
        _grant(secured, [(A.GROUP, "acl-commit", A.READ)])  # READ implies DESCRIBE
        deadline = time.monotonic() + GRANT_WAIT_S
        while "acl-commit" not in (groups := _group_ids(secured, "alice")) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert "acl-commit" in groups
    finally:
        _revoke_all(secured)
