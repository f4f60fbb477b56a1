"""TlsIO, the connection I/O of TLS listeners: a file region larger than one chunk goes through TLS whole and in
order, frames read through `recv_into_nowait` / `wait_readable` arrive intact, and the end of the stream is
reported as ConnectionClosed."""

from __future__ import annotations

import os
import ssl

import pytest
import trio
import trio.testing

from kbroker.frames import ConnectionClosed
from kbroker.protocol import wire
from kbroker.security import tls_io
from kbroker.security.tls_io import TlsIO
from tests.security.certs import make_certs


class _RawDouble:
    def peer_gone(self) -> bool:
        return False


def _contexts(tmp_path):
    certs = make_certs(tmp_path)
    server = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    server.load_cert_chain(str(certs.server_pem))
    client = ssl.create_default_context(cafile=str(certs.ca_pem))
    return server, client


def test_a_file_region_of_several_chunks_goes_through_tls_whole(tmp_path):
    server_context, client_context = _contexts(tmp_path)
    data = os.urandom(tls_io.REGION_CHUNK * 2 + 12345)
    path = tmp_path / "segment"
    path.write_bytes(b"head" + data + b"tail")
    received = bytearray()

    async def main():
        left, right = trio.testing.memory_stream_pair()
        server = TlsIO(trio.SSLStream(left, server_context, server_side=True), _RawDouble())
        client = trio.SSLStream(right, client_context, server_hostname="127.0.0.1")
        fd = os.open(path, os.O_RDONLY)
        try:
            async with trio.open_nursery() as nursery:
                async def send():
                    await server.send_buffers([b"\0\0", b"\1"])
                    await server.send_file_region(wire.FileRegion(fd, 4, len(data)))
                    await server.stream.aclose()

                nursery.start_soon(send)
                while True:
                    try:
                        chunk = await client.receive_some(65536)
                    except trio.BrokenResourceError:
                        break
                    if not chunk:
                        break
                    received.extend(chunk)
        finally:
            os.close(fd)

    trio.run(main)
    assert bytes(received) == b"\0\0\1" + data


def test_reads_hand_out_what_tls_received_then_report_the_end(tmp_path):
    server_context, client_context = _contexts(tmp_path)
    got = bytearray()

    async def main():
        left, right = trio.testing.memory_stream_pair()
        server = TlsIO(trio.SSLStream(left, server_context, server_side=True), _RawDouble())
        client = trio.SSLStream(right, client_context, server_hostname="127.0.0.1")
        async with trio.open_nursery() as nursery:
            async def send():
                await client.send_all(b"x" * 100_000)
                await client.aclose()

            nursery.start_soon(send)
            buf = memoryview(bytearray(4096))
            with pytest.raises(ConnectionClosed):
                while True:
                    n = server.recv_into_nowait(buf)
                    if n:
                        got.extend(buf[:n])
                    else:
                        await server.wait_readable()

    trio.run(main)
    assert bytes(got) == b"x" * 100_000
