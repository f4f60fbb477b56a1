"""The web console of a real `kbroker serve --http 127.0.0.1:0`, loaded in headless Debian chromium (through its
DevTools protocol) after kafka-python produced, consumed and committed (and a confluent-kafka member of a KIP-848 group did too): every page, reached by following the
console's own links, shows the topic with its offsets and sizes and the group with its members, committed offsets
and lag, as the DOM has them; a screenshot of each page is taken (into docs/console/ when
KBROKER_CONSOLE_SCREENSHOTS names that directory, which is how the committed ones were made). The message browser
shows the records produced (keys, headers, values as text, JSON or hex), the throughput charts fill while the test
produces, and with kbroker.console.write.enable on, the forms create and delete a topic and reset a group's offsets
(refused for a group with a member)."""

from __future__ import annotations

import glob
import json
import os
import re
import time
import urllib.error
import urllib.request

import pytest

from kbroker.testing import start_broker_process
from tests.web.chromium_cdp import Chromium, chromium_path
from tests.web.console_dom import base as _base
from tests.web.console_dom import facts as _facts
from tests.web.console_dom import heading as _heading
from tests.web.console_dom import result as _result
from tests.web.console_dom import rows as _rows
from tests.web.web_clients import read_and_commit

pytestmark = pytest.mark.skipif(chromium_path() is None,
                                reason="chromium not installed (Debian: apt-get install chromium; `make test` "
                                       "installs it)")

TOPIC = "console-orders"
GROUP = "console-readers"
GROUP_848 = "console-848"  # a consumer group of KIP-848's protocol, read by confluent-kafka
# a group id may hold any character: the pages must show it as text, never as markup
MARKUP_GROUP = '<b id="injected">bold</b> & "quoted"/slashed'
PARTITIONS = 3
READ, UNREAD = 300, 40
BROWSE_TOPIC = "console-browse"  # one partition, gzip batches, what the message browser shows
TRAFFIC_TOPIC = "console-traffic"  # produced to while the charts are watched
MADE_TOPIC = "console-made"  # created and deleted through the console's forms
RESET_GROUP = "console-reset"  # its offsets reset through the console's form



def _link(browser: Chromium, text: str) -> str:
    """The address of the page's link showing `text`."""
    return browser.evaluate(
        f"Array.from(document.querySelectorAll('a')).find(a => a.innerText === {json.dumps(text)}).href")


def _read_and_commit_848(bootstrap: str, base: str):
    """A confluent-kafka member of GROUP_848 (group.protocol=consumer) that read READ records and committed them,
    returned once the console shows its group Stable (the member acknowledged its assignment)."""
    import confluent_kafka

    consumer = confluent_kafka.Consumer({"bootstrap.servers": bootstrap, "group.id": GROUP_848,
                                         "group.protocol": "consumer", "auto.offset.reset": "earliest",
                                         "enable.auto.commit": False})
    consumer.subscribe([TOPIC])
    seen = 0
    deadline = time.monotonic() + 60
    while seen < READ and time.monotonic() < deadline:
        message = consumer.poll(0.5)
        if message is not None:
            assert message.error() is None, message.error()
            seen += 1
    assert seen == READ
    consumer.commit(asynchronous=False)
    while "<dt>State</dt><dd>Stable</dd>" not in _get(f"{base}/groups/{GROUP_848}") and time.monotonic() < deadline:
        consumer.poll(0.2)
    return consumer


def _commit_as_markup_group(bootstrap: str) -> None:
    """MARKUP_GROUP commits offset 5 of partition 0 (with markup in its metadata too), without ever joining."""
    from kafka import KafkaConsumer, TopicPartition
    from kafka.structs import OffsetAndMetadata

    consumer = KafkaConsumer(bootstrap_servers=bootstrap, group_id=MARKUP_GROUP, enable_auto_commit=False)
    consumer.commit({TopicPartition(TOPIC, 0): OffsetAndMetadata(5, "<i>meta</i>", -1)})
    consumer.close()


def _get(url: str) -> str:
    with urllib.request.urlopen(url, timeout=30) as response:
        return response.read().decode()


def _produce(bootstrap: str, start: int, count: int) -> None:
    from kafka import KafkaProducer

    producer = KafkaProducer(bootstrap_servers=bootstrap, acks="all")
    for i in range(start, start + count):
        producer.send(TOPIC, key=f"k{i}".encode(), value=f"order {i}".encode())
    producer.flush()
    producer.close()


