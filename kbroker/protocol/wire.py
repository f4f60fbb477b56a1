"""Wire primitives shared by the generated codecs in kbroker.protocol.messages.

Owns: the error types (DecodeError, EncodeError), the Writer that encoders append to (one growing bytearray plus
uncopied external chunks for big record data), ExternalChunk/FileRegion, the precompiled struct.Struct objects,
unsigned varints, and the string/bytes/records readers and writers used by generated code. The generated
modules import from here only; nothing here knows any message.
"""

from __future__ import annotations

import os
import struct
import uuid

__all__ = [
    "DecodeError",
    "EncodeError",
    "ExternalChunk",
    "FileRegion",
    "Message",
    "Writer",
    "ZERO_UUID",
]

ZERO_UUID = uuid.UUID(int=0)

# Record data at least this long is kept as its own chunk instead of being copied into the buffer.
RECORDS_COPY_LIMIT = 4096

INT8 = struct.Struct(">b")
INT16 = struct.Struct(">h")
UINT16 = struct.Struct(">H")
INT32 = struct.Struct(">i")
UINT32 = struct.Struct(">I")
INT64 = struct.Struct(">q")
FLOAT64 = struct.Struct(">d")
BOOL = struct.Struct(">?")
UUID_HALVES = struct.Struct(">QQ")

NULL_INT16 = b"\xff\xff"
NULL_INT32 = b"\xff\xff\xff\xff"


class DecodeError(ValueError):
    """The bytes are not a valid encoding of the message at that version."""


class EncodeError(ValueError):
    """The object cannot be encoded at that version (Kafka's Java `write` would throw)."""


class ExternalChunk:
    """Bytes that live outside Python (e.g. a file region sent with sendfile); only its length is needed."""

    __slots__ = ()

    def __len__(self) -> int:
        raise NotImplementedError

    def read_bytes(self) -> bytes:
        raise NotImplementedError


class FileRegion(ExternalChunk):
    """`length` bytes of the open file `fd` starting at `position`."""

    __slots__ = ("fd", "position", "length")

    def __init__(self, fd: int, position: int, length: int) -> None:
        self.fd = fd
        self.position = position
        self.length = length

    def __len__(self) -> int:
        return self.length

    def __repr__(self) -> str:
        return f"FileRegion(fd={self.fd}, position={self.position}, length={self.length})"

    def read_bytes(self) -> bytes:
        data = os.pread(self.fd, self.length, self.position)
        if len(data) != self.length:
            raise EncodeError(f"file region {self!r} is past the end of the file")
        return data


class Writer:
    """Where encoders write. `buf` only grows; big record data is kept aside as chunks at buffer offsets."""

    __slots__ = ("buf", "_externals")

    def __init__(self) -> None:
        self.buf = bytearray()
        self._externals: list[tuple[int, object]] = []

    def write_records(self, data) -> None:
        if isinstance(data, ExternalChunk) or len(data) >= RECORDS_COPY_LIMIT:
            self._externals.append((len(self.buf), data))
        else:
            self.buf += data

    def __len__(self) -> int:
        return len(self.buf) + sum(len(chunk) for _, chunk in self._externals)

    def chunks(self) -> list:
        """The encoded message in order: memoryviews of the buffer interleaved with the external chunks."""
        if not self._externals:
            return [memoryview(self.buf)] if self.buf else []
        view = memoryview(self.buf)
        out = []
        start = 0
        for offset, chunk in self._externals:
            if offset > start:
                out.append(view[start:offset])
            out.append(chunk)
            start = offset
        if start < len(view):
            out.append(view[start:])
        return out

    def getvalue(self) -> bytes:
        if not self._externals:
            return bytes(self.buf)
        return b"".join(
            chunk.read_bytes() if isinstance(chunk, ExternalChunk) else bytes(chunk) for chunk in self.chunks()
        )


# Exceptions that mean "the input was not what the schema says" once they escape a generated function.
_DECODE_FAILURES = (struct.error, IndexError, UnicodeDecodeError)
_ENCODE_FAILURES = (struct.error, UnicodeEncodeError, AttributeError, TypeError, OverflowError)


