"""Many concurrent senders against a peer that misbehaves at random (seeded, virtual time): every send ends,
either with the response to its own request or with a NetworkError, and nothing hangs or leaks a task."""

from __future__ import annotations

import random

import pytest
import trio

from kbroker.network import NetworkError
from kbroker.protocol.messages.metadata_request import MetadataRequest, MetadataRequestTopic
from tests.network.fake_peer import PEER_ID, client_settings, metadata_answer, peer_and_channels, run_virtual

SENDERS = 20
REQUESTS_PER_SENDER = 10


def random_behaviour(rng: random.Random):
    """One way to treat a Metadata request, most often a plain answer."""
    async def answer(session, header, request):
        await session.reply(header, metadata_answer(request))

    async def answer_late(session, header, request):
        await trio.sleep(rng.uniform(0, 3))
        await answer(session, header, request)

    async def answer_twice(session, header, request):
        await answer(session, header, request)
        await answer(session, header, request)

    async def close(session, header, request):
        await session.close()

    async def garbage_size(session, header, request):
        await session.send_raw(b"\xff\xff\xff\xff")

    async def cut_short(session, header, request):
        await session.send_raw(b"\0\0\0\x20\0\0")
        await session.close()

    async def never(session, header, request):
        await trio.sleep_forever()

    behaviours = [answer] * 14 + [answer_late, answer_late, answer_twice, close, garbage_size, cut_short, never]
    return rng.choice(behaviours)


@pytest.mark.parametrize("seed", range(12))
def test_every_send_ends_with_its_own_response_or_a_network_error(seed):
    rng = random.Random(seed)
    outcomes = {"answered": 0, "failed": 0}

    async def main():
        settings = client_settings(request_timeout_ms=2000, connection_setup_timeout_ms=1000)
        async with peer_and_channels(settings=settings) as (peer, channels):
            async def misbehave(session, header, request):
                await random_behaviour(rng)(session, header, request)

            peer.handlers[3] = misbehave

            async def sender(index):
                for n in range(REQUESTS_PER_SENDER):
                    name = f"s{index}-r{n}"
                    request = MetadataRequest(topics=[MetadataRequestTopic(name=name)])
                    try:
                        response = await channels.send(PEER_ID, request)
                    except NetworkError:
                        outcomes["failed"] += 1
                        continue
                    assert [topic.name for topic in response.topics] == [name]
                    outcomes["answered"] += 1

            with trio.fail_after(3600):  # virtual: a send that never ends jumps here at once
                async with trio.open_nursery() as nursery:
                    for index in range(SENDERS):
                        nursery.start_soon(sender, index)
            assert peer.connections > 1  # the failures really broke connections

    run_virtual(main)
    assert outcomes["answered"] + outcomes["failed"] == SENDERS * REQUESTS_PER_SENDER
    assert outcomes["answered"] > 0 and outcomes["failed"] > 0
