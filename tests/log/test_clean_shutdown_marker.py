"""The clean-shutdown marker (kbroker.log.clean_shutdown): what it holds, how it reads back (compared with Kafka
4.3.1's own CleanShutdownFileHandler on the same files, tests/log/java), which previous broker epoch the log dirs
prove, and the partition manager writing it at shutdown and keeping "present => no recovery" at start-up."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from kbroker.config import BrokerConfig
from kbroker.log.clean_shutdown import (
    CLEAN_SHUTDOWN_FILE,
    previous_broker_epoch,
    read_broker_epoch,
    write_marker,
)
from kbroker.metadata.image import MetadataImage
from kbroker.partition.manager import PartitionManager

KAFKA_LIBS = Path(__file__).resolve().parents[2] / ".cache" / "kafka-4.3.1" / "libs"
HARNESS = Path(__file__).parent / "java" / "CleanShutdownMarkers.java"

# marker content -> the epoch Kafka 4.3.1 reads from it (None: OptionalLong.empty()).
CONTENTS = {
    '{"version":0,"brokerEpoch":5}': 5,
    '{"version":0,"brokerEpoch":-1}': -1,
    '{"brokerEpoch":7}': 7,
    '  {"version":1,"brokerEpoch":9}\n': 9,
    '{"version":0,"brokerEpoch":5} trailing': 5,
    '{"brokerEpoch":3,"brokerEpoch":4}': 4,
    '{"brokerEpoch":"5"}': 5,
    '{"brokerEpoch":5.5}': 5,
    '{"version":null,"brokerEpoch":3}': 3,
    '{"brokerEpoch":9223372036854775807}': 9223372036854775807,
    "": None,
    "garbage": None,
    "null": None,
    "[5]": None,
    '{"version":0}': None,
    '{"brokerEpoch":null}': None,
    '{"brokerEpoch":true}': None,
    '{"brokerEpoch":[3]}': None,
    '{"brokerEpoch":9223372036854775808}': None,
    '{"version":"x","brokerEpoch":3}': None,
    '{"version":0,"brokerEpoch":5,"extra":1}': 5,
    '{"version":0,"brokerEpoch":5': None,
}


def marker_dir(tmp_path: Path, name: str, content: str | None) -> str:
    directory = tmp_path / name
    directory.mkdir()
    if content is not None:
        (directory / CLEAN_SHUTDOWN_FILE).write_text(content)
    return str(directory)


def test_the_marker_is_kafkas_json_and_reads_back(tmp_path):
    write_marker(str(tmp_path), 1234)
    assert (tmp_path / CLEAN_SHUTDOWN_FILE).read_bytes() == b'{"version":0,"brokerEpoch":1234}'
    assert read_broker_epoch(str(tmp_path)) == 1234
    write_marker(str(tmp_path), -1)  # a broker that never registered
    assert read_broker_epoch(str(tmp_path)) == -1


@pytest.mark.parametrize("content, epoch", list(CONTENTS.items()))
def test_reading_a_marker(tmp_path, content, epoch):
    assert read_broker_epoch(marker_dir(tmp_path, "d", content)) == epoch


def test_no_marker_reads_as_no_epoch(tmp_path):
    assert read_broker_epoch(str(tmp_path)) is None
    assert read_broker_epoch(str(tmp_path / "missing")) is None


@pytest.mark.parametrize("markers, expected", [
    (['{"version":0,"brokerEpoch":12}'], 12),
    (['{"version":0,"brokerEpoch":12}', '{"version":0,"brokerEpoch":12}'], 12),
    (['{"version":0,"brokerEpoch":12}', '{"version":0,"brokerEpoch":13}'], -1),  # the dirs disagree
    (['{"version":0,"brokerEpoch":12}', None], -1),  # one dir was not shut down cleanly
    (['{"version":0,"brokerEpoch":12}', ""], -1),  # an empty marker proves nothing
    # A dir that never registered does not contradict another (Kafka compares only against an epoch found).
    (['{"version":0,"brokerEpoch":-1}', '{"version":0,"brokerEpoch":12}'], 12),
    ([], -1),
])
def test_previous_broker_epoch_needs_every_log_dir_to_agree(tmp_path, markers, expected):
    dirs = [marker_dir(tmp_path, f"d{i}", content) for i, content in enumerate(markers)]
    assert previous_broker_epoch(dirs) == expected


def test_previous_broker_epoch_is_unknown_when_a_log_dir_is_offline(tmp_path):
    present = marker_dir(tmp_path, "d0", '{"version":0,"brokerEpoch":12}')
    assert previous_broker_epoch([present, str(tmp_path / "gone")]) == -1
    not_a_dir = tmp_path / "file"
    not_a_dir.write_text("")
    assert previous_broker_epoch([present, str(not_a_dir)]) == -1


def manager(log_dirs: list[str]) -> PartitionManager:
    config = BrokerConfig.from_properties({"node.id": "1", "log.dirs": ",".join(log_dirs)})
    return PartitionManager(config, time_ms=lambda: 0)


def test_the_partition_manager_writes_the_broker_epoch_and_removes_the_marker_while_running(tmp_path):
    dirs = [str(tmp_path / "a"), str(tmp_path / "b")]
    partitions = manager(dirs)
    partitions.startup(MetadataImage())
    assert not any(os.path.exists(os.path.join(d, CLEAN_SHUTDOWN_FILE)) for d in dirs)
    partitions.shutdown(77)
    assert previous_broker_epoch(dirs) == 77
    again = manager(dirs)
    again.startup(MetadataImage())
    assert not any(os.path.exists(os.path.join(d, CLEAN_SHUTDOWN_FILE)) for d in dirs)
    assert previous_broker_epoch(dirs) == -1  # what a crash now would leave
    again.shutdown()


def test_an_offline_log_dir_gets_no_marker(tmp_path):
    dirs = [str(tmp_path / "a"), str(tmp_path / "b")]
    partitions = manager(dirs)
    partitions.startup(MetadataImage())
    partitions.offline_dirs.add(dirs[1])
    partitions.shutdown(5)
    assert read_broker_epoch(dirs[0]) == 5 and read_broker_epoch(dirs[1]) is None
    assert previous_broker_epoch(dirs) == -1


@pytest.mark.parametrize("content, recovered", [
    ("", False),  # any marker (an empty one of an older broker too) means the logs were closed cleanly
    ('{"version":0,"brokerEpoch":3}', False),
    ("garbage", False),
    (None, True),
])
def test_a_marker_whatever_it_holds_spares_the_logs_recovery(tmp_path, content, recovered, monkeypatch):
    log_dir = tmp_path / "logs"
    (log_dir / "t-0").mkdir(parents=True)
    if content is not None:
        (log_dir / CLEAN_SHUTDOWN_FILE).write_text(content)
    seen = {}

    def open_log(self, path, config, key, **kwargs):
        seen[key] = kwargs["had_clean_shutdown"]
        raise _Stop

    monkeypatch.setattr(PartitionManager, "_open_log", open_log)
    with pytest.raises(_Stop):
        manager([str(log_dir)]).startup(MetadataImage())
    assert seen == {("t", 0): not recovered}


class _Stop(Exception):
    pass


needs_java = pytest.mark.skipif(shutil.which("java") is None or not KAFKA_LIBS.is_dir(),
                                reason="needs java and Apache Kafka 4.3.1's jars in .cache/kafka-4.3.1/libs")


def run_kafka_handler(commands: list[str]) -> list[str]:
    result = subprocess.run(["java", "-cp", f"{KAFKA_LIBS}/*", str(HARNESS)], input="\n".join(commands) + "\n",
                            capture_output=True, text=True, timeout=300, check=True)
    return result.stdout.split()


@needs_java
def test_kafka_and_kbroker_read_every_marker_alike_and_each_reads_the_others(tmp_path):
    dirs = [marker_dir(tmp_path, f"c{i}", content) for i, content in enumerate(CONTENTS)]
    written_by_kbroker = str(tmp_path / "kbroker")
    os.mkdir(written_by_kbroker)
    write_marker(written_by_kbroker, 4242)
    written_by_kafka = str(tmp_path / "kafka")
    os.mkdir(written_by_kafka)
    answers = run_kafka_handler([f"read {d}" for d in dirs]
                                + [f"read {written_by_kbroker}", f"write {written_by_kafka} 31337"])
    kafka_reads = [None if a == "none" else int(a) for a in answers[:len(dirs)]]
    assert kafka_reads == list(CONTENTS.values())
    assert kafka_reads == [read_broker_epoch(d) for d in dirs]
    assert answers[len(dirs):] == ["4242", "written"]
    assert read_broker_epoch(written_by_kafka) == 31337
    assert Path(written_by_kafka, CLEAN_SHUTDOWN_FILE).read_bytes() == b'{"version":0,"brokerEpoch":31337}'
