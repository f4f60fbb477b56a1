"""A blocking raw-socket Kafka client built on kbroker's generated codecs, for requests no stock client sends
(corrupt CRCs, acks=2, hand-made oversized batches) and for reading exact error codes.

    with RawConnection(broker.bootstrap) as conn:
        response = conn.send(ProduceRequest(acks=2, ...), version=9)

`produce_batch(...)` and `fetch_partition(...)` wrap the two requests the bad-input tests send;
`topic_partitions(...)` is one node's own Metadata view of a topic's partitions.
"""

from __future__ import annotations

import socket
import struct

from kbroker.protocol.messages import response_class
from kbroker.protocol.messages.fetch_request import FetchPartition, FetchRequest, FetchTopic
from kbroker.protocol.messages.metadata_request import MetadataRequest, MetadataRequestTopic
from kbroker.protocol.messages.produce_request import PartitionProduceData, ProduceRequest, TopicProduceData
from kbroker.protocol.messages.request_header import RequestHeader
from kbroker.protocol.messages.response_header import ResponseHeader

CLIENT_ID = "compat-raw"
# Versions both brokers serve, below where topic IDs replace names (Produce 13, Fetch 13).
PRODUCE_VERSION = 9
FETCH_VERSION = 12
METADATA_VERSION = 9


class RawConnection:
    def __init__(self, bootstrap: str, timeout: float = 15.0):
        host, port = bootstrap.rsplit(":", 1)
        self.sock = socket.create_connection((host, int(port)), timeout=timeout)
        self.correlation_id = 0

    def close(self) -> None:
        self.sock.close()

    def __enter__(self) -> RawConnection:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def send(self, request, version: int):
        """Sends `request` at `version` and returns the decoded response (None for a Produce with acks=0)."""
        self.correlation_id += 1
        header = RequestHeader(
            request_api_key=request.API_KEY,
            request_api_version=version,
            correlation_id=self.correlation_id,
            client_id=CLIENT_ID,
        )
        payload = header.encode(request.header_version(version)) + request.encode(version)
        self.sock.sendall(struct.pack(">i", len(payload)) + payload)
        if request.API_KEY == 0 and request.acks == 0:
            return None
        frame = memoryview(self._read_frame())
        response_type = response_class(request.API_KEY)
        response_header, position = ResponseHeader.decode(frame, 0, response_type.header_version(version))
        assert response_header.correlation_id == self.correlation_id, response_header
        response, end = response_type.decode(frame, position, version)
        assert end == len(frame), f"{len(frame) - end} bytes after the {response_type.__name__}"
        return response

    def _read_frame(self) -> bytes:
        (size,) = struct.unpack(">i", self._read_exactly(4))
        return self._read_exactly(size)

    def _read_exactly(self, size: int) -> bytes:
        data = bytearray()
        while len(data) < size:
            chunk = self.sock.recv(size - len(data))
            if not chunk:
                raise ConnectionError(f"connection closed after {len(data)} of {size} bytes")
            data += chunk
        return bytes(data)


def produce_batch(bootstrap: str, topic: str, partition: int, batch: bytes, *, acks: int = -1,
                  timeout_ms: int = 10_000):
    """Sends one Produce request holding `batch` for topic/partition; returns that partition's response."""
    request = ProduceRequest(
        acks=acks,
        timeout_ms=timeout_ms,
        topic_data=[TopicProduceData(name=topic, partition_data=[PartitionProduceData(index=partition,
                                                                                    records=batch)])],
    )
    with RawConnection(bootstrap) as conn:
        response = conn.send(request, PRODUCE_VERSION)
    [topic_response] = response.responses
    assert topic_response.name == topic, topic_response
    [partition_response] = topic_response.partition_responses
    assert partition_response.index == partition, partition_response
    return partition_response


def fetch_partition(bootstrap: str, topic: str, partition: int, offset: int, *, max_bytes: int = 1 << 20):
    """One Fetch (no wait) of topic/partition from `offset`; returns that partition's response."""
    request = FetchRequest(
        max_wait_ms=0,
        min_bytes=1,
        max_bytes=max_bytes,
        topics=[FetchTopic(topic=topic, partitions=[FetchPartition(partition=partition, fetch_offset=offset,
                                                                   partition_max_bytes=max_bytes)])],
    )
    with RawConnection(bootstrap) as conn:
        response = conn.send(request, FETCH_VERSION)
    assert response.error_code == 0, response
    [topic_response] = response.responses
    [partition_response] = topic_response.partitions
    return partition_response


def topic_partitions(bootstrap: str, topic: str, *, timeout: float = 15.0) -> list:
    """The partitions of `topic` (leader, ISR, ...) as the node at `bootstrap` itself describes them: a Metadata
    request to that node alone, which a stock client would send to whichever node it picks."""
    request = MetadataRequest(topics=[MetadataRequestTopic(name=topic)], allow_auto_topic_creation=False)
    with RawConnection(bootstrap, timeout=timeout) as conn:
        response = conn.send(request, METADATA_VERSION)
    [topic_response] = response.topics
    return [] if topic_response.error_code else list(topic_response.partitions)
