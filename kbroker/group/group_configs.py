"""GROUP config resources (ConfigResource.Type.GROUP, 32): the per-group configs Kafka 4.3.1's GroupConfig defines,
how a group's stored configs are checked against the broker's bounds, what DescribeConfigs lists for a group, and
the effective values the group coordinator uses.

Mirrors Kafka 4.3.1 (GroupConfig, GroupConfigManager, ConfigHelper for GROUP resources):
- Names, types, lower bounds and documentation as GroupConfig's ConfigDef; every config but three has a broker
  synonym (`group.<name>`) whose value is the group's default.
- A change is checked on the group's resulting configs merged over the broker's group defaults: unknown names
  ("Unknown group config name: x"), then each value parsed in definition order ("Invalid value v for configuration
  n: ..."), then the broker bounds in GroupConfig.validateValues' order ("n must be less than or equal to
  group.consumer.max.session.timeout.ms", ...), then session timeouts above heartbeat intervals. All INVALID_CONFIG.
- The configs live in the metadata log as ConfigRecords of resource type GROUP (MetadataImage.group_configs).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

import attrs

from kbroker.configs.java_order import hash_order

GROUP_RESOURCE = 32

INT, STRING, BOOLEAN = "INT", "STRING", "BOOLEAN"
_CONFIG_TYPE_IDS = {BOOLEAN: 1, STRING: 2, INT: 3}  # DescribeConfigsResponse ConfigType
DEFAULT_CONFIG, GROUP_CONFIG = 5, 8  # DescribeConfigsResponse ConfigSource

CONSUMER_SESSION_TIMEOUT_MS = "consumer.session.timeout.ms"
CONSUMER_HEARTBEAT_INTERVAL_MS = "consumer.heartbeat.interval.ms"
CONSUMER_ASSIGNMENT_INTERVAL_MS = "consumer.assignment.interval.ms"

_SHARE_RESET_PATTERN = re.compile(r"earliest|latest|by_duration:(.*)", re.DOTALL)
_ISO_DURATION = re.compile(r"([-+]?)P(?:([-+]?[0-9]+)D)?(T(?:([-+]?[0-9]+)H)?(?:([-+]?[0-9]+)M)?"
                           r"(?:([-+]?[0-9]+)(?:[.,]([0-9]{0,9}))?S)?)?", re.IGNORECASE)


class GroupConfigError(Exception):
    """A change Kafka refuses with INVALID_CONFIG and this message."""


@attrs.frozen
class GroupConfigKey:
    name: str
    type: str
    default: object  # Kafka's default when the broker synonym is not a kbroker config
    at_least: int | None
    documentation: str
    broker_synonym: str | None
    valid_strings: tuple[str, ...] = ()


def _int_key(name: str, default: int, at_least: int, doc: str, synonym: bool = True) -> GroupConfigKey:
    return GroupConfigKey(name, INT, default, at_least, doc, f"group.{name}" if synonym else None)


# GroupConfig's ConfigDef, in its definition order (the order values are parsed and checked in).
KEYS: tuple[GroupConfigKey, ...] = (
    _int_key(CONSUMER_SESSION_TIMEOUT_MS, 45000, 1,
             "The timeout to detect client failures when using the consumer group protocol."),
    _int_key(CONSUMER_HEARTBEAT_INTERVAL_MS, 5000, 1, "The heartbeat interval given to the members of a consumer group."),
    _int_key("consumer.assignment.interval.ms", 1000, 0, "The interval between assignment updates for a consumer group."),
    _int_key("share.session.timeout.ms", 45000, 1,
             "The timeout to detect client failures when using the share group protocol."),
    _int_key("share.heartbeat.interval.ms", 5000, 1, "The heartbeat interval given to the members of a share group."),
    _int_key("share.record.lock.duration.ms", 30000, 1000,
             "The record acquisition lock duration in milliseconds for share groups."),
    _int_key("share.delivery.count.limit", 5, 2,
             "The maximum number of delivery attempts for a record delivered to a share group."),
    _int_key("share.partition.max.record.locks", 2000, 100, "Share-group record lock limit per share-partition."),
    GroupConfigKey("share.auto.offset.reset", STRING, "latest", None,
                   "The strategy to initialize the share-partition start offset. <ul><li>earliest: automatically reset "
                   "the offset to the earliest offset</li><li>latest: automatically reset the offset to the latest "
                   "offset</li><li>by_duration:&lt;duration&gt;: automatically reset the offset to a configured "
                   "duration from the current timestamp. &lt;duration&gt; must be specified in ISO8601 format "
                   "(PnDTnHnMn.nS). Negative duration is not allowed.</li><li>anything else: throw exception to the "
                   "share consumer.</li></ul>", None),
    GroupConfigKey("share.isolation.level", STRING, "read_uncommitted", None,
                   "Controls how to read records written transactionally. If set to \"read_committed\", the share "
                   "group will only deliver transactional records which have been committed. If set to "
                   "\"read_uncommitted\", the share group will return all messages, even transactional messages which "
                   "have been aborted. Non-transactional records will be returned unconditionally in either mode.",
                   None, ("read_committed", "read_uncommitted")),
    GroupConfigKey("share.renew.acknowledge.enable", BOOLEAN, True, None,
                   "Whether the renew acknowledge type is enabled for the share group.", None),
    _int_key("share.assignment.interval.ms", 1000, 0, "The interval between assignment updates for a share group."),
    _int_key("streams.session.timeout.ms", 45000, 1,
             "The timeout to detect client failures when using the streams group protocol."),
    _int_key("streams.heartbeat.interval.ms", 5000, 1, "The heartbeat interval given to the members."),
    _int_key("streams.num.standby.replicas", 0, 0, "The number of standby replicas for each task."),
    _int_key("streams.initial.rebalance.delay.ms", 3000, 0,
             "The amount of time the group coordinator will wait for more streams clients to join a new group before "
             "performing the first rebalance. A longer delay means potentially fewer rebalances."),
    _int_key("streams.assignment.interval.ms", 1000, 0, "The interval between assignment updates for a streams group."),
)
KEYS_BY_NAME: dict[str, GroupConfigKey] = {key.name: key for key in KEYS}
# DescribeConfigs lists a group's configs in the order of the Java HashMap that holds them.
DESCRIBE_ORDER: tuple[str, ...] = tuple(hash_order(KEYS_BY_NAME))

# Broker configs bounding group configs, with Kafka 4.3.1's defaults (used when kbroker does not define the config).
BROKER_BOUND_DEFAULTS: dict[str, int] = {
    "group.consumer.min.session.timeout.ms": 45000, "group.consumer.max.session.timeout.ms": 60000,
    "group.consumer.min.heartbeat.interval.ms": 5000, "group.consumer.max.heartbeat.interval.ms": 15000,
    "group.share.min.session.timeout.ms": 45000, "group.share.max.session.timeout.ms": 60000,
    "group.share.min.heartbeat.interval.ms": 5000, "group.share.max.heartbeat.interval.ms": 15000,
    "group.share.min.record.lock.duration.ms": 15000, "group.share.max.record.lock.duration.ms": 60000,
    "group.share.min.delivery.count.limit": 2, "group.share.max.delivery.count.limit": 10,
    "group.share.min.partition.max.record.locks": 100, "group.share.max.partition.max.record.locks": 4000,
    "group.streams.min.session.timeout.ms": 45000, "group.streams.max.session.timeout.ms": 60000,
    "group.streams.min.heartbeat.interval.ms": 5000, "group.streams.max.heartbeat.interval.ms": 15000,
    "group.streams.max.standby.replicas": 2,
    "group.consumer.min.assignment.interval.ms": 0, "group.consumer.max.assignment.interval.ms": 15000,
    "group.share.min.assignment.interval.ms": 0, "group.share.max.assignment.interval.ms": 15000,
    "group.streams.min.assignment.interval.ms": 0, "group.streams.max.assignment.interval.ms": 15000,
}
# GroupConfig.validateValues, in its order (where the assignment intervals' bounds come is not known: a request
# breaking two bounds at once may be told about another one than Kafka names): (config, bound, is it a minimum).
_BOUND_CHECKS: tuple[tuple[str, str, bool], ...] = (
    (CONSUMER_HEARTBEAT_INTERVAL_MS, "group.consumer.min.heartbeat.interval.ms", True),
    (CONSUMER_HEARTBEAT_INTERVAL_MS, "group.consumer.max.heartbeat.interval.ms", False),
    (CONSUMER_SESSION_TIMEOUT_MS, "group.consumer.min.session.timeout.ms", True),
    (CONSUMER_SESSION_TIMEOUT_MS, "group.consumer.max.session.timeout.ms", False),
    ("consumer.assignment.interval.ms", "group.consumer.min.assignment.interval.ms", True),
    ("consumer.assignment.interval.ms", "group.consumer.max.assignment.interval.ms", False),
    ("share.heartbeat.interval.ms", "group.share.min.heartbeat.interval.ms", True),
    ("share.heartbeat.interval.ms", "group.share.max.heartbeat.interval.ms", False),
    ("share.session.timeout.ms", "group.share.min.session.timeout.ms", True),
    ("share.session.timeout.ms", "group.share.max.session.timeout.ms", False),
    ("share.assignment.interval.ms", "group.share.min.assignment.interval.ms", True),
    ("share.assignment.interval.ms", "group.share.max.assignment.interval.ms", False),
    ("share.record.lock.duration.ms", "group.share.min.record.lock.duration.ms", True),
    ("share.record.lock.duration.ms", "group.share.max.record.lock.duration.ms", False),
    ("share.delivery.count.limit", "group.share.min.delivery.count.limit", True),
    ("share.delivery.count.limit", "group.share.max.delivery.count.limit", False),
    ("share.partition.max.record.locks", "group.share.min.partition.max.record.locks", True),
    ("share.partition.max.record.locks", "group.share.max.partition.max.record.locks", False),
    ("streams.heartbeat.interval.ms", "group.streams.min.heartbeat.interval.ms", True),
    ("streams.heartbeat.interval.ms", "group.streams.max.heartbeat.interval.ms", False),
    ("streams.session.timeout.ms", "group.streams.min.session.timeout.ms", True),
    ("streams.session.timeout.ms", "group.streams.max.session.timeout.ms", False),
    ("streams.num.standby.replicas", "group.streams.max.standby.replicas", False),
    ("streams.assignment.interval.ms", "group.streams.min.assignment.interval.ms", True),
    ("streams.assignment.interval.ms", "group.streams.max.assignment.interval.ms", False),
)
_SESSION_ABOVE_HEARTBEAT = (("consumer.session.timeout.ms", "consumer.heartbeat.interval.ms"),
                            ("share.session.timeout.ms", "share.heartbeat.interval.ms"),
                            ("streams.session.timeout.ms", "streams.heartbeat.interval.ms"))


def broker_int(broker_config, name: str) -> int:
    """A broker config kbroker may not define (share and streams groups): its value, else Kafka's default."""
    value = broker_config.get(name)
    if value is None:
        value = BROKER_BOUND_DEFAULTS.get(name)
        if value is None:
            value = KEYS_BY_NAME[name.removeprefix("group.")].default
    return int(value)


