"""Request memory: a frame holds what was received, never its claimed size; queued.max.request.bytes mutes and
unmutes connections; a frame that can never fit, and a half-sent frame gone idle, close the connection."""

import logging
import socket
import struct
from types import SimpleNamespace

import pytest
import trio
import trio.testing
from server_raw_client import RawClient, api_versions_v0

from kbroker import request_memory
from kbroker.api.context import CloseConnection
from kbroker.config import BrokerConfig
from kbroker.frames import ConnectionClosed, FramePool, FrameReader
from kbroker.pacer import Pacer
from kbroker.request_memory import RequestMemory, resolve_limit
from kbroker.server import BoundListener, Connection, ConnectionCount, SocketIO
from kbroker.testing import broker_config, run_broker_in_thread


class FedSocket:
    """A socket stand-in that has exactly what the test fed it; a reader waits (parks) when it has nothing."""

    def __init__(self) -> None:
        self.pending = bytearray()
        self.readable = trio.Event()
        self.closed = False

    def feed(self, data: bytes) -> None:
        self.pending += data
        self.readable.set()

    def recv_into_nowait(self, view) -> int:
        n = min(len(view), len(self.pending))
        if n == 0:
            if self.closed:
                raise ConnectionClosed("end of stream")
            return 0
        view[:n] = self.pending[:n]
        del self.pending[:n]
        return n

    def peer_gone(self) -> bool:
        return self.closed

    async def wait_readable(self) -> None:
        if not self.pending and not self.closed:
            self.readable = trio.Event()
            await self.readable.wait()


def frame_header(size: int) -> bytes:
    return struct.pack(">i", size)


def test_a_large_frame_holds_only_the_bytes_received():
    trio.run(_test_a_large_frame_holds_only_the_bytes_received)


async def _test_a_large_frame_holds_only_the_bytes_received():
    sock, memory = FedSocket(), RequestMemory(1 << 30)
    reader = FrameReader(sock, FramePool(), memory)
    claimed = 100 * 1024 * 1024 - 1
    sock.feed(frame_header(claimed) + b"\x00\x12\x00\x03" + b"x" * 94)
    frames = []

    async def read_one():
        await reader.fill(4)
        frames.append(await reader.read_body(reader.read_size()))

    async with trio.open_nursery() as nursery:
        nursery.start_soon(read_one)
        await trio.testing.wait_all_tasks_blocked()
        assert (memory.held, reader.holding, memory.holders) == (98, 98, 1)
        assert reader.ahead is None  # no read-ahead buffer while it waits
        sock.feed(b"y" * 5000)
        await trio.testing.wait_all_tasks_blocked()
        assert memory.held == reader.holding == 5098
        sock.feed(b"z" * (claimed - 5098))
    frame = frames[0]
    assert len(frame) == claimed and memory.held == claimed
    assert bytes(frame[:4]) == b"\x00\x12\x00\x03" and bytes(frame[-3:]) == b"zzz"
    reader.release(frame)
    assert (memory.held, memory.holders) == (0, 0)


def test_an_idle_connection_keeps_no_read_ahead_buffer_and_a_partial_small_frame_only_its_bytes():
    trio.run(_test_an_idle_connection_keeps_no_read_ahead_buffer_and_a_partial_small_frame_only_its_bytes)


async def _test_an_idle_connection_keeps_no_read_ahead_buffer_and_a_partial_small_frame_only_its_bytes():
    sock = FedSocket()
    reader = FrameReader(sock, FramePool())
    sock.feed(frame_header(1000) + b"a" * 10)
    frames = []

    async def read_one():
        await reader.fill(4)
        frames.append(bytes(await reader.read_body(reader.read_size())))

    async with trio.open_nursery() as nursery:
        nursery.start_soon(read_one)
        await trio.testing.wait_all_tasks_blocked()
        assert reader.ahead is None and reader.stash == b"a" * 10
        sock.feed(b"b" * 990)
    assert frames == [b"a" * 10 + b"b" * 990]


