"""The share groups' server-side assignor, following Kafka's SimpleAssignor: a share-partition may be assigned to
several members at once, so every subscribed partition is assigned, and each member gets some.

Principles, as Kafka's (balance above stickiness):
- with P subscribed partitions and M members, each partition goes to ceil(M / P) members (its desired sharing),
  and the P * sharing assignments are spread so that member counts differ by at most one;
- a member keeps what it already had where that fits both limits;
- a member only gets partitions of topics it subscribes to (members with different subscriptions get the
  partitions of their own topics, shared the same way among the members subscribing to each topic).

Kafka's exact choice among equally good answers depends on its hash-map order; this one picks in sorted order.
"""

from __future__ import annotations

import math
import uuid
from collections.abc import Mapping

TopicPartition = tuple[uuid.UUID, int]


def assign(subscriptions: Mapping[str, frozenset[uuid.UUID]], partition_counts: Mapping[uuid.UUID, int],
           current: Mapping[str, Mapping[uuid.UUID, frozenset[int]]]) -> dict[str, dict[uuid.UUID, frozenset[int]]]:
    """member id -> topic id -> partitions, from each member's subscribed topic ids, the partition count of each
    topic, and the members' current assignment."""
    members = sorted(subscriptions)
    result: dict[str, set[TopicPartition]] = {member: set() for member in members}
    topics = sorted({topic for topics in subscriptions.values() for topic in topics if topic in partition_counts},
                    key=str)
    # Members subscribed to the same set of topics are balanced together (the homogeneous case is one class).
    classes: dict[frozenset[uuid.UUID], list[str]] = {}
    for member in members:
        classes.setdefault(frozenset(t for t in subscriptions[member] if t in partition_counts), []).append(member)
    for subscribed, group in classes.items():
        partitions = [(topic, index) for topic in topics if topic in subscribed
                      for index in range(partition_counts[topic])]
        _assign_class(group, partitions, current, result)
    return {member: _by_topic(assigned) for member, assigned in result.items()}


def _assign_class(members: list[str], partitions: list[TopicPartition],
                  current: Mapping[str, Mapping[uuid.UUID, frozenset[int]]],
                  result: dict[str, set[TopicPartition]]) -> None:
    if not partitions:
        return
    sharing = math.ceil(len(members) / len(partitions))
    total = sharing * len(partitions)
    # Desired count per member: total spread so that counts differ by at most one.
    desired = {member: total // len(members) + (1 if i < total % len(members) else 0)
               for i, member in enumerate(members)}
    holders: dict[TopicPartition, list[str]] = {tp: [] for tp in partitions}
    for member in members:  # stickiness: keep current partitions within both limits
        kept = sorted((topic, index) for topic, indexes in current.get(member, {}).items() for index in indexes)
        for tp in kept:
            if tp in holders and len(holders[tp]) < sharing and len(result[member]) < desired[member]:
                holders[tp].append(member)
                result[member].add(tp)
    for member in members:  # fill: the partitions with the fewest holders first
        while len(result[member]) < desired[member]:
            candidates = [tp for tp in partitions if len(holders[tp]) < sharing and member not in holders[tp]]
            if not candidates:
                break
            tp = min(candidates, key=lambda c: len(holders[c]))
            holders[tp].append(member)
            result[member].add(tp)


def _by_topic(assigned: set[TopicPartition]) -> dict[uuid.UUID, frozenset[int]]:
    topics: dict[uuid.UUID, set[int]] = {}
    for topic, index in assigned:
        topics.setdefault(topic, set()).add(index)
    return {topic: frozenset(indexes) for topic, indexes in topics.items()}