class Message:
    """Base of every generated class: version dispatch and error translation around the generated functions.

    Subclasses set `_ENCODERS` and `_DECODERS` (version -> function) after their functions are defined.
    """

    __slots__ = ()
    _ENCODERS: dict = {}
    _DECODERS: dict = {}

    def encode(self, version: int) -> bytes:
        writer = Writer()
        self.encode_into(writer, version)
        return writer.getvalue()

    def encode_into(self, writer: Writer, version: int) -> None:
        encoder = self._ENCODERS.get(version)
        if encoder is None:
            raise EncodeError(f"{type(self).__name__} has no version {version}")
        try:
            encoder(self, writer)
        except EncodeError as exc:
            raise EncodeError(f"{type(self).__name__} v{version}: {exc}") from exc
        except _ENCODE_FAILURES as exc:
            raise EncodeError(f"cannot encode {type(self).__name__} v{version}: {exc}") from exc

    @classmethod
    def decode(cls, buf, pos: int, version: int):
        decoder = cls._DECODERS.get(version)
        if decoder is None:
            raise DecodeError(f"{cls.__name__} has no version {version}")
        if not isinstance(buf, memoryview):
            buf = memoryview(buf)
        try:
            return decoder(buf, pos)
        except _DECODE_FAILURES as exc:
            raise DecodeError(f"malformed {cls.__name__} v{version}: {exc}") from exc


# --- unsigned varints -------------------------------------------------------------------------------------


def write_uvarint(b: bytearray, value: int) -> None:
    if value < 0 or value > 0xFFFFFFFF:
        raise EncodeError(f"unsigned varint out of range: {value}")
    while value >= 0x80:
        b.append((value & 0x7F) | 0x80)
        value >>= 7
    b.append(value)


def read_uvarint(buf, pos: int) -> tuple[int, int]:
    """Kafka's readUnsignedVarint: at most 5 bytes, value below 2**32."""
    value = 0
    shift = 0
    while True:
        byte = buf[pos]
        pos += 1
        value |= (byte & 0x7F) << shift
        if byte < 0x80:
            if value > 0xFFFFFFFF:
                raise DecodeError("unsigned varint too large")
            return value, pos
        shift += 7
        if shift > 28:
            raise DecodeError("unsigned varint longer than 5 bytes")


def read_compact_length(buf, pos: int) -> tuple[int, int]:
    """A compact length (N+1 as uvarint); -1 means null."""
    byte = buf[pos]
    if byte < 0x80:
        return byte - 1, pos + 1
    value, pos = read_uvarint(buf, pos)
    return value - 1, pos


def check_count(count: int, buf, pos: int, what: str) -> None:
    """Reject an array count larger than the bytes left (Kafka's check before allocating a collection)."""
    if count > len(buf) - pos:
        raise DecodeError(f"{what}: array of {count} elements but only {len(buf) - pos} bytes left")


# --- strings ----------------------------------------------------------------------------------------------


def _encode_str(value: str, what: str) -> bytes:
    data = value.encode("utf-8")
    if len(data) > 0x7FFF:
        raise EncodeError(f"{what}: string of {len(data)} bytes is too long to be serialized")
    return data


def write_string(b: bytearray, value: str | None, nullable: bool, what: str) -> None:
    if value is None:
        if not nullable:
            raise EncodeError(f"{what}: null in a non-nullable string")
        b += NULL_INT16
        return
    data = _encode_str(value, what)
    b += INT16.pack(len(data))
    b += data


def write_compact_string(b: bytearray, value: str | None, nullable: bool, what: str) -> None:
    if value is None:
        if not nullable:
            raise EncodeError(f"{what}: null in a non-nullable string")
        b.append(0)
        return
    data = _encode_str(value, what)
    n = len(data) + 1
    if n < 0x80:
        b.append(n)
    else:
        write_uvarint(b, n)
    b += data


def _take_string(buf, pos: int, length: int, nullable: bool, what: str) -> tuple[str | None, int]:
    if length < 0:
        if nullable:
            return None, pos
        raise DecodeError(f"{what}: non-nullable string was serialized as null")
    if length > 0x7FFF:
        raise DecodeError(f"{what}: string length {length} is invalid")
    end = pos + length
    if end > len(buf):
        raise DecodeError(f"{what}: string of {length} bytes but only {len(buf) - pos} left")
    try:
        return str(buf[pos:end], "utf-8"), end
    except UnicodeDecodeError as exc:
        raise DecodeError(f"{what}: string is not valid UTF-8") from exc


def read_string(buf, pos: int, nullable: bool, what: str) -> tuple[str | None, int]:
    return _take_string(buf, pos + 2, INT16.unpack_from(buf, pos)[0], nullable, what)


def read_compact_string(buf, pos: int, nullable: bool, what: str) -> tuple[str | None, int]:
    byte = buf[pos]
    if byte < 0x80:
        return _take_string(buf, pos + 1, byte - 1, nullable, what)
    value, pos = read_uvarint(buf, pos)
    return _take_string(buf, pos, value - 1, nullable, what)