BROWSED = [  # (key, headers, value) as produced to BROWSE_TOPIC
    (b"user-1", [("trace", b"t-1"), ("raw", b"\xff\x00")], b'{"id": 1, "name": "ada"}'),
    (None, [], b"\x00\x01\xfe"),
    (b"<b>k</b>", [("h", b"v")], b"plain <i>text</i>"),
]


def _produce_to_browse(bootstrap: str) -> None:
    from kafka import KafkaProducer

    producer = KafkaProducer(bootstrap_servers=bootstrap, acks="all", compression_type="gzip", linger_ms=100)
    for key, headers, value in BROWSED:
        producer.send(BROWSE_TOPIC, key=key, value=value, headers=headers)
    producer.flush()
    producer.close()


@pytest.fixture(scope="module")
def console(tmp_path_factory):
    """(broker, browser, screenshot dir) once READ records were read and committed by GROUP, whose consumer stays
    a member, and UNREAD more were produced."""
    from kafka import KafkaAdminClient
    from kafka.admin import NewTopic

    log_dir = str(tmp_path_factory.mktemp("console") / "kafka-logs")
    shots = os.environ.get("KBROKER_CONSOLE_SCREENSHOTS") or str(tmp_path_factory.mktemp("screenshots"))
    os.makedirs(shots, exist_ok=True)
    with start_broker_process(log_dir, {"kbroker.console.write.enable": "true"},
                              extra_args=["--http", "127.0.0.1:0"]) as broker:
        admin = KafkaAdminClient(bootstrap_servers=broker.bootstrap)
        admin.create_topics([NewTopic(TOPIC, PARTITIONS, 1), NewTopic(BROWSE_TOPIC, 1, 1),
                             NewTopic(TRAFFIC_TOPIC, 1, 1)])
        admin.close()
        _produce(broker.bootstrap, 0, READ)
        consumer = read_and_commit(broker.bootstrap, TOPIC, GROUP, READ)
        consumer_848 = _read_and_commit_848(broker.bootstrap, _base(broker))
        _commit_as_markup_group(broker.bootstrap)
        _produce(broker.bootstrap, READ, UNREAD)
        _produce_to_browse(broker.bootstrap)
        browser = Chromium()
        try:
            yield broker, browser, shots
        finally:
            browser.close()
            consumer.close()
            consumer_848.close()
        assert broker.terminate() == 0


def _topic_log_bytes(log_dir: str) -> int:
    return sum(os.path.getsize(f) for f in glob.glob(os.path.join(log_dir, f"{TOPIC}-*", "*.log")))


def test_overview_shows_the_node(console):
    broker, browser, shots = console
    browser.load(_base(broker) + "/")
    facts = _facts(browser)
    assert len(facts["Cluster id"]) == 22  # a Kafka cluster id: base64 of 16 bytes
    assert (facts["Node id"], facts["Roles"], facts["Controller"]) == ("1", "broker,controller", "1")
    assert facts["Version"].endswith("(Kafka 4.3.1)")
    assert re.fullmatch(r"(\d+d )?\d\d:\d\d:\d\d", facts["Uptime"])
    assert facts["Consumer groups"] == "3"
    port = broker.bootstrap.rsplit(":", 1)[1]
    assert ["PLAINTEXT", f"127.0.0.1:{port}", "PLAINTEXT"] in _rows(browser, "listeners")
    assert _rows(browser, "brokers") == [["1", f"PLAINTEXT://127.0.0.1:{port}", "\u2014", "active"]]
    browser.screenshot(os.path.join(shots, "overview.png"))


def test_topics_and_topic_pages_show_offsets_and_sizes(console):
    broker, browser, shots = console
    browser.load(_base(broker) + "/")
    browser.load(_link(browser, "Topics"))
    rows = {row[0]: row for row in _rows(browser, "topics")}
    size = str(_topic_log_bytes(broker.log_dir))
    assert rows[TOPIC] == [TOPIC, "no", str(PARTITIONS), "1", "1", "0", "0", str(READ + UNREAD), size]
    assert rows["__consumer_offsets"][1] == "yes"
    browser.screenshot(os.path.join(shots, "topics.png"))

    browser.load(_link(browser, TOPIC))
    assert browser.evaluate("document.querySelector('h1').innerText") == f"Topic {TOPIC}"
    partitions = _rows(browser, "partitions")
    assert [row[:4] for row in partitions] == [[str(i), "1", "1", "1"] for i in range(PARTITIONS)]
    assert all(row[4] == "0" and row[5] == row[6] for row in partitions)  # log start 0, high watermark = end
    assert sum(int(row[5]) for row in partitions) == READ + UNREAD
    assert sum(int(row[7]) for row in partitions) == int(size)
    readers = {row[0]: row[1:] for row in _rows(browser, "readers")}
    assert readers[GROUP] == readers[GROUP_848] == [str(PARTITIONS), str(UNREAD)]
    assert readers[MARKUP_GROUP][0] == "1"
    configs = {row[0]: row[1:] for row in _rows(browser, "configs")}
    assert configs["cleanup.policy"] == ["delete", "default"]
    assert configs["retention.ms"] == ["604800000", "default"]
    browser.screenshot(os.path.join(shots, "topic.png"))


