"""The bootstrap checkpoint of a dynamic quorum: --initial-controllers parsing and a write/read round trip
(byte-level agreement with kafka-storage is in test_format_vs_kafka.py)."""

from __future__ import annotations

import pytest

from kbroker.bootstrap_checkpoint import (
    BootstrapCheckpointError,
    parse_initial_controllers,
    read_bootstrap_voters,
    write_bootstrap_checkpoint,
)
from kbroker.raft import snapshots as S

TWO = "1@127.0.0.1:9093:OBwtglENT76SK7gGCjHpvA,2@[::1]:9094:PVP48-L1TtCTJ6tTOuK3uA"


def test_initial_controllers_are_parsed_with_their_directory_ids():
    first, second = parse_initial_controllers(TWO, "CONTROLLER")
    assert (first.voter_id, first.host, first.port, str(first)) == (1, "127.0.0.1", 9093, TWO.split(",")[0])
    assert (second.voter_id, second.host, second.port, second.listener) == (2, "::1", 9094, "CONTROLLER")


@pytest.mark.parametrize("text, reason", [
    ("1@127.0.0.1:9093", "expected id@host:port:directoryId"),
    ("x@127.0.0.1:9093:OBwtglENT76SK7gGCjHpvA", "expected id@host:port:directoryId"),
    ("1@h:1:OBwtglENT76SK7gGCjHpvA,1@h:2:PVP48-L1TtCTJ6tTOuK3uA", "more than once"),
])
def test_bad_initial_controllers_are_refused(text, reason):
    with pytest.raises(BootstrapCheckpointError, match=reason):
        parse_initial_controllers(text, "CONTROLLER")


def test_written_voters_read_back_and_the_file_is_a_snapshot_at_offset_zero(tmp_path):
    voters = parse_initial_controllers(TWO, "CONTROLLER")
    write_bootstrap_checkpoint(str(tmp_path), list(reversed(voters)), now_ms=1_700_000_000_000)
    assert read_bootstrap_voters(str(tmp_path)) == voters  # sorted by id, as Kafka writes them
    assert S.list_snapshots(str(tmp_path)) == [S.SnapshotId(0, 0)]
    assert S.read_snapshot(str(tmp_path), S.SnapshotId(0, 0)).records == []  # control records only
    assert read_bootstrap_voters(str(tmp_path / "elsewhere")) is None
