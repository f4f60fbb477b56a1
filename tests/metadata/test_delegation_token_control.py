"""Delegation tokens on the controller (kbroker/metadata/delegation_token_control.py): create, renew, expire and
the sweep, replayed into the image; DelegationTokenRecord's bytes and a snapshot's round trip."""

from __future__ import annotations

import attrs
from hypothesis import given
from hypothesis import strategies as st

from kbroker.metadata import delegation_token_control as control
from kbroker.metadata.image import MetadataImage, apply_records, image_records, same_content, token_record
from kbroker.metadata.serde import decode_record, encode_record
from kbroker.protocol import errors
from kbroker.protocol.messages.create_delegation_token_request import (
    CreatableRenewers,
    CreateDelegationTokenRequest,
)
from kbroker.protocol.messages.expire_delegation_token_request import ExpireDelegationTokenRequest
from kbroker.protocol.messages.metadata.delegation_token_record import DelegationTokenRecord
from kbroker.protocol.messages.renew_delegation_token_request import RenewDelegationTokenRequest
from kbroker.security.delegation_tokens import TokenInformation, TokenSettings, token_hmac

SETTINGS = TokenSettings(secret="s3cret", max_lifetime_ms=10_000, expiry_time_ms=1_000)
ALICE, BOB, CAROL = ("User", "alice"), ("User", "bob"), ("User", "carol")
NOW = 1_700_000_000_000


def _apply(image, records):
    return apply_records(image, records, image.offset + max(len(records), 1), 1)


def _create(image, requester=ALICE, **fields):
    request = CreateDelegationTokenRequest(**{"renewers": [], "max_lifetime_ms": -1, **fields})
    created, records = control.create(image, SETTINGS, requester, request, NOW)
    return created, _apply(image, records)


def test_create_sets_lifetimes_owner_and_hmac():
    created, image = _create(MetadataImage(), renewers=[CreatableRenewers(principal_type="User",
                                                                          principal_name="bob")])
    assert created.error_code == errors.NONE.code
    assert (created.issue_timestamp_ms, created.expiry_timestamp_ms, created.max_timestamp_ms) == (
        NOW, NOW + 1_000, NOW + 10_000)
    assert created.hmac == token_hmac("s3cret", created.token_id) and len(created.token_id) == 22
    assert image.delegation_tokens[created.token_id] == TokenInformation(
        token_id=created.token_id, owner="User:alice", requester="User:alice", renewers=("User:bob",),
        issue_timestamp=NOW, max_timestamp=NOW + 10_000, expiry_timestamp=NOW + 1_000)
    short, _ = _create(MetadataImage(), max_lifetime_ms=500)
    assert (short.expiry_timestamp_ms, short.max_timestamp_ms) == (NOW + 500, NOW + 500)
    for_bob, image = _create(image, owner_principal_type="User", owner_principal_name="bob")
    assert (for_bob.owner, for_bob.requester) == (BOB, ALICE)
    assert image.delegation_tokens[for_bob.token_id].owner == "User:bob"


def test_create_refusals():
    disabled = control.create(MetadataImage(), TokenSettings(secret=None), ALICE,
                              CreateDelegationTokenRequest(renewers=[], max_lifetime_ms=-1), NOW)
    assert disabled == (control.Created(errors.DELEGATION_TOKEN_AUTH_DISABLED.code, ALICE, ALICE), [])
    created, records = control.create(MetadataImage(), SETTINGS, ALICE, CreateDelegationTokenRequest(
        renewers=[CreatableRenewers(principal_type="Group", principal_name="ops")], max_lifetime_ms=-1), NOW)
    assert (created.error_code, records) == (errors.INVALID_PRINCIPAL_TYPE.code, [])


