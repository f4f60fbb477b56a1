"""Kafka's StandardAuthorizer: may this principal, from this host, do this operation on this resource?

Configured by `authorizer.class.name` (empty: no authorizer, everything is allowed; the only other accepted value
is org.apache.kafka.metadata.authorizer.StandardAuthorizer), `super.users` (";"-separated principals, always
allowed) and `allow.everyone.if.no.acl.found` (the answer when no ACL applies to the resource at all).

The rules (StandardAuthorizerData.findAclRule / findResult): the ACLs that apply are those on the literal name,
on the literal wildcard "*" and on every prefixed pattern the name starts with, for the principal itself or
"User:*", from host "*" or the client's address. A matching DENY wins over any ALLOW. An ALLOW of READ, WRITE,
DELETE or ALTER implies DESCRIBE, and ALTER_CONFIGS implies DESCRIBE_CONFIGS; a DENY implies nothing. ALL
matches every operation. No matching ACL: DENIED if some ACL exists on the resource (for anyone), else the
`allow.everyone.if.no.acl.found` answer.

The ACLs come from the metadata image (`MetadataImage.acls`), so every node answers from what its image holds.
"""

from __future__ import annotations

import logging

import attrs

from kbroker.security import acls as A
from kbroker.security.acls import Acl, AclIndex

log = logging.getLogger("kbroker.authorizer")

STANDARD_AUTHORIZER = "org.apache.kafka.metadata.authorizer.StandardAuthorizer"

_IMPLIES_DESCRIBE = frozenset({A.DESCRIBE, A.READ, A.WRITE, A.DELETE, A.ALTER})
_IMPLIES_DESCRIBE_CONFIGS = frozenset({A.DESCRIBE_CONFIGS, A.ALTER_CONFIGS})

# AclEntry.supportedOperations, per resource type: what the authorized-operations bitfields cover.
SUPPORTED_OPERATIONS = {
    A.TOPIC: (A.READ, A.WRITE, A.CREATE, A.DESCRIBE, A.DELETE, A.ALTER, A.DESCRIBE_CONFIGS, A.ALTER_CONFIGS),
    A.GROUP: (A.READ, A.DESCRIBE, A.DELETE, A.DESCRIBE_CONFIGS, A.ALTER_CONFIGS),
    A.CLUSTER: (A.CREATE, A.CLUSTER_ACTION, A.DESCRIBE_CONFIGS, A.ALTER_CONFIGS, A.IDEMPOTENT_WRITE, A.ALTER,
                A.DESCRIBE),
    A.TRANSACTIONAL_ID: (A.DESCRIBE, A.WRITE, A.TWO_PHASE_COMMIT),
    A.DELEGATION_TOKEN: (A.DESCRIBE,),
    A.USER: (A.CREATE_TOKENS, A.DESCRIBE_TOKENS),
}


class AuthorizerConfigError(ValueError):
    """authorizer.class.name names a class kbroker does not provide."""


def _entry_result(acl: Acl, operation: int, principals: tuple[str, str], host: str) -> int | None:
    """ALLOW / DENY when the ACL's entry applies to this request, else None (the name is already matched)."""
    if acl.principal not in principals:
        return None
    if acl.host != A.WILDCARD and acl.host != host:
        return None
    if acl.operation != A.ALL:
        if acl.permission == A.ALLOW:
            if operation == A.DESCRIBE:
                if acl.operation not in _IMPLIES_DESCRIBE:
                    return None
            elif operation == A.DESCRIBE_CONFIGS:
                if acl.operation not in _IMPLIES_DESCRIBE_CONFIGS:
                    return None
            elif operation != acl.operation:
                return None
        elif operation != acl.operation:
            return None
    return acl.permission


@attrs.frozen
class Authorizer:
    super_users: frozenset[str] = frozenset()
    allow_if_no_acl: bool = False

    @classmethod
    def from_config(cls, config) -> Authorizer | None:
        """The configured authorizer, None when `authorizer.class.name` is empty."""
        name = (config.get("authorizer.class.name") or "").strip()
        if not name:
            return None
        if name != STANDARD_AUTHORIZER:
            raise AuthorizerConfigError(f"authorizer.class.name {name} is not supported: the only authorizer is "
                                        f"{STANDARD_AUTHORIZER}")
        supers = frozenset(p.strip() for p in (config.get("super.users") or "").split(";") if p.strip())
        return cls(supers, bool(config.get("allow.everyone.if.no.acl.found")))

    def is_super_user(self, principal: str) -> bool:
        return principal in self.super_users

    def authorize(self, index: AclIndex, principal: str, host: str, operation: int, resource_type: int,
                  name: str) -> bool:
        if principal in self.super_users:
            return True
        principals = (principal, A.WILDCARD_PRINCIPAL)
        allowed = found = False
        for acl in index.applying_to(resource_type, name):
            found = True
            result = _entry_result(acl, operation, principals, host)
            if result == A.DENY:
                return False
            if result == A.ALLOW:
                allowed = True
        if allowed:
            return True
        return not found and self.allow_if_no_acl

    def authorize_by_resource_type(self, index: AclIndex, principal: str, host: str, operation: int,
                                   resource_type: int) -> bool:
        """Whether some resource of the type may be operated on (Authorizer.authorizeByResourceType): an ALLOW for
        the principal on a literal or prefixed pattern that no DENY covers; a DENY on the literal wildcard or on
        a prefix of the pattern covers it."""
        if principal in self.super_users:
            return True
        principals = (principal, A.WILDCARD_PRINCIPAL)
        denied_literals: set[str] = set()
        denied_prefixes: set[str] = set()
        allowed: list[Acl] = []
        any_acl = False
        for acl in index.of_type(resource_type):
            any_acl = True
            result = _entry_result(acl, operation, principals, host)
            if result == A.DENY:
                if acl.pattern_type == A.LITERAL:
                    if acl.resource_name == A.WILDCARD:
                        return False
                    denied_literals.add(acl.resource_name)
                else:
                    denied_prefixes.add(acl.resource_name)
            elif result == A.ALLOW:
                allowed.append(acl)
        if not any_acl:
            return self.allow_if_no_acl
        for acl in allowed:
            if any(acl.resource_name.startswith(prefix) for prefix in denied_prefixes):
                continue
            if acl.pattern_type == A.LITERAL and acl.resource_name in denied_literals:
                continue
            return True
        return False

    def authorized_operations(self, index: AclIndex, principal: str, host: str, resource_type: int,
                              name: str) -> int:
        """The KIP-430 bitfield: bit n set for each supported operation n this principal may do."""
        bits = 0
        for operation in SUPPORTED_OPERATIONS[resource_type]:
            if self.authorize(index, principal, host, operation, resource_type, name):
                bits |= 1 << operation
        return bits


def all_operations(resource_type: int) -> int:
    """The bitfield of a broker without an authorizer: every supported operation."""
    bits = 0
    for operation in SUPPORTED_OPERATIONS[resource_type]:
        bits |= 1 << operation
    return bits
