"""kbroker.testing's listen ports: below the kernel's ephemeral range, and a slice of their own for each
pytest-xdist worker, so that servers two workers start at the same moment never get the same port."""

from __future__ import annotations

import pytest

from kbroker import testing


@pytest.fixture
def ephemeral_from_32768(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(testing, "_ephemeral_ports_start", lambda: 32768)


def as_worker(monkeypatch: pytest.MonkeyPatch, worker: str | None, count: str | None) -> tuple[int, int]:
    for name, value in (("PYTEST_XDIST_WORKER", worker), ("PYTEST_XDIST_WORKER_COUNT", count)):
        if value is None:
            monkeypatch.delenv(name, raising=False)
        else:
            monkeypatch.setenv(name, value)
    return testing._listen_port_range()


def test_outside_xdist_every_port_below_the_ephemeral_range(monkeypatch, ephemeral_from_32768):
    assert as_worker(monkeypatch, None, None) == (20000, 32767)


def test_workers_get_disjoint_slices_that_stay_below_the_ephemeral_range(monkeypatch, ephemeral_from_32768):
    slices = [as_worker(monkeypatch, f"gw{n}", "3") for n in range(3)]
    assert slices[0][0] == 20000
    assert all(low <= high < 32768 for low, high in slices)
    assert all(slices[n][1] < slices[n + 1][0] for n in range(2))


def test_free_port_stays_in_its_workers_slice(monkeypatch, ephemeral_from_32768):
    low, high = as_worker(monkeypatch, "gw1", "2")
    assert all(low <= testing.free_port() <= high for _ in range(20))
