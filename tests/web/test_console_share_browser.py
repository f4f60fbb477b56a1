"""Share groups in the web console of a real `kbroker serve --http 127.0.0.1:0`, loaded in headless chromium: a
confluent-kafka ShareConsumer (KIP-932) joins a share group, reads and accepts records; the groups list shows
the share group, its page the member with its assignment and, per share-partition, the start offset, the
in-flight window and the lag; once the member left, the console's form resets the start offsets to the earliest
(refused while the member was in the group). Screenshots go to docs/console/ when KBROKER_CONSOLE_SCREENSHOTS
names that directory."""

from __future__ import annotations

import os
import time

import pytest

from kbroker.testing import start_broker_process
from tests.web.chromium_cdp import Chromium, chromium_path
from tests.web.console_dom import base as _base
from tests.web.console_dom import facts as _facts
from tests.web.console_dom import heading as _heading
from tests.web.console_dom import result as _result
from tests.web.console_dom import rows as _rows

pytestmark = pytest.mark.skipif(chromium_path() is None,
                                reason="chromium not installed (Debian: apt-get install chromium; `make test` "
                                       "installs it)")

TOPIC = "console-share-orders"
GROUP = "console-sharers"
PARTITIONS = 2
PRODUCED = 60
WANTED = 30  # the consumer is done with (accepted or rejected) at least this many, then stops acknowledging
DEADLINE_S = 60



def _wait_for_page(browser: Chromium, url: str, shown, poll=None) -> None:
    """Load `url` until `shown(browser)` holds (calling `poll` between loads: a share consumer heartbeats only
    while it polls)."""
    deadline = time.monotonic() + DEADLINE_S
    while True:
        browser.load(url)
        if shown(browser):
            return
        assert time.monotonic() < deadline, browser.evaluate("document.querySelector('main').innerText")
        if poll is not None:
            poll()
        else:
            time.sleep(0.2)


def _produce(bootstrap: str) -> None:
    from kafka import KafkaProducer

    producer = KafkaProducer(bootstrap_servers=bootstrap, acks="all")
    for i in range(PRODUCED):
        producer.send(TOPIC, key=f"k{i}".encode(), value=f"order {i}".encode(), partition=i % PARTITIONS)
    producer.flush()
    producer.close()


@pytest.fixture(scope="module")
def share_console(tmp_path_factory):
    from kafka import KafkaAdminClient
    from kafka.admin import NewTopic

    log_dir = str(tmp_path_factory.mktemp("share-console") / "kafka-logs")
    shots = os.environ.get("KBROKER_CONSOLE_SCREENSHOTS") or str(tmp_path_factory.mktemp("screenshots"))
    os.makedirs(shots, exist_ok=True)
    with start_broker_process(log_dir, {"kbroker.console.write.enable": "true"},
                              extra_args=["--http", "127.0.0.1:0"]) as broker:
        admin = KafkaAdminClient(bootstrap_servers=broker.bootstrap)
        admin.create_topics([NewTopic(TOPIC, PARTITIONS, 1)])
        admin.close()
        browser = Chromium()
        try:
            yield broker, browser, shots
        finally:
            browser.close()
        assert broker.terminate() == 0


def _action(offset: int, seen: bool):
    """How the consumer acknowledges a delivery: a few rejected, a few released once (delivered again)."""
    import confluent_kafka

    if offset % 10 == 3:
        return confluent_kafka.AcknowledgeType.REJECT
    if offset % 10 == 7 and not seen:
        return confluent_kafka.AcknowledgeType.RELEASE
    return confluent_kafka.AcknowledgeType.ACCEPT


