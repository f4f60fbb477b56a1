"""Hand-derived bytes for the tricky corners of the codecs, and hostile input.

Each expected byte string is written out from the schema (kbroker/protocol/schemas/clients/*.json) and Kafka's
wire rules: compact lengths are unsigned varints of N+1, flexible structs end with a tagged-field section.
"""

from __future__ import annotations

import os
import subprocess
import sys
import uuid

import pytest

from kbroker.protocol import messages
from kbroker.protocol.messages.api_versions_request import ApiVersionsRequest
from kbroker.protocol.messages.api_versions_response import ApiVersion, ApiVersionsResponse
from kbroker.protocol.messages.controlled_shutdown_request import ControlledShutdownRequest
from kbroker.protocol.messages.describe_topic_partitions_request import Cursor, DescribeTopicPartitionsRequest
from kbroker.protocol.messages.fetch_request import FetchRequest
from kbroker.protocol.messages.metadata_request import MetadataRequest, MetadataRequestTopic
from kbroker.protocol.messages.produce_request import PartitionProduceData, ProduceRequest, TopicProduceData
from kbroker.protocol.messages.produce_response import ProduceResponse
from kbroker.protocol.messages.request_header import RequestHeader
from kbroker.protocol.wire import RECORDS_COPY_LIMIT, DecodeError, EncodeError, FileRegion, Writer

API_VERSIONS_V3_REQUEST = (
    bytes([len("kbroker-test") + 1]) + b"kbroker-test" + bytes([len("0.1.0") + 1]) + b"0.1.0" + b"\x00"
)


def test_api_versions_v3_request():
    request = ApiVersionsRequest(client_software_name="kbroker-test", client_software_version="0.1.0")
    assert request.encode(3) == API_VERSIONS_V3_REQUEST
    assert ApiVersionsRequest.decode(API_VERSIONS_V3_REQUEST, 0, 3) == (request, len(API_VERSIONS_V3_REQUEST))
    # v0-v2 have no fields; the two strings are ignorable, so they are dropped, not refused.
    assert request.encode(2) == b""


def test_api_versions_v3_response_and_tagged_field_order():
    response = ApiVersionsResponse(
        api_keys=[ApiVersion(api_key=18, min_version=0, max_version=4)],
        finalized_features_epoch=5,
        zk_migration_ready=True,
        unknown_tagged_fields=[(9, b"\x09"), (4, b"\x04\x04")],
    )
    expected = (
        b"\x00\x00"  # error code
        + b"\x02" + b"\x00\x12\x00\x00\x00\x04" + b"\x00"  # one ApiVersion, no tags
        + b"\x00\x00\x00\x00"  # throttle time
        + b"\x04"  # four tagged fields, in tag order, known and unknown merged
        + b"\x01\x08" + (5).to_bytes(8, "big")  # tag 1 FinalizedFeaturesEpoch
        + b"\x03\x01\x01"  # tag 3 ZkMigrationReady
        + b"\x04\x02\x04\x04"  # unknown tag 4
        + b"\x09\x01\x09"  # unknown tag 9
    )
    assert response.encode(3) == expected
    decoded, end = ApiVersionsResponse.decode(expected, 0, 3)
    assert end == len(expected)
    assert decoded.unknown_tagged_fields == [(4, b"\x04\x04"), (9, b"\x09")]
    assert decoded.finalized_features_epoch == 5 and decoded.zk_migration_ready is True
    # Tagged fields equal to their defaults are not written.
    assert ApiVersionsResponse().encode(3) == b"\x00\x00\x01\x00\x00\x00\x00\x00"


def test_api_versions_response_header_is_always_v0():
    assert [ApiVersionsResponse.header_version(v) for v in range(5)] == [0, 0, 0, 0, 0]
    assert ApiVersionsRequest.header_version(2) == 1 and ApiVersionsRequest.header_version(3) == 2


def test_header_versions():
    assert ProduceRequest.header_version(8) == 1 and ProduceRequest.header_version(9) == 2
    assert ProduceResponse.header_version(8) == 0 and ProduceResponse.header_version(9) == 1
    assert ControlledShutdownRequest.header_version(0) == 0
    assert ControlledShutdownRequest.LOWEST_VERSION is None  # validVersions "none" in Kafka 4.x


def test_request_header_v2_client_id_is_not_compact():
    header = RequestHeader(request_api_key=18, request_api_version=3, correlation_id=7, client_id="ab")
    expected = b"\x00\x12" + b"\x00\x03" + b"\x00\x00\x00\x07" + b"\x00\x02ab" + b"\x00"
    assert header.encode(2) == expected
    assert RequestHeader.decode(expected, 0, 2) == (header, len(expected))
    header.client_id = None
    assert header.encode(2) == b"\x00\x12\x00\x03\x00\x00\x00\x07\xff\xff\x00"


