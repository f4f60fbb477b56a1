"""One connection against the in-process fake peer, in virtual time: the ApiVersions handshake and version
negotiation, pipelining, and every way a peer can break a connection with requests in flight."""

from __future__ import annotations

import pytest
import trio

from kbroker.network import (
    ConnectionFailed,
    ConnectionLost,
    NodeDirectory,
    RequestTimedOut,
    UnsupportedVersion,
    open_channel_manager,
)
from kbroker.network.versions import handshake_retry_version, own_range
from kbroker.protocol import errors
from kbroker.protocol.messages.api_versions_response import ApiVersion, ApiVersionsResponse
from kbroker.protocol.messages.describe_cluster_request import DescribeClusterRequest
from kbroker.protocol.messages.metadata_request import MetadataRequest, MetadataRequestTopic
from kbroker.protocol.messages.metadata_response import MetadataResponse
from tests.network.fake_peer import (
    PEER_ID,
    FakePeer,
    client_settings,
    echo_metadata,
    metadata_answer,
    never_answer,
    peer_and_channels,
    run_virtual,
)


def metadata_request(*names: str) -> MetadataRequest:
    return MetadataRequest(topics=[MetadataRequestTopic(name=name) for name in names],
                           allow_auto_topic_creation=False)


def sent(peer) -> list[tuple[int, int]]:
    return [(header.request_api_key, header.request_api_version) for header in peer.received]


def misbehave_once(peer, behaviour) -> None:
    """The next Metadata request gets `behaviour(session, header, request)`, later ones a normal answer."""
    async def handler(session, header, request):
        peer.handlers[3] = echo_metadata
        await behaviour(session, header, request)

    peer.handlers[3] = handler


async def assert_the_next_send_reconnects(peer, channels) -> None:
    response = await channels.send(PEER_ID, metadata_request("b"))
    assert [topic.name for topic in response.topics] == ["b"]
    assert peer.connections == 2


def test_handshake_then_requests_at_the_highest_common_version():
    async def main():
        async with peer_and_channels(ranges={18: (0, 4), 3: (1, 9)}) as (peer, channels):
            response = await channels.send(PEER_ID, metadata_request("a"))
            assert isinstance(response, MetadataResponse)
            assert [topic.name for topic in response.topics] == ["a"]
            await channels.send(PEER_ID, metadata_request("b"), version_cap=4)
            assert sent(peer) == [(18, 4), (3, 9), (3, 4)]
            assert peer.received[0].client_id == "network-test"
            assert peer.connections == 1

    run_virtual(main)


def test_kip_511_fallback_retries_api_versions_at_the_peers_version():
    async def main():
        async with peer_and_channels(ranges={18: (0, 2), 3: (0, 12)}) as (peer, channels):
            await channels.send(PEER_ID, metadata_request("a"))
            assert sent(peer) == [(18, 4), (18, 2), (3, 12)]
            assert channels.node(PEER_ID).connection.versions.ranges[3] == (0, 12)

    run_virtual(main)


def test_an_api_the_peer_lacks_or_a_cap_below_its_range_is_unsupported():
    async def main():
        async with peer_and_channels(ranges={18: (0, 4), 3: (5, 13)}) as (peer, channels):
            with pytest.raises(UnsupportedVersion, match="does not support DescribeCluster"):
                await channels.send(PEER_ID, DescribeClusterRequest())
            with pytest.raises(UnsupportedVersion, match="capped at 4"):
                await channels.send(PEER_ID, metadata_request("a"), version_cap=4)
            assert sent(peer) == [(18, 4)]

    run_virtual(main)