def test_groups_and_group_pages_show_committed_offsets_and_lag(console):
    broker, browser, shots = console
    browser.load(_base(broker) + "/")
    browser.load(_link(browser, "Consumer groups"))
    groups = _rows(browser, "groups")
    assert groups[1:] == [
        [GROUP_848, "consumer", "Stable", "consumer", "uniform", "1", str(PARTITIONS), str(UNREAD)],
        [GROUP, "classic", "Stable", "consumer", "range", "1", str(PARTITIONS), str(UNREAD)]]
    browser.screenshot(os.path.join(shots, "groups.png"))

    browser.load(_link(browser, GROUP))
    assert _facts(browser)["Lag"] == str(UNREAD)
    [member] = _rows(browser, "members")
    assert member[2] == "kafka-python-3.0.12"
    assert member[4] == ", ".join(f"{TOPIC}-{i}" for i in range(PARTITIONS))
    offsets = _rows(browser, "offsets")
    assert [row[:2] for row in offsets] == [[TOPIC, str(i)] for i in range(PARTITIONS)]
    assert sum(int(row[2]) for row in offsets) == READ
    assert sum(int(row[3]) for row in offsets) == READ + UNREAD
    assert all(int(row[4]) == int(row[3]) - int(row[2]) for row in offsets)
    browser.screenshot(os.path.join(shots, "group.png"))

    browser.load(_link(browser, TOPIC))  # offsets link to their topic
    assert browser.evaluate("document.querySelector('h1').innerText") == f"Topic {TOPIC}"

    browser.load(_base(broker) + "/groups")
    browser.load(_link(browser, GROUP_848))
    facts = _facts(browser)
    assert (facts["Type"], facts["State"], facts["Lag"]) == ("consumer", "Stable", str(UNREAD))
    [member] = _rows(browser, "members")
    assert member[4] == ", ".join(f"{TOPIC}-{i}" for i in range(PARTITIONS))  # topic ids named from the image
    assert sum(int(row[2]) for row in _rows(browser, "offsets")) == READ
    browser.screenshot(os.path.join(shots, "group-consumer-protocol.png"))


def test_a_group_id_with_markup_shows_as_text(console):
    broker, browser, _ = console
    browser.load(_base(broker) + "/groups")
    assert _rows(browser, "groups")[0][:3] == [MARKUP_GROUP, "classic", "Empty"]
    browser.load(_link(browser, MARKUP_GROUP))
    assert browser.evaluate("document.querySelector('h1').innerText") == f"Group {MARKUP_GROUP}"
    assert browser.evaluate("document.getElementById('injected') === null")
    assert browser.evaluate("document.querySelectorAll('main b, main i').length") == 0
    [offset] = _rows(browser, "offsets")
    partition_0_end = int(_rows_of_topic(browser, broker)[0][5])
    assert offset == [TOPIC, "0", "5", str(partition_0_end), str(partition_0_end - 5), "<i>meta</i>"]


def _rows_of_topic(browser: Chromium, broker) -> list[list[str]]:
    browser.load(_base(broker) + f"/topics/{TOPIC}")
    return _rows(browser, "partitions")


def test_unknown_pages_are_404_and_other_methods_405(console):
    broker, browser, _ = console
    for path in ("/topics/no-such-topic", "/groups/no-such-group"):
        with pytest.raises(urllib.error.HTTPError) as failed:
            urllib.request.urlopen(_base(broker) + path, timeout=30)
        assert failed.value.code == 404
        assert failed.value.headers["Content-Type"] == "text/html; charset=utf-8"
    browser.load(_base(broker) + "/topics/no-such-topic")
    assert browser.evaluate("document.querySelector('main p').innerText") == "No topic no-such-topic here."
    request = urllib.request.Request(_base(broker) + "/topics", method="POST", data=b"")
    with pytest.raises(urllib.error.HTTPError) as failed:
        urllib.request.urlopen(request, timeout=30)
    assert failed.value.code == 405


def _cells(browser: Chromium, table: str) -> list[list[str]]:
    """A table's rows with each cell's text on one line (a header's value is a block of its own)."""
    return [[" ".join(cell.split()) for cell in row] for row in _rows(browser, table)]