def broker_defaults(broker_config) -> dict[str, str]:
    """Each group config's default: its broker synonym's value, or GroupConfig's own default."""
    out = {}
    for key in KEYS:
        if key.broker_synonym is not None:
            out[key.name] = str(broker_int(broker_config, key.broker_synonym))
        else:
            out[key.name] = str(key.default).lower() if key.type == BOOLEAN else str(key.default)
    return out


def _java_duration_ok(text: str) -> bool:
    match = _ISO_DURATION.fullmatch(text)
    if match is None or (match.group(3) is not None and match.group(3).upper() == "T"):
        return False  # java.time.Duration.parse refuses "PT" with no part
    if match.group(2) is None and match.group(3) is None:
        return False
    negative = match.group(1) == "-" or any(
        part is not None and part.startswith("-") for part in match.group(2, 4, 5, 6))
    return not negative


def parse_value(key: GroupConfigKey, text: str) -> object:
    """ConfigDef.parseType and the key's validator: the value, or GroupConfigError with Kafka's message."""
    trimmed = text.strip()

    def invalid(reason: str) -> GroupConfigError:
        return GroupConfigError(f"Invalid value {text} for configuration {key.name}: {reason}")
    if key.type == INT:
        if re.fullmatch(r"[+-]?[0-9]+", trimmed) is None or not -(1 << 31) <= int(trimmed) < (1 << 31):
            raise invalid("Not a number of type INT")
        value = int(trimmed)
        if key.at_least is not None and value < key.at_least:
            raise invalid(f"Value must be at least {key.at_least}")
        return value
    if key.type == BOOLEAN:
        if trimmed.lower() not in ("true", "false"):
            raise invalid("Expected value to be either true or false")
        return trimmed.lower() == "true"
    if key.valid_strings and trimmed not in key.valid_strings:
        raise invalid("String must be one of: " + ", ".join(key.valid_strings))
    if key.name == "share.auto.offset.reset":
        match = _SHARE_RESET_PATTERN.fullmatch(trimmed)
        if match is None or (match.group(1) is not None and not _java_duration_ok(match.group(1))):
            raise invalid(f"Invalid value `{trimmed}` for configuration {key.name}. The value must be either "
                          "'earliest', 'latest' or of the format 'by_duration:<PnDTnHnMn.nS>'.")
    return trimmed