def test_renew_and_expire_check_owner_and_time():
    created, image = _create(MetadataImage(), renewers=[CreatableRenewers(principal_type="User",
                                                                          principal_name="bob")])

    def renew(who, period, now=NOW + 100, hmac=created.hmac):
        return control.renew(image, SETTINGS, who, RenewDelegationTokenRequest(hmac=hmac, renew_period_ms=period),
                             now)

    assert renew(CAROL, -1) == ((errors.DELEGATION_TOKEN_OWNER_MISMATCH.code, 0), [])
    assert renew(ALICE, -1, hmac=b"nope") == ((errors.DELEGATION_TOKEN_NOT_FOUND.code, 0), [])
    assert renew(ALICE, -1, now=NOW + 1_001) == ((errors.DELEGATION_TOKEN_EXPIRED.code, 0), [])
    (code, expiry), records = renew(BOB, 300)
    assert (code, expiry) == (errors.NONE.code, NOW + 400)
    image = _apply(image, records)
    assert image.delegation_tokens[created.token_id].expiry_timestamp == NOW + 400
    (code, expiry), _ = control.renew(image, SETTINGS, ALICE, RenewDelegationTokenRequest(
        hmac=created.hmac, renew_period_ms=-1), NOW + 300)
    assert (code, expiry) == (errors.NONE.code, NOW + 1_300)  # delegation.token.expiry.time.ms
    short, short_image = _create(MetadataImage(), max_lifetime_ms=500)
    (code, expiry), _ = control.renew(short_image, SETTINGS, ALICE, RenewDelegationTokenRequest(
        hmac=short.hmac, renew_period_ms=-1), NOW + 100)
    assert (code, expiry) == (errors.NONE.code, NOW + 500)  # never past the max
    (code, expiry), records = control.expire(image, SETTINGS, ALICE, ExpireDelegationTokenRequest(
        hmac=created.hmac, expiry_time_period_ms=50), NOW + 100)
    assert (code, expiry) == (errors.NONE.code, NOW + 150)
    image = _apply(image, records)

    def expire(who, period, now):
        return control.expire(image, SETTINGS, who, ExpireDelegationTokenRequest(
            hmac=created.hmac, expiry_time_period_ms=period), now)

    # Expire checks the owner before the time, and a negative period removes even an expired token.
    assert expire(CAROL, -1, NOW + 200) == ((errors.DELEGATION_TOKEN_OWNER_MISMATCH.code, 0), [])
    assert expire(BOB, 10, NOW + 200) == ((errors.DELEGATION_TOKEN_EXPIRED.code, 0), [])
    (code, expiry), records = expire(BOB, -1, NOW + 200)
    assert (code, expiry) == (errors.NONE.code, NOW + 200)
    assert created.token_id not in _apply(image, records).delegation_tokens


def test_the_sweep_removes_expired_tokens_only():
    old, image = _create(MetadataImage(), max_lifetime_ms=100)
    young, image = _create(image)
    assert control.sweep_expired(image, NOW + 100) == []
    records = control.sweep_expired(image, NOW + 101)
    assert [r.message.token_id for r in records] == [old.token_id]
    assert set(_apply(image, records).delegation_tokens) == {young.token_id}


def test_delegation_token_record_bytes_round_trip():
    record = DelegationTokenRecord(owner="User:alice", requester="User:admin", renewers=["User:bob"],
                                   issue_timestamp=1, max_timestamp=3, expiration_timestamp=2, token_id="abc")
    # frame version 1, type 10, version 0, then the flexible struct
    value = encode_record(record, 0)
    assert value[:3] == b"\x01\x0a\x00"
    assert value[3:] == (b"\x0bUser:alice\x0bUser:admin\x02\x09User:bob" + (1).to_bytes(8, "big")
                         + (3).to_bytes(8, "big") + (2).to_bytes(8, "big") + b"\x04abc\x00")
    assert decode_record(value).message == record


_principal = st.sampled_from(["User:alice", "User:bob", "User:c:d"])


@given(st.lists(st.builds(TokenInformation, token_id=st.text(min_size=1, max_size=8), owner=_principal,
                          requester=_principal, renewers=st.lists(_principal, max_size=3).map(tuple),
                          issue_timestamp=st.integers(0, 1 << 50), max_timestamp=st.integers(0, 1 << 50),
                          expiry_timestamp=st.integers(0, 1 << 50)), max_size=5))
def test_tokens_survive_a_snapshot(tokens):
    image = _apply(MetadataImage(), [token_record(t) for t in tokens])
    assert image.delegation_tokens == {t.token_id: t for t in reversed(tokens)} | {
        t.token_id: t for t in tokens}
    again = apply_records(MetadataImage(), list(image_records(image)), image.offset, 1)
    assert same_content(image, again)
    assert attrs.evolve(again, offset=-1, epoch=-1).delegation_tokens == image.delegation_tokens