def test_nullable_struct_marker():
    request = DescribeTopicPartitionsRequest()
    assert request.cursor is None
    assert request.encode(0) == b"\x01" + (2000).to_bytes(4, "big") + b"\xff" + b"\x00"
    request.cursor = Cursor(topic_name="t", partition_index=1)
    encoded = request.encode(0)
    assert encoded == b"\x01" + (2000).to_bytes(4, "big") + b"\x01" + b"\x02t" + b"\x00\x00\x00\x01\x00" + b"\x00"
    assert DescribeTopicPartitionsRequest.decode(encoded, 0, 0)[0] == request


def test_non_default_value_in_a_missing_field():
    # AllowAutoTopicCreation (v4+) is not ignorable: Kafka's write throws for a non-default value at v3.
    with pytest.raises(EncodeError, match="AllowAutoTopicCreation"):
        MetadataRequest(allow_auto_topic_creation=False).encode(3)
    assert MetadataRequest(allow_auto_topic_creation=True).encode(3) == MetadataRequest(topics=[]).encode(3)
    # TopicId (v10+) is ignorable: at v9 a non-default value is dropped silently.
    with_id = MetadataRequest(topics=[MetadataRequestTopic(topic_id=uuid.uuid4(), name="x")])
    assert with_id.encode(9) == MetadataRequest(topics=[MetadataRequestTopic(name="x")]).encode(9)


def test_encode_errors():
    with pytest.raises(EncodeError, match="non-nullable"):
        ApiVersionsRequest(client_software_name=None).encode(3)
    with pytest.raises(EncodeError, match="too long"):
        ApiVersionsRequest(client_software_name="x" * 0x8000).encode(3)
    with pytest.raises(EncodeError):
        RequestHeader(request_api_key=1 << 15).encode(1)
    with pytest.raises(EncodeError, match="no version 99"):
        ApiVersionsRequest().encode(99)
    with pytest.raises(EncodeError, match="tagged fields"):
        ApiVersionsRequest(unknown_tagged_fields=[(0, b"")]).encode(2)
    with pytest.raises(EncodeError):
        ApiVersionsRequest(client_software_name="\ud800").encode(3)


def produce_request(records) -> ProduceRequest:
    return ProduceRequest(
        acks=-1,
        timeout_ms=30000,
        topic_data=[TopicProduceData(name="t", partition_data=[PartitionProduceData(index=0, records=records)])],
    )


def test_records_decode_as_views_of_the_input():
    data = produce_request(b"\x01" * 100).encode(9)
    decoded, _ = ProduceRequest.decode(memoryview(data), 0, 9)
    records = decoded.topic_data[0].partition_data[0].records
    assert isinstance(records, memoryview) and records.obj is data
    assert bytes(records) == b"\x01" * 100


def test_big_records_stay_uncopied_in_the_writer():
    big = bytes(RECORDS_COPY_LIMIT)
    writer = Writer()
    produce_request(big).encode_into(writer, 9)
    chunks = writer.chunks()
    assert any(chunk is big for chunk in chunks)
    assert b"".join(bytes(c) for c in chunks) == produce_request(big).encode(9)
    small_writer = Writer()
    produce_request(b"\x07" * 10).encode_into(small_writer, 9)
    assert len(small_writer.chunks()) == 1


def test_file_region_records(tmp_path):
    path = tmp_path / "segment"
    path.write_bytes(b"head" + b"\x05" * 5000)
    fd = os.open(path, os.O_RDONLY)
    try:
        region = FileRegion(fd, 4, 5000)
        writer = Writer()
        produce_request(region).encode_into(writer, 3)
        assert region in writer.chunks()
        assert len(writer) == len(produce_request(b"\x05" * 5000).encode(3))
        assert writer.getvalue() == produce_request(b"\x05" * 5000).encode(3)
    finally:
        os.close(fd)


# --- hostile input ----------------------------------------------------------------------------------------

HEADER_V1 = b"\x00\x12\x00\x03\x00\x00\x00\x07"


@pytest.mark.parametrize(
    ("cls", "version", "data", "reason"),
    [
        (RequestHeader, 1, HEADER_V1 + b"\x00\x05ab", "string longer than the input"),
        (RequestHeader, 1, HEADER_V1 + b"\x00\x02\xff\xfe", "invalid UTF-8"),
        (RequestHeader, 1, HEADER_V1[:5], "truncated int32"),
        (ApiVersionsRequest, 3, b"\x00", "null in a non-nullable compact string"),
        (ApiVersionsRequest, 3, b"\xff\xff\xff\xff\xff\x01", "varint longer than 5 bytes"),
        (ApiVersionsRequest, 3, b"\x80\x80\x80\x80\x10", "varint above 2**32"),
        (ProduceRequest, 9, b"\x00\xff\xff\x00\x00\x75\x30" + b"\xff\xff\xff\xff\x0f", "array count > bytes"),
        (ProduceRequest, 3, b"\xff\xff\x00\x01\x00\x00\x75\x30" + b"\x7f\xff\xff\xff", "array count > bytes"),
        (ProduceRequest, 3, b"\xff\xff\x00\x01\x00\x00\x75\x30" + b"\xff\xff\xff\xff", "null non-nullable array"),
        (ApiVersionsRequest, 3, API_VERSIONS_V3_REQUEST[:-1] + b"\x01\x00\x05", "tagged field past the end"),
        (ApiVersionsRequest, 3, API_VERSIONS_V3_REQUEST[:-1] + b"\x7f", "tagged count > bytes"),
        (FetchRequest, 12, FetchRequest().encode(12)[:-1] + b"\x01\x00\x03\x02a\x00", "tagged field size mismatch"),
    ],
)
def test_malformed_input_raises_decode_error(cls, version, data, reason):
    with pytest.raises(DecodeError):
        cls.decode(memoryview(data), 0, version)


