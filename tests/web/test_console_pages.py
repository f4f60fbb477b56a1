"""The web console's rendering (kbroker.http.console_pages, html): every value escaped, long lists cut with a
"first N of M" note, sensitive configs without their value, 404 for an unknown topic or group, and the routes
served by the HTTP server (names percent-decoded from the path, 405 for other methods)."""

from __future__ import annotations

import json
import uuid

import trio
import trio.testing

from kbroker.http import console_pages
from kbroker.http.console_model import (
    BrokerRow,
    Capped,
    ConfigRow,
    GroupDetail,
    GroupRow,
    ListenerRow,
    MemberRow,
    OffsetRow,
    Overview,
    PartitionRecords,
    PartitionRow,
    ReaderRow,
    TopicDetail,
    TopicRow,
    _classic_assignment,
)
from kbroker.http.server import HttpServer
from kbroker.protocol.messages.consumer_protocol_assignment import ConsumerProtocolAssignment, TopicPartition
from tests.web.web_clients import exchange

EVIL = '<script>alert("x")</script>&'
ESCAPED = "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;"


def _topic(name: str = "orders", **changes) -> TopicRow:
    row = dict(name=name, topic_id=uuid.UUID(int=7), internal=False, partitions=2, replication_factor=1, leaders=(1,),
               under_replicated=0, offline=0, hosted=2, records=30, size=1234)
    row.update(changes)
    return TopicRow(**row)


def _group(group_id: str = "readers", **changes) -> GroupRow:
    row = dict(group_id=group_id, kind="classic", state="Empty", protocol_type="consumer", protocol="range",
               members=0, committed_partitions=1, lag=5)
    row.update(changes)
    return GroupRow(**row)


def _overview(**changes) -> Overview:
    row = dict(cluster_id="abc", node_id=1, roles="broker,controller", controller_id=1, version="0.1.0",
               kafka_version="4.3.1", uptime_s=90061.0, listeners=[ListenerRow("PLAINTEXT", "127.0.0.1:9092",
                                                                                 "PLAINTEXT")],
               brokers=Capped([BrokerRow(1, "PLAINTEXT://127.0.0.1:9092", None, False)], 1), topics=1,
               partitions=2, groups=1)
    row.update(changes)
    return Overview(**row)


def test_overview_shows_the_node_and_its_uptime():
    page = console_pages.overview_html(_overview()).decode()
    assert "<dt>Cluster id</dt><dd>abc</dd>" in page
    assert "<dt>Uptime</dt><dd>1d 01:01:01</dd>" in page
    assert "<dt>Version</dt><dd>kbroker 0.1.0 (Kafka 4.3.1)</dd>" in page
    assert "<td>127.0.0.1:9092</td>" in page
    assert page.startswith("<!DOCTYPE html>") and '<meta charset="utf-8">' in page
    # the one script is the console's own, deferred; without it the charts' place says where the counters are
    assert page.count("<script") == 1 and '<script src="/console.js" defer></script>' in page
    assert '<div class="traffic"><p class="note">The live charts need JavaScript' in page


def test_an_unknown_controller_and_absent_values_show_a_dash():
    page = console_pages.overview_html(_overview(controller_id=-1, cluster_id=None, groups=None)).decode()
    assert "<dt>Controller</dt><dd>\u2014</dd>" in page
    assert "<dt>Cluster id</dt><dd>\u2014</dd>" in page


def test_names_are_escaped_in_text_and_percent_encoded_in_links():
    page = console_pages.groups_html(Capped([_group(EVIL)], 1)).decode()
    assert EVIL not in page
    assert ESCAPED in page
    assert 'href="/groups/%3Cscript%3Ealert%28%22x%22%29%3C%2Fscript%3E%26"' in page
    detail = GroupDetail(_group(EVIL), Capped([MemberRow(EVIL, EVIL, EVIL, EVIL, EVIL)], 1),
                         Capped([OffsetRow("t", 0, 10, EVIL, 15, 5)], 1))
    page = console_pages.group_html(detail).decode()
    assert "<script" not in page
    assert page.count(ESCAPED) == 8  # title, heading, five member cells, the offset's metadata
    assert "<td>10</td><td>15</td><td>5</td>" in page