def test_a_share_groups_members_share_partitions_and_lag_and_its_reset(share_console):
    import confluent_kafka

    broker, browser, shots = share_console
    page = f"{_base(broker)}/groups/{GROUP}"
    consumer = confluent_kafka.ShareConsumer({"bootstrap.servers": broker.bootstrap, "group.id": GROUP,
                                              "client.id": "console-share-client",
                                              "share.acknowledgement.mode": "explicit"})
    last = {}  # (partition, offset) -> the last acknowledgement type sent
    done = lambda p: sum(1 for (q, _), a in last.items() if q == p and a != confluent_kafka.AcknowledgeType.RELEASE)  # noqa: E731
    held = dict.fromkeys(range(PARTITIONS), 0)  # delivered by the last poll, never acknowledged: acquired
    try:
        consumer.subscribe([TOPIC])

        def poll(acknowledge: bool = True) -> int:
            messages = consumer.poll(0.2)
            for message in messages:
                assert message.error() is None, message.error()
                key = (message.partition(), message.offset())
                if acknowledge:
                    last[key] = _action(message.offset(), key in last)
                    consumer.acknowledge(message, last[key])
                else:
                    held[message.partition()] += 1
            return len(messages)

        # The share-partitions start at the high watermark (share.auto.offset.reset latest) when first fetched:
        # produce once both exist, so every record is the group's to read.
        _wait_for_page(browser, page, lambda b: len(_rows(b, "share-partitions")) == PARTITIONS, poll)
        _produce(broker.bootstrap)
        deadline = time.monotonic() + DEADLINE_S
        while sum(map(done, range(PARTITIONS))) < WANTED and time.monotonic() < deadline:
            poll()
        consumer.commit_sync()
        finished = sum(map(done, range(PARTITIONS)))
        assert finished >= WANTED
        while finished < PRODUCED and not poll(acknowledge=False) and time.monotonic() < deadline:
            pass  # one more batch, kept acquired
        assert finished == PRODUCED or sum(held.values()) > 0

        browser.load(f"{_base(broker)}/groups")
        [row] = [r for r in _rows(browser, "groups") if r[0] == GROUP]
        assert row == [GROUP, "share", "Stable", "share", "simple", "1", str(PARTITIONS), str(PRODUCED - finished)]
        browser.screenshot(os.path.join(shots, "share-groups.png"))

        browser.load(page)
        assert _heading(browser) == f"Share group {GROUP}"
        facts = _facts(browser)
        assert (facts["Type"], facts["State"], facts["Members"], facts["Lag"]) == \
            ("share", "Stable", "1", str(PRODUCED - finished))
        [member] = _rows(browser, "members")
        assert member[2] == "console-share-client" and member[3].endswith("127.0.0.1")
        assert (member[5], member[6]) == (TOPIC, ", ".join(f"{TOPIC}-{i}" for i in range(PARTITIONS)))
        rows = _rows(browser, "share-partitions")
        assert [r[:2] for r in rows] == [[TOPIC, str(i)] for i in range(PARTITIONS)]
        for r in rows:
            partition = int(r[1])
            start, end, acquired, available, acknowledged, archived, high_watermark, lag = (
                -1 if cell == "\u2014" else int(cell) for cell in r[2:])
            assert high_watermark == PRODUCED // PARTITIONS
            # every offset before the SPSO is done; within the window, what was accepted or rejected
            assert start + acknowledged + archived == done(partition)
            rejected = sum(1 for (q, o), a in last.items() if q == partition and o >= start
                           and a == confluent_kafka.AcknowledgeType.REJECT)
            assert archived == rejected and acquired >= held[partition]
            if end >= 0:  # the window: SPSO..end, each offset in one state
                assert acquired + available + acknowledged + archived == end - start + 1
            assert lag == high_watermark - done(partition)
        browser.screenshot(os.path.join(shots, "share-group.png"))

        browser.load(f"{_base(broker)}/topics/{TOPIC}")  # the share group reads the topic
        assert [GROUP, str(PARTITIONS), str(PRODUCED - finished)] in _rows(browser, "readers")
        browser.load(page)

        browser.act("document.querySelector('form.reset-share-offsets').submit()")  # a member is in the group
        assert _heading(browser) == "Start offsets not reset"
        assert _result(browser) == ["NON_EMPTY_GROUP: The group is not empty."]
    finally:
        consumer.close()

    _wait_for_page(browser, page, lambda b: _facts(b)["State"] == "Empty")
    assert _rows(browser, "members") == []
    assert all(r[4] == "0" for r in _rows(browser, "share-partitions"))  # its acquired records were released
    browser.evaluate("document.querySelector('form.reset-share-offsets select[name=strategy]').value = "
                     "'to-earliest'")
    browser.act("document.querySelector('form.reset-share-offsets').submit()")
    assert _heading(browser) == f"Start offsets of share group {GROUP} reset"
    assert _result(browser) == [f"Reset {PARTITIONS} share-partitions to-earliest:"] + [
        f"{TOPIC}-{i}: 0" for i in range(PARTITIONS)]
    browser.load(page)
    assert _facts(browser)["Lag"] == str(PRODUCED)
    assert [r[2] for r in _rows(browser, "share-partitions")] == ["0"] * PARTITIONS