def test_decode_of_unknown_version():
    with pytest.raises(DecodeError):
        ApiVersionsRequest.decode(b"", 0, 99)


# --- the package ------------------------------------------------------------------------------------------


def test_api_keys_and_lazy_classes():
    assert messages.API_KEYS[0] == "Produce" and messages.API_KEYS[18] == "ApiVersions"
    assert messages.request_class(0) is ProduceRequest
    assert messages.response_class(18) is ApiVersionsResponse
    assert ProduceRequest.API_KEY == 0 and ProduceRequest.SCHEMA_TYPE == "request"
    assert (ProduceRequest.LOWEST_VERSION, ProduceRequest.FLEXIBLE_VERSION) == (3, 9)
    with pytest.raises(KeyError):
        messages.request_class(10_000)


def test_package_imports_no_message_eagerly():
    code = (
        "import sys, kbroker.protocol.messages as m\n"
        "assert not [n for n in sys.modules if n.startswith('kbroker.protocol.messages.')]\n"
        "m.request_class(0)\n"
        "assert 'kbroker.protocol.messages.produce_request' in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=os.path.dirname(messages.__file__) + "/../../..")


def test_null_marker_of_a_tagged_nullable_struct_is_a_varint_zero():
    # Inside a tagged field Kafka writes the nullable-struct marker as an unsigned varint (0 null, 1 present)
    # and reads any non-positive value as null (group-coordinator/ConsumerGroupMemberMetadataValue.json, tag 0).
    from kbroker.protocol.messages.group_coordinator.consumer_group_member_metadata_value import (
        ClassicMemberMetadata,
        ConsumerGroupMemberMetadataValue,
    )

    value = ConsumerGroupMemberMetadataValue(
        instance_id=None, rack_id=None, client_id="c", client_host="h", subscribed_topic_regex=None,
        server_assignor=None, classic_member_metadata=None,
    )
    fixed = b"\x00\x00\x02c\x02h\x01\x00\xff\xff\xff\xff\x00"
    assert value.encode(0) == fixed + b"\x01" + b"\x00\x01\x00"
    assert ConsumerGroupMemberMetadataValue.decode(fixed + b"\x01\x00\x01\x00", 0, 0)[0] == value
    # The default is a present, empty struct: equal to the default, so the tagged field is left out.
    value.classic_member_metadata = ClassicMemberMetadata()
    assert value.encode(0) == fixed + b"\x00"
    value.classic_member_metadata = ClassicMemberMetadata(session_timeout_ms=1)
    assert value.encode(0) == fixed + b"\x01" + b"\x00\x07\x01" + b"\x00\x00\x00\x01\x01\x00"


def test_a_tagged_struct_is_written_only_when_it_differs_from_its_default():
    """The encoder checks a tagged struct field by field, not by identity with the shared default instance: a
    fresh instance holding the defaults is left out, any field or unknown tag that differs puts it in."""
    from kbroker.protocol.messages.fetch_response import EpochEndOffset, PartitionData

    base = dict(partition_index=0, records=None, aborted_transactions=None)
    assert PartitionData(**base).encode(12) == PartitionData(**base, diverging_epoch=EpochEndOffset()).encode(12)
    assert PartitionData(**base).encode(12)[-1] == 0  # no tagged field
    # one tagged field: tag 0, 13 bytes (epoch int32, end offset int64, an empty tag section)
    changed = PartitionData(**base, diverging_epoch=EpochEndOffset(epoch=3)).encode(12)
    assert changed.endswith(b"\x01\x00\x0d" + b"\x00\x00\x00\x03" + b"\xff" * 8 + b"\x00")
    end_only = PartitionData(**base, diverging_epoch=EpochEndOffset(end_offset=7)).encode(12)
    assert end_only.endswith(b"\x01\x00\x0d" + b"\xff\xff\xff\xff" + (7).to_bytes(8, "big") + b"\x00")
    unknown = PartitionData(**base, diverging_epoch=EpochEndOffset(unknown_tagged_fields=[(5, b"x")]))
    assert unknown.encode(12).endswith(b"\x01\x00\x10" + b"\xff" * 12 + b"\x01\x05\x01x")
    assert PartitionData.decode(changed, 0, 12)[0].diverging_epoch == EpochEndOffset(epoch=3)