def test_the_message_browser_shows_what_was_produced(console):
    broker, browser, shots = console
    browser.load(_base(broker) + f"/topics/{BROWSE_TOPIC}")
    browser.load(_link(browser, "0"))  # the partition's link
    assert browser.evaluate("document.querySelector('h1').innerText") == f"Topic {BROWSE_TOPIC} partition 0"
    rows = _cells(browser, "records")
    assert [row[0] for row in rows] == ["0", "1", "2"]
    assert all(re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} UTC \(\d{13}\)", row[1]) for row in rows)
    assert {row[2] for row in rows} == {"CreateTime"}
    assert [row[3:] for row in rows] == [
        ["user-1", "trace: t-1 raw: ff 00 (hex)", '{"id": 1, "name": "ada"}'],
        ["null", "", "00 01 fe (hex)"],
        ["<b>k</b>", "h: v", "plain <i>text</i>"]]
    assert browser.evaluate("document.querySelectorAll('table.records b:not(li > b), table.records i').length") == 0
    browser.screenshot(os.path.join(shots, "partition.png"))

    # JSON, chosen in the page's own form: the value that parses is pretty-printed, the others fall back
    browser.act("document.querySelector('select[name=format]').value = 'json';"
                "document.querySelector('form.browse').submit()")
    values = [row[-1] for row in _rows(browser, "records")]
    assert values[0] == '{\n  "id": 1,\n  "name": "ada"\n}'
    assert " ".join(values[1].split()) == "00 01 fe (hex)" and " ".join(values[2].split()) == "plain <i>text</i> (text)"
    browser.screenshot(os.path.join(shots, "partition-json.png"))

    browser.act("document.querySelector('input[name=offset]').value = '1';"
                "document.querySelector('input[name=count]').value = '1';"
                "document.querySelector('select[name=format]').value = 'hex';"
                "document.querySelector('form.browse').submit()")
    [row] = _cells(browser, "records")
    assert (row[0], row[3], row[5]) == ("1", "null", "00 01 fe")
    browser.load(_link(browser, "Newer"))
    assert [row[0] for row in _cells(browser, "records")] == ["2"]


def test_the_throughput_charts_draw_the_traffic(console):
    from kafka import KafkaProducer

    broker, browser, shots = console
    producer = KafkaProducer(bootstrap_servers=broker.bootstrap, acks="all")
    try:
        browser.load(_base(broker) + "/")
        assert browser.evaluate("document.querySelectorAll('div.traffic svg.chart').length") == 2
        seen_in = 0.0
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            producer.send(TRAFFIC_TOPIC, value=b"x" * 1000).get(timeout=30)
            caption = browser.evaluate("document.querySelector('div.traffic figcaption').innerText")
            found = re.match(r"bytes in ([\d.]+)(k|M|G)?/s", caption)
            if found:
                seen_in = max(seen_in, float(found[1]))
            samples = int(browser.evaluate("document.querySelector('svg.chart').dataset.samples"))
            if seen_in > 0 and samples >= 4:
                break
            time.sleep(0.2)
        assert seen_in > 0 and samples >= 4
        assert browser.evaluate("document.querySelector('svg.chart polyline.in').getAttribute('points')")
        browser.screenshot(os.path.join(shots, "overview-charts.png"))

        browser.call("Emulation.setScriptExecutionDisabled", value=True)  # without the script: the page, a note
        try:
            browser.load(_base(broker) + "/")
            assert browser.evaluate("document.querySelectorAll('svg.chart').length") == 0
            assert browser.evaluate("document.querySelector('div.traffic').innerText").startswith(
                "The live charts need JavaScript; the same counters are on /metrics")
            assert _facts(browser)["Node id"] == "1"
        finally:
            browser.call("Emulation.setScriptExecutionDisabled", value=False)

        browser.load(_base(broker) + f"/topics/{TRAFFIC_TOPIC}")
        assert browser.evaluate("document.querySelector('div.traffic').dataset.topic") == TRAFFIC_TOPIC
        while time.monotonic() < deadline and int(browser.evaluate(
                "document.querySelector('svg.chart').dataset.samples")) < 1:
            time.sleep(0.2)
        assert "bytes in" in browser.evaluate("document.querySelector('div.traffic figcaption').innerText")
    finally:
        producer.close()


