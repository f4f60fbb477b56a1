"""kill -9 while the controller commits: every CreateTopics acknowledged before the kill is in the image after
restart (with and without snapshots along the way), and the metadata log keeps working."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from kbroker.metadata.loader import MetadataLoader
from kbroker.metadata.serde import MetadataRecord
from kbroker.protocol.messages.metadata.feature_level_record import FeatureLevelRecord
from kbroker.raft.single_voter import SingleVoterRaft

CHILD = Path(__file__).with_name("raft_crash_child.py")
REPO = Path(__file__).resolve().parents[2]


def run_child_and_kill(directory: Path, acknowledged: int, snapshot_max_bytes: int) -> list[str]:
    env = dict(os.environ, PYTHONPATH=str(REPO))
    child = subprocess.Popen([sys.executable, str(CHILD), str(directory), str(snapshot_max_bytes)],
                             stdout=subprocess.PIPE, text=True, env=env)
    names = []
    try:
        while len(names) < acknowledged:
            line = child.stdout.readline()
            assert line, f"child exited early with {child.wait()}"
            names.append(line.strip())
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait()
        child.stdout.close()
    return names


@pytest.mark.parametrize("snapshot_max_bytes", [1 << 40, 2000], ids=["log-only", "with-snapshots"])
def test_acknowledged_topics_survive_kill_9(tmp_path, snapshot_max_bytes):
    names = run_child_and_kill(tmp_path, 60, snapshot_max_bytes)
    raft = SingleVoterRaft(str(tmp_path), 1, segment_bytes=64 * 1024)
    loader = MetadataLoader(snapshot_max_bytes=snapshot_max_bytes)
    loader.bind(raft)
    raft.start()
    try:
        image = loader.image
        assert set(names) <= set(image.topics_by_name)
        for name in names:
            assert sorted(image.topic(name).partitions) == [0, 1]
        if snapshot_max_bytes < 1 << 40:
            assert raft.latest_snapshot is not None
        record = MetadataRecord(FeatureLevelRecord(name="metadata.version", feature_level=30), 0)
        assert raft.append([record]) == raft.committed_offset - 1
    finally:
        raft.close()
