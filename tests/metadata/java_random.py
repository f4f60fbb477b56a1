"""java.util.Random, for tests that run kbroker's code and Kafka's on the same random sequence: the 48-bit
linear congruential generator, nextInt(bound), and Collections.shuffle's swaps, behind the two methods kbroker's
placer asks of a random.Random (`randrange(n)`, `shuffle(list)`)."""

from __future__ import annotations

MULTIPLIER = 0x5DEECE66D
ADDEND = 0xB
MASK = (1 << 48) - 1
INT_MAX = (1 << 31) - 1


class JavaRandom:
    def __init__(self, seed: int) -> None:
        self.seed = (seed ^ MULTIPLIER) & MASK

    def _next(self, bits: int) -> int:
        self.seed = (self.seed * MULTIPLIER + ADDEND) & MASK
        return self.seed >> (48 - bits)  # bits <= 31 here, so never negative

    def next_int(self, bound: int) -> int:
        r = self._next(31)
        m = bound - 1
        if bound & m == 0:
            return (bound * r) >> 31
        u = r
        while True:
            r = u % bound
            if u - r + m <= INT_MAX:  # Java tests the int sum for overflow
                return r
            u = self._next(31)

    def randrange(self, n: int) -> int:
        return self.next_int(n)

    def shuffle(self, items: list) -> None:
        for i in range(len(items), 1, -1):
            j = self.next_int(i)
            items[i - 1], items[j] = items[j], items[i - 1]
