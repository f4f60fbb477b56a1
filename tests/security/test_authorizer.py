"""The StandardAuthorizer rules (kbroker/security/authorizer.py) and ACL filters (kbroker/security/acls.py)."""

from __future__ import annotations

import uuid

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kbroker.config import BrokerConfig, ConfigError
from kbroker.security import acls as A
from kbroker.security.acls import Acl, AclFilter, AclIndex, filter_error, validate_new
from kbroker.security.authorizer import STANDARD_AUTHORIZER, Authorizer

ALICE = "User:alice"


def acl(name="t", *, kind=A.TOPIC, pattern=A.LITERAL, principal=ALICE, host="*", op=A.READ, perm=A.ALLOW) -> Acl:
    return Acl(kind, name, pattern, principal, host, op, perm)


def index(*entries: Acl) -> AclIndex:
    return AclIndex({uuid.uuid4(): entry for entry in entries})


def may(entries, op=A.READ, name="t", *, principal=ALICE, host="10.0.0.1", kind=A.TOPIC,
        authorizer: Authorizer | None = None) -> bool:
    authorizer = authorizer or Authorizer()
    return authorizer.authorize(index(*entries), principal, host, op, kind, name)


def test_no_acl_denies_unless_allow_everyone():
    assert not may([])
    assert may([], authorizer=Authorizer(allow_if_no_acl=True))
    # An ACL on the resource for someone else: the resource has ACLs, so allow.everyone does not apply.
    assert not may([acl(principal="User:bob")], authorizer=Authorizer(allow_if_no_acl=True))


def test_super_users_bypass_deny():
    assert may([acl(perm=A.DENY, op=A.ALL)], authorizer=Authorizer(frozenset({ALICE})))


def test_literal_prefixed_and_wildcard_patterns():
    assert may([acl("t")], name="t")
    assert not may([acl("t")], name="t2")
    assert may([acl("t", pattern=A.PREFIXED)], name="t2")
    assert not may([acl("t2", pattern=A.PREFIXED)], name="t")
    assert may([acl("*")], name="anything")
    assert not may([acl("*", pattern=A.PREFIXED)], name="anything")  # a prefixed "*" is a literal prefix
    assert may([acl("*", kind=A.GROUP)], name="g", kind=A.GROUP)
    assert not may([acl("*", kind=A.GROUP)], name="t")


def test_principal_and_host_matching():
    assert may([acl(principal="User:*")])
    assert not may([acl(principal="User:bob")])
    assert may([acl(host="10.0.0.1")])
    assert not may([acl(host="10.0.0.2")])


def test_implied_operations_only_from_allow():
    for op in (A.READ, A.WRITE, A.DELETE, A.ALTER, A.DESCRIBE):
        assert may([acl(op=op)], A.DESCRIBE)
    assert not may([acl(op=A.CREATE)], A.DESCRIBE)
    assert may([acl(op=A.ALTER_CONFIGS)], A.DESCRIBE_CONFIGS)
    assert not may([acl(op=A.READ)], A.WRITE)
    # A DENY of READ does not deny DESCRIBE (implication works for ALLOW only).
    assert may([acl(op=A.DESCRIBE), acl(op=A.READ, perm=A.DENY)], A.DESCRIBE)
    assert may([acl(op=A.ALL)], A.IDEMPOTENT_WRITE)
    assert not may([acl(op=A.ALL, perm=A.DENY), acl(op=A.READ)], A.READ)


def test_authorized_operations_bitfield():
    bits = Authorizer().authorized_operations(index(acl(op=A.WRITE), acl(op=A.ALTER_CONFIGS)), ALICE, "h",
                                              A.TOPIC, "t")
    assert bits == (1 << A.WRITE) | (1 << A.DESCRIBE) | (1 << A.ALTER_CONFIGS) | (1 << A.DESCRIBE_CONFIGS)


def test_authorize_by_resource_type():
    authorizer = Authorizer()
    def some(*entries) -> bool:
        return authorizer.authorize_by_resource_type(index(*entries), ALICE, "h", A.WRITE, A.TOPIC)
    assert some(acl("x", op=A.WRITE))
    assert not some()
    assert not some(acl("x", op=A.READ))
    assert not some(acl("x", op=A.WRITE), acl("*", op=A.WRITE, perm=A.DENY))
    assert not some(acl("xy", op=A.WRITE), acl("x", pattern=A.PREFIXED, op=A.WRITE, perm=A.DENY))
    assert some(acl("xy", op=A.WRITE), acl("z", pattern=A.PREFIXED, op=A.WRITE, perm=A.DENY))
    assert Authorizer(allow_if_no_acl=True).authorize_by_resource_type(index(), ALICE, "h", A.WRITE, A.TOPIC)