def test_a_topic_is_created_and_deleted_through_the_forms(console):
    broker, browser, shots = console
    browser.load(_base(broker) + "/topics")
    browser.evaluate(f"document.querySelector('form.create-topic input[name=name]').value = {json.dumps(MADE_TOPIC)};"
                     "document.querySelector('form.create-topic input[name=partitions]').value = '2'")
    browser.screenshot(os.path.join(shots, "topics-create.png"))
    browser.act("document.querySelector('form.create-topic').submit()")
    assert _heading(browser) == "Topic created"
    assert _result(browser) == [f"Created topic {MADE_TOPIC} with 2 partitions and replication factor 1."]
    browser.screenshot(os.path.join(shots, "topic-created.png"))
    browser.load(_link(browser, f"Topic {MADE_TOPIC}"))
    assert [row[0] for row in _rows(browser, "partitions")] == ["0", "1"]

    browser.act("document.querySelector('form.delete-topic').submit()")
    assert (_heading(browser), _result(browser)) == ("Topic deleted", [f"Deleted topic {MADE_TOPIC}."])
    browser.load(_base(broker) + "/topics")
    assert MADE_TOPIC not in [row[0] for row in _rows(browser, "topics")]

    browser.load(_base(broker) + "/topics")  # the same name twice: Kafka's error, named
    browser.evaluate("document.querySelector('form.create-topic input[name=name]').value = "
                     f"{json.dumps(TOPIC)}")
    browser.act("document.querySelector('form.create-topic').submit()")
    assert _heading(browser) == "Topic not created"
    assert _result(browser)[0].startswith("TOPIC_ALREADY_EXISTS: ")


def _commit_without_joining(bootstrap: str, group: str, offset: int) -> None:
    from kafka import KafkaConsumer, TopicPartition
    from kafka.structs import OffsetAndMetadata

    consumer = KafkaConsumer(bootstrap_servers=bootstrap, group_id=group, enable_auto_commit=False)
    consumer.commit({TopicPartition(TOPIC, i): OffsetAndMetadata(offset, "", -1) for i in range(PARTITIONS)})
    consumer.close()


def test_a_groups_offsets_are_reset_through_the_form(console):
    broker, browser, shots = console
    browser.load(_base(broker) + f"/groups/{GROUP}")  # a member is in it: refused, as the tool refuses
    browser.act("document.querySelector('form.reset-offsets').submit()")
    assert _heading(browser) == "Not done: offset reset"
    assert _result(browser) == [f"Assignments can only be reset if the group '{GROUP}' is inactive, but the "
                                "current state is Stable."]

    _commit_without_joining(broker.bootstrap, RESET_GROUP, 5)
    browser.load(_base(broker) + f"/groups/{RESET_GROUP}")
    assert [row[2] for row in _rows(browser, "offsets")] == ["5"] * PARTITIONS
    ends = [row[3] for row in _rows(browser, "offsets")]
    browser.evaluate("document.querySelector('form.reset-offsets select[name=strategy]').value = 'to-latest'")
    browser.screenshot(os.path.join(shots, "group-reset.png"))
    browser.act("document.querySelector('form.reset-offsets').submit()")
    assert _heading(browser) == f"Offsets of group {RESET_GROUP} reset"
    assert _result(browser) == [f"Reset {PARTITIONS} partitions to-latest:"] + [
        f"{TOPIC}-{i}: {ends[i]}" for i in range(PARTITIONS)]
    browser.screenshot(os.path.join(shots, "group-reset-done.png"))
    browser.load(_link(browser, f"Group {RESET_GROUP}"))
    assert [row[2] for row in _rows(browser, "offsets")] == ends
    assert _facts(browser)["Lag"] == "0"

    browser.evaluate("document.querySelector('form.reset-offsets select[name=strategy]').value = 'to-offset';"
                     "document.querySelector('form.reset-offsets input[name=offset]').value = '1000000'")
    browser.act("document.querySelector('form.reset-offsets').submit()")
    result = _result(browser)
    assert result[PARTITIONS] == f"Reset {PARTITIONS} partitions to-offset 1000000:"  # after the tool's warnings
    assert result[0] == (f"New offset (1000000) is higher than latest offset for topic partition {TOPIC}-0. "
                         f"Value will be set to {ends[0]}")
    assert result[-PARTITIONS:] == [f"{TOPIC}-{i}: {ends[i]}" for i in range(PARTITIONS)]


def test_a_post_from_another_origin_is_refused(console):
    broker, _, _ = console
    request = urllib.request.Request(_base(broker) + "/console/topics/create", method="POST",
                                     data=b"name=evil&csrf_token=x",
                                     headers={"Origin": "http://evil.example"})
    with pytest.raises(urllib.error.HTTPError) as failed:
        urllib.request.urlopen(request, timeout=30)
    assert failed.value.code == 403
