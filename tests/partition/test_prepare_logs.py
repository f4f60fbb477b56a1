"""PartitionManager.prepare_logs, what the controller calls before it commits a topic's records: a log that
cannot be created (here the third partition's, out of descriptors) takes the topic's other new logs with it,
leaves no directory and no descriptor behind, and is raised with Kafka's words; logs made are discarded when
the records are not committed."""

from __future__ import annotations

import errno
import os
import uuid

import pytest

from kbroker.log import loader
from kbroker.metadata.image import MetadataImage
from kbroker.partition.manager import PartitionManager
from kbroker.testing import broker_config


@pytest.fixture
def manager(tmp_path):
    config = broker_config(str(tmp_path / "logs"))
    partitions = PartitionManager(config, time_ms=lambda: 1_700_000_000_000)
    partitions.startup(MetadataImage())
    yield partitions
    partitions.shutdown()


def open_descriptors_under(directory: str) -> int:
    held = 0
    for fd in os.listdir("/proc/self/fd"):
        try:
            held += os.readlink(f"/proc/self/fd/{fd}").startswith(directory + os.sep)
        except FileNotFoundError:
            pass
    return held


def test_a_log_that_cannot_be_created_takes_its_topic_s_other_new_logs_with_it(manager, monkeypatch):
    log_dir = manager.log_dirs[0]
    real_load = loader.load_log
    loaded = []

    def load_until_out_of_descriptors(*args, **kwargs):
        if len(loaded) == 2:
            raise OSError(errno.EMFILE, "Too many open files")
        loaded.append(args[1])
        return real_load(*args, **kwargs)

    monkeypatch.setattr(loader, "load_log", load_until_out_of_descriptors)
    with pytest.raises(OSError) as refused:
        manager.prepare_logs(MetadataImage(), "t", uuid.uuid4(), {p: [manager.node_id] for p in range(4)}, {})
    assert refused.value.errno == errno.EMFILE
    assert refused.value.strerror == (f"Error while creating log for t-2 in dir {log_dir}: "
                                      "[Errno 24] Too many open files")
    assert len(loaded) == 2
    assert sorted(os.listdir(log_dir)) == sorted(n for n in os.listdir(log_dir) if not n.startswith("t-"))
    assert open_descriptors_under(log_dir) == 0


def test_prepared_logs_are_discarded_when_their_records_are_not_committed(manager):
    log_dir = manager.log_dirs[0]
    topic_id = uuid.uuid4()
    manager.prepare_logs(MetadataImage(), "t", topic_id, {0: [manager.node_id], 1: [manager.node_id]}, {})
    assert os.path.isfile(os.path.join(log_dir, "t-1", "partition.metadata"))
    assert open_descriptors_under(log_dir) == 2
    manager.discard_prepared(topic_id)
    assert not [n for n in os.listdir(log_dir) if n.startswith("t-")]
    assert open_descriptors_under(log_dir) == 0
    assert len(manager) == 0