names = st.text(alphabet="ab*", min_size=1, max_size=4)
entries = st.builds(acl, names, pattern=st.sampled_from([A.LITERAL, A.PREFIXED]),
                    principal=st.sampled_from([ALICE, "User:*", "User:bob"]), host=st.sampled_from(["*", "h", "g"]),
                    op=st.sampled_from([A.ALL, A.READ, A.WRITE, A.DESCRIBE]), perm=st.sampled_from([A.ALLOW, A.DENY]))


def _applies(entry: Acl, name: str) -> bool:
    if entry.pattern_type == A.LITERAL:
        return entry.resource_name in (name, "*")
    return name.startswith(entry.resource_name)


def _entry_allows(entry: Acl, op: int) -> bool:
    implied = {A.DESCRIBE: {A.DESCRIBE, A.READ, A.WRITE}}.get(op, {op})
    return entry.operation == A.ALL or entry.operation in (implied if entry.permission == A.ALLOW else {op})


@given(st.lists(entries, max_size=8), names, st.sampled_from([A.READ, A.WRITE, A.DESCRIBE]), st.booleans())
def test_matches_a_direct_reading_of_the_rules(given_acls, name, op, allow_everyone):
    """The index's answer equals a brute-force scan of every ACL: deny wins, then allow, then the default."""
    applying = [e for e in given_acls if _applies(e, name)]
    matching = [e for e in applying if e.principal in (ALICE, "User:*") and e.host in ("*", "h")
                and _entry_allows(e, op)]
    if any(e.permission == A.DENY for e in matching):
        expected = False
    elif matching:
        expected = True
    else:
        expected = allow_everyone and not applying
    assert may(given_acls, op, name, host="h", authorizer=Authorizer(allow_if_no_acl=allow_everyone)) == expected


@given(st.lists(entries, max_size=6), names)
def test_a_deny_all_for_the_principal_always_wins(given_acls, name):
    deny = acl(name, principal=ALICE, op=A.ALL, perm=A.DENY)
    for op in (A.READ, A.WRITE, A.DESCRIBE):
        assert not may([*given_acls, deny], op, name, host="h")


def test_filters():
    binding = acl("foo", pattern=A.PREFIXED)
    assert AclFilter(A.ANY, None, A.ANY, None, None, A.ANY, A.ANY).matches(binding)
    assert AclFilter(A.TOPIC, "foo", A.PREFIXED, ALICE, "*", A.READ, A.ALLOW).matches(binding)
    assert not AclFilter(A.TOPIC, "foo", A.LITERAL, None, None, A.ANY, A.ANY).matches(binding)
    assert AclFilter(A.TOPIC, "foobar", A.MATCH, None, None, A.ANY, A.ANY).matches(binding)
    assert not AclFilter(A.TOPIC, "fo", A.MATCH, None, None, A.ANY, A.ANY).matches(binding)
    assert AclFilter(A.TOPIC, "x", A.MATCH, None, None, A.ANY, A.ANY).matches(acl("*"))
    assert not AclFilter(A.GROUP, None, A.ANY, None, None, A.ANY, A.ANY).matches(binding)
    assert not AclFilter(A.ANY, None, A.ANY, "User:bob", None, A.ANY, A.ANY).matches(binding)
    assert filter_error(AclFilter(A.UNKNOWN, None, A.ANY, None, None, A.ANY, A.ANY)) == "Unknown patternFilter."
    assert filter_error(AclFilter(A.ANY, None, A.ANY, None, None, A.ANY, A.UNKNOWN)) == "Unknown entryFilter."


def test_validation_of_new_bindings():
    assert validate_new(acl()) is None
    assert validate_new(acl("c", kind=A.CLUSTER)) == "The only valid name for the CLUSTER resource is kafka-cluster"
    assert validate_new(acl("")) == "Invalid empty resource name"
    assert validate_new(acl(kind=A.ANY)) == "Invalid resourceType ANY"
    assert validate_new(acl(pattern=A.MATCH)) == "Invalid patternType MATCH"
    assert validate_new(acl(op=A.ANY)) == "Invalid operation ANY"
    assert validate_new(acl(perm=A.ANY)) == "Invalid permissionType ANY"


def test_configs(tmp_path):
    base = {"log.dirs": str(tmp_path)}
    assert Authorizer.from_config(BrokerConfig.from_properties(base)) is None
    configured = Authorizer.from_config(BrokerConfig.from_properties({
        **base, "authorizer.class.name": STANDARD_AUTHORIZER, "super.users": "User:admin; User:ops",
        "allow.everyone.if.no.acl.found": "true"}))
    assert configured == Authorizer(frozenset({"User:admin", "User:ops"}), allow_if_no_acl=True)
    with pytest.raises(ConfigError, match="authorizer.class.name kafka.security.authorizer.AclAuthorizer is not "
                                          "supported"):
        BrokerConfig.from_properties({**base, "authorizer.class.name": "kafka.security.authorizer.AclAuthorizer"})
