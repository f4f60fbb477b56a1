"""A blocking raw-socket Kafka client for the server tests: hand-built frames in, raw frames out."""

from __future__ import annotations

import socket
import struct


def request_header_v1(api_key: int, api_version: int, correlation_id: int, client_id: str | None) -> bytes:
    """RequestHeader v1: int16 api key, int16 api version, int32 correlation id, int16-length client id."""
    if client_id is None:
        encoded_id = struct.pack(">h", -1)
    else:
        raw = client_id.encode()
        encoded_id = struct.pack(">h", len(raw)) + raw
    return struct.pack(">hhi", api_key, api_version, correlation_id) + encoded_id


def request_header_v2(api_key: int, api_version: int, correlation_id: int, client_id: str | None) -> bytes:
    """RequestHeader v2: v1 followed by an empty tagged-field section (one 0 byte)."""
    return request_header_v1(api_key, api_version, correlation_id, client_id) + b"\x00"


def compact_string(text: str) -> bytes:
    """COMPACT_STRING: unsigned varint (length + 1), then UTF-8 bytes (lengths here stay below 127)."""
    raw = text.encode()
    assert len(raw) < 127
    return bytes([len(raw) + 1]) + raw


class RawClient:
    def __init__(self, host: str, port: int, timeout: float = 10.0) -> None:
        self.sock = socket.create_connection((host, port), timeout=timeout)

    def close(self) -> None:
        self.sock.close()

    def __enter__(self) -> RawClient:
        return self

    def __exit__(self, *exc_info) -> None:
        self.close()

    def send_frame(self, payload: bytes) -> None:
        self.sock.sendall(struct.pack(">i", len(payload)) + payload)

    def send_raw(self, data: bytes) -> None:
        self.sock.sendall(data)

    def _recv_exactly(self, n: int) -> bytes | None:
        data = bytearray()
        while len(data) < n:
            try:
                chunk = self.sock.recv(n - len(data))
            except ConnectionResetError:
                return None
            if not chunk:
                return None
            data += chunk
        return bytes(data)

    def recv_frame(self) -> bytes | None:
        """The next response frame (without its size), or None when the broker closed the connection."""
        size = self._recv_exactly(4)
        if size is None:
            return None
        (n,) = struct.unpack(">i", size)
        return self._recv_exactly(n)

    def request(self, payload: bytes) -> bytes | None:
        self.send_frame(payload)
        return self.recv_frame()

    def is_closed_by_peer(self) -> bool:
        """True when the broker closed the connection (EOF or reset) without sending anything more."""
        try:
            data = self.sock.recv(1)
        except ConnectionResetError:
            return True
        return data == b""


def api_versions_v0(correlation_id: int = 1, client_id: str | None = "raw") -> bytes:
    """ApiVersions v0: header v1 and an empty body."""
    return request_header_v1(18, 0, correlation_id, client_id)


def api_versions_v3(correlation_id: int = 1, client_id: str | None = "raw", software: str = "raw-client",
                    software_version: str = "1.0", version: int = 3) -> bytes:
    """ApiVersions v3/v4: header v2, then ClientSoftwareName and ClientSoftwareVersion as compact strings and
    an empty tagged-field section."""
    return (request_header_v2(18, version, correlation_id, client_id)
            + compact_string(software) + compact_string(software_version) + b"\x00")
