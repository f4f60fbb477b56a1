"""Smoke tests of the Java golden oracle against bytes derived by hand from Kafka's schemas."""

import pytest
from java_golden import JavaGoldenError

pytestmark = pytest.mark.java

# ApiVersionsRequest (clients/ApiVersionsRequest.json): v3+ is flexible and has two fields, both compact strings
# (unsigned varint of length+1, then UTF-8), followed by the tagged-field count (unsigned varint, 0 here).
API_VERSIONS_V3_JSON = {"clientSoftwareName": "kbroker-test", "clientSoftwareVersion": "0.1.0"}
API_VERSIONS_V3_BYTES = (
    b"\x0d" + b"kbroker-test"  # compact string: unsigned varint 12 + 1, then the bytes
    + b"\x06" + b"0.1.0"  # compact string: unsigned varint 5 + 1, then the bytes
    + b"\x00"  # tagged-field count
)  # fmt: skip


def test_encode_api_versions_v3_matches_hand_derived_bytes(java_golden):
    assert (
        java_golden.encode("clients", "ApiVersionsRequest", 3, API_VERSIONS_V3_JSON) == API_VERSIONS_V3_BYTES
    )


def test_decode_api_versions_v3_round_trips(java_golden):
    assert (
        java_golden.decode("clients", "ApiVersionsRequest", 3, API_VERSIONS_V3_BYTES) == API_VERSIONS_V3_JSON
    )


def test_api_versions_v0_has_an_empty_body(java_golden):
    assert java_golden.encode("clients", "ApiVersionsRequest", 0, {}) == b""


def test_request_header_v2_matches_hand_derived_bytes(java_golden):
    # RequestHeader v2: int16 api key, int16 api version, int32 correlation id, nullable (non-compact) int16-length
    # client id, then the tagged-field count.
    header = {"requestApiKey": 18, "requestApiVersion": 3, "correlationId": 7, "clientId": "ab"}
    expected = b"\x00\x12" + b"\x00\x03" + b"\x00\x00\x00\x07" + b"\x00\x02ab" + b"\x00"
    assert java_golden.encode("clients", "RequestHeader", 2, header) == expected
    assert java_golden.decode("clients", "RequestHeader", 2, expected) == header


def test_trailing_bytes_are_reported(java_golden):
    with pytest.raises(JavaGoldenError, match="decoded 20 of 21 bytes"):
        java_golden.decode("clients", "ApiVersionsRequest", 3, API_VERSIONS_V3_BYTES + b"\x00")
    json_obj = java_golden.decode(
        "clients", "ApiVersionsRequest", 3, API_VERSIONS_V3_BYTES + b"\x00", allow_trailing=True
    )
    assert json_obj == API_VERSIONS_V3_JSON


def test_errors_carry_the_java_exception_and_the_oracle_keeps_serving(java_golden):
    with pytest.raises(JavaGoldenError) as unsupported:
        java_golden.encode("clients", "ApiVersionsRequest", 99, {})
    assert unsupported.value.java_class == "UnsupportedVersionException"
    with pytest.raises(JavaGoldenError, match=r"of 12 byte\(s\): only 4 byte\(s\) available"):
        java_golden.decode("clients", "ApiVersionsRequest", 3, API_VERSIONS_V3_BYTES[:5])
    with pytest.raises(JavaGoldenError, match="no generated message class"):
        java_golden.encode("clients", "NoSuchRequest", 0, {})
    assert (
        java_golden.encode("clients", "ApiVersionsRequest", 3, API_VERSIONS_V3_JSON) == API_VERSIONS_V3_BYTES
    )


UUID_ONE = "AAAAAAAAAAAAAAAAAAAAAQ"  # Kafka's Uuid(0, 1): base64url of 15 zero bytes and 0x01, unpadded
UUID_ONE_BYTES = bytes(15) + b"\x01"

# One schema per directory, with bytes derived by hand: proves each directory maps to Kafka's classes.
PER_DIRECTORY_SAMPLES = [
    # flexible: int32 id, int64 epoch, no tagged fields
    (
        "metadata",
        "FenceBrokerRecord",
        0,
        {"id": 1, "epoch": 5},
        b"\x00\x00\x00\x01" + b"\x00" * 7 + b"\x05" + b"\x00",
    ),
    # not flexible: int16-length strings group and topic, int32 partition
    (
        "group-coordinator",
        "OffsetCommitKey",
        0,
        {"group": "g", "topic": "t", "partition": 2},
        b"\x00\x01g" + b"\x00\x01t" + b"\x00\x00\x00\x02",
    ),
    ("transaction-coordinator", "TransactionLogKey", 0, {"transactionalId": "tx"}, b"\x00\x02tx"),
    (
        "share-coordinator",
        "ShareSnapshotKey",
        0,
        {"groupId": "g", "topicId": UUID_ONE, "partition": 3},
        b"\x00\x01g" + UUID_ONE_BYTES + b"\x00\x00\x00\x03",
    ),
    # flexible v1: three int32s, a uuid, no tagged fields (ClusterId, AppliedOffset and CurrentVoters are v0 only)
    (
        "raft",
        "QuorumStateData",
        1,
        {"leaderId": 1, "leaderEpoch": 2, "votedId": -1, "votedDirectoryId": "AAAAAAAAAAAAAAAAAAAAAA"},
        b"\x00\x00\x00\x01" + b"\x00\x00\x00\x02" + b"\xff\xff\xff\xff" + bytes(16) + b"\x00",
    ),
    # flexible: a struct (compact string, uuid, int32, its own tagged-field count), int32, int64, int8, tags
    (
        "storage",
        "RemotePartitionDeleteMetadataRecord",
        0,
        {
            "topicIdPartition": {"name": "t", "id": UUID_ONE, "partition": 0},
            "brokerId": 1,
            "eventTimestampMs": 9,
            "remotePartitionDeleteState": 0,
        },
        b"\x02t"
        + UUID_ONE_BYTES
        + b"\x00\x00\x00\x00"
        + b"\x00"
        + b"\x00\x00\x00\x01"
        + b"\x00" * 7
        + b"\x09"
        + b"\x00"
        + b"\x00",
    ),
]


@pytest.mark.parametrize(
    ("schema_dir", "name", "version", "json_obj", "expected"),
    PER_DIRECTORY_SAMPLES,
    ids=[sample[0] for sample in PER_DIRECTORY_SAMPLES],
)
def test_each_schema_dir_maps_to_kafka_classes(java_golden, schema_dir, name, version, json_obj, expected):
    assert java_golden.encode(schema_dir, name, version, json_obj) == expected
    assert java_golden.decode(schema_dir, name, version, expected) == json_obj
