"""GROUP config rules (kbroker.group.group_configs) against Kafka 4.3.1's GroupConfig: names, parsing, the broker's
bounds and their order, describe entries; the compat test (compat_tests/test_group_configs.py) checks the same
answers on both brokers through the wire."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kbroker.group import group_configs as G


def refusal(configs, broker=None):
    try:
        G.validate(configs, broker or {})
    except G.GroupConfigError as exc:
        return str(exc)
    return None


def test_names_values_and_bounds():
    assert refusal({}) is None
    assert refusal({"consumer.session.timeout.ms": "60000", "consumer.heartbeat.interval.ms": "15000"}) is None
    assert refusal({"x": "1"}) == "Unknown group config name: x"
    assert refusal({"consumer.session.timeout.ms": "4e4"}) == \
        "Invalid value 4e4 for configuration consumer.session.timeout.ms: Not a number of type INT"
    assert refusal({"consumer.session.timeout.ms": "60001"}) == \
        "consumer.session.timeout.ms must be less than or equal to group.consumer.max.session.timeout.ms"
    assert refusal({"consumer.session.timeout.ms": "60001"}, {"group.consumer.max.session.timeout.ms": 70000}) is None
    assert refusal({"consumer.session.timeout.ms": "45000", "consumer.heartbeat.interval.ms": "45000"},
                   {"group.consumer.max.heartbeat.interval.ms": 50000}) == \
        "consumer.session.timeout.ms must be greater than consumer.heartbeat.interval.ms"
    assert refusal({"share.auto.offset.reset": "by_duration:P1DT2H"}) is None
    assert refusal({"share.auto.offset.reset": "by_duration:PT"}) is not None
    assert refusal({"share.renew.acknowledge.enable": " True "}) is None


@pytest.mark.parametrize("name", [k.name for k in G.KEYS if k.type == G.INT])
@given(value=st.integers(min_value=-(1 << 33), max_value=1 << 33))
def test_an_int_config_is_refused_exactly_outside_its_bounds(name, value):
    key = G.KEYS_BY_NAME[name]
    low, high = G.bounds(name, {})
    low = max(low, key.at_least)
    if name.endswith("heartbeat.interval.ms"):
        high = min(high, 45000 - 1)  # below the default session timeout
    if name.endswith("session.timeout.ms"):
        low = max(low, 5000 + 1)  # above the default heartbeat interval
    accepted = refusal({name: str(value)}) is None
    assert accepted == (-(1 << 31) <= value < (1 << 31) and low <= value <= high)


def test_describe_lists_stored_values_over_defaults():
    entries = G.describe({"consumer.session.timeout.ms": "050000"}, {"group.consumer.heartbeat.interval.ms": 6000},
                         None)
    assert [e.name for e in entries] == list(G.DESCRIBE_ORDER) and len(entries) == len(G.KEYS)
    by_name = {e.name: e for e in entries}
    session = by_name["consumer.session.timeout.ms"]
    assert (session.value, session.source) == ("50000", G.GROUP_CONFIG)
    assert session.synonyms == (("consumer.session.timeout.ms", "50000", G.GROUP_CONFIG),
                                ("group.consumer.session.timeout.ms", "45000", G.DEFAULT_CONFIG))
    heartbeat = by_name["consumer.heartbeat.interval.ms"]
    assert (heartbeat.value, heartbeat.source) == ("6000", G.DEFAULT_CONFIG)
    assert [e.name for e in G.describe({}, {}, ["share.isolation.level", "nope"])] == ["share.isolation.level"]
