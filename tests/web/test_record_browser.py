"""The message browser (kbroker.http.record_browser, record_format and the partition page): records read through
the log's read path below the high watermark, decoded as text, JSON or hex (binary falls back to hex), with their
headers, from compressed batches too; read_committed hides aborted transactions and stops at the last stable
offset; control batches never show; a page reads at most PAGE_BYTES; bad query parameters are refused."""

from __future__ import annotations

import json

import pytest

from kbroker.http import console_pages, record_browser
from kbroker.http.console_model import PartitionRecords
from kbroker.http.record_browser import BadQuery, Query, read_records
from kbroker.http.record_format import HEX, JSON, TEXT, Shown, show
from kbroker.log.config import LogConfig
from kbroker.log.log import ORIGIN_COORDINATOR, Log
from kbroker.protocol import compression
from kbroker.protocol import records as R

T0 = 1_764_000_000_000


def _query(**changes) -> Query:
    fields = dict(start=None, count=20, format=TEXT, read_committed=False)
    fields.update(changes)
    return Query(**fields)


@pytest.fixture
def log(tmp_path):
    opened = Log.open(str(tmp_path / "browse-0"), LogConfig(), clock=lambda: T0)
    yield opened
    opened.close()


def _produce(log, items, *, codec=compression.NONE, **fields) -> None:
    batch = R.build_batch(items, compression_type=codec, **fields)
    log.append_as_leader(batch, 0, origin=ORIGIN_COORDINATOR if fields.get("transactional") else "client")


def _offsets(read) -> list[int]:
    return [r.record.offset for r in read.records]


def test_text_json_and_hex():
    assert show(b"caf\xc3\xa9", TEXT) == Shown("café", TEXT)
    assert show(b'{"a":[1,2]}', JSON) == Shown('{\n  "a": [\n    1,\n    2\n  ]\n}', JSON)
    assert show(b"not json", JSON) == Shown("not json", TEXT)
    assert show(b"\x00\xff\x10", TEXT) == Shown("00 ff 10", HEX)  # not UTF-8: hex whatever was asked
    assert show(b"\xff", JSON) == Shown("ff", HEX)
    assert show(b"ab", HEX) == Shown("61 62", HEX)
    assert show(None, HEX).text is None
    assert show(b"[" * 100_000, JSON).how == TEXT  # too deep to parse: text


def test_query_parameters_are_checked():
    assert Query.parse({}) == _query()
    assert Query.parse({"offset": "5", "count": "3", "format": "hex", "isolation": "read_committed"}) == \
        _query(start=5, count=3, format=HEX, read_committed=True)
    for bad in ({"offset": "-1"}, {"offset": "x"}, {"count": "0"}, {"count": str(record_browser.MAX_COUNT + 1)},
                {"format": "xml"}, {"isolation": "dirty"}):
        with pytest.raises(BadQuery):
            Query.parse(bad)


def test_newest_records_below_the_high_watermark_with_keys_headers_and_timestamps(log):
    for i in range(10):
        _produce(log, [(T0 + i, f"k{i}".encode(), f"v{i}".encode(), [("h", f"x{i}".encode()), ("n", None)])])
    read = read_records(log, 8, _query(count=3))  # offsets 8 and 9 are not committed yet
    assert _offsets(read) == [5, 6, 7]
    first = read.records[0]
    assert (first.record.key, first.record.value, first.timestamp, first.log_append_time) == (b"k5", b"v5", T0 + 5,
                                                                                             False)
    assert [(h.key, h.value) for h in first.record.headers] == [("h", b"x5"), ("n", None)]
    assert (read.start, read.next_offset, read.upper, read.stopped) == (5, 8, 8, None)
    read = read_records(log, 10, _query(start=2, count=3))
    assert (_offsets(read), read.next_offset) == ([2, 3, 4], 5)
    assert _offsets(read_records(log, 10, _query(start=9_999))) == []


def test_records_inside_a_batch_from_an_offset_and_compressed_batches(log):
    for codec in (compression.GZIP, compression.ZSTD, compression.LZ4, compression.SNAPPY):
        _produce(log, [(T0, b"k", json.dumps({"codec": codec, "i": i}).encode()) for i in range(4)], codec=codec)
    read = read_records(log, 16, _query(start=6, count=5))
    assert _offsets(read) == [6, 7, 8, 9, 10]
    assert [json.loads(r.record.value)["codec"] for r in read.records] == [compression.ZSTD] * 2 + \
        [compression.LZ4] * 3