def test_long_lists_show_their_first_rows_and_say_how_many_there_are():
    page = console_pages.topics_html(Capped([_topic(f"t{i}") for i in range(3)], 4500)).decode()
    assert page.count('href="/topics/t') == 3
    assert "first 3 of 4500 topics" in page
    page = console_pages.topics_html(Capped([_topic("t0")], 1)).decode()
    assert "first " not in page


def test_the_model_cuts_before_building_rows():
    capped = Capped.of(range(10), 4)
    assert (list(capped.rows), capped.total) == ([0, 1, 2, 3], 10)


def test_topic_page_shows_partitions_and_hides_sensitive_configs():
    partitions = Capped([PartitionRow(0, 1, (1, 2), (1,), 3, 40, 38, 999), PartitionRow(1, -1, (2,), (), None, None,
                                                                                        None, None)], 2)
    configs = [ConfigRow("retention.ms", "604800000", False, "default"), ConfigRow("secret", None, True, "topic")]
    readers = Capped([ReaderRow("readers", 2, 7)], 3)
    page = console_pages.topic_html(TopicDetail(_topic(), partitions, configs, readers)).decode()
    assert '<td><a href="/groups/readers">readers</a></td><td>2</td><td>7</td>' in page
    assert "first 1 of 3 groups" in page
    assert ('<td><a href="/topics/orders/partitions/0">0</a></td><td>1</td><td>1, 2</td><td>1</td><td>3</td>'
            "<td>40</td><td>38</td><td>999</td>") in page
    assert '/partitions/1">1</a></td><td>\u2014</td><td>2</td><td>\u2014</td>' in page  # no leader, empty ISR
    assert "<td>secret</td><td>(sensitive, hidden)</td><td>topic</td>" in page


def test_a_classic_consumer_assignment_is_read_and_garbage_is_not():
    assignment = ConsumerProtocolAssignment(assigned_partitions=[TopicPartition("orders", [1, 0])])
    data = (3).to_bytes(2, "big") + assignment.encode(3)
    assert _classic_assignment(data) == "orders-0, orders-1"
    assert _classic_assignment(b"\x00") is None
    assert _classic_assignment(b"\x00\x00\xff\xff\xff") is None
    assert _classic_assignment(b"\xff\xff") is None


class _Source:
    """A ConsoleSource that knows one topic and one group."""

    def overview(self, limit):
        return _overview()

    async def topics(self, limit):
        return Capped([_topic()], 1)

    async def topic(self, name, limit):
        return TopicDetail(_topic(name), Capped([], 0), [], Capped([], 0)) if name == "orders" else None

    async def groups(self, limit):
        return Capped([_group("a/b c")], 1)

    def states(self):
        return []

    async def records(self, topic, index, query):
        return PartitionRecords(topic, index, 2, None, None) if (topic, index) == ("orders", 0) else None

    async def group(self, group_id, limit):
        return GroupDetail(_group(group_id), Capped([], 0), Capped([], 0)) if group_id == "a/b c" else None


async def _get(port: int, request: bytes) -> tuple[str, bytes]:
    head, _, body = (await exchange(port, request)).partition(b"\r\n\r\n")
    return head.decode("latin-1"), body


def _serve(requests: list[bytes]) -> list[tuple[str, bytes]]:
    console = console_pages.Console(_Source())

    async def main():
        async with trio.open_nursery() as nursery:
            bound = await nursery.start(HttpServer(console.routes(), console.prefixes()).serve, "127.0.0.1", 0)
            answers = [await _get(bound.port, request) for request in requests]
            nursery.cancel_scope.cancel()
        return answers

    # The real clock: the message browser renders in a worker thread, which a MockClock's autojump would see as
    # the whole event loop being idle and jump past the server's timeouts.
    return trio.run(main)