def test_pipelined_requests_are_all_on_the_wire_and_each_gets_its_own_response():
    count = client_settings().max_in_flight

    async def main():
        async with peer_and_channels() as (peer, channels):
            waiting = []

            async def answer_when_all_arrived(session, header, request):
                waiting.append((header, request))
                if len(waiting) == count:  # a client waiting for each answer before the next send never gets here
                    for each_header, each_request in waiting:
                        await session.reply(each_header, metadata_answer(each_request))

            peer.handlers[3] = answer_when_all_arrived
            results = {}

            async def ask(name):
                results[name] = await channels.send(PEER_ID, metadata_request(name), timeout_ms=60_000)

            async with trio.open_nursery() as nursery:
                for i in range(count):
                    nursery.start_soon(ask, f"topic-{i}")
            assert {name: [t.name for t in response.topics] for name, response in results.items()} == {
                f"topic-{i}": [f"topic-{i}"] for i in range(count)}
            assert peer.connections == 1

    run_virtual(main)


async def send_two_and_collect(channels) -> list:
    outcomes = []

    async def ask(name):
        try:
            outcomes.append(await channels.send(PEER_ID, metadata_request(name)))
        except ConnectionLost as exc:
            outcomes.append(exc)

    async with trio.open_nursery() as nursery:
        nursery.start_soon(ask, "first")
        await trio.testing.wait_all_tasks_blocked()
        nursery.start_soon(ask, "second")
    return outcomes


def test_a_response_out_of_order_closes_the_connection_and_fails_both_requests():
    async def main():
        async with peer_and_channels() as (peer, channels):
            held = []

            async def answer_second_first(session, header, request):
                held.append((header, request))
                if len(held) == 2:
                    await session.reply(held[1][0], metadata_answer(held[1][1]))

            peer.handlers[3] = answer_second_first
            outcomes = await send_two_and_collect(channels)
            assert [type(outcome) for outcome in outcomes] == [ConnectionLost, ConnectionLost]
            assert "correlation id" in str(outcomes[0])
            await trio.testing.wait_all_tasks_blocked()
            assert peer.sessions_ended == 1

    run_virtual(main)


@pytest.mark.parametrize("size_prefix", [b"\x7f\xff\xff\xff", b"\xff\xff\xff\xfe"])
def test_a_garbage_frame_size_drops_the_connection(size_prefix):
    async def main():
        settings = client_settings(max_response_bytes=1 << 20)
        async with peer_and_channels(settings=settings) as (peer, channels):
            async def garbage(session, header, request):
                await session.send_raw(size_prefix)

            misbehave_once(peer, garbage)
            with pytest.raises(ConnectionLost, match=r"frame size -?\d+ outside \[0, 1048576\]"):
                await channels.send(PEER_ID, metadata_request("a"))
            await trio.testing.wait_all_tasks_blocked()
            assert peer.sessions_ended == 1  # the peer saw the connection close
            await assert_the_next_send_reconnects(peer, channels)

    run_virtual(main)


def test_a_frame_cut_short_by_the_peer_fails_the_request():
    async def main():
        async with peer_and_channels() as (peer, channels):
            async def truncated(session, header, request):
                await session.send_raw(b"\0\0\0\x64" + b"\0" * 10)
                await session.close()

            peer.handlers[3] = truncated
            with pytest.raises(ConnectionLost, match="ended after 10 of 100 frame bytes"):
                await channels.send(PEER_ID, metadata_request("a"))

    run_virtual(main)


def test_a_peer_closing_mid_request_fails_it_and_the_next_send_reconnects():
    async def main():
        async with peer_and_channels() as (peer, channels):
            misbehave_once(peer, lambda session, header, request: session.close())
            with pytest.raises(ConnectionLost, match="closed the connection"):
                await channels.send(PEER_ID, metadata_request("a"))
            await assert_the_next_send_reconnects(peer, channels)

    run_virtual(main)


def test_no_answer_times_out_closes_the_connection_and_the_next_send_reconnects():
    async def main():
        async with peer_and_channels() as (peer, channels):
            misbehave_once(peer, never_answer)
            started = trio.current_time()
            with pytest.raises(RequestTimedOut, match="Metadata request to peer.test:9092 timed out"):
                await channels.send(PEER_ID, metadata_request("a"), timeout_ms=2000)
            assert trio.current_time() - started == pytest.approx(2.0)
            assert channels.node(PEER_ID).connection is None
            await assert_the_next_send_reconnects(peer, channels)

    run_virtual(main)


