"""The .txnindex format and its queries (Kafka's TransactionIndexTest as a guide)."""

import os

import pytest

from kbroker.log.txn_index import (
    ENTRY_SIZE,
    AbortedTxn,
    TransactionIndex,
    TxnIndexError,
    collect_aborted_transactions,
)


def test_entry_golden_bytes():
    txn = AbortedTxn(producer_id=0x0102030405060708, first_offset=5, last_offset=10, last_stable_offset=11)
    assert txn.encode() == bytes.fromhex(
        "0000" "0102030405060708" "0000000000000005" "000000000000000a" "000000000000000b")
    assert ENTRY_SIZE == 34


def test_append_read_back_and_file_created_lazily(tmp_path):
    path = str(tmp_path / "00000000000000000000.txnindex")
    index = TransactionIndex(0, path)
    assert not os.path.exists(path)
    assert index.all_entries() == []
    entries = [AbortedTxn(0, 0, 10, 11), AbortedTxn(1, 5, 15, 13), AbortedTxn(2, 18, 35, 25)]
    for e in entries:
        index.append(e)
    assert os.path.getsize(path) == 3 * ENTRY_SIZE
    assert TransactionIndex(0, path).all_entries() == entries
    with open(path, "rb") as f:
        assert f.read() == b"".join(e.encode() for e in entries)


def test_append_requires_increasing_last_offset(tmp_path):
    index = TransactionIndex(0, str(tmp_path / "x.txnindex"))
    index.append(AbortedTxn(0, 0, 10, 11))
    with pytest.raises(ValueError, match="must increase sequentially"):
        index.append(AbortedTxn(1, 5, 10, 13))


def test_collect_aborted_overlapping_range(tmp_path):
    index = TransactionIndex(0, str(tmp_path / "x.txnindex"))
    entries = [AbortedTxn(0, 0, 10, 11), AbortedTxn(1, 5, 15, 13), AbortedTxn(2, 18, 35, 25),
               AbortedTxn(3, 32, 50, 40)]
    for e in entries:
        index.append(e)
    assert index.collect_aborted(0, 32).aborted == entries[:3]
    assert index.collect_aborted(0, 32).is_complete  # entry 4 has lastStableOffset 40 >= 32
    assert index.collect_aborted(0, 60) == (entries, False)
    assert index.collect_aborted(0, 33).aborted == entries
    assert index.collect_aborted(11, 18).aborted == [entries[1]]
    assert index.collect_aborted(16, 17).aborted == []
    # lastStableOffset 13 >= upper bound 13: the search is complete after the second entry.
    result = index.collect_aborted(0, 13)
    assert result.aborted == entries[:2] and result.is_complete
    assert index.collect_aborted(51, 60).aborted == []


def test_collect_across_segments_stops_when_complete(tmp_path):
    first = TransactionIndex(0, str(tmp_path / "a.txnindex"))
    second = TransactionIndex(100, str(tmp_path / "b.txnindex"))
    first.append(AbortedTxn(1, 10, 20, 21))
    first.append(AbortedTxn(2, 30, 120, 130))
    second.append(AbortedTxn(3, 125, 140, 141))
    assert collect_aborted_transactions([first, second], 0, 125) == [AbortedTxn(1, 10, 20, 21),
                                                                     AbortedTxn(2, 30, 120, 130)]
    assert collect_aborted_transactions([first, second], 0, 200) == [
        AbortedTxn(1, 10, 20, 21), AbortedTxn(2, 30, 120, 130), AbortedTxn(3, 125, 140, 141)]


def test_truncate_to(tmp_path):
    path = str(tmp_path / "x.txnindex")
    index = TransactionIndex(0, path)
    entries = [AbortedTxn(0, 0, 10, 2), AbortedTxn(1, 5, 15, 16), AbortedTxn(2, 18, 35, 25)]
    for e in entries:
        index.append(e)
    index.truncate_to(15)
    assert index.all_entries() == entries[:1]
    assert os.path.getsize(path) == ENTRY_SIZE
    assert TransactionIndex(0, path).all_entries() == entries[:1]
    index.append(AbortedTxn(7, 12, 13, 14))
    index.truncate_to(0)
    assert TransactionIndex(0, path).all_entries() == []


def test_sanity_check(tmp_path):
    path = str(tmp_path / "x.txnindex")
    TransactionIndex(0, path).append(AbortedTxn(0, 0, 10, 11))
    TransactionIndex(0, path).sanity_check()
    with pytest.raises(TxnIndexError, match="less than start offset 20"):
        TransactionIndex(20, path).sanity_check()


def test_torn_or_bad_version_file_is_rejected(tmp_path):
    path = str(tmp_path / "x.txnindex")
    with open(path, "wb") as f:
        f.write(AbortedTxn(0, 0, 10, 11).encode() + b"\0\0\0")
    with pytest.raises(TxnIndexError, match="Unexpected end"):
        TransactionIndex(0, path).sanity_check()
    with open(path, "wb") as f:
        f.write(b"\0\x01" + AbortedTxn(0, 0, 10, 11).encode()[2:])
    with pytest.raises(TxnIndexError, match="version 1"):
        TransactionIndex(0, path).all_entries()


def test_reset_rename_delete(tmp_path):
    path = str(tmp_path / "x.txnindex")
    index = TransactionIndex(0, path)
    index.append(AbortedTxn(0, 0, 10, 11))
    new_path = str(tmp_path / "x.txnindex.swap")
    index.rename(new_path)
    assert not os.path.exists(path) and os.path.getsize(new_path) == ENTRY_SIZE
    index.reset()
    assert index.all_entries() == [] and os.path.getsize(new_path) == 0
    index.append(AbortedTxn(0, 0, 10, 11))
    index.delete()
    assert not os.path.exists(new_path) and index.all_entries() == []
