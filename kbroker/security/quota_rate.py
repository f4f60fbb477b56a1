"""The rate a client quota is measured by, and the throttle time that brings it back under its bound: Kafka's
`Rate` over a `WindowedSum` (SampledStat) with `QuotaUtils.throttleTime`, in plain arithmetic on millisecond times
handed in by the caller (so MockClock tests need no sleeping).

Samples: `samples` windows of `window_ms` each. A value goes into the current sample unless that sample is
`window_ms` old, in which case the next sample (reused round-robin) is reset to start now. Samples that began
`samples * window_ms` ago or earlier are reset when the rate is measured. The rate is the sum of the samples over
the elapsed time since the oldest sample began, stretched to at least `samples - 1` full windows (a fresh sensor
is not measured over a few milliseconds) and never below 1 ms, per second.

Throttle time for an observed rate O above a bound T over a window W: (O - T) / T * W ms (the delay that brings
O * W / (W + X) down to T), rounded.
"""

from __future__ import annotations

import math


class Rate:
    __slots__ = ("samples", "window_ms", "_starts", "_values", "_current")

    def __init__(self, samples: int, window_ms: int) -> None:
        self.samples = samples
        self.window_ms = window_ms
        self._starts: list[float] = []  # when each sample began (ms)
        self._values: list[float] = []
        self._current = 0

    def record(self, value: float, now_ms: float) -> None:
        if not self._starts:
            self._starts.append(now_ms)
            self._values.append(0.0)
        elif now_ms - self._starts[self._current] >= self.window_ms:
            self._current = (self._current + 1) % self.samples
            if self._current >= len(self._starts):
                self._starts.append(now_ms)
                self._values.append(0.0)
            else:
                self._starts[self._current] = now_ms
                self._values[self._current] = 0.0
        self._values[self._current] += value

    def _purge(self, now_ms: float) -> None:
        expire_age = self.samples * self.window_ms
        for i, start in enumerate(self._starts):
            if now_ms - start >= expire_age:
                self._starts[i] = now_ms
                self._values[i] = 0.0

    def window_size_ms(self, now_ms: float) -> float:
        """The span the rate is averaged over at `now_ms` (Kafka's Rate.windowSize)."""
        self._purge(now_ms)
        oldest = min(self._starts) if self._starts else now_ms
        elapsed = now_ms - oldest
        full_windows = int(elapsed // self.window_ms)
        if full_windows < self.samples - 1:
            elapsed += (self.samples - 1 - full_windows) * self.window_ms
        return max(elapsed, 1.0)

    def measure(self, now_ms: float) -> float:
        """Units per second at `now_ms`."""
        window = self.window_size_ms(now_ms)  # purges first, so the sum below is over live samples only
        return sum(self._values) / (window / 1000.0)

    def last_recorded_ms(self) -> float:
        return self._starts[self._current] if self._starts else float("-inf")


def throttle_time_ms(rate: Rate, bound: float, now_ms: float) -> int:
    """0 when the rate is within `bound`; else the delay that brings it back (Kafka's QuotaUtils.throttleTime)."""
    value = rate.measure(now_ms)
    if value <= bound:
        return 0
    return math.floor((value - bound) / bound * rate.window_size_ms(now_ms) + 0.5)  # Java's Math.round
