"""FrameReader: frames come out whole and exact however the bytes are split across recv calls."""

import struct

import trio
from hypothesis import given, settings
from hypothesis import strategies as st

from kbroker.frames import ConnectionClosed, FrameReader


class ChunkedSocket:
    """A socket stand-in whose recv_into_nowait hands out the data in the given chunk sizes, with nothing ready
    between two chunks (the reader must wait), and ConnectionClosed at the end of the data (SocketIO's contract)."""

    def __init__(self, data: bytes, chunk_sizes: list[int]) -> None:
        self.data = data
        self.pos = 0
        self.chunk_sizes = list(chunk_sizes)
        self.calls = 0
        self.ready = True

    def recv_into_nowait(self, view) -> int:
        if not self.ready:
            return 0
        self.calls += 1
        step = self.chunk_sizes.pop(0) if self.chunk_sizes else len(self.data)
        n = min(step, len(view), len(self.data) - self.pos)
        if n == 0:
            raise ConnectionClosed("end of stream")
        view[:n] = self.data[self.pos:self.pos + n]
        self.pos += n
        self.ready = not self.chunk_sizes  # after the given chunks, the rest arrives in one go
        return n

    async def wait_readable(self) -> None:
        await trio.lowlevel.checkpoint()
        self.ready = True


async def read_all(reader: FrameReader) -> list[bytes]:
    frames = []
    while True:
        if reader.buffered < 4:
            try:
                await reader.fill(4)
            except ConnectionClosed:
                return frames
        frames.append(bytes(await reader.read_body(reader.read_size())))


@settings(max_examples=200, deadline=None, derandomize=True)
@given(frames=st.lists(st.one_of(st.binary(max_size=300), st.integers(30_000, 100_000).map(lambda n: b"z" * n)),
                       max_size=12),
       chunks=st.lists(st.integers(1, 70_000), max_size=40))
def test_frames_survive_any_chunking(frames, chunks):
    data = b"".join(struct.pack(">i", len(f)) + f for f in frames)
    reader = FrameReader(ChunkedSocket(data, chunks))
    assert trio.run(read_all, reader) == frames


def test_a_burst_of_small_frames_takes_one_recv():
    frames = [b"a" * 10, b"b" * 20, b"c" * 30]
    sock = ChunkedSocket(b"".join(struct.pack(">i", len(f)) + f for f in frames), [])
    reader = FrameReader(sock)

    async def three():
        out = []
        for _ in frames:
            if reader.buffered < 4:
                await reader.fill(4)
            out.append(bytes(await reader.read_body(reader.read_size())))
        return out

    assert trio.run(three) == frames
    assert sock.calls == 1