def test_routes_answer_pages_404s_and_405s():
    answers = _serve([b"GET / HTTP/1.1\r\n\r\n", b"GET /topics/orders HTTP/1.1\r\n\r\n",
                      b"GET /topics/missing HTTP/1.1\r\n\r\n", b"GET /groups/a%2Fb%20c HTTP/1.1\r\n\r\n",
                      b"GET /groups/nobody HTTP/1.1\r\n\r\n", b"POST /topics HTTP/1.1\r\n\r\n",
                      b"HEAD /groups/nobody HTTP/1.1\r\n\r\n", b"GET /console.css HTTP/1.1\r\n\r\n",
                      b"GET /topics/ HTTP/1.1\r\n\r\n"])
    statuses = [head.split("\r\n", 1)[0] for head, _ in answers]
    assert statuses == ["HTTP/1.1 200 OK", "HTTP/1.1 200 OK", "HTTP/1.1 404 Not Found", "HTTP/1.1 200 OK",
                        "HTTP/1.1 404 Not Found", "HTTP/1.1 405 Method Not Allowed", "HTTP/1.1 404 Not Found",
                        "HTTP/1.1 200 OK", "HTTP/1.1 404 Not Found"]
    assert "Content-Type: text/html; charset=utf-8" in answers[0][0]
    assert b"<h1>Topic orders</h1>" in answers[1][1]
    assert b"No topic missing here." in answers[2][1]
    assert b"<h1>Group a/b c</h1>" in answers[3][1]
    assert answers[6][1] == b""  # HEAD: the 404's head only
    assert "Content-Type: text/css; charset=utf-8" in answers[7][0]


def test_malformed_names_in_the_path_are_404s():
    answers = _serve([b"GET /topics/%FF%FE HTTP/1.1\r\n\r\n", b"GET /groups/%ZZ%3Cb%3E HTTP/1.1\r\n\r\n",
                      b"GET /groups/%00 HTTP/1.1\r\n\r\n", b"GET /topics/orders?x=%FF HTTP/1.1\r\n\r\n"])
    assert [head.split("\r\n", 1)[0] for head, _ in answers] == ["HTTP/1.1 404 Not Found"] * 3 + ["HTTP/1.1 200 OK"]
    assert "No topic \ufffd\ufffd here.".encode() in answers[0][1]
    assert b"No group %ZZ&lt;b&gt; here." in answers[1][1]


def test_the_message_browser_route_answers_404_for_unknown_partitions_and_400_for_bad_queries():
    many = "&".join(f"p{i}=1" for i in range(100))
    answers = _serve([b"GET /topics/orders/partitions/0?count=5&format=hex HTTP/1.1\r\n\r\n",
                      b"GET /topics/orders/partitions/7 HTTP/1.1\r\n\r\n",
                      b"GET /topics/orders/partitions/x HTTP/1.1\r\n\r\n",
                      b"GET /topics/orders/partitions/%D9%A3 HTTP/1.1\r\n\r\n",  # a non-ASCII digit
                      b"GET /topics/orders/partitions/0?count=-1 HTTP/1.1\r\n\r\n",
                      b"GET /topics/orders/partitions/0?format=%3Cb%3E HTTP/1.1\r\n\r\n",
                      f"GET /topics/orders/partitions/0?{many} HTTP/1.1\r\n\r\n".encode()])
    assert [head.split("\r\n", 1)[0].split(" ", 1)[1] for head, _ in answers] == [
        "200 OK", "404 Not Found", "404 Not Found", "404 Not Found", "400 Bad Request", "400 Bad Request",
        "400 Bad Request"]
    assert b"its leader is node 2" in answers[0][1]
    assert b"No partition orders-7 here." in answers[1][1]
    assert b"count must be between 1 and 500, not -1" in answers[4][1]
    assert b"format must be one of text, json, hex, not &#x27;&lt;b&gt;&#x27;" in answers[5][1]
    assert answers[6][1] == b"more than 64 query parameters\n"


def test_the_script_and_the_traffic_endpoint_are_served():
    answers = _serve([b"GET /console.js HTTP/1.1\r\n\r\n", b"GET /console/traffic.json HTTP/1.1\r\n\r\n",
                      b"GET /topics/orders HTTP/1.1\r\n\r\n"])
    assert "Content-Type: text/javascript; charset=utf-8" in answers[0][0]
    assert b'fetch("/console/traffic.json"' in answers[0][1]
    assert "Content-Type: application/json" in answers[1][0]
    assert json.loads(answers[1][1])["node"] == {"bytes_in": 0, "bytes_out": 0, "messages_in": 0}
    assert b'<div class="traffic" data-topic="orders">' in answers[2][1]
