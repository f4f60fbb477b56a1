"""Where the controller puts the replicas of new partitions: Kafka 4.3.1's StripedReplicaPlacer, used by
CreateTopics and CreatePartitions when no manual assignment is given.

The usable brokers (`usable_brokers`) are the registered brokers that are not in controlled shutdown, each
with its rack and whether it is fenced; Kafka takes them from its heartbeat manager, kbroker from the image the
controller holds, which records the same fencing and shutdown.

Placing `count` partitions of `replication_factor` replicas:
- a replication factor below 1, no unfenced broker, or more replicas than usable brokers (fenced ones count) is
  refused with INVALID_REPLICATION_FACTOR, in that order, with Kafka's messages;
- brokers are grouped by rack (no rack is a rack of its own, ordered first); inside a rack the unfenced and
  the fenced brokers are two lists, sorted by id, each starting at a random offset; the racks start at a random
  offset too;
- each partition takes its leader from the first rack, from the rack offset on, that still has an unfenced
  broker, then its followers round-robin over the racks from the rack offset, the leader's rack skipped on the
  first pass, each rack giving an unfenced broker while it has one and a fenced one after;
- each partition is an iteration epoch: every list and the rack offset move on by one, so consecutive
  partitions are striped over the racks and brokers; after as many partitions as there are unfenced brokers,
  the racks and every list are shuffled and the epochs start over.
The randomness comes from an injectable `random.Random` (anything with `randrange(n)` and `shuffle(list)`),
so tests can fix it.
"""

from __future__ import annotations

import random as random_module
from collections.abc import Iterable

import attrs

from kbroker.metadata.image import MetadataImage

NO_BROKER = -1


@attrs.frozen
class UsableBroker:
    broker_id: int
    rack: str | None
    fenced: bool


class PlacementError(Exception):
    """Kafka's InvalidReplicationFactorException: the placement cannot be made."""


def usable_brokers(image: MetadataImage) -> list[UsableBroker]:
    """The brokers new replicas may go to: registered and not in controlled shutdown, by id."""
    return [UsableBroker(b.broker_id, b.rack, b.fenced) for _, b in sorted(image.brokers.items())
            if not b.in_controlled_shutdown]


class _BrokerList:
    def __init__(self) -> None:
        self.brokers: list[int] = []
        self.index = 0   # how many brokers this epoch has taken
        self.offset = 0  # added to the index, modulo the size
        self.epoch = 0

    def initialize(self, rng) -> None:
        if self.brokers:
            self.brokers.sort()
            self.offset = rng.randrange(len(self.brokers))

    def next(self, epoch: int) -> int:
        """The next broker of this epoch, or NO_BROKER once every broker was taken in it."""
        size = len(self.brokers)
        if not size:
            return NO_BROKER
        if self.epoch != epoch:
            self.epoch = epoch
            self.index = 0
            self.offset = (self.offset + 1) % size
        if self.index >= size:
            return NO_BROKER
        broker = self.brokers[(self.index + self.offset) % size]
        self.index += 1
        return broker


class _Rack:
    def __init__(self) -> None:
        self.fenced = _BrokerList()
        self.unfenced = _BrokerList()

    def initialize(self, rng) -> None:
        self.fenced.initialize(rng)
        self.unfenced.initialize(rng)

    def shuffle(self, rng) -> None:
        rng.shuffle(self.fenced.brokers)
        rng.shuffle(self.unfenced.brokers)

    def next(self, epoch: int) -> int:
        broker = self.unfenced.next(epoch)
        return broker if broker != NO_BROKER else self.fenced.next(epoch)


class _RackList:
    def __init__(self, rng, brokers: Iterable[UsableBroker]) -> None:
        self.rng = rng
        self.racks: dict[str | None, _Rack] = {}
        self.total = 0
        self.unfenced = 0
        for broker in brokers:
            rack = self.racks.setdefault(broker.rack, _Rack())
            (rack.fenced if broker.fenced else rack.unfenced).brokers.append(broker.broker_id)
            self.total += 1
            self.unfenced += not broker.fenced
        # No rack sorts first, as Kafka's OptionalStringComparator orders them.
        self.names: list[str | None] = sorted(self.racks, key=lambda name: (name is not None, name or ""))
        for name in self.names:
            self.racks[name].initialize(rng)
        self.epoch = 0
        self.offset = rng.randrange(len(self.names)) if self.names else 0

    def check(self, replication_factor: int) -> None:
        """StripedReplicaPlacer.place's checks, in its order."""
        if replication_factor <= 0:
            raise PlacementError(f"Invalid replication factor {replication_factor}: the replication factor must "
                                 "be positive.")
        if self.unfenced == 0:
            raise PlacementError("All brokers are currently fenced, or have all their log directories cordoned.")
        if replication_factor > self.total:
            raise PlacementError(f"The target replication factor of {replication_factor} cannot be reached "
                                 f"because only {self.total} broker(s) are registered or some brokers have all "
                                 "their log directories cordoned.")

    def place(self, replication_factor: int) -> list[int]:
        if self.epoch == self.unfenced and self.unfenced > 1:
            self._shuffle()
            self.epoch = 0
        if self.offset == len(self.names):
            self.offset = 0
        first_rack = self.offset
        while True:
            leader = self.racks[self.names[first_rack]].unfenced.next(self.epoch)
            if leader != NO_BROKER:
                break
            first_rack = (first_rack + 1) % len(self.names)
        replicas = [leader]
        rack_index, skip = self.offset, first_rack
        for _ in range(1, replication_factor):
            follower, asked = NO_BROKER, 0
            while follower == NO_BROKER:
                if rack_index == skip:
                    skip = -1  # the leader's rack is passed over once
                else:
                    if asked == 2 * len(self.names):
                        # Every rack was asked and is out of brokers for this partition: Kafka would loop forever.
                        raise RuntimeError("no rack has a broker left for this partition")
                    follower = self.racks[self.names[rack_index]].next(self.epoch)
                    asked += 1
                rack_index = (rack_index + 1) % len(self.names)
            replicas.append(follower)
        self.epoch += 1
        self.offset += 1
        return replicas

    def _shuffle(self) -> None:
        self.rng.shuffle(self.names)
        for name in sorted(self.racks, key=lambda name: (name is not None, name or "")):
            self.racks[name].shuffle(self.rng)


class StripedReplicaPlacer:
    def __init__(self, rng=None) -> None:
        self.rng = rng if rng is not None else random_module.Random()

    def place(self, brokers: Iterable[UsableBroker], count: int, replication_factor: int) -> list[list[int]]:
        """The replicas of `count` new partitions, leader first; PlacementError when they cannot be placed."""
        racks = _RackList(self.rng, brokers)
        racks.check(replication_factor)
        return [racks.place(replication_factor) for _ in range(count)]
