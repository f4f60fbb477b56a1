"""Quiet connections parked without a task (kbroker/parking.py), on an in-process broker: a connection that waits
for its next request gives up its task and gets a new one when it sends again; connections.max.idle.ms still
closes it, never early; a peer's close ends it and frees its place in the connection limits; a connection with
part of a frame received keeps its task; the listener's stop closes the parked ones. (max.connections closing a
parked connection: test_connection_limits.py.)"""

from __future__ import annotations

import logging
import struct
import time

import pytest

from kbroker import server
from kbroker.testing import broker_config, run_broker_in_thread
from tests.server.connection_tasks import PARK_AFTER_S, SETTLE_S, connection_tasks, wait_for_tasks
from tests.server.server_raw_client import RawClient, api_versions_v0


@pytest.fixture(autouse=True)
def quick_parking(monkeypatch):
    monkeypatch.setattr(server, "PARK_AFTER_S", PARK_AFTER_S)


def test_quiet_connections_give_up_their_tasks_and_are_served_when_they_send_again(tmp_path):
    with run_broker_in_thread(broker_config(tmp_path / "logs")) as broker:
        clients = [RawClient(broker.host, broker.port) for _ in range(20)]
        try:
            for client in clients:
                assert client.request(api_versions_v0()) is not None
            assert wait_for_tasks(broker, 0) == 0
            for round_ in range(3):  # parked, unparked, parked again: each time answered
                for i, client in enumerate(clients):
                    assert client.request(api_versions_v0(correlation_id=round_ * 100 + i)) is not None
                assert wait_for_tasks(broker, 0) == 0
        finally:
            for client in clients:
                client.close()


def test_a_parked_connection_is_closed_at_connections_max_idle_ms_and_not_before(tmp_path, caplog):
    caplog.set_level(logging.INFO, logger="kbroker.server")
    idle_ms = 1500
    with run_broker_in_thread(broker_config(tmp_path / "logs", {"connections.max.idle.ms": idle_ms})) as broker:
        with RawClient(broker.host, broker.port) as client:
            local_port = client.sock.getsockname()[1]
            assert client.request(api_versions_v0()) is not None
            answered = time.monotonic()
            assert wait_for_tasks(broker, 0) == 0
            assert time.monotonic() - answered < idle_ms / 1000 - 0.5  # parked, well before its idle time ran out
            assert client.is_closed_by_peer()
            closed_after_s = time.monotonic() - answered
    assert idle_ms / 1000 - 0.05 <= closed_after_s < idle_ms / 1000 * 1.1 + 1.0
    lines = [r.getMessage() for r in caplog.records if "idle for more than" in r.getMessage()]
    assert lines == [f"closing connection from 127.0.0.1:{local_port}: idle for more than "
                     f"connections.max.idle.ms ({idle_ms} ms)"]


def test_a_parked_connection_closed_by_its_peer_frees_its_place_in_the_connection_limits(tmp_path):
    with run_broker_in_thread(broker_config(tmp_path / "logs", {"max.connections.per.ip": 1})) as broker:
        first = RawClient(broker.host, broker.port)
        assert first.request(api_versions_v0()) is not None
        assert wait_for_tasks(broker, 0) == 0
        first.close()
        deadline = time.monotonic() + SETTLE_S
        while True:  # the broker sees the close once its parking wakes: the next connection is admitted then
            with RawClient(broker.host, broker.port) as second:
                try:
                    if second.request(api_versions_v0()) is not None:
                        break
                except ConnectionError:
                    pass
            assert time.monotonic() < deadline, "the closed parked connection kept its place"
            time.sleep(0.1)


def test_a_connection_with_part_of_a_frame_received_keeps_its_task(tmp_path):
    with run_broker_in_thread(broker_config(tmp_path / "logs")) as broker:
        with RawClient(broker.host, broker.port) as client:
            assert client.request(api_versions_v0()) is not None
            assert wait_for_tasks(broker, 0) == 0
            frame = api_versions_v0(correlation_id=7)
            whole = struct.pack(">i", len(frame)) + frame
            client.send_raw(whole[:2])  # half of the size: the connection is unparked, and waits mid-frame
            time.sleep(PARK_AFTER_S * 5)
            assert connection_tasks(broker) == 1
            client.send_raw(whole[2:])
            response = client.recv_frame()
            assert response is not None and struct.unpack(">i", response[:4])[0] == 7


def test_stopping_the_listener_closes_its_parked_connections(tmp_path):
    with run_broker_in_thread(broker_config(tmp_path / "logs")) as broker:
        client = RawClient(broker.host, broker.port)
        assert client.request(api_versions_v0()) is not None
        assert wait_for_tasks(broker, 0) == 0
    try:
        client.sock.settimeout(SETTLE_S)
        assert client.is_closed_by_peer()
    finally:
        client.close()
