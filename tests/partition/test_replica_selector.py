"""KIP-392: which replica a partition's leader sends a consumer to (RackAwareReplicaSelector's choice among the
leader and the in-sync followers holding the fetch offset), and the config check of replica.selector.class."""

import uuid

import pytest

from kbroker.config import BrokerConfig, ConfigError
from kbroker.log.config import LogConfig
from kbroker.log.log import Log
from kbroker.metadata.image import BrokerRegistration, Endpoint, MetadataImage, PartitionRegistration
from kbroker.partition.partition import Partition
from kbroker.partition.replica_selector import (
    NO_PREFERRED_REPLICA,
    RACK_AWARE_SELECTOR,
    ReadReplica,
    preferred_read_replica,
)
from kbroker.protocol import records as R
from tests.log.log_helpers import START_MS, VirtualClock

LISTENER = "PLAINTEXT"


def image(racks: dict[int, str | None], fenced=(), listener=LISTENER) -> MetadataImage:
    brokers = {b: BrokerRegistration(b, 10, uuid.UUID(int=b), (Endpoint(listener, "127.0.0.1", 9000 + b, 0),), (),
                                     rack, b in fenced, False, ())
               for b, rack in racks.items()}
    return MetadataImage(brokers=brokers)


RACKS = {1: "a", 2: "b", 3: "c", 4: "b"}


def choose(followers, client_rack="b", racks=RACKS, selector=RACK_AWARE_SELECTOR, **image_args):
    return preferred_read_replica(selector, ReadReplica(1, 100, 0), followers, image(racks, **image_args), LISTENER,
                                  client_rack)


def test_same_rack_follower_is_preferred():
    assert choose([ReadReplica(2, 100, 0), ReadReplica(3, 100, 0)]) == 2


def test_no_selector_no_rack_or_no_rack_match_keep_the_leader():
    followers = [ReadReplica(2, 100, 0)]
    assert choose(followers, selector=None) == NO_PREFERRED_REPLICA
    assert choose(followers, client_rack="") == NO_PREFERRED_REPLICA
    assert choose(followers, client_rack="z") == NO_PREFERRED_REPLICA


def test_leader_in_the_clients_rack_keeps_it():
    assert choose([ReadReplica(2, 100, 0)], client_rack="a") == NO_PREFERRED_REPLICA


def test_most_caught_up_same_rack_replica_wins():
    assert choose([ReadReplica(2, 90, 0), ReadReplica(4, 95, 0)]) == 4
    assert choose([ReadReplica(2, 95, 500), ReadReplica(4, 95, 20)]) == 4
    assert choose([ReadReplica(2, 95, 20), ReadReplica(4, 95, 20)]) == 2


def test_unreachable_replicas_are_not_chosen():
    assert choose([ReadReplica(2, 100, 0)], fenced=(2,)) == NO_PREFERRED_REPLICA
    assert preferred_read_replica(RACK_AWARE_SELECTOR, ReadReplica(1, 100, 0), [ReadReplica(2, 100, 0)],
                                  image(RACKS, listener="OTHER"), LISTENER, "b") == NO_PREFERRED_REPLICA
    assert choose([ReadReplica(9, 100, 0)]) == NO_PREFERRED_REPLICA


def test_read_replicas_are_in_sync_followers_holding_the_offset(tmp_path):
    clock = VirtualClock()
    log_ = Log.open(str(tmp_path / "t-0"), LogConfig(), clock=clock)
    try:
        registration = PartitionRegistration(0, (1, 2, 3, 4), (1, 2, 3), 1, 0, 0)
        partition = Partition("t", 0, uuid.UUID(int=7), log_, registration, node_id=1, time_ms=clock)
        partition.append_records(R.build_batch([(START_MS + i, None, b"v") for i in range(10)]), required_acks=1)
        partition.update_follower_fetch_state(2, 10, 0, 10)
        partition.update_follower_fetch_state(3, 4, 0, 10)
        partition.update_follower_fetch_state(4, 10, 0, 10)  # caught up, but not in the ISR
        leader, followers = partition.read_replicas(6)
        assert leader == ReadReplica(1, 10, 0)
        assert [f.broker_id for f in followers] == [2]
        assert [f.broker_id for f in partition.read_replicas(3)[1]] == [2, 3]
    finally:
        log_.close()


def test_replica_selector_class_is_checked():
    config = BrokerConfig.from_properties({"replica.selector.class": RACK_AWARE_SELECTOR, "log.dirs": "/tmp/x"})
    assert config["replica.selector.class"] == RACK_AWARE_SELECTOR
    assert BrokerConfig.from_properties({"log.dirs": "/tmp/x"})["replica.selector.class"] is None
    with pytest.raises(ConfigError, match="replica.selector.class"):
        BrokerConfig.from_properties({"replica.selector.class": "com.example.Nearest", "log.dirs": "/tmp/x"})
