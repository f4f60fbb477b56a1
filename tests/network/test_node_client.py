"""Reconnecting to one node: backoff with jitter between failed attempts (virtual time), senders queued behind
a failed attempt, address changes, unknown nodes, and a dead port on a real socket."""

from __future__ import annotations

import random

import pytest
import trio

from kbroker.network import (
    Address,
    ClientClosed,
    ConnectionFailed,
    NodeDirectory,
    RequestTimedOut,
    UnknownNode,
    open_channel_manager,
)
from kbroker.network.backoff import ReconnectBackoff
from kbroker.protocol.messages.metadata_request import MetadataRequest
from tests.network.fake_peer import (
    PEER_ADDRESS,
    PEER_ID,
    client_settings,
    peer_and_channels,
    run_virtual,
    unused_port,
)


def recording(attempts: list):
    """A connector factory that notes the virtual time and address of every connection attempt."""
    def wrap(peer):
        async def connect(address):
            attempts.append((trio.current_time(), address))
            return await peer.connect(address)
        return connect
    return wrap


@pytest.mark.parametrize("seed", range(5))
def test_backoff_doubles_from_the_initial_value_with_20_percent_jitter_up_to_the_max(seed):
    backoff = ReconnectBackoff(50, 1000, random.Random(seed))
    for failures, nominal in [(1, 50), (2, 100), (3, 200), (4, 400), (5, 800)]:
        assert 0.8 * nominal <= backoff.delay_ms(failures) <= 1.2 * nominal
    assert all(800 <= backoff.delay_ms(failures) <= 1000 for failures in range(6, 40))
    assert backoff.delay_ms(0) == 0


def test_failed_attempts_back_off_exponentially_and_a_success_resets_the_count():
    attempts = []

    async def main():
        async with peer_and_channels(connect=recording(attempts)) as (peer, channels):
            peer.refusing = True
            for _ in range(7):
                with pytest.raises(ConnectionFailed, match="refused"):
                    await channels.send(PEER_ID, MetadataRequest())
            gaps_ms = [(later - earlier) * 1000 for (earlier, _), (later, _) in zip(attempts, attempts[1:], strict=False)]
            for gap, nominal in zip(gaps_ms, [50, 100, 200, 400, 800, 1000], strict=True):
                assert 0.8 * nominal <= gap <= min(1.2 * nominal, 1000) + 1e-6

            peer.refusing = False
            await channels.send(PEER_ID, MetadataRequest())
            # An established connection that breaks is one failure: the next attempt waits the initial backoff.
            await channels.node(PEER_ID).connection.aclose("test")
            broken_at = trio.current_time()
            await channels.send(PEER_ID, MetadataRequest())
            assert 40 <= (attempts[-1][0] - broken_at) * 1000 <= 60

    run_virtual(main)


def test_senders_queued_behind_a_failed_attempt_fail_with_it():
    attempts = []

    async def main():
        async with peer_and_channels(connect=recording(attempts)) as (peer, channels):
            peer.refusing = True
            outcomes = []

            async def ask():
                try:
                    await channels.send(PEER_ID, MetadataRequest())
                except ConnectionFailed as exc:
                    outcomes.append(exc)

            async with trio.open_nursery() as nursery:
                for _ in range(3):
                    nursery.start_soon(ask)
            assert len(outcomes) == 3
            assert len(attempts) == 1

    run_virtual(main)


def test_a_send_that_cannot_outwait_the_backoff_times_out():
    async def main():
        settings = client_settings(reconnect_backoff_ms=5000, reconnect_backoff_max_ms=5000)
        async with peer_and_channels(settings=settings) as (peer, channels):
            peer.refusing = True
            with pytest.raises(ConnectionFailed):
                await channels.send(PEER_ID, MetadataRequest())
            peer.refusing = False
            with pytest.raises(RequestTimedOut, match="no connection to node 1"):
                await channels.send(PEER_ID, MetadataRequest(), timeout_ms=1000)
            await channels.send(PEER_ID, MetadataRequest(), timeout_ms=10_000)
            assert peer.connections == 1

    run_virtual(main)


def test_a_connection_setup_that_hangs_fails_after_the_setup_timeout():
    def blackhole(peer):
        async def connect(address):
            await trio.sleep_forever()
        return connect

    async def main():
        settings = client_settings(connection_setup_timeout_ms=3000)
        async with peer_and_channels(settings=settings, connect=blackhole) as (peer, channels):
            started = trio.current_time()
            with pytest.raises(ConnectionFailed, match="setup to peer.test:9092 timed out"):
                await channels.send(PEER_ID, MetadataRequest())
            assert trio.current_time() - started == pytest.approx(3.0)

    run_virtual(main)


def test_a_new_address_closes_the_old_connection_and_dials_the_new_one():
    attempts = []
    moved = Address("elsewhere.test", 9093)

    async def main():
        async with peer_and_channels(connect=recording(attempts)) as (peer, channels):
            await channels.send(PEER_ID, MetadataRequest())
            old = channels.node(PEER_ID).connection
            channels.directory.set(PEER_ID, moved)
            await channels.send(PEER_ID, MetadataRequest())
            assert old.closed and "moved to elsewhere.test:9093" in old.closed_reason
            assert [address for _, address in attempts] == [PEER_ADDRESS, moved]

    run_virtual(main)


def test_a_node_removed_from_the_directory_is_unknown_and_its_connection_closed():
    async def main():
        async with peer_and_channels() as (peer, channels):
            await channels.send(PEER_ID, MetadataRequest())
            connection = channels.node(PEER_ID).connection
            channels.directory.remove(PEER_ID)
            with pytest.raises(UnknownNode):
                await channels.send(PEER_ID, MetadataRequest())
            assert connection.closed and "left the directory" in connection.closed_reason

    run_virtual(main)


def test_unknown_nodes_and_closed_managers_fail_at_once():
    async def main():
        async with peer_and_channels() as (peer, channels):
            with pytest.raises(UnknownNode, match="node 9"):
                await channels.send(9, MetadataRequest())
            await channels.aclose()
            with pytest.raises(ClientClosed):
                await channels.send(PEER_ID, MetadataRequest())
            assert peer.connections == 0

    run_virtual(main)


def test_a_dead_port_fails_each_send_after_its_backoff_without_hanging():
    async def main():
        directory = NodeDirectory({5: Address("127.0.0.1", unused_port())})
        async with open_channel_manager(directory, client_settings()) as channels:
            for _ in range(3):
                with pytest.raises(ConnectionFailed, match="cannot connect to 127.0.0.1"):
                    await channels.send(5, MetadataRequest(), timeout_ms=5000)

    trio.run(main)
