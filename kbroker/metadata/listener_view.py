"""The cluster as a client on one listener sees it (Kafka's KRaftMetadataCache read side): which brokers are
reachable, who leads a partition, which replicas are offline. Metadata, DescribeTopicPartitions and
DescribeCluster answer from these, so they agree with each other.

- A broker is listed when it is registered, unfenced and has an endpoint for the listener.
- A partition's leader is reported when the leader is registered with an endpoint for the listener (fenced or
  not, as Kafka's getAliveEndpoint); otherwise the partition has no leader (-1) and an error: LEADER_NOT_AVAILABLE
  when the leader is not registered, LISTENER_NOT_FOUND (Metadata v6+) or LEADER_NOT_AVAILABLE when it lacks the
  listener.
- A replica is offline when its broker is not registered, is fenced, lacks the listener, or has lost the log
  directory the partition is assigned to.
"""

from __future__ import annotations

import random
import uuid
from collections.abc import Callable

import attrs

from kbroker.metadata.image import BrokerRegistration, MetadataImage, PartitionRegistration
from kbroker.protocol import errors

NO_LEADER_ID = -1
# DirectoryId.UNASSIGNED / LOST / MIGRATING
UNASSIGNED_DIRECTORY = uuid.UUID(int=0)
LOST_DIRECTORY = uuid.UUID(int=1)
MIGRATING_DIRECTORY = uuid.UUID(int=2)


@attrs.frozen
class BrokerNode:
    node_id: int
    host: str
    port: int
    rack: str | None
    fenced: bool


@attrs.frozen
class PartitionView:
    partition_id: int
    error_code: int
    leader_id: int
    leader_epoch: int
    replicas: list[int]
    isr: list[int]
    offline_replicas: list[int]


def broker_nodes(image: MetadataImage, listener_name: str, *, include_fenced: bool = False) -> list[BrokerNode]:
    """Registered brokers with an endpoint on `listener_name`, by id; fenced ones only if asked."""
    nodes = []
    for broker_id, broker in sorted(image.brokers.items()):
        endpoint = broker.endpoint(listener_name)
        if endpoint is None or (broker.fenced and not include_fenced):
            continue
        nodes.append(BrokerNode(broker_id, endpoint.host, endpoint.port, broker.rack, broker.fenced))
    return nodes


def controller_id(image: MetadataImage, choose: Callable[[list[int]], int] = random.choice) -> int:
    """The id a broker reports as controller: an unfenced broker picked at random for each answer, as Kafka's
    getRandomAliveBrokerId does (KIP-590: clients send admin requests to it, and any broker forwards them), or -1
    when none is alive."""
    alive = [broker_id for broker_id, broker in image.brokers.items() if not broker.fenced]
    return choose(alive) if alive else -1


def _has_online_dir(broker: BrokerRegistration, directory: uuid.UUID) -> bool:
    """DirectoryId.isOnline: unassigned and migrating count as online, lost as offline."""
    if directory in (UNASSIGNED_DIRECTORY, MIGRATING_DIRECTORY):
        return True
    if directory == LOST_DIRECTORY:
        return False
    return not broker.log_dirs or directory in broker.log_dirs


def _directory_of(partition: PartitionRegistration, broker_id: int) -> uuid.UUID:
    for replica, directory in zip(partition.replicas, partition.directories, strict=False):
        if replica == broker_id:
            return directory
    return UNASSIGNED_DIRECTORY


def offline_replicas(image: MetadataImage, partition: PartitionRegistration, listener_name: str) -> list[int]:
    offline = []
    for broker_id in partition.replicas:
        broker = image.brokers.get(broker_id)
        if (broker is None or broker.fenced or broker.endpoint(listener_name) is None
                or not _has_online_dir(broker, _directory_of(partition, broker_id))):
            offline.append(broker_id)
    return offline


def _reachable(image: MetadataImage, broker_ids, listener_name: str) -> list[int]:
    """Metadata v0 only lists replicas on unfenced brokers that have the listener."""
    kept = []
    for broker_id in broker_ids:
        broker = image.brokers.get(broker_id)
        if broker is not None and not broker.fenced and broker.endpoint(listener_name) is not None:
            kept.append(broker_id)
    return kept


def partition_view(image: MetadataImage, partition: PartitionRegistration, listener_name: str, *,
                   error_unavailable_endpoints: bool = False,
                   error_unavailable_listeners: bool = False) -> PartitionView:
    """One partition as Metadata answers it. `error_unavailable_endpoints` is Metadata v0's rule (replicas that
    cannot be reached are dropped and reported as REPLICA_NOT_AVAILABLE), `error_unavailable_listeners` v6+'s
    (LISTENER_NOT_FOUND for a leader without the listener)."""
    replicas, isr = list(partition.replicas), list(partition.isr)
    if error_unavailable_endpoints:
        replicas = _reachable(image, replicas, listener_name)
        isr = _reachable(image, isr, listener_name)
    offline = offline_replicas(image, partition, listener_name)
    leader = image.brokers.get(partition.leader)
    if leader is None or leader.endpoint(listener_name) is None:
        if leader is None or not error_unavailable_listeners:
            error = errors.LEADER_NOT_AVAILABLE.code
        else:
            error = errors.LISTENER_NOT_FOUND.code
        return PartitionView(partition.partition_id, error, NO_LEADER_ID, partition.leader_epoch, replicas, isr,
                             offline)
    if len(replicas) < len(partition.replicas) or len(isr) < len(partition.isr):
        error = errors.REPLICA_NOT_AVAILABLE.code
    else:
        error = errors.NONE.code
    return PartitionView(partition.partition_id, error, partition.leader, partition.leader_epoch, replicas, isr,
                         offline)
