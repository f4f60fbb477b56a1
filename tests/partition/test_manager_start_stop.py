"""The PartitionManager's start-up and shutdown of its logs. Start-up says how loading goes, as Kafka's
LogManager does: a first line with the count and whether the logs are recovered (no clean-shutdown marker), then
progress lines while it loads (every PROGRESS_EVERY_S seconds; zero here, so every log gets one). Shutdown
closes every log, num.recovery.threads.per.data.dir of them at once, before it writes the clean-shutdown
marker."""

from __future__ import annotations

import logging
import os
import threading
import uuid

import pytest

from kbroker.log.clean_shutdown import CLEAN_SHUTDOWN_FILE
from kbroker.log.log import Log
from kbroker.metadata.image import MetadataImage
from kbroker.partition.manager import METADATA_LOG_DIR_NAME, LoadProgress, PartitionManager
from kbroker.testing import broker_config


def start_and_stop(log_dir: str, overrides: dict | None = None) -> None:
    partitions = PartitionManager(broker_config(log_dir, overrides), time_ms=lambda: 1_700_000_000_000)
    partitions.startup(MetadataImage())
    partitions.shutdown()


@pytest.mark.parametrize("clean", [True, False])
def test_loading_logs_says_how_many_whether_recovering_and_how_far_it_got(tmp_path, caplog, monkeypatch, clean):
    log_dir = str(tmp_path / "logs")
    os.makedirs(log_dir)
    for partition in range(3):
        os.makedirs(os.path.join(log_dir, f"t-{partition}"))
    os.makedirs(os.path.join(log_dir, METADATA_LOG_DIR_NAME))  # the metadata log is not a partition's
    if clean:
        open(os.path.join(log_dir, CLEAN_SHUTDOWN_FILE), "w").close()
    monkeypatch.setattr(LoadProgress, "PROGRESS_EVERY_S", 0.0)
    with caplog.at_level(logging.INFO, logger="kbroker.partition.manager"):
        start_and_stop(log_dir)
    lines = [record.getMessage() for record in caplog.records]
    recovery = " with recovery: no clean shutdown marker was found"
    assert f"loading 3 partition logs from {log_dir}{'' if clean else recovery}" in lines
    progress = [line.split(" partition logs")[0] for line in lines if line.startswith("loaded ") and " of 3 " in line]
    assert progress == ["loaded 1 of 3", "loaded 2 of 3", "loaded 3 of 3"]


def test_an_empty_log_dir_says_nothing_about_loading(tmp_path, caplog):
    with caplog.at_level(logging.INFO, logger="kbroker.partition.manager"):
        start_and_stop(str(tmp_path / "logs"))
    assert not [record for record in caplog.records if record.getMessage().startswith("loading ")]


@pytest.mark.parametrize("threads", [1, 3])
def test_shutdown_closes_every_log_with_the_recovery_threads_before_the_marker(tmp_path, monkeypatch, threads):
    log_dir = str(tmp_path / "logs")
    partitions = PartitionManager(broker_config(log_dir, {"num.recovery.threads.per.data.dir": threads}),
                                  time_ms=lambda: 1_700_000_000_000)
    partitions.startup(MetadataImage())
    partitions.prepare_logs(MetadataImage(), "t", uuid.uuid4(), {p: [partitions.node_id] for p in range(8)}, {})
    real_close = Log.close
    closed_by: dict[str, str] = {}
    marker = os.path.join(log_dir, CLEAN_SHUTDOWN_FILE)
    all_closing = threading.Barrier(threads, timeout=30) if threads > 1 else None

    arrivals = iter(range(8))  # next() is atomic under the GIL

    def close(self):
        assert not os.path.exists(marker)
        if all_closing is not None and next(arrivals) < threads:
            all_closing.wait()  # the first `threads` closes run at once, or this times out
        closed_by[self.name] = threading.current_thread().name
        real_close(self)

    monkeypatch.setattr(Log, "close", close)
    partitions.shutdown()
    assert sorted(closed_by) == [f"t-{partition}" for partition in range(8)]
    assert len(set(closed_by.values())) == threads
    assert os.path.exists(marker)
