"""What each Apache Kafka release from 2.8 to 4.3 advertised in ApiVersions, read from the committed table.

kafka_releases.json is written by `python -m kbroker.protocol.kafka_releases_gen` from the request schemas of
each release's kafka-clients jar (that module says which listener's view a release takes); reading it needs no
network. `kbroker serve --emulate-kafka X.Y` (kbroker.emulate.kafka.version) caps what the broker advertises and
accepts to one release's entry (kbroker.api.registry.Registry.emulating).
"""

from __future__ import annotations

import functools
import json
import logging
from pathlib import Path

import attrs

log = logging.getLogger(__name__)

TABLE_PATH = Path(__file__).with_name("kafka_releases.json")


@attrs.frozen
class KafkaRelease:
    name: str  # "3.6"
    kafka_clients: str  # the jar the entry was derived from, e.g. "3.6.2"
    listener: str  # "broker" (a KRaft broker's client listener) or "zkBroker"
    apis: dict[int, tuple[int, int]]  # API key -> (min version, max version)
    features: dict[str, tuple[int, int]]  # supported feature -> (min level, max level)
    # APIs advertised but answered UNSUPPORTED_VERSION by a broker of the release with its default config.
    refused: frozenset[int] = frozenset()


@functools.cache
def releases() -> dict[str, KafkaRelease]:
    table = json.loads(TABLE_PATH.read_text())["releases"]
    return {name: KafkaRelease(
        name=name, kafka_clients=entry["kafka_clients"], listener=entry["listener"],
        apis={int(key): (low, high) for key, (low, high) in entry["apis"].items()},
        features={feature: (low, high) for feature, (low, high) in entry["features"].items()},
        refused=frozenset(entry["refused"]))
        for name, entry in table.items()}


def intersect(ours: tuple[int, int], theirs: tuple[int, int]) -> tuple[int, int] | None:
    """The versions (or levels) two (min, max) ranges share; None when they share none."""
    low, high = max(ours[0], theirs[0]), min(ours[1], theirs[1])
    return (low, high) if low <= high else None


def accepted() -> str:
    """The release names --emulate-kafka accepts, comma-separated, oldest first."""
    return ", ".join(releases())


def release(name: str) -> KafkaRelease:
    """KeyError naming the accepted releases when `name` is not one."""
    found = releases().get(name)
    if found is None:
        raise KeyError(f"unknown Kafka release {name!r} to emulate; accepted: {accepted()}")
    return found


def emulated_release(config) -> KafkaRelease | None:
    """The release kbroker.emulate.kafka.version names (validated when the config loaded); None when empty."""
    name = config["kbroker.emulate.kafka.version"]
    if not name:
        return None
    emulated = release(name)
    log.info("emulating Apache Kafka %s: the client listeners advertise what its %s listener did (the schemas of "
             "kafka-clients %s)", name, emulated.listener, emulated.kafka_clients)
    return emulated