def test_log_append_time_batches_show_the_broker_time(tmp_path):
    log = Log.open(str(tmp_path / "appended-0"), LogConfig(message_timestamp_type="LogAppendTime"),
                   clock=lambda: T0 + 500)
    try:
        _produce(log, [(T0, b"k", b"v")])
        [record] = read_records(log, 1, _query()).records
        assert (record.timestamp, record.log_append_time) == (T0 + 500, True)
    finally:
        log.close()


def test_control_batches_never_show_and_read_committed_hides_aborted_records(log):
    def txn(pid, seq, value):
        _produce(log, [(T0, None, value)], producer_id=pid, producer_epoch=0, base_sequence=seq, transactional=True)

    def marker(kind, pid):
        log.append_control_marker(kind, producer_id=pid, producer_epoch=0, coordinator_epoch=0, leader_epoch=0)

    txn(7, 0, b"aborted")                 # 0
    txn(8, 0, b"committed")               # 1
    marker(R.CONTROL_ABORT, 7)            # 2
    marker(R.CONTROL_COMMIT, 8)           # 3
    _produce(log, [(T0, None, b"plain")])  # 4
    txn(9, 0, b"open")                    # 5: its transaction is still open
    values = [r.record.value for r in read_records(log, 6, _query(start=0)).records]
    assert values == [b"aborted", b"committed", b"plain", b"open"]
    read = read_records(log, 6, _query(start=0, read_committed=True))
    assert [r.record.value for r in read.records] == [b"committed", b"plain"]
    assert read.upper == 5  # the last stable offset
    assert all(r.transactional for r in read.records[:1])


def test_a_page_reads_at_most_page_bytes(log, monkeypatch):
    monkeypatch.setattr(record_browser, "PAGE_BYTES", 1000)
    for i in range(20):
        _produce(log, [(T0, b"k", bytes([65 + i]) * 300)])
    read = read_records(log, 20, _query(start=0, count=20))
    assert 1 <= len(read.records) <= 3
    assert read.next_offset == len(read.records)
    assert "does not fit" in read.stopped
    _produce(log, [(T0, b"big", b"x" * 2000)])
    read = read_records(log, 21, _query(start=20))
    assert read.records == [] and "batch at offset 20" in read.stopped


def _page(log, hw, query) -> str:
    found = PartitionRecords("orders", 0, 1, "PLAINTEXT://127.0.0.1:9092", read_records(log, hw, query))
    return console_pages.partition_html(found, query).decode()


def test_the_page_shows_records_escaped_and_links_other_pages(log):
    _produce(log, [(T0, b"<b>key</b>", b'{"x": "<i>"}', [("trace", b"\xff\x00")]) for _ in range(3)])
    page = _page(log, 3, _query(count=2, format=JSON))
    assert "<b>key" not in page and "&lt;b&gt;key&lt;/b&gt;" in page
    assert '<pre class="json">{\n  &quot;x&quot;: &quot;&lt;i&gt;&quot;\n}</pre>' in page
    assert '<li><b>trace</b>: <pre class="hex">ff 00</pre> <span class="how">(hex)</span></li>' in page
    assert "<td>1</td><td>2025-11-24 16:00:00.000 UTC (1764000000000)</td><td>CreateTime</td>" in page
    assert 'href="/topics/orders/partitions/0?offset=0&amp;count=2&amp;format=json' in page  # older
    assert "Newer" not in page


def test_a_partition_led_elsewhere_names_its_leader():
    found = PartitionRecords("orders", 0, 2, "PLAINTEXT://10.0.0.2:9092", None)
    page = console_pages.partition_html(found, _query()).decode()
    assert "its leader is node 2 (PLAINTEXT://10.0.0.2:9092)" in page


def test_a_partition_whose_log_is_offline_says_so():
    found = PartitionRecords("orders", 0, 1, "PLAINTEXT://127.0.0.1:9092", None, offline=True)
    page = console_pages.partition_html(found, _query()).decode()
    assert "This node leads this partition but its log here is offline." in page
