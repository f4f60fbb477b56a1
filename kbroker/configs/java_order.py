"""Java's HashMap/HashSet iteration order for string keys.

Kafka builds DescribeConfigs entry lists and some error messages ("Cannot update these configs dynamically:
[a, b]") by iterating Java hash maps and sets, so their order is a function of String.hashCode and the table
capacity. Clients do not depend on it, but reproducing it keeps kbroker's answers identical to Kafka's.
"""

from __future__ import annotations

from collections.abc import Iterable

from kbroker.java_hash import string_hash

_DEFAULT_CAPACITY = 16
_LOAD_FACTOR = 0.75


def _bucket(text: str, capacity: int) -> int:
    h = string_hash(text) & 0xFFFFFFFF
    return (h ^ (h >> 16)) & (capacity - 1)


def _grown_capacity(count: int) -> int:
    """Capacity of a default HashMap after `count` insertions (it doubles when size exceeds 3/4)."""
    capacity = _DEFAULT_CAPACITY
    while count > capacity * _LOAD_FACTOR:
        capacity *= 2
    return capacity


def _copied_capacity(count: int) -> int:
    """Capacity of `new HashSet<>(collection)` / `new HashMap<>(map)` for `count` elements."""
    wanted = max(int(count / _LOAD_FACTOR) + 1, _DEFAULT_CAPACITY)
    capacity = 1
    while capacity < wanted:
        capacity *= 2
    return capacity


def hash_order(keys: Iterable[str], *, copied: bool = False) -> list[str]:
    """The keys in the order a Java HashMap holding them iterates (insertion order breaks bucket ties).
    `copied`: the map was built by a copy constructor rather than by successive puts."""
    unique = list(dict.fromkeys(keys))
    capacity = _copied_capacity(len(unique)) if copied else _grown_capacity(len(unique))
    return [key for _, _, key in sorted((_bucket(key, capacity), i, key) for i, key in enumerate(unique))]


def java_set_string(names: Iterable[str]) -> str:
    """AbstractCollection.toString of a HashSet copied from the names: "[a, b]"."""
    return "[" + ", ".join(hash_order(names, copied=True)) + "]"
