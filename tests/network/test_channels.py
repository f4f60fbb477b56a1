"""The channel manager's fire-and-collect form (what Raft uses to ask every voter at once) and its shutdown."""

from __future__ import annotations

import pytest
import trio

from kbroker.network import Address, ConnectionFailed, ConnectionLost, RequestTimedOut
from kbroker.protocol.messages.metadata_request import MetadataRequest, MetadataRequestTopic
from tests.network.fake_peer import PEER_ID, client_settings, never_answer, peer_and_channels, run_virtual

REFUSING, SILENT = 2, 3


def peer_with_dead_neighbours(peer):
    """Node 1 is the fake peer; node 2 refuses connections; node 3 accepts and never answers."""
    async def connect(address):
        if address.port == REFUSING:
            raise ConnectionRefusedError(111, "refused")
        if address.port == SILENT:
            await trio.sleep_forever()
        return await peer.connect(address)
    return connect


def test_send_soon_delivers_each_nodes_reply_as_it_comes_and_never_waits_on_a_dead_node():
    async def main():
        settings = client_settings(connection_setup_timeout_ms=5000)
        async with peer_and_channels(settings=settings, connect=peer_with_dead_neighbours) as (peer, channels):
            channels.directory.set(REFUSING, Address("dead.test", REFUSING))
            channels.directory.set(SILENT, Address("silent.test", SILENT))
            send_replies, replies = trio.open_memory_channel(10)
            for node_id in (SILENT, REFUSING, PEER_ID):
                request = MetadataRequest(topics=[MetadataRequestTopic(name=f"to-{node_id}")])
                channels.send_soon(node_id, request, send_replies, tag=("vote", node_id))
            received = [await replies.receive() for _ in range(3)]

            by_node = {reply.node_id: reply for reply in received}
            assert [reply.node_id for reply in received][-1] == SILENT
            assert isinstance(by_node[REFUSING].error, ConnectionFailed)
            assert isinstance(by_node[SILENT].error, ConnectionFailed)
            assert "timed out" in str(by_node[SILENT].error)
            ok = by_node[PEER_ID]
            assert ok.error is None and ok.tag == ("vote", PEER_ID)
            assert [topic.name for topic in ok.response.topics] == ["to-1"]
            assert ok.request.topics[0].name == "to-1"

    run_virtual(main)


def test_send_soon_reports_a_timeout_as_an_error_reply():
    async def main():
        async with peer_and_channels() as (peer, channels):
            peer.handlers[3] = never_answer
            send_replies, replies = trio.open_memory_channel(1)
            channels.send_soon(PEER_ID, MetadataRequest(), send_replies, timeout_ms=500)
            reply = await replies.receive()
            assert isinstance(reply.error, RequestTimedOut) and reply.response is None

    run_virtual(main)


def test_closing_the_manager_fails_requests_in_flight():
    async def main():
        async with peer_and_channels() as (peer, channels):
            peer.handlers[3] = never_answer
            async with trio.open_nursery() as nursery:
                async def ask():
                    with pytest.raises(ConnectionLost, match="client of node 1 was closed"):
                        await channels.send(PEER_ID, MetadataRequest())

                nursery.start_soon(ask)
                await trio.testing.wait_all_tasks_blocked()
                assert channels.node(PEER_ID).connection.in_flight == 1
                await channels.aclose()

    run_virtual(main)


def test_a_reply_nobody_takes_any_more_is_dropped():
    async def main():
        async with peer_and_channels() as (peer, channels):
            send_replies, replies = trio.open_memory_channel(1)
            await replies.aclose()
            channels.send_soon(PEER_ID, MetadataRequest(), send_replies)
            await trio.testing.wait_all_tasks_blocked()
            assert [header.request_api_key for header in peer.received] == [18, 3]

    run_virtual(main)


def test_closing_the_manager_closes_its_connections_cleanly():
    async def main():
        async with peer_and_channels() as (peer, channels):
            await channels.send(PEER_ID, MetadataRequest())
            assert peer.sessions_ended == 0
            await channels.aclose()
            await trio.testing.wait_all_tasks_blocked()
            assert peer.sessions_ended == 1

    run_virtual(main)