class TwoConnections:
    """Two readers sharing one RequestMemory, each fed one whole frame of the given size."""

    def __init__(self, limit: int, first_size: int, second_size: int) -> None:
        self.memory = RequestMemory(limit)
        self.sockets = {"first": FedSocket(), "second": FedSocket()}
        self.readers = {name: FrameReader(sock, FramePool(), self.memory) for name, sock in self.sockets.items()}
        self.sockets["first"].feed(frame_header(first_size) + b"1" * first_size)
        self.sockets["second"].feed(frame_header(second_size) + b"2" * second_size)
        self.outcome = {}  # name -> the frame, or why its connection closed

    async def read(self, name: str) -> None:
        reader = self.readers[name]
        await reader.fill(4)
        try:
            self.outcome[name] = await reader.read_body(reader.read_size())
        except ConnectionClosed as e:
            self.outcome[name] = str(e)

    async def start_both(self, nursery) -> None:
        """The first frame is read whole, then the second is muted by the bound."""
        nursery.start_soon(self.read, "first")
        await trio.testing.wait_all_tasks_blocked()
        nursery.start_soon(self.read, "second")
        await trio.testing.wait_all_tasks_blocked()
        assert self.memory.muted == 1


def test_the_bound_mutes_the_connection_that_would_pass_it_and_unmutes_it_when_memory_is_freed():
    async def main():
        two = TwoConnections(100_000, 80_000, 60_000)
        memory, second_reader = two.memory, two.readers["second"]
        async with trio.open_nursery() as nursery:
            await two.start_both(nursery)
            # The second frame has what its read-ahead had already taken (counted, though it passes the bound),
            # and waits muted with the rest of its bytes unread.
            in_read_ahead = FrameReader.READ_AHEAD - 4
            assert (second_reader.holding, memory.held) == (in_read_ahead, 80_000 + in_read_ahead)
            assert len(two.sockets["second"].pending) == 60_000 - in_read_ahead
            two.readers["first"].release(two.outcome["first"])
        assert memory.muted == 0
        assert bytes(two.outcome["second"]) == b"2" * 60_000
        second_reader.release(two.outcome["second"])
        assert memory.held == 0

    trio.run(main)


def test_a_muted_connection_whose_peer_went_away_frees_its_bytes():
    async def main():
        two = TwoConnections(100_000, 90_000, 60_000)
        async with trio.open_nursery() as nursery:
            await two.start_both(nursery)
            two.sockets["second"].closed = True  # its socket reports the peer gone; its unread bytes stay unread
        assert two.outcome["second"] == "the peer went away while its connection was muted"
        assert (two.memory.held, two.memory.holders) == (90_000, 1)

    trio.run(main, clock=trio.testing.MockClock(autojump_threshold=0))


def test_past_half_the_bound_a_connection_still_grows_to_its_fair_share():
    memory = RequestMemory(1000)
    for _ in range(4):
        memory.start_frame()
    memory.received(700)  # one of the four holds 700
    assert memory.allowance(700) == 0  # it is past its share (250): muted
    assert memory.allowance(50) == 200  # another may reach its share
    memory.received(290)
    assert memory.allowance(50) == 10  # never past the bound itself


def test_automatic_limit_is_a_share_of_memory_and_fits_the_largest_request(monkeypatch):
    assert resolve_limit(5_000_000, 100) == 5_000_000
    assert resolve_limit(0, 1 << 50) == 1 << 50
    monkeypatch.setattr(request_memory, "physical_memory_bytes", lambda: 4 << 30)
    assert resolve_limit(-1, 104857600) == 512 << 20
    assert resolve_limit(-1, 1 << 30) == 1 << 30  # socket.request.max.bytes raised past the share
    monkeypatch.setattr(request_memory, "physical_memory_bytes", lambda: 24 << 30)
    assert resolve_limit(-1, 104857600) == 1 << 30  # no more than Kafka's default heap, on a large machine
    monkeypatch.setattr(request_memory, "physical_memory_bytes", lambda: 256 << 20)
    assert resolve_limit(-1, 104857600) == 104857600


def test_a_frame_larger_than_the_bound_closes_the_connection_with_one_log_line(tmp_path, caplog):
    caplog.set_level(logging.WARNING, logger="kbroker.server")
    config = broker_config(tmp_path / "logs", {"queued.max.request.bytes": 1_000_000})
    with run_broker_in_thread(config) as broker:
        with RawClient(broker.host, broker.port) as client:
            client.send_raw(frame_header(1_000_001) + b"\x00\x12\x00\x03")
            assert client.is_closed_by_peer()
        with RawClient(broker.host, broker.port) as client:
            assert client.request(api_versions_v0()) is not None
    lines = [r.getMessage() for r in caplog.records if "queued.max.request.bytes" in r.getMessage()]
    assert len(lines) == 1 and "1000001 bytes can never fit" in lines[0]


