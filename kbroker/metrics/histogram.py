"""Durations for quantiles at scrape time, at a fixed small cost per observation.

A Reservoir keeps the last SIZE observations of a few durations observed together (the stages of one request) in
one preallocated list, so an observation is one slice assignment and a few additions: the quantiles are computed
when scraped, by sorting what is kept. Kafka's Yammer histograms keep a reservoir of 1028 samples biased to the
last five minutes; this one keeps the last SIZE requests. The count and the sums cover the whole run.
"""

from __future__ import annotations

SIZE = 1024


class Reservoir:
    __slots__ = ("count", "sums_s", "_values", "_width")

    def __init__(self, width: int) -> None:
        self.count = 0
        self.sums_s = [0.0] * width
        self._width = width
        self._values = [0.0] * (width * SIZE)

    def observe(self, seconds: tuple[float, ...]) -> None:
        """Keep one observation of each duration (a tuple of `width` seconds)."""
        width = self._width
        base = (self.count % SIZE) * width
        self._values[base:base + width] = seconds
        self.count += 1
        self.sums_s = list(map(float.__add__, self.sums_s, seconds))

    def kept(self, i: int) -> list[float]:
        """The kept observations of duration `i`, in seconds, in no particular order."""
        return self._values[i:min(self.count, SIZE) * self._width:self._width]


def quantiles(values: list[float], qs: tuple[float, ...]) -> list[float]:
    """Each quantile of `values` (the nearest rank, as Yammer's snapshots take it; 0 with no value)."""
    if not values:
        return [0.0] * len(qs)
    ordered = sorted(values)
    last = len(ordered) - 1
    return [ordered[min(last, max(0, round(q * (last + 1)) - 1))] for q in qs]
