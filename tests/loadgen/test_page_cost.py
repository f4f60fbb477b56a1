"""The reference write the broker-bound benchmark measures beside each run (bench/page_cost.py): it writes what it
says, reports its cost per GiB, keeps its file while the run it calibrates goes on and removes it after."""

from __future__ import annotations

import os

import pytest

from bench import page_cost
from bench.page_cost import ReferenceWrite


def test_the_reference_write_holds_its_file_for_the_run_and_removes_it(tmp_path):
    with ReferenceWrite(tmp_path, mib=4, cpu=0) as reference:
        written = reference.path
        assert written.stat().st_size == 4 * 1024 * 1024
        assert set(reference.figures) == {"page_cost_s_per_gib", "page_cost_user_s_per_gib",
                                          "page_cost_wall_s_per_gib"}
        assert all(value >= 0 for value in reference.figures.values())
        assert reference.figures["page_cost_wall_s_per_gib"] > 0
    assert not written.exists()
    assert os.listdir(tmp_path) == []
    if page_cost.REPORTED_KIB.exists():
        assert reference.figures["reported_to_host_mib"] >= 0


def test_a_failed_reference_write_leaves_nothing_behind(tmp_path):
    missing = tmp_path / "no-such-directory"
    with pytest.raises(RuntimeError, match="reference write"):
        with ReferenceWrite(missing, mib=1):
            pass
    assert not missing.exists()