def _connection(stream, idle_ms: int) -> Connection:
    config = BrokerConfig.from_properties({"connections.max.idle.ms": str(idle_ms), "log.dirs": "/nonexistent",
                                           "listeners": "PLAINTEXT://127.0.0.1:0"})
    bound = BoundListener(config.listeners[0], "127.0.0.1", 0)
    return Connection(stream, bound, SimpleNamespace(config=config), registry=None, memory=RequestMemory(1 << 30))


def _tcp_pair():
    listener = socket.create_server(("127.0.0.1", 0))
    client_side = trio.socket.from_stdlib_socket(socket.create_connection(listener.getsockname()))
    broker_side = trio.socket.from_stdlib_socket(listener.accept()[0])
    listener.close()
    return broker_side, client_side


def _serve_half_a_frame(idle_ms: int, sends_at_s: list[float]) -> tuple[float, Connection]:
    """Run a connection that receives half a large frame, then a byte at each of `sends_at_s` (mock seconds);
    the mock time at which the broker closed it."""

    async def main():
        broker_side, client_side = _tcp_pair()
        connection = _connection(trio.SocketStream(broker_side), idle_ms)
        async with trio.open_nursery() as nursery:
            async def trickle():
                half = memoryview(frame_header(1_000_000) + b"\x00\x12\x00\x03" + b"x" * 500_000)
                while half:
                    half = half[await client_side.send(half):]
                for at in sends_at_s:
                    await trio.sleep_until(at)
                    await client_side.send(b"x")
            nursery.start_soon(trickle)
            await connection.run()
            closed_at = trio.current_time()
        client_side.close()
        return closed_at, connection

    return trio.run(main, clock=trio.testing.MockClock(autojump_threshold=0))


def test_a_half_sent_frame_is_closed_after_connections_max_idle_ms(caplog):
    caplog.set_level(logging.INFO, logger="kbroker.server")
    closed_at, connection = _serve_half_a_frame(1000, [])
    assert 1.0 <= closed_at < 1.1
    assert connection.reader.memory.held == 0  # the partial frame's bytes were freed
    lines = [r.getMessage() for r in caplog.records if "idle" in r.getMessage()]
    assert len(lines) == 1 and "in the middle of a request of 1000000 bytes" in lines[0]


def test_idle_time_counts_from_the_last_byte_received_mid_frame():
    closed_at, _ = _serve_half_a_frame(1000, [0.6, 1.2, 1.8])
    assert 2.8 <= closed_at <= 2.8 + FrameReader.IDLE_SLACK * 1.0 + 1e-9


def test_a_peer_that_takes_no_response_bytes_is_closed_after_connections_max_idle_ms():
    async def main():
        broker_side, client_side = _tcp_pair()
        io = SocketIO(broker_side, max_stall_s=1.0)
        try:
            await io.send_buffers([b"r" * (64 << 20)])  # more than the socket buffers hold; nobody reads
        except CloseConnection as e:
            return trio.current_time(), str(e)
        finally:
            broker_side.close()
            client_side.close()

    stalled_at, reason = trio.run(main, clock=trio.testing.MockClock(autojump_threshold=0))
    assert 1.0 <= stalled_at < 1.1
    assert "took no response bytes for connections.max.idle.ms (1000 ms)" in reason


def test_a_fast_sender_of_a_big_frame_takes_turns_with_the_other_connections():
    async def main():
        sock, memory = FedSocket(), RequestMemory(1 << 30)
        reader = FrameReader(sock, FramePool(), memory)
        size = 3 * memory.TURN_BYTES  # all of it already received: the reader never has to wait
        sock.feed(frame_header(size) + b"f" * size)
        other_turns = 0
        frames = []

        async def read_one():
            await reader.fill(4)
            frames.append(await reader.read_body(reader.read_size()))

        async def other_connection():
            nonlocal other_turns
            while not frames:
                other_turns += 1
                await trio.lowlevel.checkpoint()

        async with trio.open_nursery() as nursery:
            nursery.start_soon(read_one)
            nursery.start_soon(other_connection)
        assert len(frames[0]) == size
        return other_turns

    assert trio.run(main) >= 2



