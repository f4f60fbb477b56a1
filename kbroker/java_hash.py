"""Java's String.hashCode, which Kafka's answers depend on: the internal-topic partition of a group or
transactional id, and the iteration order of Java hash maps and sets of strings."""

from __future__ import annotations


def string_hash(text: str) -> int:
    """java.lang.String.hashCode over UTF-16 code units, as a signed 32-bit int."""
    h = 0
    data = text.encode("utf-16-be")
    for i in range(0, len(data), 2):
        h = (31 * h + ((data[i] << 8) | data[i + 1])) & 0xFFFFFFFF
    return h - (1 << 32) if h & 0x80000000 else h
