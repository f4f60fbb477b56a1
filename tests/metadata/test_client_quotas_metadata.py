"""Client quotas in the metadata image: AlterClientQuotas validation and records (Kafka's
ClientQuotaControlManager), replay, snapshot records, and DescribeClientQuotas filters (ClientQuotasImage)."""

from __future__ import annotations

import pytest

from kbroker.metadata.client_quotas import QuotaError, alter_quotas, describe_quotas
from kbroker.metadata.image import MetadataImage, apply_records, image_records
from kbroker.protocol import errors
from kbroker.protocol.messages.alter_client_quotas_request import EntityData, EntryData, OpData
from kbroker.protocol.messages.describe_client_quotas_request import ComponentData

INVALID = errors.INVALID_REQUEST.code


def entry(entity: dict, **ops) -> EntryData:
    return EntryData(entity=[EntityData(entity_type=t, entity_name=n) for t, n in entity.items()],
                     ops=[OpData(key=k, value=0.0 if v is None else float(v), remove=v is None)
                          for k, v in ops.items()])


def altered(image: MetadataImage, *entries) -> tuple[MetadataImage, list]:
    results, records = alter_quotas(image.client_quotas, entries)
    return apply_records(image, records, image.offset + len(records), 1), results


def test_set_change_and_remove_through_the_image():
    image, results = altered(MetadataImage(), entry({"client-id": "c1"}, producer_byte_rate=1048576),
                             entry({"user": "alice", "client-id": None}, request_percentage=12.5),
                             entry({"user": None}, consumer_byte_rate=2000))
    assert [code for _, code, _ in results] == [0, 0, 0]
    assert image.client_quotas == {
        (("client-id", "c1"),): {"producer_byte_rate": 1048576.0},
        (("client-id", None), ("user", "alice")): {"request_percentage": 12.5},
        (("user", None),): {"consumer_byte_rate": 2000.0}}
    same, _ = altered(image, entry({"client-id": "c1"}, producer_byte_rate=1048576))
    assert same.offset == image.offset  # an unchanged value writes nothing
    image, _ = altered(image, entry({"client-id": "c1"}, producer_byte_rate=None, consumer_byte_rate=5))
    assert image.client_quotas[(("client-id", "c1"),)] == {"consumer_byte_rate": 5.0}
    image, _ = altered(image, entry({"client-id": "c1"}, consumer_byte_rate=None, request_percentage=None))
    assert (("client-id", "c1"),) not in image.client_quotas
    assert apply_records(MetadataImage(), list(image_records(image)), image.offset, 1).client_quotas \
        == image.client_quotas


@pytest.mark.parametrize(("entity", "ops", "message"), [
    ({}, {"producer_byte_rate": 1}, "Invalid empty client quota entity"),
    ({"group": "g"}, {"producer_byte_rate": 1}, "Unhandled client quota entity type: group"),
    ({"user": ""}, {"producer_byte_rate": 1}, "Empty user not supported"),
    ({"user": "u"}, {"bogus": 1}, "Invalid configuration key bogus"),
    ({"user": "u"}, {"producer_byte_rate": 0}, "Quota producer_byte_rate must be greater than 0"),
    ({"user": "u"}, {"producer_byte_rate": 1.5}, "producer_byte_rate cannot be a fractional value."),
    ({"user": "u"}, {"connection_creation_rate": 1}, "Invalid configuration key connection_creation_rate"),
    ({"ip": "127.0.0.1"}, {"producer_byte_rate": 1}, "Invalid configuration key producer_byte_rate"),
    ({"ip": "127.0.0.1", "user": "u"}, {"connection_creation_rate": 1},
     "Invalid quota entity combination, IP entity shouldnot be combined with User or ClientId"),
    ({"ip": "127.0.0.1"}, {"connection_creation_rate": 2**31}, "Proposed value for connection_creation_rate is too "
                                                              "large for an INT."),
])
def test_refused_entries_change_nothing(entity, ops, message):
    image, results = altered(MetadataImage(), entry(entity, **ops), entry({"client-id": "ok"}, request_percentage=1))
    assert [(code, text) for _, code, text in results] == [(INVALID, message), (0, None)]
    assert list(image.client_quotas) == [(("client-id", "ok"),)]


def test_an_entity_named_twice_is_refused_once_seen():
    results, records = alter_quotas({}, [entry({"user": "u"}, producer_byte_rate=1),
                                         entry({"user": "u"}, producer_byte_rate=2)])
    assert [(code, text) for _, code, text in results] == [
        (INVALID, "Ignoring duplicate entity ClientQuotaEntity(entries={user=u})")]
    assert len(records) == 1


def component(entity_type: str, match_type: int, match: str | None = None) -> ComponentData:
    return ComponentData(entity_type=entity_type, match_type=match_type, match=match)


QUOTAS = {(("user", "alice"),): {"producer_byte_rate": 1.0},
          (("user", None),): {"producer_byte_rate": 2.0},
          (("client-id", "c"), ("user", "alice")): {"producer_byte_rate": 3.0},
          (("client-id", "c"),): {"consumer_byte_rate": 4.0}}


@pytest.mark.parametrize(("components", "strict", "expected"), [
    ([], False, list(QUOTAS)),
    ([], True, []),
    ([component("user", 0, "alice")], False, [(("user", "alice"),), (("client-id", "c"), ("user", "alice"))]),
    ([component("user", 0, "alice")], True, [(("user", "alice"),)]),
    ([component("user", 1)], False, [(("user", None),)]),
    ([component("user", 2)], True, [(("user", "alice"),), (("user", None),)]),
    ([component("client-id", 2)], False, [(("client-id", "c"), ("user", "alice")), (("client-id", "c"),)]),
    ([component("client-id", 0, "c"), component("user", 2)], True, [(("client-id", "c"), ("user", "alice"))]),
])
def test_describe_filters(components, strict, expected):
    assert [entity for entity, _ in describe_quotas(QUOTAS, components, strict)] == expected


@pytest.mark.parametrize(("components", "code"), [
    ([component("", 2)], INVALID),
    ([component("user", 2), component("user", 1)], INVALID),
    ([component("group", 2)], errors.UNSUPPORTED_VERSION.code),
    ([component("user", 0)], INVALID),
    ([component("user", 1, "x")], INVALID),
    ([component("user", 3)], INVALID),
    ([component("ip", 2), component("user", 2)], INVALID),
])
def test_describe_refuses_bad_filters(components, code):
    with pytest.raises(QuotaError) as refused:
        describe_quotas(QUOTAS, components, False)
    assert refused.value.error.code == code
