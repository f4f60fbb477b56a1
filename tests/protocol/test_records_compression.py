"""The five codecs: round trips, Kafka-client wire framings, and the decompression cap (CVE-2023-34455)."""

import gzip
import os
import struct

import cramjam
import lz4.frame
import pytest
import zstandard

from kbroker.protocol import compression as C

DATA = os.urandom(3000) + b"kafka " * 20000


@pytest.mark.parametrize("codec", [C.NONE, C.GZIP, C.SNAPPY, C.LZ4, C.ZSTD])
def test_round_trip(codec):
    assert C.decompress(codec, C.compress(codec, DATA), len(DATA)) == DATA
    assert C.decompress(codec, C.compress(codec, b""), 0) == b""


@pytest.mark.parametrize("codec", [C.NONE, C.GZIP, C.SNAPPY, C.LZ4, C.ZSTD])
def test_cap_is_enforced(codec):
    with pytest.raises(C.DecompressionLimitError):
        C.decompress(codec, C.compress(codec, DATA), len(DATA) - 1)


@pytest.mark.parametrize("codec", [C.GZIP, C.SNAPPY, C.LZ4, C.ZSTD])
def test_truncated_or_garbage_payload_is_an_error(codec):
    packed = C.compress(codec, DATA)
    with pytest.raises(C.CompressionError):
        C.decompress(codec, packed[: len(packed) // 2], len(DATA))
    with pytest.raises(C.CompressionError):
        C.decompress(codec, b"\x01\x02garbage" * 3, len(DATA))


def test_bomb_is_refused_without_allocating_it():
    bomb = zstandard.ZstdCompressor().compress(b"\x00" * (64 << 20))
    assert len(bomb) < 1 << 16
    with pytest.raises(C.DecompressionLimitError):
        C.decompress(C.ZSTD, bomb, 1 << 20)
    gz = gzip.compress(b"\x00" * (64 << 20))
    with pytest.raises(C.DecompressionLimitError):
        C.decompress(C.GZIP, gz, 1 << 20)
    # a raw snappy block announcing 64 MiB is refused from its header
    with pytest.raises(C.DecompressionLimitError):
        C.decompress(C.SNAPPY, bytes(cramjam.snappy.compress_raw(b"\x00" * (8 << 20))), 1 << 20)


def test_unknown_codec():
    with pytest.raises(C.UnknownCodecError):
        C.decompress(5, b"x", 10)


# xerial snappy-java stream (what Kafka's Java client writes): magic, version 1, compatible 1, then
# [int32 length][raw block]. Raw snappy of b"hello": varint length 5, literal tag (5-1)<<2, bytes.
XERIAL_HELLO = bytes.fromhex("82534e41505059000000000100000001") + struct.pack(">i", 7) + b"\x05\x10hello"
# two chunks, as snappy-java emits for input above its block size
XERIAL_TWO_CHUNKS = (bytes.fromhex("82534e41505059000000000100000001") + struct.pack(">i", 7) + b"\x05\x10hello"
                     + struct.pack(">i", 8) + b"\x06\x14 world")


def test_xerial_interop_vectors():
    assert C.decompress(C.SNAPPY, XERIAL_HELLO, 100) == b"hello"
    assert C.decompress(C.SNAPPY, XERIAL_TWO_CHUNKS, 100) == b"hello world"
    with pytest.raises(C.DecompressionLimitError):
        C.decompress(C.SNAPPY, XERIAL_TWO_CHUNKS, 8)


def test_xerial_write_framing():
    packed = C.compress(C.SNAPPY, b"hello")
    assert packed[:16] == bytes.fromhex("82534e41505059000000000100000001")
    (length,) = struct.unpack_from(">i", packed, 16)
    assert bytes(cramjam.snappy.decompress_raw(packed[20:20 + length])) == b"hello"
    big = C.compress(C.SNAPPY, DATA)
    chunks, pos = 0, 16
    while pos < len(big):
        (n,) = struct.unpack_from(">i", big, pos)
        pos += 4 + n
        chunks += 1
    assert chunks == -(-len(DATA) // C.XERIAL_BLOCK_SIZE)


def test_raw_snappy_read():
    """librdkafka without xerial framing: one raw block."""
    assert C.decompress(C.SNAPPY, b"\x05\x10hello", 10) == b"hello"


def test_lz4_frame_matches_kafka_java_header():
    """KafkaLZ4BlockOutputStream: magic 0x184D2204, FLG version 01 + independent blocks (0x60), BD 64 KiB (0x40)."""
    packed = C.compress(C.LZ4, DATA)
    assert packed[:4] == b"\x04\x22\x4d\x18"
    assert packed[4] == 0x60 and packed[5] == 0x40
    assert lz4.frame.decompress(packed) == DATA


def test_reads_standard_frames_from_other_writers():
    assert C.decompress(C.LZ4, lz4.frame.compress(DATA, content_checksum=True), len(DATA)) == DATA
    assert C.decompress(C.GZIP, gzip.compress(DATA), len(DATA)) == DATA
    assert C.decompress(C.ZSTD, zstandard.ZstdCompressor(write_content_size=False).compress(DATA),
                        len(DATA)) == DATA
