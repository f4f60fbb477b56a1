"""The PartitionManager's periodic upkeep of its logs (run_upkeep, every housekeeping tick). It goes on past a log
whose flush fails, as Kafka's LogManager.flushDirtyLogs does: the failure is logged, the other logs are flushed,
and the broker keeps serving (before, a LogError out of one log's flush ended the housekeeping task and, with
it, the broker). And it closes a deleted partition's segments once file.delete.delay.ms has passed, not before,
as Kafka's LogManager does: a fetch response being sent from them goes out whole."""

from __future__ import annotations

import logging
import os
import threading
import uuid

import trio

from kbroker.log.config import LogConfig
from kbroker.log.log import Log, LogError
from kbroker.metadata.image import MetadataImage, PartitionRegistration, TopicImage
from kbroker.partition.manager import PartitionManager
from kbroker.protocol import errors
from kbroker.testing import broker_config


def image_of_three_partitions_led_by(node_id: int) -> MetadataImage:
    topic_id = uuid.uuid4()
    topic = TopicImage("t", topic_id, {p: PartitionRegistration(p, (node_id,), (node_id,), node_id, 0, 0)
                                       for p in range(3)})
    return MetadataImage(offset=1, epoch=1, topics_by_id={topic_id: topic}, topics_by_name={"t": topic})


def test_a_failed_flush_is_logged_and_the_other_logs_are_still_flushed(tmp_path, monkeypatch, caplog):
    config = broker_config(str(tmp_path / "logs"), {"node.id": 1})
    partitions = PartitionManager(config, time_ms=lambda: 1_700_000_000_000)
    partitions.startup(image_of_three_partitions_led_by(1))
    flushed: list[str] = []

    def maybe_flush(self: Log) -> None:
        if self.name == "t-0":
            raise LogError(errors.KAFKA_STORAGE_ERROR.code, "Error while flushing log for t-0: [Errno 5] EIO")
        flushed.append(self.name)

    monkeypatch.setattr(Log, "maybe_flush", maybe_flush)
    with caplog.at_level(logging.ERROR, logger="kbroker.partition.manager"):
        trio.run(partitions.run_upkeep)
    assert sorted(flushed) == ["t-1", "t-2"]
    assert any(r.getMessage().startswith("Error flushing t-0: Error while flushing log for t-0")
               for r in caplog.records)
    partitions.shutdown()


def test_a_deleted_partition_keeps_its_segment_open_until_the_file_delete_delay(tmp_path):
    now = [1_700_000_000_000]
    config = broker_config(str(tmp_path / "logs"), {"node.id": 1})
    partitions = PartitionManager(config, time_ms=lambda: now[0])
    partitions.startup(image_of_three_partitions_led_by(1))
    deleted = partitions.get("t", 0)
    segment = deleted.log.active_segment
    partitions.apply_image(MetadataImage(offset=2, epoch=1))
    assert partitions.get("t", 0) is None and deleted.log.closed and not os.path.exists(deleted.log.directory)
    now[0] += LogConfig().file_delete_delay_ms - 1
    trio.run(partitions.run_upkeep)
    assert not segment.closed
    partitions.apply_image(image_of_three_partitions_led_by(1))  # the topic again, under a new id
    recreated = partitions.get("t", 0)
    assert recreated.log.directory == deleted.log.directory
    now[0] += 1
    trio.run(partitions.run_upkeep)
    assert segment.closed
    # the new topic's files, at the old one's paths, are left alone
    assert os.path.exists(recreated.log.active_segment.log_path)
    partitions.shutdown()


def test_shutdown_closes_the_deleted_partitions_segments_at_once(tmp_path):
    partitions = PartitionManager(broker_config(str(tmp_path / "logs"), {"node.id": 1}),
                                  time_ms=lambda: 1_700_000_000_000)
    partitions.startup(image_of_three_partitions_led_by(1))
    segment = partitions.get("t", 0).log.active_segment
    partitions.apply_image(MetadataImage(offset=2, epoch=1))
    assert not segment.closed
    partitions.shutdown()
    assert segment.closed


def test_the_upkeep_runs_off_the_event_loop(tmp_path, monkeypatch):
    """A close of a deleted 1 GiB segment waited 0.8 s on the kernel freeing its pages, with the event loop (and
    every connection) stopped: flushes, retention and deletions now run in one worker thread per tick."""
    config = broker_config(str(tmp_path / "logs"), {"node.id": 1})
    partitions = PartitionManager(config, time_ms=lambda: 1_700_000_000_000)
    partitions.startup(image_of_three_partitions_led_by(1))
    loop_thread = threading.get_ident()
    threads: dict[str, set[int]] = {"flush": set(), "retention": set(), "deletes": set()}

    def recorder(kind):
        def record(*_args, **_kwargs):
            threads[kind].add(threading.get_ident())
            return 0
        return record

    monkeypatch.setattr(Log, "maybe_flush", recorder("flush"))
    monkeypatch.setattr(Log, "run_scheduled_deletes", recorder("deletes"))
    monkeypatch.setattr("kbroker.partition.manager.delete_old_segments", recorder("retention"))

    async def tick_with_retention():
        await partitions.run_upkeep(retention=True)

    trio.run(tick_with_retention)
    assert all(used and loop_thread not in used for used in threads.values()), threads
    partitions.shutdown()
