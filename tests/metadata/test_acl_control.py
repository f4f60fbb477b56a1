"""CreateAcls / DeleteAcls records (kbroker/metadata/acl_control.py) replayed into the image's ACL index."""

from __future__ import annotations

from kbroker.metadata.acl_control import create_acls, delete_acls
from kbroker.metadata.image import MetadataImage, apply_records, image_records, same_content
from kbroker.security import acls as A
from kbroker.security.acls import Acl, AclFilter

READ_T = Acl(A.TOPIC, "t", A.LITERAL, "User:alice", "*", A.READ, A.ALLOW)
WRITE_P = Acl(A.TOPIC, "p", A.PREFIXED, "User:bob", "*", A.WRITE, A.DENY)


def _apply(image, records):
    return apply_records(image, records, image.offset + len(records), 1)


def test_create_is_idempotent_and_checks_each_binding():
    image = MetadataImage()
    bad = Acl(A.CLUSTER, "c", A.LITERAL, "User:alice", "*", A.ALTER, A.ALLOW)
    results, records = create_acls(image, [READ_T, bad, READ_T, WRITE_P])
    assert results == [None, "The only valid name for the CLUSTER resource is kafka-cluster", None, None]
    assert len(records) == 2
    image = _apply(image, records)
    assert sorted(map(str, image.acls.by_id.values())) == sorted(map(str, [READ_T, WRITE_P]))
    results, records = create_acls(image, [READ_T])
    assert results == [None] and records == []


def test_delete_by_filter_removes_each_acl_once_and_snapshots_round_trip():
    image = _apply(MetadataImage(), create_acls(MetadataImage(), [READ_T, WRITE_P])[1])
    again = apply_records(MetadataImage(), list(image_records(image)), image.offset, 1)
    assert same_content(image, again)
    everything = AclFilter(A.ANY, None, A.ANY, None, None, A.ANY, A.ANY)
    topics_of_alice = AclFilter(A.TOPIC, None, A.ANY, "User:alice", None, A.ANY, A.ANY)
    unknown = AclFilter(A.TOPIC, None, A.UNKNOWN, None, None, A.ANY, A.ANY)
    results, records = delete_acls(image, [topics_of_alice, everything, unknown])
    assert results == [(None, [READ_T]), (None, [READ_T, WRITE_P]), ("Unknown patternFilter.", [])] or \
        results == [(None, [READ_T]), (None, [WRITE_P, READ_T]), ("Unknown patternFilter.", [])]
    assert len(records) == 2
    assert len(_apply(image, records).acls) == 0
