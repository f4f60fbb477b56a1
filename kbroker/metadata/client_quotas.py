"""Client quotas in the metadata log: AlterClientQuotas on the controller (Kafka's ClientQuotaControlManager) and
DescribeClientQuotas from an image (Kafka's ClientQuotasImage.describe).

An entity is a sorted tuple of (entity type, name) pairs, the name None for the default (`<default>` in
kafka-configs): (("client-id", "x"),), (("user", "alice"),), (("client-id", None), ("user", "alice")), or
(("ip", "10.0.0.1"),). The image maps each entity to its quota values (key -> float); one ClientQuotaRecord sets
or removes one key of one entity.

Alter, per entry (Kafka's checks and messages, all INVALID_REQUEST): an empty entity, an entity type other than
user, client-id or ip, an empty name, ip combined with user or client-id, an ip that is not an address or
resolvable host, a key other than producer_byte_rate, consumer_byte_rate (whole numbers), request_percentage,
controller_mutation_rate (user / client-id) or connection_creation_rate (ip, a whole number up to 2^31-1), a value
<= 0, a key named twice or an entity named twice ("Ignoring duplicate entity ..."). A failed entry changes nothing;
the others are written together (nothing when validate_only). Removing a key the entity lacks writes nothing.

Describe: components filter by exact name (match type 0), default (1) or any specified name (2); `strict` keeps
only entities with exactly the filtered types. A component with an empty or repeated type, a match string where
none belongs (or none where one does), or ip mixed with user / client-id is INVALID_REQUEST; an unknown entity type
is UNSUPPORTED_VERSION, as Kafka answers.
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Mapping

from kbroker.metadata import record_versions as V
from kbroker.metadata.serde import MetadataRecord
from kbroker.protocol import errors
from kbroker.protocol.messages.metadata.client_quota_record import ClientQuotaRecord, EntityData

USER, CLIENT_ID, IP = "user", "client-id", "ip"
PRODUCER_BYTE_RATE = "producer_byte_rate"
CONSUMER_BYTE_RATE = "consumer_byte_rate"
REQUEST_PERCENTAGE = "request_percentage"
CONTROLLER_MUTATION_RATE = "controller_mutation_rate"
CONNECTION_CREATION_RATE = "connection_creation_rate"

_LONG, _INT, _DOUBLE = "LONG", "INT", "DOUBLE"
# Kafka's QuotaConfig.userAndClientQuotaConfigs() and ipConfigs(): key -> ConfigDef type.
USER_AND_CLIENT_KEYS = {PRODUCER_BYTE_RATE: _LONG, CONSUMER_BYTE_RATE: _LONG, REQUEST_PERCENTAGE: _DOUBLE,
                        CONTROLLER_MUTATION_RATE: _DOUBLE}
IP_KEYS = {CONNECTION_CREATION_RATE: _INT}
_LIMITS = {_INT: (2**31 - 1, "an INT"), _LONG: (2**63 - 1, "a LONG")}

MATCH_EXACT, MATCH_DEFAULT, MATCH_SPECIFIED = 0, 1, 2

Entity = tuple[tuple[str, str | None], ...]


class QuotaError(Exception):
    """A request Kafka refuses as a whole: `error` (a KafkaError) and the message."""

    def __init__(self, error: errors.KafkaError, message: str) -> None:
        super().__init__(message)
        self.error = error
        self.message = message


def entity_of(entity_data) -> Entity:
    """The entity of a request's or record's EntityData list (a type named twice keeps its last name, as the
    HashMap Kafka builds it into does)."""
    return tuple(sorted({e.entity_type: e.entity_name for e in entity_data}.items()))


def entity_text(entity: Entity) -> str:
    """Kafka's ClientQuotaEntity.toString, for messages."""
    return "ClientQuotaEntity(entries={" + ", ".join(f"{t}={'null' if n is None else n}" for t, n in entity) + "})"


def _resolvable(host: str) -> bool:
    try:
        ipaddress.ip_address(host)
        return True
    except ValueError:
        pass
    try:
        socket.getaddrinfo(host, None)
        return True
    except (socket.gaierror, UnicodeError):
        return False


def _entity_error(entity: Entity) -> tuple[str | None, dict[str, str] | None]:
    """(message, valid keys with their types): the message when the entity is refused."""
    if not entity:
        return "Invalid empty client quota entity", None
    for entity_type, name in entity:
        if entity_type not in (USER, CLIENT_ID, IP):
            return f"Unhandled client quota entity type: {entity_type}", None
        if name is not None and not name:
            return f"Empty {entity_type} not supported", None
    types = {t for t, _ in entity}
    if IP in types:
        if len(types) > 1:
            return "Invalid quota entity combination, IP entity shouldnot be combined with User or ClientId", None
        ip = dict(entity)[IP]
        if ip is not None and not _resolvable(ip):
            return f"{ip} is not a valid IP or resolvable host.", None
        return None, IP_KEYS
    return None, USER_AND_CLIENT_KEYS


