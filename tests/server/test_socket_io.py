"""SocketIO's sends: every byte arrives in order however the socket's buffer splits them, the stall limit
(connections.max.idle.ms) closes a peer that takes nothing, never one that keeps taking bytes slowly, and a file
region whose pages would make sendfile wait is sent from a worker thread, never on the event loop."""

import os
import socket
import threading

import pytest
import trio
import trio.testing

from kbroker.api.context import CloseConnection
from kbroker.protocol import wire
from kbroker.server import _IOV_MAX, SocketIO


def _tcp_pair():
    listener = socket.create_server(("127.0.0.1", 0))
    client_side = socket.create_connection(listener.getsockname())
    client_side.setblocking(False)
    broker_side = trio.socket.from_stdlib_socket(listener.accept()[0])
    listener.close()
    broker_side.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 64 * 1024)  # many partial sends
    client_side.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 64 * 1024)
    return broker_side, client_side


async def _read_slowly(client_side, total: int, every_s: float, at_most: int) -> bytes:
    """Take at most `at_most` bytes every `every_s` seconds until `total` bytes have come."""
    received = bytearray()
    while len(received) < total:
        await trio.sleep(every_s)
        taken = 0
        while taken < at_most:
            try:
                chunk = client_side.recv(min(at_most - taken, 1 << 20))
            except BlockingIOError:
                break
            assert chunk, "the sender closed the connection"
            received += chunk
            taken += len(chunk)
    return bytes(received)


def _send_to_a_slow_reader(send, total: int, max_stall_s: float, every_s: float, at_most: int) -> bytes:
    async def main():
        broker_side, client_side = _tcp_pair()
        io = SocketIO(broker_side, max_stall_s=max_stall_s)
        received = {}

        async def read():
            received["bytes"] = await _read_slowly(client_side, total, every_s, at_most)

        try:
            async with trio.open_nursery() as nursery:
                nursery.start_soon(read)
                await send(io)
        finally:
            broker_side.close()
            client_side.close()
        return received["bytes"]

    return trio.run(main, clock=trio.testing.MockClock(autojump_threshold=0.01))


def test_a_file_region_reaches_a_slow_reader_whole_however_long_the_send_takes(tmp_path):
    data = os.urandom(3 << 20)
    path = tmp_path / "segment.log"
    path.write_bytes(b"head" + data + b"tail")
    fd = os.open(path, os.O_RDONLY)
    try:
        # 3 MiB at 256 KiB per 0.6 s is a send of about 7 s against a stall limit of 1 s
        received = _send_to_a_slow_reader(lambda io: io.send_file_region(wire.FileRegion(fd, 4, len(data))),
                                          len(data), max_stall_s=1.0, every_s=0.6, at_most=256 * 1024)
    finally:
        os.close(fd)
    assert received == data


def test_more_buffers_than_one_writev_takes_arrive_in_order():
    buffers = [bytes([i % 251]) * (i % 977 + 1) for i in range(3 * _IOV_MAX + 17)]
    expected = b"".join(buffers)
    received = _send_to_a_slow_reader(lambda io: io.send_buffers(buffers), len(expected), max_stall_s=1.0,
                                      every_s=0.2, at_most=128 * 1024)
    assert received == expected


@pytest.mark.parametrize("stall_s", [1.0, 30.0])
def test_a_reader_that_stops_taking_bytes_is_closed_at_the_stall_limit_measured_from_its_last_read(tmp_path,
                                                                                                   stall_s):
    data = os.urandom(4 << 20)
    path = tmp_path / "segment.log"
    path.write_bytes(data)

    async def main():
        broker_side, client_side = _tcp_pair()
        io = SocketIO(broker_side, max_stall_s=stall_s)
        fd = os.open(path, os.O_RDONLY)
        last_read = {}

        async def read_a_little_then_stop():
            await _read_slowly(client_side, 512 * 1024, stall_s * 0.4, 128 * 1024)
            last_read["at"] = trio.current_time()

        try:
            async with trio.open_nursery() as nursery:
                nursery.start_soon(read_a_little_then_stop)
                with pytest.raises(CloseConnection, match="took no response bytes"):
                    await io.send_file_region(wire.FileRegion(fd, 0, len(data)))
                return last_read["at"], trio.current_time()
        finally:
            os.close(fd)
            broker_side.close()
            client_side.close()

    last_read_at, closed_at = trio.run(main, clock=trio.testing.MockClock(autojump_threshold=0.01))
    assert last_read_at > stall_s  # the send outlived one stall limit while the reader was taking bytes
    assert stall_s <= closed_at - last_read_at <= stall_s + min(stall_s * 0.1, 1.0) + 1e-6


def test_a_region_not_in_the_page_cache_is_sent_from_a_worker_thread_and_a_cached_one_on_the_loop(tmp_path,
                                                                                                   monkeypatch):
    data = os.urandom(2 << 20)
    path = tmp_path / "segment.log"
    path.write_bytes(data)
    fd = os.open(path, os.O_RDONLY)
    os.fsync(fd)
    os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
    sent_from: list[int] = []
    sendfile = os.sendfile

    def recording_sendfile(*args):
        sent_from.append(threading.get_ident())
        return sendfile(*args)

    monkeypatch.setattr(os, "sendfile", recording_sendfile)

    def send_all_and_see_where(loop_thread: list[int]):
        async def send(io):
            loop_thread.append(threading.get_ident())
            await io.send_file_region(wire.FileRegion(fd, 0, len(data)))
        return send

    try:
        loop: list[int] = []
        cold = _send_to_a_slow_reader(send_all_and_see_where(loop), len(data), max_stall_s=5.0, every_s=0.05,
                                      at_most=1 << 20)
        assert cold == data
        assert sent_from and loop[0] not in sent_from[:1]  # the first read waited for the disk, off the loop
        sent_from.clear()
        loop.clear()
        warm = _send_to_a_slow_reader(send_all_and_see_where(loop), len(data), max_stall_s=5.0, every_s=0.05,
                                      at_most=1 << 20)
        assert warm == data
        assert set(sent_from) == {loop[0]}  # every page cached: no hand-off
    finally:
        os.close(fd)