# --- bytes and records ------------------------------------------------------------------------------------


def _check_bytes(value, nullable: bool, what: str) -> bool:
    """True when the value is null (and allowed to be)."""
    if value is None:
        if not nullable:
            raise EncodeError(f"{what}: null in a non-nullable field")
        return True
    return False


def write_bytes(b: bytearray, value, nullable: bool, what: str) -> None:
    if _check_bytes(value, nullable, what):
        b += NULL_INT32
        return
    b += INT32.pack(len(value))
    b += value


def write_compact_bytes(b: bytearray, value, nullable: bool, what: str) -> None:
    if _check_bytes(value, nullable, what):
        b.append(0)
        return
    write_uvarint(b, len(value) + 1)
    b += value


def write_records(w: Writer, value, nullable: bool, what: str) -> None:
    if _check_bytes(value, nullable, what):
        w.buf += NULL_INT32
        return
    w.buf += INT32.pack(len(value))
    w.write_records(value)


def write_compact_records(w: Writer, value, nullable: bool, what: str) -> None:
    if _check_bytes(value, nullable, what):
        w.buf.append(0)
        return
    write_uvarint(w.buf, len(value) + 1)
    w.write_records(value)


def _take_view(buf, pos: int, length: int, nullable: bool, what: str) -> tuple[memoryview | None, int]:
    if length < 0:
        if nullable:
            return None, pos
        raise DecodeError(f"{what}: non-nullable field was serialized as null")
    end = pos + length
    if end > len(buf):
        raise DecodeError(f"{what}: {length} bytes announced but only {len(buf) - pos} left")
    return buf[pos:end], end


def read_records(buf, pos: int, nullable: bool, what: str) -> tuple[memoryview | None, int]:
    return _take_view(buf, pos + 4, INT32.unpack_from(buf, pos)[0], nullable, what)


def read_compact_records(buf, pos: int, nullable: bool, what: str) -> tuple[memoryview | None, int]:
    length, pos = read_compact_length(buf, pos)
    return _take_view(buf, pos, length, nullable, what)


def read_bytes(buf, pos: int, nullable: bool, what: str) -> tuple[bytes | None, int]:
    view, pos = _take_view(buf, pos + 4, INT32.unpack_from(buf, pos)[0], nullable, what)
    return (None if view is None else bytes(view)), pos


def read_compact_bytes(buf, pos: int, nullable: bool, what: str) -> tuple[bytes | None, int]:
    length, pos = read_compact_length(buf, pos)
    view, pos = _take_view(buf, pos, length, nullable, what)
    return (None if view is None else bytes(view)), pos


# --- uuid -------------------------------------------------------------------------------------------------


def read_uuid(buf, pos: int) -> uuid.UUID:
    high, low = UUID_HALVES.unpack_from(buf, pos)
    if high == 0 and low == 0:
        return ZERO_UUID
    return uuid.UUID(int=(high << 64) | low)


# --- tagged fields ----------------------------------------------------------------------------------------


def write_tagged_fields(b: bytearray, fields: list) -> None:
    """The tagged-field section: count, then (tag, size, data) in tag order."""
    n = len(fields)
    if n < 0x80:
        b.append(n)
    else:
        write_uvarint(b, n)
    if n > 1:
        fields = sorted(fields, key=_tag_of)
    for tag, data in fields:
        write_uvarint(b, tag)
        write_uvarint(b, len(data))
        b += data


def read_unknown_tagged_fields(buf, pos: int, what: str) -> tuple[list, int]:
    """A tagged-field section where every tag is unknown: a list of (tag, bytes)."""
    count, pos = read_uvarint(buf, pos)
    check_count(count, buf, pos, f"{what} tagged fields")
    fields = []
    for _ in range(count):
        tag, pos = read_uvarint(buf, pos)
        size, pos = read_uvarint(buf, pos)
        end = pos + size
        if end > len(buf):
            raise DecodeError(f"{what}: tagged field {tag} of {size} bytes past the end")
        fields.append((tag, bytes(buf[pos:end])))
        pos = end
    return fields, pos


def _tag_of(field) -> int:
    return field[0]


def unknown_tags_in_rigid_version(what: str) -> EncodeError:
    return EncodeError(f"{what}: tagged fields were set, but this version does not support them")


def field_not_in_version(what: str) -> EncodeError:
    return EncodeError(f"attempted to write a non-default {what}, a field this version does not have")