def validate(configs: Mapping[str, str], broker_config) -> None:
    """GroupConfig.validate of a group's resulting configs: GroupConfigError with Kafka's message, or None."""
    for name in configs:
        if name not in KEYS_BY_NAME:
            raise GroupConfigError(f"Unknown group config name: {name}")
    merged = {**broker_defaults(broker_config), **configs}
    values = {key.name: parse_value(key, merged[key.name]) for key in KEYS}
    for name, bound, is_minimum in _BOUND_CHECKS:
        limit = broker_int(broker_config, bound)
        if values[name] < limit if is_minimum else values[name] > limit:
            relation = "greater than or equal to" if is_minimum else "less than or equal to"
            raise GroupConfigError(f"{name} must be {relation} {bound}")
    for session, heartbeat in _SESSION_ABOVE_HEARTBEAT:
        if values[session] <= values[heartbeat]:
            raise GroupConfigError(f"{session} must be greater than {heartbeat}")


@attrs.frozen
class GroupConfigEntry:
    name: str
    value: str
    source: int
    config_type: int
    synonyms: tuple[tuple[str, str, int], ...]
    documentation: str


def describe(stored: Mapping[str, str], broker_config, keys: list[str] | None) -> list[GroupConfigEntry]:
    """DescribeConfigs' entries for a group whose stored configs are `stored` (ConfigHelper for GROUP): a stored
    config as GROUP_CONFIG with its default behind it as a synonym, the others as DEFAULT_CONFIG."""
    defaults = broker_defaults(broker_config)
    entries = []
    for name in DESCRIBE_ORDER:
        if keys and name not in keys:
            continue
        key = KEYS_BY_NAME[name]
        default_synonym = (key.broker_synonym or name, defaults[name], DEFAULT_CONFIG)
        if name in stored:
            value = _printed(key, stored[name])
            entries.append(GroupConfigEntry(name, value, GROUP_CONFIG, _CONFIG_TYPE_IDS[key.type],
                                            ((name, value, GROUP_CONFIG), default_synonym), key.documentation))
        else:
            entries.append(GroupConfigEntry(name, defaults[name], DEFAULT_CONFIG, _CONFIG_TYPE_IDS[key.type],
                                            (default_synonym,), key.documentation))
    return entries