def test_own_range_never_offers_an_unstable_latest_version():
    from kbroker.protocol.messages.init_producer_id_request import InitProducerIdRequest

    assert InitProducerIdRequest.LATEST_VERSION_UNSTABLE
    assert own_range(InitProducerIdRequest)[1] == InitProducerIdRequest.HIGHEST_VERSION - 1


@pytest.mark.parametrize("error, listed, retry", [
    (errors.NONE, [ApiVersion(api_key=18, min_version=0, max_version=2)], None),
    (errors.UNSUPPORTED_VERSION, [ApiVersion(api_key=18, min_version=0, max_version=2)], 2),
    (errors.UNSUPPORTED_VERSION, [ApiVersion(api_key=18, min_version=0, max_version=9)], 4),
    (errors.UNSUPPORTED_VERSION, [], 0),
])
def test_kip_511_retry_version(error, listed, retry):
    assert handshake_retry_version(ApiVersionsResponse(error_code=error.code, api_keys=listed)) == retry


def test_a_failed_handshake_is_a_failed_connection():
    async def main():
        async with peer_and_channels() as (peer, channels):
            async def refuse(session, header, request):
                await session.reply(header, ApiVersionsResponse(error_code=errors.INVALID_REQUEST.code))

            peer.handlers[18] = refuse
            with pytest.raises(ConnectionFailed, match=r"ApiVersions v4 to peer.test:9092 failed with INVALID_REQUEST"):
                await channels.send(PEER_ID, metadata_request("a"))
            await trio.testing.wait_all_tasks_blocked()
            assert peer.sessions_ended == 1

    run_virtual(main)


def test_a_response_nobody_asked_for_closes_the_connection():
    async def main():
        async with peer_and_channels() as (peer, channels):
            async def answer_twice(session, header, request):
                await session.reply(header, metadata_answer(request))
                await session.reply(header, metadata_answer(request))

            misbehave_once(peer, answer_twice)
            await channels.send(PEER_ID, metadata_request("a"))
            connection = channels.node(PEER_ID).connection
            await trio.testing.wait_all_tasks_blocked()
            assert "with no request in flight" in connection.closed_reason
            await assert_the_next_send_reconnects(peer, channels)

    run_virtual(main)


def test_a_request_that_times_out_waiting_for_a_pipeline_slot_leaves_the_connection_open():
    async def main():
        async with peer_and_channels(settings=client_settings(max_in_flight=1)) as (peer, channels):
            await channels.send(PEER_ID, metadata_request("warm-up"))
            peer.handlers[3] = never_answer
            async with trio.open_nursery() as nursery:
                async def hog():
                    with pytest.raises(RequestTimedOut):
                        await channels.send(PEER_ID, metadata_request("slow"), timeout_ms=5000)

                nursery.start_soon(hog)
                await trio.testing.wait_all_tasks_blocked()
                connection = channels.node(PEER_ID).connection
                with pytest.raises(RequestTimedOut):
                    await channels.send(PEER_ID, metadata_request("queued"), timeout_ms=1000)
                assert not connection.closed and connection.in_flight == 1
            assert connection.closed

    run_virtual(main)


def test_a_garbage_frame_size_on_a_real_socket_drops_the_connection():
    async def main():
        async with trio.open_nursery() as nursery:
            peer = FakePeer(nursery)
            directory = NodeDirectory({PEER_ID: await peer.serve_tcp()})
            peer_saw_the_close = trio.Event()

            async def garbage(session, header, request):
                await session.send_raw(b"\x40\0\0\0")  # 1 GiB announced
                assert await session.stream.receive_some() == b""
                peer_saw_the_close.set()

            misbehave_once(peer, garbage)
            async with open_channel_manager(directory, client_settings()) as channels:
                with pytest.raises(ConnectionLost, match=r"frame size 1073741824 outside \[0, 104857600\]"):
                    await channels.send(PEER_ID, metadata_request("a"))
                with trio.fail_after(30):
                    await peer_saw_the_close.wait()
                await assert_the_next_send_reconnects(peer, channels)
            nursery.cancel_scope.cancel()

    trio.run(main)
