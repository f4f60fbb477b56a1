"""A histogram of durations for quantiles at scrape time, at a fixed cost per observation.

Durations are counted in log-linear buckets of microseconds (four buckets per power of two, so a quantile is
known to within an eighth of its value), which costs a few integer operations per observation and no allocation.
Quantiles are computed over a recent window, as Kafka's Yammer histograms bias theirs to the last minutes: the
buckets of the current and the previous WINDOW_S seconds. The count and the sum cover the whole run.
"""

from __future__ import annotations

WINDOW_S = 60.0
_SUB = 4  # buckets per power of two
_BUCKETS = 4 + _SUB * 40  # up to 2**43 us, about 100 days


def bucket_of(micros: int) -> int:
    if micros < 4:
        return max(micros, 0)
    shift = micros.bit_length() - 3
    index = 4 + _SUB * shift + ((micros >> shift) - 4)
    return index if index < _BUCKETS else _BUCKETS - 1


def bucket_bounds(index: int) -> tuple[int, int]:
    """[low, high) in microseconds of bucket `index`."""
    if index < 4:
        return index, index + 1
    shift, sub = divmod(index - 4, _SUB)
    return (4 + sub) << shift, (5 + sub) << shift


class Histogram:
    __slots__ = ("count", "sum_s", "_current", "_previous", "_rotate_at")

    def __init__(self) -> None:
        self.count = 0
        self.sum_s = 0.0
        self._current = [0] * _BUCKETS
        self._previous = [0] * _BUCKETS
        self._rotate_at = 0.0

    def observe(self, seconds: float, now: float) -> None:
        """Count one duration; `now` is the caller's clock reading in seconds (trio time)."""
        if now >= self._rotate_at:
            self._rotate(now)
        self.count += 1
        self.sum_s += seconds
        self._current[bucket_of(int(seconds * 1_000_000))] += 1

    def _rotate(self, now: float) -> None:
        if now >= self._rotate_at + WINDOW_S:
            self._previous = [0] * _BUCKETS  # a whole window passed with nothing observed
        else:
            self._previous = self._current
        self._current = [0] * _BUCKETS
        self._rotate_at = now + WINDOW_S

    def recent(self, now: float) -> list[int]:
        """Bucket counts of the recent window as of `now`."""
        if now >= self._rotate_at + WINDOW_S:
            return [0] * _BUCKETS
        if now >= self._rotate_at:
            return list(self._current)
        return [a + b for a, b in zip(self._current, self._previous, strict=True)]


def merged(buckets: list[list[int]]) -> list[int]:
    return [sum(column) for column in zip(*buckets, strict=True)] if buckets else [0] * _BUCKETS


def quantiles_ms(buckets: list[int], qs: tuple[float, ...]) -> list[float]:
    """Each quantile of `buckets` in milliseconds (the middle of the bucket it falls in; 0 with no observation)."""
    total = sum(buckets)
    if total == 0:
        return [0.0] * len(qs)
    answers = []
    for q in qs:
        rank = q * total
        seen = 0
        for index, n in enumerate(buckets):
            seen += n
            if n and seen >= rank:
                low, high = bucket_bounds(index)
                answers.append((low + high) / 2000)
                break
    return answers