def _printed(key: GroupConfigKey, text: str) -> str:
    """The stored value as Kafka prints it back: parsed, then turned into a string again."""
    try:
        value = parse_value(key, text)
    except GroupConfigError:
        return text
    return str(value).lower() if key.type == BOOLEAN else str(value)


def bounds(name: str, broker_config) -> tuple[int, int]:
    """The broker's (minimum, maximum) for a group config (Kafka's GroupConfig.evaluate clamps to them)."""
    low, high = -(1 << 31), (1 << 31) - 1
    for config, bound, is_minimum in _BOUND_CHECKS:
        if config == name:
            if is_minimum:
                low = broker_int(broker_config, bound)
            else:
                high = broker_int(broker_config, bound)
    return low, high


def stored_int(stored: Mapping[str, Mapping[str, str]], group_id: str, name: str) -> int | None:
    """A group's own value of an INT config, or None when it has none (or none that parses)."""
    text = stored.get(group_id, {}).get(name)
    if text is None:
        return None
    try:
        return int(parse_value(KEYS_BY_NAME[name], text))
    except GroupConfigError:
        return None


def effective_int(stored: Mapping[str, Mapping[str, str]], broker_config, group_id: str, name: str,
                  fallback: int) -> int:
    """The group's own value of `name` kept within the broker's bounds (Kafka's GroupConfig.evaluate), or the
    broker's `fallback` when the group has none."""
    value = stored_int(stored, group_id, name)
    if value is None:
        return fallback
    low, high = bounds(name, broker_config)
    return min(max(value, low), high)
