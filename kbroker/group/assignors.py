"""Server-side partition assignors of KIP-848 consumer groups (Kafka's `group.consumer.assignors`, default
`uniform,range`; the first is the default, a member may ask for another with ServerAssignor).

An assignor maps the group's members (member id -> subscribed topic ids) and the subscribed topics' partition
counts to a target assignment: member id -> topic id -> partitions. Every partition of a subscribed topic is
given to exactly one member subscribed to that topic; no member gets a partition of a topic it does not
subscribe to.

- uniform (Kafka's UniformAssignor): balanced and sticky. Every member keeps the partitions of its previous
  target assignment that are still valid, up to its quota (total / members, the first `total % members`
  members by member id may hold one more); the rest go, one at a time, to the subscribed member holding the
  fewest. With heterogeneous subscriptions the quota is taken over the partitions a member can have.
- range (Kafka's RangeAssignor): for each topic, the subscribed members in member-id order get contiguous
  ranges, the first `partitions % members` one partition more; it is sticky only in that the same members
  and topics give the same ranges.

Gaps: the exact placement differs from Kafka's (its builders iterate hash maps of topic ids); clients see the
same balance and stickiness rules, not necessarily the same partitions. Racks are ignored.
"""

from __future__ import annotations

import heapq
import uuid
from collections.abc import Mapping

Assignment = dict[uuid.UUID, set[int]]
UNIFORM = "uniform"
RANGE = "range"


def _sorted_topics(topics: Mapping[uuid.UUID, int]) -> list[uuid.UUID]:
    return sorted(topics, key=str)


def uniform(members: Mapping[str, set[uuid.UUID]], topics: Mapping[uuid.UUID, int],
            previous: Mapping[str, Mapping[uuid.UUID, set[int]]]) -> dict[str, Assignment]:
    result: dict[str, Assignment] = {member: {} for member in members}
    if not members:
        return result
    counts = {member: 0 for member in members}
    owner: dict[tuple[uuid.UUID, int], str] = {}
    order = sorted(members)
    # The quota of each member: the partitions it could get spread over the members that could get them.
    quota: dict[str, int] = {}
    for member in order:
        reachable = sum(topics.get(t, 0) for t in members[member])
        sharing = max(1, sum(1 for other in order if members[other] & members[member]))
        quota[member] = -(-reachable // sharing)  # ceil
    homogeneous = len({frozenset(s) for s in members.values()}) == 1
    if homogeneous:
        total = sum(topics.get(t, 0) for t in next(iter(members.values())))
        base, extra = divmod(total, len(order))
    # 1. Stickiness: keep what the previous target gave, within the quota.
    for member in order:
        kept = 0
        for topic_id in _sorted_topics({t: 0 for t in previous.get(member, {})}):
            if topic_id not in members[member] or topic_id not in topics:
                continue
            for partition in sorted(previous[member][topic_id]):
                if partition >= topics[topic_id] or (topic_id, partition) in owner:
                    continue
                limit = base if homogeneous else quota[member]
                if kept >= limit:
                    if not (homogeneous and extra > 0 and kept == base):
                        continue
                    extra -= 1
                owner[(topic_id, partition)] = member
                result[member].setdefault(topic_id, set()).add(partition)
                kept += 1
        counts[member] = kept
    # 2. The rest, one at a time, to the subscribed member holding the fewest (ties: member id order).
    rank = {member: i for i, member in enumerate(order)}
    for topic_id in _sorted_topics(topics):
        heap = [(counts[m], rank[m], m) for m in order if topic_id in members[m]]
        if not heap:
            continue
        heapq.heapify(heap)
        for partition in range(topics[topic_id]):
            if (topic_id, partition) in owner:
                continue
            _, i, member = heapq.heappop(heap)
            owner[(topic_id, partition)] = member
            result[member].setdefault(topic_id, set()).add(partition)
            counts[member] += 1
            heapq.heappush(heap, (counts[member], i, member))
    return result


def range_(members: Mapping[str, set[uuid.UUID]], topics: Mapping[uuid.UUID, int],
           previous: Mapping[str, Mapping[uuid.UUID, set[int]]]) -> dict[str, Assignment]:
    result: dict[str, Assignment] = {member: {} for member in members}
    for topic_id in _sorted_topics(topics):
        subscribed = sorted(m for m, s in members.items() if topic_id in s)
        if not subscribed:
            continue
        each, extra = divmod(topics[topic_id], len(subscribed))
        start = 0
        for i, member in enumerate(subscribed):
            size = each + (1 if i < extra else 0)
            if size:
                result[member][topic_id] = set(range(start, start + size))
            start += size
    return result


ASSIGNORS = {UNIFORM: uniform, RANGE: range_}
