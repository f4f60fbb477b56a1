"""ControllerChannel (kbroker/controller_channel.py): requests go to the quorum's leader, NOT_CONTROLLER and
network failures move them to the next controller until the timeout, and forwarded requests travel in an
EnvelopeRequest carrying the client's principal (Kafka's DefaultPrincipalData, version prefixed) and address."""

from __future__ import annotations

import trio
import trio.testing

from kbroker.controller_channel import ControllerChannel, ForwardingFailed, address_bytes, serialize_principal
from kbroker.network import ConnectionFailed
from kbroker.protocol import errors as E
from kbroker.protocol.messages.allocate_producer_ids_request import AllocateProducerIdsRequest
from kbroker.protocol.messages.allocate_producer_ids_response import AllocateProducerIdsResponse
from kbroker.protocol.messages.default_principal_data import DefaultPrincipalData
from kbroker.protocol.messages.envelope_response import EnvelopeResponse


class ScriptedChannels:
    """Stands for the ChannelManager: each node answers from its script (a response, or an exception raised)."""

    def __init__(self, scripts: dict[int, list]) -> None:
        self.scripts = scripts
        self.sent: list[tuple[int, object]] = []

    async def send(self, node_id: int, request, *, timeout_ms: int | None = None):
        self.sent.append((node_id, request))
        answer = self.scripts[node_id].pop(0)
        if isinstance(answer, Exception):
            raise answer
        return answer


def run(test):
    trio.run(test, clock=trio.testing.MockClock(autojump_threshold=0))


def test_not_controller_and_unreachable_controllers_are_skipped_until_one_answers():
    granted = AllocateProducerIdsResponse(producer_id_start=1000, producer_id_len=1000)
    channels = ScriptedChannels({
        2: [AllocateProducerIdsResponse(error_code=E.NOT_CONTROLLER.code)],
        1: [ConnectionFailed("refused")],
        3: [granted],
    })
    channel = ControllerChannel(channels, lambda: [1, 2, 3], leader=lambda: 2, retry_backoff_ms=50)

    async def test():
        assert await channel.send(AllocateProducerIdsRequest(broker_id=7, broker_epoch=4)) is granted

    run(test)
    assert [node for node, _ in channels.sent] == [2, 1, 3]


def test_no_answer_within_the_timeout_is_none():
    channels = ScriptedChannels({n: [AllocateProducerIdsResponse(error_code=E.NOT_CONTROLLER.code)] * 100
                                 for n in (1, 2, 3)})
    channel = ControllerChannel(channels, lambda: [1, 2, 3], leader=lambda: -1, retry_backoff_ms=100)

    async def test():
        start = trio.current_time()
        assert await channel.send(AllocateProducerIdsRequest(), timeout_ms=1000) is None
        assert trio.current_time() - start >= 1.0

    run(test)
    assert {node for node, _ in channels.sent} == {1, 2, 3}


def test_an_observer_of_a_dynamic_quorum_waits_until_it_learns_a_controller():
    """Before its quorum client knows a leader or a voter (a dynamic quorum's observer that has not fetched the
    VotersRecord yet) nothing is sent; the request goes out once the quorum names one."""
    granted = AllocateProducerIdsResponse(producer_id_start=1000, producer_id_len=1000)
    channels = ScriptedChannels({2: [granted]})
    known = {"voters": [], "leader": -1}
    channel = ControllerChannel(channels, lambda: known["voters"], leader=lambda: known["leader"],
                                retry_backoff_ms=50)

    async def learn():
        await trio.sleep(1)
        assert channels.sent == []
        known.update(voters=[1, 2, 3], leader=2)

    async def test():
        async with trio.open_nursery() as nursery:
            nursery.start_soon(learn)
            assert await channel.send(AllocateProducerIdsRequest(), timeout_ms=5000) is granted

    run(test)
    assert [node for node, _ in channels.sent] == [2]


def test_no_controller_learned_within_the_timeout_is_none():
    channels = ScriptedChannels({})
    channel = ControllerChannel(channels, lambda: [], leader=lambda: -1, retry_backoff_ms=100)

    async def test():
        assert await channel.send(AllocateProducerIdsRequest(), timeout_ms=1000) is None

    run(test)
    assert channels.sent == []


def test_a_forwarded_request_carries_the_principal_and_address_and_returns_the_response_data():
    channels = ScriptedChannels({1: [EnvelopeResponse(response_data=b"header and body")]})
    channel = ControllerChannel(channels, lambda: [1], leader=lambda: 1)

    async def test():
        data = await channel.forward(b"client request", client_host="127.0.0.1")
        assert data == b"header and body"

    run(test)
    [(_, envelope)] = channels.sent
    assert envelope.request_data == b"client request"
    assert envelope.client_host_address == bytes([127, 0, 0, 1])
    assert envelope.request_principal[:2] == b"\x00\x00"  # version 0 of DefaultPrincipalData
    principal, _ = DefaultPrincipalData.decode(envelope.request_principal, 2, 0)
    assert (principal.type, principal.name, principal.token_authenticated) == ("User", "ANONYMOUS", False)


def test_an_envelope_error_is_raised():
    channels = ScriptedChannels({1: [EnvelopeResponse(error_code=E.PRINCIPAL_DESERIALIZATION_FAILURE.code)]})
    channel = ControllerChannel(channels, lambda: [1], leader=lambda: 1)

    async def test():
        try:
            await channel.forward(b"request", client_host="::1")
        except ForwardingFailed as failure:
            assert failure.error_code == E.PRINCIPAL_DESERIALIZATION_FAILURE.code
        else:
            raise AssertionError("no ForwardingFailed")

    run(test)


def test_principal_and_address_encodings():
    assert serialize_principal("User", "alice") == b"\x00\x00" + b"\x05User" + b"\x06alice" + b"\x00" + b"\x00"
    assert address_bytes("::1") == bytes(15) + b"\x01"
