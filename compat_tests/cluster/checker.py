"""The queue checker (after Jepsen's Kafka workload): given what producers were told and what consumers read,
which acknowledged writes were lost, duplicated, reordered or given inconsistent offsets.

Values are unique and name their producer and its send order: `p<proc>-<n>` from the Python producers, and
`<prefix>.<n>` from Kafka's VerifiableProducer (`--value-prefix`), read here as producer `j<prefix>`.

Per partition the checker builds offset -> values from every read and every acknowledgement (which names
an offset too), then reports:

- lost: acknowledged, never read anywhere;
- duplicated: one value at two or more (partition, offset) positions. Given the writers of those positions
  (producer id, epoch, sequence, read from the stored batches), a copy written under a newer epoch of the same
  producer id is a client re-send after an epoch bump (KIP-360: the producer gave up on the old sequence), listed
  apart as `resent_under_new_epoch`; any other duplicate (same epoch and sequence twice: a retry the broker
  should have deduplicated) stays a duplicate;
- reordered: on one partition, a producer's values at increasing offsets with decreasing send numbers, where a
  value's later copy re-sent under a new epoch is judged by its own (later) send, so it is left out;
- inconsistent offsets: one (partition, offset) with two or more values;
- acknowledged while the ISR was below min.insync.replicas, where the ISR samples can tell: every sample from
  the last one before the send (or the acknowledgement, when the send time is unknown) to the first one after
  the acknowledgement showed fewer in-sync replicas than `min_isr`. Samples that name their node count only
  when that node called itself the partition's leader: the leader acknowledges on its own ISR, and another
  node's metadata may lag it. Even the leader's metadata lags its AlterPartition answers a little, so this one
  is a suspicion to look into, not proof.
"""

from __future__ import annotations

import bisect
import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from typing import NamedTuple

_PYTHON_VALUE = re.compile(r"^p(?P<proc>[0-9]+)-(?P<n>[0-9]+)$")
_JAVA_VALUE = re.compile(r"^(?P<prefix>[0-9]+)\.(?P<n>[0-9]+)$")


def parse_value(value: str) -> tuple[str, int]:
    """(producer, send number) of a workload value."""
    if match := _PYTHON_VALUE.match(value):
        return f"p{match['proc']}", int(match["n"])
    if match := _JAVA_VALUE.match(value):
        return f"j{match['prefix']}", int(match["n"])
    raise ValueError(f"not a workload value: {value!r}")


class Ack(NamedTuple):
    """The broker acknowledged `value` at `partition`/`offset`; times are time.monotonic() seconds. The offset
    is None when the client did not learn it (librdkafka reports a retried batch that the broker already had
    as delivered, without an offset)."""

    value: str
    partition: int
    offset: int | None
    acked_at: float
    sent_at: float | None = None


class Read(NamedTuple):
    partition: int
    offset: int
    value: str


class IsrSample(NamedTuple):
    """`partition`'s ISR size as `node` described it (None: some node), naming `leader` as its leader."""

    at: float
    partition: int
    isr_size: int
    node: int | None = None
    leader: int | None = None


class Writer(NamedTuple):
    """Who wrote the record at one position: its batch's producer id and epoch, and its own sequence."""

    producer_id: int
    producer_epoch: int
    sequence: int


class CheckResult(NamedTuple):
    acknowledged: int
    read: int
    lost: list[tuple[int, str, int]]  # partition, value, acknowledged offset (-1: unknown)
    duplicated: list[tuple[str, list[tuple[int, int]]]]  # value, its (partition, offset) positions
    reordered: list[tuple[int, str, str]]  # partition, value at the lower offset, value at the higher one
    inconsistent: list[tuple[int, int, list[str]]]  # partition, offset, values
    acked_below_min_isr: list[Ack]
    acknowledged_without_offset: int
    acks_by_producer: dict[str, int]
    resent_under_new_epoch: list[tuple[str, list[tuple[int, int]]]]  # value, its positions
    isr_samples_judged: int = 0  # the ISR samples acked_below_min_isr was judged on (the leaders' own views)
    acked_below_min_isr_any_node: int = 0  # the same judged on every node's view: the gap is metadata lag

    @property
    def ok(self) -> bool:
        """No lost, duplicated, reordered or inconsistent record (the ISR suspicion is reported apart)."""
        return not (self.lost or self.duplicated or self.reordered or self.inconsistent)

    def summary(self) -> dict[str, int]:
        return {"acknowledged": self.acknowledged, "read": self.read, "lost": len(self.lost),
                "duplicated": len(self.duplicated), "reordered": len(self.reordered),
                "inconsistent_offsets": len(self.inconsistent),
                "acked_below_min_isr": len(self.acked_below_min_isr),
                "acknowledged_without_offset": self.acknowledged_without_offset,
                "resent_under_new_epoch": len(self.resent_under_new_epoch),
                "isr_samples_judged": self.isr_samples_judged,
                "acked_below_min_isr_any_node": self.acked_below_min_isr_any_node}

    def describe(self, limit: int = 10) -> str:
        """The summary and the first `limit` cases of each anomaly."""
        lines = [str(self.summary())]
        for name in ("lost", "duplicated", "reordered", "inconsistent", "acked_below_min_isr",
                     "resent_under_new_epoch"):
            cases = getattr(self, name)
            if cases:
                lines.append(f"{name}: {cases[:limit]}{' ...' if len(cases) > limit else ''}")
        return "\n".join(lines)


