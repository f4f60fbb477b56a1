"""Random sequences of controller operations: the image the controller left equals the image a restart
rebuilds from disk (log replay alone, or snapshot + replay), and the image written as a snapshot reads back
equal."""

from __future__ import annotations

import shutil
import tempfile

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from metadata_helpers import NODE_ID, Stack, new_partitions, resource, topic

from kbroker.metadata.image import TOPIC_RESOURCE, MetadataImage, apply_records, image_records, same_content

NAMES = ["a", "b", "c.d", "c_d"]

operations = st.one_of(
    st.tuples(st.just("create"), st.sampled_from(NAMES), st.integers(-1, 4),
              st.sampled_from([{}, {"retention.ms": "1000"}, {"cleanup.policy": "compact"}, {"bad": "x"}])),
    st.tuples(st.just("delete"), st.sampled_from(NAMES)),
    st.tuples(st.just("partitions"), st.sampled_from(NAMES), st.integers(1, 6)),
    st.tuples(st.just("config"), st.sampled_from(NAMES), st.sampled_from(["retention.ms", "segment.ms"]),
              st.sampled_from([0, 1]), st.sampled_from(["5000", "oops"])),
    st.tuples(st.just("pid")),
    st.tuples(st.just("restart")),
)


def run(stack: Stack, op) -> None:
    c = stack.controller
    kind = op[0]
    if kind == "create":
        c.create_topics([topic(op[1], op[2], 1, op[3])])
    elif kind == "delete":
        c.delete_topics([op[1]])
    elif kind == "partitions":
        c.create_partitions([new_partitions(op[1], op[2])])
    elif kind == "config":
        c.incremental_alter_configs([resource(TOPIC_RESOURCE, op[1], (op[2], op[3], op[4]))])
    elif kind == "pid":
        if stack.broker_epoch is None:
            stack.broker_epoch = stack.image.brokers[NODE_ID].epoch
        c.allocate_producer_ids(NODE_ID, stack.broker_epoch)
    else:
        stack.reopen()


def check(ops, snapshot_max_bytes: int) -> None:
    directory = tempfile.mkdtemp(prefix="kbroker-replay-")
    stack = Stack(directory, snapshot_max_bytes=snapshot_max_bytes)
    try:
        for op in ops:
            run(stack, op)
        before = stack.image
        assert apply_records(MetadataImage(), image_records(before), before.offset, before.epoch) == before
        stack.reopen()
        after = stack.image
        assert same_content(before, after)
        assert after.offset == before.offset
    finally:
        stack.close()
        shutil.rmtree(directory, ignore_errors=True)


@settings(max_examples=40, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(operations, max_size=14))
def test_reopen_gives_the_same_image(ops):
    check(ops, snapshot_max_bytes=1 << 40)


@settings(max_examples=40, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(operations, max_size=14))
def test_reopen_with_frequent_snapshots_gives_the_same_image(ops):
    check(ops, snapshot_max_bytes=300)


def test_snapshots_are_taken_and_loaded(tmp_path):
    stack = Stack(tmp_path, snapshot_max_bytes=500)
    try:
        for i in range(8):
            stack.controller.create_topics([topic(f"t{i}", 3, 1, {"retention.ms": str(1000 + i)})])
        stack.controller.delete_topics(["t0"])
        snapshot = stack.raft.latest_snapshot
        assert snapshot is not None and snapshot.end_offset > 1
        assert stack.raft.log.log_start_offset > 0  # segments under the snapshot are gone
        before = stack.image
        stack.reopen()
        assert same_content(before, stack.image) and stack.image.offset == before.offset
        assert sorted(stack.image.topics_by_name) == [f"t{i}" for i in range(1, 8)]
    finally:
        stack.close()
