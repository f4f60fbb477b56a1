"""Exponential backoff with jitter between connection attempts to one node, as Kafka's ExponentialBackoff
configured by ClusterConnectionStates: `reconnect.backoff.ms` (50) doubled per consecutive failure up to
`reconnect.backoff.max.ms` (1000), each value scaled by a random factor in [0.8, 1.2] and capped at the max.
"""

from __future__ import annotations

import math
import random

import attrs

MULTIPLIER = 2
JITTER = 0.2


@attrs.define
class ReconnectBackoff:
    initial_ms: int = 50
    max_ms: int = 1000
    rng: random.Random = attrs.field(factory=random.Random)

    def delay_ms(self, failures: int) -> float:
        """How long to wait after the `failures`-th consecutive failed attempt (1 = the first)."""
        if failures <= 0:
            return 0.0
        if self.max_ms <= self.initial_ms:
            return float(self.max_ms)
        max_exponent = math.log(self.max_ms / self.initial_ms, MULTIPLIER)
        term = self.initial_ms * MULTIPLIER ** min(failures - 1, max_exponent)
        return min(term * self.rng.uniform(1 - JITTER, 1 + JITTER), float(self.max_ms))
