"""ACL bindings and binding filters (Kafka's AclBinding / AclBindingFilter, StandardAcl), with Kafka's codes.

An `Acl` is one access control entry on one resource pattern, as an AccessControlEntryRecord holds it (principal
text such as "User:alice", host "*" or an address). `AclFilter` is what DescribeAcls and DeleteAcls send: ANY and
MATCH wildcards, null strings matching anything. `validate_new` and `filter_error` give the InvalidRequest message
Kafka's AclControlManager gives, or None. `AclIndex` holds the ACLs of an image by id and by resource (what the
authorizer searches).
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Iterator, Mapping
from types import MappingProxyType

import attrs

# ResourceType
UNKNOWN, ANY = 0, 1
TOPIC, GROUP, CLUSTER, TRANSACTIONAL_ID, DELEGATION_TOKEN, USER = 2, 3, 4, 5, 6, 7
RESOURCE_TYPE_NAMES = {0: "UNKNOWN", 1: "ANY", 2: "TOPIC", 3: "GROUP", 4: "CLUSTER", 5: "TRANSACTIONAL_ID",
                       6: "DELEGATION_TOKEN", 7: "USER"}
# PatternType
MATCH, LITERAL, PREFIXED = 2, 3, 4
PATTERN_TYPE_NAMES = {0: "UNKNOWN", 1: "ANY", 2: "MATCH", 3: "LITERAL", 4: "PREFIXED"}
# AclOperation
ALL, READ, WRITE, CREATE, DELETE, ALTER, DESCRIBE = 2, 3, 4, 5, 6, 7, 8
CLUSTER_ACTION, DESCRIBE_CONFIGS, ALTER_CONFIGS, IDEMPOTENT_WRITE = 9, 10, 11, 12
CREATE_TOKENS, DESCRIBE_TOKENS, TWO_PHASE_COMMIT = 13, 14, 15
OPERATION_NAMES = {0: "UNKNOWN", 1: "ANY", 2: "ALL", 3: "READ", 4: "WRITE", 5: "CREATE", 6: "DELETE", 7: "ALTER",
                   8: "DESCRIBE", 9: "CLUSTER_ACTION", 10: "DESCRIBE_CONFIGS", 11: "ALTER_CONFIGS",
                   12: "IDEMPOTENT_WRITE", 13: "CREATE_TOKENS", 14: "DESCRIBE_TOKENS", 15: "TWO_PHASE_COMMIT"}
# AclPermissionType
DENY, ALLOW = 2, 3
PERMISSION_NAMES = {0: "UNKNOWN", 1: "ANY", 2: "DENY", 3: "ALLOW"}

WILDCARD = "*"
CLUSTER_NAME = "kafka-cluster"
WILDCARD_PRINCIPAL = "User:*"


def _name(names: Mapping[int, str], code: int) -> str:
    return names.get(code, "UNKNOWN")


@attrs.frozen
class Acl:
    resource_type: int
    resource_name: str
    pattern_type: int
    principal: str
    host: str
    operation: int
    permission: int

    def __str__(self) -> str:
        return (f"(pattern=ResourcePattern(resourceType={_name(RESOURCE_TYPE_NAMES, self.resource_type)}, "
                f"name={self.resource_name}, patternType={_name(PATTERN_TYPE_NAMES, self.pattern_type)}), "
                f"entry=(principal={self.principal}, host={self.host}, "
                f"operation={_name(OPERATION_NAMES, self.operation)}, "
                f"permissionType={_name(PERMISSION_NAMES, self.permission)}))")


@attrs.frozen
class AclFilter:
    resource_type: int
    resource_name: str | None
    pattern_type: int
    principal: str | None
    host: str | None
    operation: int
    permission: int

    def is_unknown(self) -> bool:
        return UNKNOWN in (self.resource_type, self.pattern_type, self.operation, self.permission)

    def matches(self, acl: Acl) -> bool:
        return self._matches_pattern(acl) and self._matches_entry(acl)

    def _matches_pattern(self, acl: Acl) -> bool:
        if self.resource_type not in (ANY, acl.resource_type):
            return False
        if self.pattern_type not in (ANY, MATCH, acl.pattern_type):
            return False
        if self.resource_name is None:
            return True
        if self.pattern_type in (ANY, acl.pattern_type):
            return self.resource_name == acl.resource_name
        # MATCH: every pattern that would apply to a resource of this exact name.
        if acl.pattern_type == LITERAL:
            return self.resource_name == acl.resource_name or acl.resource_name == WILDCARD
        return self.resource_name.startswith(acl.resource_name)

    def _matches_entry(self, acl: Acl) -> bool:
        return ((self.principal is None or self.principal == acl.principal)
                and (self.host is None or self.host == acl.host)
                and self.operation in (ANY, acl.operation)
                and self.permission in (ANY, acl.permission))


def validate_new(acl: Acl) -> str | None:
    """AclApis' and AclControlManager.validateNewAcl's INVALID_REQUEST message for a binding, or None."""
    if acl.resource_type == CLUSTER and acl.resource_name != CLUSTER_NAME:
        return f"The only valid name for the CLUSTER resource is {CLUSTER_NAME}"
    if not acl.resource_name:
        return "Invalid empty resource name"
    if acl.resource_type not in RESOURCE_TYPE_NAMES or acl.resource_type in (UNKNOWN, ANY):
        return f"Invalid resourceType {_name(RESOURCE_TYPE_NAMES, acl.resource_type)}"
    if acl.pattern_type not in (LITERAL, PREFIXED):
        return f"Invalid patternType {_name(PATTERN_TYPE_NAMES, acl.pattern_type)}"
    if acl.operation not in OPERATION_NAMES or acl.operation in (UNKNOWN, ANY):
        return f"Invalid operation {_name(OPERATION_NAMES, acl.operation)}"
    if acl.permission not in (DENY, ALLOW):
        return f"Invalid permissionType {_name(PERMISSION_NAMES, acl.permission)}"
    return None


def filter_error(acl_filter: AclFilter) -> str | None:
    """AclControlManager.validateFilter's INVALID_REQUEST message, or None."""
    if UNKNOWN in (acl_filter.resource_type, acl_filter.pattern_type):
        return "Unknown patternFilter."
    if UNKNOWN in (acl_filter.operation, acl_filter.permission):
        return "Unknown entryFilter."
    return None