class CountingSocket(FedSocket):
    """A FedSocket that records when the reader received and how often it parked on the socket."""

    def __init__(self) -> None:
        super().__init__()
        self.receives_at: list[float] = []
        self.waits = 0

    def recv_into_nowait(self, view) -> int:
        self.receives_at.append(trio.current_time())
        return super().recv_into_nowait(view)

    async def wait_readable(self) -> None:
        self.waits += 1
        await super().wait_readable()


def _trickle_into_a_large_frame(bytes_per_s: int, seconds: int, pacer: Pacer | None = None
                                ) -> tuple[CountingSocket, int]:
    """A frame of 100 MiB claimed, then `bytes_per_s` bytes every second for `seconds` (mock clock); the socket
    and the bytes the reader held at the end."""
    sock, frames = CountingSocket(), []
    reader = FrameReader(sock, FramePool(), RequestMemory(1 << 30), pacer)
    held = []

    async def main():
        sock.feed(frame_header(100 * 1024 * 1024) + b"x" * 96)

        async def read_one():
            await reader.fill(4)
            frames.append(await reader.read_body(reader.read_size()))

        async with trio.open_nursery() as nursery:
            if pacer is not None:
                nursery.start_soon(pacer.run)
            nursery.start_soon(read_one)
            for _ in range(seconds):
                await trio.sleep(1)
                sock.feed(b"y" * bytes_per_s)
            await trio.sleep(2)
            held.append(reader.holding)
            nursery.cancel_scope.cancel()

    trio.run(main, clock=trio.testing.MockClock(autojump_threshold=0))
    return sock, held[0]


@pytest.mark.parametrize("pacer", [Pacer(), None], ids=["pacer", "trio-sleep"])
def test_a_trickling_sender_is_read_at_jittered_times_of_its_own_not_when_its_bytes_arrive(pacer):
    sock, held = _trickle_into_a_large_frame(bytes_per_s=1, seconds=30, pacer=pacer)
    assert held >= 96 + 28
    # Slow after its first second: from then on the reader no longer parks on the socket (which would wake it
    # with every other trickler, when their bytes arrive together) but takes its bytes about once a second.
    assert sock.waits <= 3
    paced = sorted(set(sock.receives_at))[-20:]  # a visit to the socket may make two recv calls
    gaps = [b - a for a, b in zip(paced, paced[1:], strict=False)]
    slack = Pacer.TICK_S if pacer else 0
    assert all(0.5 * FrameReader.PACE_S - slack <= gap <= 1.5 * FrameReader.PACE_S + slack for gap in gaps), gaps
    assert len({round(gap, 3) for gap in gaps}) > 10  # jittered, not in step with the sender
    assert all(round(t % 1, 6) != 0 for t in paced)  # never at the instants the bytes arrive


def test_a_sender_at_a_modest_rate_is_never_paced():
    sock, held = _trickle_into_a_large_frame(bytes_per_s=FrameReader.READ_AHEAD * 4, seconds=10)
    assert held == 96 + 10 * FrameReader.READ_AHEAD * 4
    assert sock.waits >= 10  # woken by every arrival, as any connection
    assert all(round(t % 1, 6) == 0 for t in sock.receives_at[1:])


def test_memory_is_trimmed_once_after_a_crowd_of_connections_has_stopped_closing(monkeypatch):
    trims, gc_calls = [], []
    monkeypatch.setattr("kbroker.server._return_freed_heap", lambda: trims.append(trio.current_time()))
    monkeypatch.setattr("kbroker.server.gc.freeze", lambda: gc_calls.append("freeze"))
    monkeypatch.setattr("kbroker.server.gc.unfreeze", lambda: gc_calls.append("unfreeze"))

    async def main():
        count = ConnectionCount(FramePool())
        async with trio.open_nursery() as nursery:
            nursery.start_soon(count.run)
            for _ in range(3000):
                count.opened()
            for _ in range(3000):  # a crowd closes over 3 s: past TRIM_AFTER three times, then none left
                count.closed()
                await trio.sleep(0.001)
            await trio.sleep(5)
            nursery.cancel_scope.cancel()

    trio.run(main, clock=trio.testing.MockClock(autojump_threshold=0))
    assert len(trims) == 1 and trims[0] >= 3.0 + ConnectionCount.QUIET_S
    # frozen twice as the crowd arrived (every FREEZE_AFTER), then unfrozen for the trim and frozen again
    assert gc_calls == ["freeze", "freeze", "unfreeze", "freeze"]
