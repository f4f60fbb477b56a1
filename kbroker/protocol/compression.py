"""The five record-batch codecs (attributes bits 0-2) with capped decompression.

none=0, gzip=1, snappy=2, lz4=3, zstd=4. Every decompressor stops at `max_size` output bytes and raises
DecompressionLimitError if there is more (CVE-2023-34455: a small payload must not make us allocate a huge one).

Wire formats, as Kafka's Java client writes them:
- gzip: a gzip member (RFC 1952).
- snappy: xerial's snappy-java stream framing: magic b"\\x82SNAPPY\\x00", int32 version 1, int32 min-compatible 1,
  then [int32 compressed length][raw snappy block] chunks. librdkafka may send one raw snappy block instead;
  both are read.
- lz4: a standard LZ4 frame (64 KiB independent blocks, no content checksum).
- zstd: a standard zstd frame.
"""

from __future__ import annotations

import io
import struct
import zlib

import cramjam
import lz4.frame
import zstandard

NONE = 0
GZIP = 1
SNAPPY = 2
LZ4 = 3
ZSTD = 4

NAMES = {NONE: "none", GZIP: "gzip", SNAPPY: "snappy", LZ4: "lz4", ZSTD: "zstd"}
BY_NAME = {name: code for code, name in NAMES.items()}

XERIAL_MAGIC = b"\x82SNAPPY\x00"
XERIAL_HEADER = XERIAL_MAGIC + struct.pack(">ii", 1, 1)
XERIAL_BLOCK_SIZE = 32 * 1024
_I32 = struct.Struct(">i")


class CompressionError(ValueError):
    """The payload does not decompress with its codec."""


class DecompressionLimitError(CompressionError):
    """The payload decompresses to more than the allowed bound."""


class UnknownCodecError(CompressionError):
    """Codec id 5-7: not a Kafka codec."""


def compress(codec: int, data) -> bytes:
    if codec == NONE:
        return bytes(data)
    if codec == GZIP:
        c = zlib.compressobj(6, zlib.DEFLATED, 31)
        return c.compress(data) + c.flush()
    if codec == SNAPPY:
        return _xerial_compress(data)
    if codec == LZ4:
        return lz4.frame.compress(data, block_size=lz4.frame.BLOCKSIZE_MAX64KB, block_linked=False,
                                  content_checksum=False, store_size=False)
    if codec == ZSTD:
        return zstandard.ZstdCompressor(level=3).compress(data)
    raise UnknownCodecError(f"unknown compression codec {codec}")


def decompress(codec: int, data, max_size: int) -> bytes:
    """Decompress `data`; raise DecompressionLimitError beyond `max_size` bytes, CompressionError if invalid."""
    try:
        if codec == NONE:
            if len(data) > max_size:
                raise DecompressionLimitError(f"{len(data)} bytes exceed the limit {max_size}")
            return bytes(data)
        if codec == GZIP:
            return _gzip_decompress(data, max_size)
        if codec == SNAPPY:
            return _snappy_decompress(data, max_size)
        if codec == LZ4:
            return _lz4_decompress(data, max_size)
        if codec == ZSTD:
            return _zstd_decompress(data, max_size)
    except CompressionError:
        raise
    except (zlib.error, RuntimeError, zstandard.ZstdError, ValueError, OSError, struct.error,
            cramjam.DecompressionError) as exc:
        raise CompressionError(f"{NAMES.get(codec, codec)} payload does not decompress: {exc}") from exc
    raise UnknownCodecError(f"unknown compression codec {codec}")


def _too_big(max_size: int) -> DecompressionLimitError:
    return DecompressionLimitError(f"decompressed size exceeds the limit of {max_size} bytes")


def _gzip_decompress(data, max_size: int) -> bytes:
    out = bytearray()
    remaining = bytes(data)
    while True:
        d = zlib.decompressobj(31)
        out += d.decompress(remaining, max_size + 1 - len(out))
        if len(out) > max_size:
            raise _too_big(max_size)
        if not d.eof:
            if d.unconsumed_tail:
                raise _too_big(max_size)
            raise CompressionError("truncated gzip payload")
        # Java's GZIPInputStream reads concatenated members; so do we.
        remaining = d.unused_data
        if not remaining.startswith(b"\x1f\x8b"):
            return bytes(out)


def _snappy_block(block, budget: int) -> bytes:
    length = _raw_snappy_length(block)
    if length > budget:
        raise DecompressionLimitError(f"snappy block of {length} bytes exceeds the remaining limit {budget}")
    return bytes(cramjam.snappy.decompress_raw(bytes(block)))


def _raw_snappy_length(block) -> int:
    result = 0
    for i in range(5):
        if i >= len(block):
            raise CompressionError("truncated snappy block header")
        b = block[i]
        result |= (b & 0x7F) << (7 * i)
        if not b & 0x80:
            return result
    raise CompressionError("bad snappy block length")


def _snappy_decompress(data, max_size: int) -> bytes:
    mv = memoryview(data)
    if bytes(mv[:8]) != XERIAL_MAGIC:
        return _snappy_block(mv, max_size)
    if len(mv) < 16:
        raise CompressionError("truncated xerial snappy header")
    pos = 16
    out = bytearray()
    while pos < len(mv):
        if pos + 4 > len(mv):
            raise CompressionError("truncated xerial snappy chunk length")
        size = _I32.unpack_from(mv, pos)[0]
        pos += 4
        if size < 0 or pos + size > len(mv):
            raise CompressionError("xerial snappy chunk runs past the payload")
        out += _snappy_block(mv[pos:pos + size], max_size - len(out))
        pos += size
    return bytes(out)


def _xerial_compress(data) -> bytes:
    mv = memoryview(data)
    parts = [XERIAL_HEADER]
    for start in range(0, len(mv), XERIAL_BLOCK_SIZE):
        block = bytes(cramjam.snappy.compress_raw(bytes(mv[start:start + XERIAL_BLOCK_SIZE])))
        parts.append(_I32.pack(len(block)))
        parts.append(block)
    return b"".join(parts)


def _lz4_decompress(data, max_size: int) -> bytes:
    d = lz4.frame.LZ4FrameDecompressor()
    out = d.decompress(bytes(data), max_length=max_size + 1)
    if len(out) > max_size:
        raise _too_big(max_size)
    if not d.eof:
        raise CompressionError("truncated lz4 frame")
    return out


def _zstd_decompress(data, max_size: int) -> bytes:
    reader = zstandard.ZstdDecompressor().stream_reader(io.BytesIO(bytes(data)), read_across_frames=True)
    out = bytearray()
    while len(out) <= max_size:
        chunk = reader.read(max_size + 1 - len(out))
        if not chunk:
            break
        out += chunk
    else:
        raise _too_big(max_size)
    # The capped reader stops quietly at a truncated frame; a second pass (bounded: the whole output is
    # known to fit in max_size now) tells a complete frame from a cut one.
    checker = zstandard.ZstdDecompressor().decompressobj()
    checker.decompress(bytes(data))
    if not checker.eof:
        raise CompressionError("truncated zstd frame")
    return bytes(out)