def _resource_key(acl: Acl) -> tuple[int, int, str]:
    return acl.resource_type, acl.pattern_type, acl.resource_name


class AclIndex:
    """The ACLs of one image: by id (what Remove records name) and by (type, pattern type, name)."""

    __slots__ = ("by_id", "_by_resource", "_prefixes")

    def __init__(self, by_id: Mapping[uuid.UUID, Acl]) -> None:
        self.by_id = MappingProxyType(dict(by_id))
        by_resource: dict[tuple[int, int, str], list[Acl]] = {}
        prefixes: dict[int, set[str]] = {}
        for acl in self.by_id.values():
            by_resource.setdefault(_resource_key(acl), []).append(acl)
            if acl.pattern_type == PREFIXED:
                prefixes.setdefault(acl.resource_type, set()).add(acl.resource_name)
        self._by_resource = by_resource
        self._prefixes = {resource_type: sorted(names, key=len) for resource_type, names in prefixes.items()}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, AclIndex) and self.by_id == other.by_id

    def __hash__(self) -> int:
        return hash(frozenset(self.by_id))

    def __len__(self) -> int:
        return len(self.by_id)

    def __repr__(self) -> str:
        return f"AclIndex({len(self.by_id)} acls)"

    def contains(self, acl: Acl) -> bool:
        return acl in self._by_resource.get(_resource_key(acl), ())

    def applying_to(self, resource_type: int, name: str) -> Iterator[Acl]:
        """Every ACL whose pattern covers the resource: its literal name, the literal wildcard, and each
        prefixed pattern the name starts with."""
        yield from self._by_resource.get((resource_type, LITERAL, name), ())
        if name != WILDCARD:
            yield from self._by_resource.get((resource_type, LITERAL, WILDCARD), ())
        for prefix in self._prefixes.get(resource_type, ()):
            if len(prefix) > len(name):
                break
            if name.startswith(prefix):
                yield from self._by_resource.get((resource_type, PREFIXED, prefix), ())

    def of_type(self, resource_type: int) -> Iterator[Acl]:
        for (kind, _, _), acls in self._by_resource.items():
            if kind == resource_type:
                yield from acls

    def matching(self, acl_filter: AclFilter) -> Iterable[tuple[uuid.UUID, Acl]]:
        return [(acl_id, acl) for acl_id, acl in self.by_id.items() if acl_filter.matches(acl)]


EMPTY_INDEX = AclIndex({})