def _value_error(keys: Mapping[str, str], key: str, value: float) -> str | None:
    kind = keys.get(key)
    if kind is None:
        return f"Invalid configuration key {key}"
    if value <= 0.0:
        return f"Quota {key} must be greater than 0"
    if kind == _DOUBLE:
        return None
    limit, name = _LIMITS[kind]
    if value > limit:
        return f"Proposed value for {key} is too large for {name}."
    if abs(value % 1.0) > 1e-6:
        return f"{key} cannot be a fractional value."
    return None


def _record(entity: Entity, key: str, value: float | None) -> MetadataRecord:
    return MetadataRecord(ClientQuotaRecord(
        entity=[EntityData(entity_type=t, entity_name=n) for t, n in entity], key=key,
        value=0.0 if value is None else value, remove=value is None), V.CLIENT_QUOTA_RECORD)


def alter_quotas(quotas: Mapping[Entity, Mapping[str, float]], entries
                 ) -> tuple[list[tuple[Entity, int, str | None]], list[MetadataRecord]]:
    """((entity, error code, message) per entity in request order, the records of the accepted entries)."""
    results: dict[Entity, tuple[int, str | None]] = {}
    records: list[MetadataRecord] = []
    for entry in entries:
        entity = entity_of(entry.entity)
        wanted: dict[str, float | None] = {}
        for op in entry.ops:
            if op.key in wanted:
                results[entity] = (errors.INVALID_REQUEST.code, f"Duplicate quota key {op.key} not updating quota "
                                                                f"for this entity {entity_text(entity)}")
            else:
                wanted[op.key] = None if op.remove else op.value
        if entity in results:
            results[entity] = (errors.INVALID_REQUEST.code, f"Ignoring duplicate entity {entity_text(entity)}")
            continue
        message, keys = _entity_error(entity)
        current = quotas.get(entity, {})
        changes = []
        for key, value in wanted.items():
            if message is not None:
                break
            if value is None:
                if key in current:
                    changes.append(_record(entity, key, None))
                continue
            message = _value_error(keys, key, value)
            if message is None and current.get(key) != value:
                changes.append(_record(entity, key, value))
        if message is not None:
            results[entity] = (errors.INVALID_REQUEST.code, message)
            continue
        records += changes
        results[entity] = (errors.NONE.code, None)
    return [(entity, code, message) for entity, (code, message) in results.items()], records


def replay(quotas: dict[Entity, dict[str, float]], record: ClientQuotaRecord) -> None:
    """Apply one ClientQuotaRecord to a mutable copy of the image's quotas."""
    entity = entity_of(record.entity)
    if record.remove:
        values = quotas.get(entity)
        if values is not None:
            values.pop(record.key, None)
            if not values:
                del quotas[entity]
    else:
        quotas.setdefault(entity, {})[record.key] = record.value


def image_records(quotas: Mapping[Entity, Mapping[str, float]]):
    """The quotas as records (what a snapshot holds)."""
    for entity, values in sorted(quotas.items(), key=lambda item: [(t, n or "") for t, n in item[0]]):
        for key, value in sorted(values.items()):
            yield _record(entity, key, value)


def describe_quotas(quotas: Mapping[Entity, Mapping[str, float]], components, strict: bool
                    ) -> list[tuple[Entity, Mapping[str, float]]]:
    """The entities a DescribeClientQuotas filter matches, with their values (QuotaError when Kafka refuses it)."""
    exact: dict[str, str | None] = {}
    specified: set[str] = set()
    for component in components:
        entity_type = component.entity_type
        if not entity_type:
            raise QuotaError(errors.INVALID_REQUEST, "Invalid empty entity type.")
        if entity_type in exact or entity_type in specified:
            raise QuotaError(errors.INVALID_REQUEST,
                             f"Entity type {entity_type} cannot appear more than once in the filter.")
        if entity_type not in (IP, USER, CLIENT_ID):
            raise QuotaError(errors.UNSUPPORTED_VERSION, f"Unsupported entity type {entity_type}")
        match_type, match = component.match_type, component.match
        if match_type == MATCH_EXACT:
            if match is None:
                raise QuotaError(errors.INVALID_REQUEST,
                                 "Request specified MATCH_TYPE_EXACT, but set match string to null.")
            exact[entity_type] = match
        elif match_type == MATCH_DEFAULT:
            if match is not None:
                raise QuotaError(errors.INVALID_REQUEST,
                                 "Request specified MATCH_TYPE_DEFAULT, but also specified a match string.")
            exact[entity_type] = None
        elif match_type == MATCH_SPECIFIED:
            if match is not None:
                raise QuotaError(errors.INVALID_REQUEST,
                                 "Request specified MATCH_TYPE_SPECIFIED, but also specified a match string.")
            specified.add(entity_type)
        else:
            raise QuotaError(errors.INVALID_REQUEST, f"Unknown match type {match_type}")
    filtered = set(exact) | specified
    if IP in filtered and filtered & {USER, CLIENT_ID}:
        raise QuotaError(errors.INVALID_REQUEST, "Invalid entity filter component combination. IP filter component "
                                                 "should not be used with user or clientId filter component.")
    found = []
    for entity, values in quotas.items():
        names = dict(entity)
        if strict and len(names) != len(filtered):
            continue
        if all(t in names and names[t] == n for t, n in exact.items()) and all(t in names for t in specified):
            found.append((entity, values))
    return found
