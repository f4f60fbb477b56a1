"""A blocking Kafka connection over the generated codecs, one request at a time: for tests, tools and
benchmarks that need exact requests (a bad CRC, acks=2) and exact answers (every field of the response).

    with KafkaConnection("127.0.0.1:9092") as conn:
        response = conn.send(MetadataRequest(topics=None), version=12)
        conn.send_no_response(produce_request, version=9)   # acks=0
"""

from __future__ import annotations

import socket
import struct

from kbroker.protocol import messages, wire
from kbroker.protocol.messages.request_header import RequestHeader
from kbroker.protocol.messages.response_header import ResponseHeader

_SIZE = struct.Struct(">i")


class ConnectionClosedByBroker(ConnectionError):
    """The broker closed the connection instead of answering."""


class KafkaConnection:
    def __init__(self, bootstrap: str, *, client_id: str | None = "kbroker-blocking-client",
                 timeout: float = 30.0) -> None:
        host, _, port = bootstrap.rpartition(":")
        self.sock = socket.create_connection((host, int(port)), timeout=timeout)
        self.client_id = client_id
        self._correlation_id = 0

    def close(self) -> None:
        self.sock.close()

    def __enter__(self) -> KafkaConnection:
        return self

    def __exit__(self, *exc_info) -> None:
        self.close()

    def _frame(self, request, version: int) -> tuple[int, bytes]:
        self._correlation_id += 1
        header = RequestHeader(request_api_key=request.API_KEY, request_api_version=version,
                               correlation_id=self._correlation_id, client_id=self.client_id)
        w = wire.Writer()
        header.encode_into(w, request.header_version(version))
        request.encode_into(w, version)
        payload = b"".join(bytes(chunk) if not isinstance(chunk, wire.FileRegion) else chunk.read_bytes()
                           for chunk in w.chunks())
        return self._correlation_id, _SIZE.pack(len(payload)) + payload

    def send_no_response(self, request, *, version: int) -> None:
        self.sock.sendall(self._frame(request, version)[1])

    def send(self, request, *, version: int):
        """Send `request` at `version` and decode the answer (raises ConnectionClosedByBroker)."""
        correlation_id, frame = self._frame(request, version)
        self.sock.sendall(frame)
        body = self.receive_frame()
        response_class = messages.response_class(request.API_KEY)
        header, pos = ResponseHeader.decode(body, 0, response_class.header_version(version))
        if header.correlation_id != correlation_id:
            raise AssertionError(f"correlation id {header.correlation_id}, expected {correlation_id}")
        response, end = response_class.decode(body, pos, version)
        if end != len(body):
            raise AssertionError(f"{len(body) - end} bytes after the {response_class.__name__}")
        return response

    def receive_frame(self) -> memoryview:
        (size,) = _SIZE.unpack(self._read(4))
        return memoryview(self._read(size))

    def _read(self, n: int) -> bytes:
        data = bytearray()
        while len(data) < n:
            try:
                chunk = self.sock.recv(n - len(data))
            except ConnectionResetError:
                chunk = b""
            if not chunk:
                raise ConnectionClosedByBroker("the broker closed the connection")
            data += chunk
        return bytes(data)
