"""kbroker.network.connection_quotas: Kafka's ConnectionQuotas rules, on trio's MockClock (no real waiting)."""

from __future__ import annotations

import pytest
import trio
import trio.testing

from kbroker.network.connection_quotas import (
    ConnectionQuotas,
    ConnectionThrottled,
    TooManyConnections,
    parse_ip_overrides,
)


def _quotas(settings: dict, ip_quotas: dict | None = None, protected: str | None = None) -> ConnectionQuotas:
    return ConnectionQuotas(settings.get, lambda: ip_quotas or {}, protected)


def _run(test):
    trio.run(test, clock=trio.testing.MockClock(autojump_threshold=0))


def test_per_ip_limit_refuses_the_connection_past_it_and_overrides_win():
    async def main():
        quotas = _quotas({"max.connections.per.ip": "2", "max.connections.per.ip.overrides": "10.0.0.9:3"})
        for _ in range(2):
            await quotas.wait_for_slot("EXTERNAL")
            quotas.admit("EXTERNAL", "10.0.0.1")
        with pytest.raises(TooManyConnections, match="Too many connections from 10.0.0.1 \\(maximum = 2\\)"):
            quotas.admit("EXTERNAL", "10.0.0.1")
        quotas.release("EXTERNAL", "10.0.0.1")
        for _ in range(3):
            quotas.admit("EXTERNAL", "::ffff:10.0.0.9")  # an IPv4-mapped address counts as the IPv4 one
        with pytest.raises(TooManyConnections):
            quotas.admit("EXTERNAL", "10.0.0.9")
    _run(main)


def test_parse_ip_overrides_takes_the_limit_after_the_last_colon():
    assert parse_ip_overrides("127.0.0.1:5, [::2]:7,") == {"127.0.0.1": 5, "::2": 7}
    assert parse_ip_overrides("") == {}


def test_broker_limit_blocks_the_acceptor_until_a_connection_closes():
    async def main():
        quotas = _quotas({"max.connections": "2"})
        for host in ("10.0.0.1", "10.0.0.2"):
            await quotas.wait_for_slot("EXTERNAL")
            quotas.admit("EXTERNAL", host)
        admitted = trio.Event()

        async def third():
            await quotas.wait_for_slot("EXTERNAL")
            quotas.admit("EXTERNAL", "10.0.0.3")
            admitted.set()

        async with trio.open_nursery() as nursery:
            nursery.start_soon(third)
            await trio.sleep(5)
            assert not admitted.is_set()
            quotas.release("EXTERNAL", "10.0.0.1")
            await admitted.wait()
        assert quotas.total == 2
    _run(main)


def test_listener_limit_and_the_protected_listener():
    async def main():
        settings = {"max.connections": "1", "listener.name.internal.max.connections": "2"}
        quotas = _quotas(settings, protected="INTERNAL")
        await quotas.wait_for_slot("EXTERNAL")
        quotas.admit("EXTERNAL", "10.0.0.1")
        assert not quotas.slot_available("EXTERNAL")
        for _ in range(2):  # the inter-broker listener is held back by its own limit only
            assert quotas.slot_available("INTERNAL")
            quotas.admit("INTERNAL", "10.0.0.2")
        assert not quotas.slot_available("INTERNAL")
        assert quotas.over_broker_limit("EXTERNAL") and not quotas.over_broker_limit("INTERNAL")
    _run(main)


def test_limits_are_read_at_each_connection_so_a_dynamic_change_applies():
    async def main():
        settings = {"max.connections.per.ip": "1"}
        quotas = _quotas(settings)
        quotas.admit("EXTERNAL", "10.0.0.1")
        settings["max.connections.per.ip"] = "2"
        quotas.admit("EXTERNAL", "10.0.0.1")
        assert quotas.per_ip["10.0.0.1"] == 2
    _run(main)


def test_creation_rate_delays_the_acceptor_by_kafkas_throttle_time():
    async def main():
        quotas = _quotas({"max.connection.creation.rate": "10"})
        start = trio.current_time()
        for i in range(300):
            await quotas.wait_for_slot("EXTERNAL")
            quotas.admit("EXTERNAL", f"10.0.{i // 250}.{i % 250}")
        elapsed = trio.current_time() - start
        # 300 connections at 10/s, measured over Kafka's 11 one-second samples (a burst of up to 11 s worth
        # goes at once): the acceptor waited between (300 - 110) / 10 and 300 / 10 s (MockClock time).
        assert 19 <= elapsed <= 30, elapsed
    _run(main)


def test_ip_creation_rate_refuses_and_takes_the_connection_back_out():
    async def main():
        ip_quotas = {(("ip", None),): {"connection_creation_rate": 5.0},
                     (("ip", "10.0.0.7"),): {"connection_creation_rate": 1000.0}}
        quotas = _quotas({}, ip_quotas)
        throttled = 0
        for _ in range(100):
            await quotas.wait_for_slot("EXTERNAL")
            try:
                quotas.admit("EXTERNAL", "10.0.0.1")
            except ConnectionThrottled as e:
                assert 0 < e.throttle_ms <= 1000
                throttled += 1
        assert throttled >= 40
        assert quotas.per_ip["10.0.0.1"] == 100 - throttled
        for _ in range(100):  # its own entity's higher rate applies to 10.0.0.7
            quotas.admit("EXTERNAL", "10.0.0.7")
    _run(main)
