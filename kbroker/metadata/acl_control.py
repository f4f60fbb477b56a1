"""CreateAcls and DeleteAcls on the controller (Kafka's AclControlManager): which records they write.

Create: each binding is checked (kbroker.security.acls.validate_new: INVALID_REQUEST with Kafka's message); a
binding equal to one the image already holds, or to an earlier one of the same request, succeeds without a new
record; every other one gets an AccessControlEntryRecord under a fresh random id. Delete: each filter is checked
(`filter_error`), then every ACL of the image it matches is removed (one RemoveAccessControlEntryRecord per id even
when several filters match it) and listed in that filter's result.
"""

from __future__ import annotations

import uuid

from kbroker.metadata import record_versions as V
from kbroker.metadata.image import MetadataImage, acl_record
from kbroker.metadata.serde import MetadataRecord
from kbroker.protocol.messages.metadata.remove_access_control_entry_record import (
    RemoveAccessControlEntryRecord,
)
from kbroker.security.acls import Acl, AclFilter, filter_error, validate_new

CreateResult = str | None  # None: created (or already there); else the INVALID_REQUEST message


def create_acls(image: MetadataImage, bindings: list[Acl]) -> tuple[list[CreateResult], list[MetadataRecord]]:
    results: list[CreateResult] = []
    records: list[MetadataRecord] = []
    added: set[Acl] = set()
    for acl in bindings:
        problem = validate_new(acl)
        results.append(problem)
        if problem is not None or acl in added or image.acls.contains(acl):
            continue
        added.add(acl)
        acl_id = uuid.uuid4()
        while acl_id in image.acls.by_id:
            acl_id = uuid.uuid4()
        records.append(MetadataRecord(acl_record(acl_id, acl), V.ACCESS_CONTROL_ENTRY_RECORD))
    return results, records


DeleteResult = tuple[str | None, list[Acl]]  # (INVALID_REQUEST message or None, the ACLs the filter removed)


def delete_acls(image: MetadataImage, filters: list[AclFilter]) -> tuple[list[DeleteResult], list[MetadataRecord]]:
    results: list[DeleteResult] = []
    removed: dict[uuid.UUID, None] = {}
    for acl_filter in filters:
        problem = filter_error(acl_filter)
        if problem is not None:
            results.append((problem, []))
            continue
        matched = image.acls.matching(acl_filter)
        removed.update(dict.fromkeys(acl_id for acl_id, _ in matched))
        results.append((None, [acl for _, acl in matched]))
    records = [MetadataRecord(RemoveAccessControlEntryRecord(id=acl_id), V.REMOVE_ACCESS_CONTROL_ENTRY_RECORD)
               for acl_id in removed]
    return results, records
