"""The `kafka_cluster` fixture of the pytest plugin (kbroker/testing.py): three combined kbroker nodes as
processes whose faults do what they say. Every node lists the three brokers; a topic created through one
node is listed by all; cutting the quorum leader off from both others makes them elect a new leader in a
later epoch, and after heal() the old one follows again; while a follower is SIGSTOPped the two others still
commit a new topic, which the follower has after SIGCONT; a node killed with -9 and restarted serves again with
that metadata."""

from __future__ import annotations

import time

import pytest

from compat_tests.broker_fixtures import selected_broker_names
from compat_tests.brokers import KBROKER
from compat_tests.cluster.failover import quorum_leader
from compat_tests.cluster.quorum_probe import topics_known
from compat_tests.kafka_dist import metadata_broker_ids
from kbroker.protocol.blocking_client import KafkaConnection
from kbroker.protocol.messages.create_topics_request import CreatableTopic, CreateTopicsRequest

pytestmark = [pytest.mark.cluster]

WAIT_S = 60.0


def wait_for(condition, what: str, cluster):
    deadline = time.monotonic() + WAIT_S
    while True:
        cluster.check_running()
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            pytest.fail(f"not true after {WAIT_S} s: {what}\n" + "\n".join(
                cluster.node(n).log_tail(15) for n in cluster.ids))
        time.sleep(0.1)


def leader_among(cluster, nodes):
    found = quorum_leader(cluster, nodes)
    return found[1] if found is not None else None


def create(cluster, name: str, through: int) -> None:
    """CreateTopics sent to node `through` itself (which forwards it to the active controller). Not through an
    admin client: it sends the request to the broker Metadata names as controller, which may be a paused one."""
    request = CreateTopicsRequest(topics=[CreatableTopic(name=name, num_partitions=1, replication_factor=1)],
                                  timeout_ms=int(WAIT_S * 1000))
    with KafkaConnection(f"127.0.0.1:{cluster.node(through).client_port}", timeout=WAIT_S) as connection:
        response = connection.send(request, version=7)
    # TOPIC_ALREADY_EXISTS (36): the forwarded request was committed, its answer lost to the paused controller, and
    # the broker's retry found the topic; callers then check that every node knows it.
    assert [(t.name, t.error_code) for t in response.topics] in ([(name, 0)], [(name, 36)]), response


def known_by(cluster, node: int, name: str) -> bool:
    return name in topics_known(cluster.node(node).client_port, [name])


@pytest.fixture
def kbroker_selected(request) -> None:
    """Skips before the cluster starts when --broker leaves kbroker out."""
    if KBROKER not in selected_broker_names(request.config):
        pytest.skip("kbroker is not selected (--broker)")


def test_the_fixture_starts_three_nodes_and_injects_its_faults(kbroker_selected, kafka_cluster):
    cluster = kafka_cluster
    assert cluster.ids == [1, 2, 3] and len(cluster.bootstrap.split(",")) == 3
    assert all(sorted(metadata_broker_ids(cluster.node(n).client_port)) == [1, 2, 3] for n in cluster.ids)
    create(cluster, "first", through=1)
    wait_for(lambda: all(known_by(cluster, n, "first") for n in cluster.ids), "every node lists 'first'", cluster)

    old = wait_for(lambda: leader_among(cluster, cluster.ids), "a quorum leader", cluster)
    others = [n for n in cluster.ids if n != old.leader_id]
    for other in others:
        cluster.cut(old.leader_id, other)
    new = wait_for(lambda: (view := leader_among(cluster, others)) and view.leader_epoch > old.leader_epoch
                   and view, f"a new leader among {others} once node {old.leader_id} is cut off", cluster)
    cluster.heal()
    wait_for(lambda: (view := leader_among(cluster, cluster.ids)) and sorted(view.voter_log_end_offsets) == [1, 2, 3]
             and view.voter_log_end_offsets[old.leader_id] >= view.high_watermark,
             f"node {old.leader_id} following leader {new.leader_id} again after heal()", cluster)

    follower = next(n for n in cluster.ids if n != leader_among(cluster, cluster.ids).leader_id)
    running = [n for n in cluster.ids if n != follower]
    cluster.pause(follower)
    create(cluster, "while-paused", through=running[0])
    wait_for(lambda: all(known_by(cluster, n, "while-paused") for n in running), f"{running} list 'while-paused'",
             cluster)
    cluster.resume(follower)
    wait_for(lambda: known_by(cluster, follower, "while-paused"), f"node {follower} has 'while-paused'", cluster)

    cluster.kill(follower)
    assert not cluster.node(follower).is_running()
    cluster.restart(follower)
    wait_for(lambda: all(known_by(cluster, follower, name) for name in ("first", "while-paused")),
             f"the restarted node {follower} lists both topics", cluster)
