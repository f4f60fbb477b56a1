"""Speed of the generated codecs on the two hot messages: decodes and encodes per second.

ProduceRequest carrying one 16 KiB batch (v9 and the latest version) and FetchResponse with 100 partitions of
small record data (v12 and the latest version). Prints a table; asserts nothing.

    .venv/bin/python bench/codec_bench.py [--seconds 1.0]
"""

from __future__ import annotations

import argparse
import time
import uuid

from kbroker.protocol.messages.fetch_response import FetchableTopicResponse, FetchResponse, PartitionData
from kbroker.protocol.messages.produce_request import PartitionProduceData, ProduceRequest, TopicProduceData
from kbroker.protocol.wire import Writer

TOPIC_ID = uuid.UUID("6ba7b810-9dad-11d1-80b4-00c04fd430c8")


def produce_request(version: int) -> ProduceRequest:
    by_id = version >= 13
    return ProduceRequest(
        transactional_id=None,
        acks=-1,
        timeout_ms=30_000,
        topic_data=[
            TopicProduceData(
                name="" if by_id else "bench-topic",
                topic_id=TOPIC_ID if by_id else uuid.UUID(int=0),
                partition_data=[PartitionProduceData(index=0, records=bytes(range(256)) * 64)],
            )
        ],
    )


def fetch_response(version: int) -> FetchResponse:
    by_id = version >= 13
    partitions = [
        PartitionData(partition_index=i, high_watermark=1000 + i, last_stable_offset=1000 + i, log_start_offset=0,
                      aborted_transactions=None, records=b"\x00" * 200)
        for i in range(100)
    ]
    return FetchResponse(
        session_id=0,
        responses=[
            FetchableTopicResponse(
                topic="" if by_id else "bench-topic",
                topic_id=TOPIC_ID if by_id else uuid.UUID(int=0),
                partitions=partitions,
            )
        ],
    )


def rate(fn, seconds: float) -> float:
    count = 0
    batch = 1
    start = time.perf_counter()
    while True:
        for _ in range(batch):
            fn()
        count += batch
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return count / elapsed
        batch = min(batch * 2, 1024)


def bench(name: str, obj, version: int, seconds: float) -> tuple:
    cls = type(obj)
    data = obj.encode(version)
    view = memoryview(data)
    assert cls.decode(view, 0, version)[0].encode(version) == data

    def encode():
        obj.encode_into(Writer(), version)

    return (name, version, len(data), rate(lambda: cls.decode(view, 0, version), seconds), rate(encode, seconds))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="time per measurement")
    args = parser.parse_args()
    rows = [
        bench("ProduceRequest 1x16KiB", produce_request(9), 9, args.seconds),
        bench("ProduceRequest 1x16KiB", produce_request(ProduceRequest.HIGHEST_VERSION),
              ProduceRequest.HIGHEST_VERSION, args.seconds),
        bench("FetchResponse 100 parts", fetch_response(12), 12, args.seconds),
        bench("FetchResponse 100 parts", fetch_response(FetchResponse.HIGHEST_VERSION),
              FetchResponse.HIGHEST_VERSION, args.seconds),
    ]
    print(f"{'message':<26}{'ver':>4}{'bytes':>8}{'decode/s':>12}{'encode/s':>12}")
    for name, version, size, decodes, encodes in rows:
        print(f"{name:<26}{version:>4}{size:>8}{decodes:>12,.0f}{encodes:>12,.0f}")


if __name__ == "__main__":
    main()