def check(acks: Iterable[Ack], reads: Iterable[Read], isr_samples: Iterable[IsrSample] = (),
          min_isr: int = 2, writers: Mapping[tuple[int, int], Writer] | None = None) -> CheckResult:
    """`writers`: (partition, offset) -> Writer for the positions of duplicated values (see `duplicated_positions`)."""
    acks = list(acks)
    reads = list(reads)
    isr_samples = list(isr_samples)
    judged_samples = _leaders_views(isr_samples)
    values_at: dict[tuple[int, int], set[str]] = defaultdict(set)
    for partition, offset, value in _observations(acks, reads):
        values_at[(partition, offset)].add(value)
    read_values = {read.value for read in reads}

    lost = [(a.partition, a.value, -1 if a.offset is None else a.offset) for a in acks if a.value not in read_values]
    duplicated, resent = [], []
    for value, found in _positions_of_repeated_values(acks, reads).items():
        case = (value, sorted(found))
        (resent if _resent_under_new_epoch(case[1], writers or {}) else duplicated).append(case)
    inconsistent = [(partition, offset, sorted(values))
                    for (partition, offset), values in sorted(values_at.items()) if len(values) > 1]
    resent_copies = {position for _value, found in resent for position in found[1:]}
    return CheckResult(len(acks), len(reads), sorted(lost), sorted(duplicated), _reordered(reads, resent_copies),
                       inconsistent,
                       _acked_below_min_isr(acks, judged_samples, min_isr),
                       sum(1 for a in acks if a.offset is None), dict(Counter(parse_value(a.value)[0] for a in acks)),
                       sorted(resent), len(judged_samples), len(_acked_below_min_isr(acks, isr_samples, min_isr)))


def duplicated_positions(acks: Iterable[Ack], reads: Iterable[Read]) -> set[tuple[int, int]]:
    """The (partition, offset) positions of values found at more than one: whose writers `check` wants."""
    return {position for found in _positions_of_repeated_values(list(acks), list(reads)).values()
            for position in found}


def _observations(acks: list[Ack], reads: list[Read]) -> list[tuple[int, int, str]]:
    """(partition, offset, value) from every read and every acknowledgement that named its offset."""
    return [(a.partition, a.offset, a.value) for a in acks if a.offset is not None] + [tuple(r) for r in reads]


def _positions_of_repeated_values(acks: list[Ack], reads: list[Read]) -> dict[str, set[tuple[int, int]]]:
    positions: dict[str, set[tuple[int, int]]] = defaultdict(set)
    for partition, offset, value in _observations(acks, reads):
        positions[value].add((partition, offset))
    return {value: found for value, found in positions.items() if len(found) > 1}


def _resent_under_new_epoch(found: list[tuple[int, int]], writers: Mapping[tuple[int, int], Writer]) -> bool:
    """Every copy has a known writer, all of one producer id, each under its own epoch."""
    known = [writers.get(position) for position in found]
    if any(writer is None for writer in known):
        return False
    return len({w.producer_id for w in known}) == 1 and len({w.producer_epoch for w in known}) == len(known)


def _reordered(reads: list[Read], resent_copies: set[tuple[int, int]]) -> list[tuple[int, str, str]]:
    """`resent_copies`: positions of the later copies of values re-sent under a new epoch, left out. Kafka orders a
    producer's successful sends in send order; such a copy was sent again after the epoch bump, after the values
    that now precede it, so where it landed is its own send's place (the value's first copy keeps its place)."""
    by_position = {(read.partition, read.offset): read.value for read in reads
                   if (read.partition, read.offset) not in resent_copies}
    last_seen: dict[tuple[int, str], tuple[int, str]] = {}
    found = []
    for (partition, _offset), value in sorted(by_position.items()):
        producer, number = parse_value(value)
        previous = last_seen.get((partition, producer))
        if previous is not None and number < previous[0]:
            found.append((partition, previous[1], value))
        if previous is None or number > previous[0]:
            last_seen[(partition, producer)] = (number, value)
    return found


def _acked_below_min_isr(acks: list[Ack], samples: Iterable[IsrSample], min_isr: int) -> list[Ack]:
    by_partition: dict[int, list[IsrSample]] = defaultdict(list)
    for sample in sorted(samples, key=lambda sample: (sample.at, sample.partition)):
        by_partition[sample.partition].append(sample)
    times = {partition: [s.at for s in series] for partition, series in by_partition.items()}
    suspicious = []
    for ack in acks:
        series = by_partition.get(ack.partition)
        if not series:
            continue
        start = ack.sent_at if ack.sent_at is not None else ack.acked_at
        first = bisect.bisect_right(times[ack.partition], start) - 1
        last = bisect.bisect_left(times[ack.partition], ack.acked_at)
        if first < 0 or last >= len(series):
            continue  # no sample on one side: cannot tell
        if all(sample.isr_size < min_isr for sample in series[first:last + 1]):
            suspicious.append(ack)
    return suspicious


def _leaders_views(samples: Iterable[IsrSample]) -> list[IsrSample]:
    """The samples a partition's leader gave of its own partition, when samples name their node (the node whose
    ISR decides an acknowledgement; another node's metadata may lag it by a heartbeat or more); else all."""
    samples = list(samples)
    if all(sample.node is None for sample in samples):
        return samples
    return [sample for sample in samples if sample.node is not None and sample.node == sample.leader]
