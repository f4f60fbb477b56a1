"""Connection limits on an in-process broker (kbroker.network.connection_quotas): a connection past
max.connections.per.ip is closed unanswered, one past max.connections waits in the acceptor until another closes,
and IncrementalAlterConfigs changes the limits of the next connection."""

from __future__ import annotations

import socket
import struct

import pytest

from kbroker import server
from kbroker.testing import broker_config, run_broker_in_thread
from tests.security.helpers import api_versions_request, read_frame
from tests.server.connection_tasks import PARK_AFTER_S, wait_for_tasks

confluent_kafka = pytest.importorskip("confluent_kafka")
from confluent_kafka.admin import (  # noqa: E402
    AdminClient,
    AlterConfigOpType,
    ConfigEntry,
    ConfigResource,
)

NO_ANSWER_WAIT_S = 1.5  # how long a refused or waiting connection is watched for an answer that must not come


RAW_CLIENT_ADDRESS = "127.0.0.2"  # the raw sockets' own address, so the AdminClient (127.0.0.1) is counted apart


def _connect(broker) -> socket.socket:
    return socket.create_connection((broker.host, broker.port), timeout=20, source_address=(RAW_CLIENT_ADDRESS, 0))


def _api_versions_answered(sock: socket.socket, timeout: float | None = 20) -> bool:
    """Send ApiVersions; True once its whole answer arrived, False when the broker closed the connection or (with
    a short timeout) nothing came."""
    sock.settimeout(timeout)
    try:
        sock.sendall(api_versions_request())
        return read_frame(sock) is not None
    except TimeoutError:
        return False
    except BrokenPipeError:
        return False


def _alter_broker(broker, name: str, value: str | None) -> None:
    admin = AdminClient({"bootstrap.servers": broker.bootstrap})
    op = AlterConfigOpType.SET if value is not None else AlterConfigOpType.DELETE
    resource = ConfigResource("broker", "1", incremental_configs=[ConfigEntry(name, value,
                                                                                       incremental_operation=op)])
    for future in admin.incremental_alter_configs([resource]).values():
        future.result(30)


@pytest.fixture
def broker(tmp_path):
    config = broker_config(tmp_path / "logs", {"max.connections.per.ip": "3"})
    with run_broker_in_thread(config) as running:
        yield running


def test_per_ip_limit_closes_the_connection_past_it_and_a_dynamic_change_lifts_it(broker):
    held = [_connect(broker) for _ in range(3)]
    try:
        assert all(_api_versions_answered(sock) for sock in held)
        extra = _connect(broker)
        assert not _api_versions_answered(extra)  # closed by the broker: EOF, no answer
        extra.close()
        held.pop().close()
        for _ in range(200):  # the freed slot is seen once the broker noticed the close
            again = _connect(broker)
            if _api_versions_answered(again):
                held.append(again)
                break
            again.close()
        else:
            raise AssertionError("a slot freed by a close was never given back")
        _alter_broker(broker, "max.connections.per.ip", "4")
        more = _connect(broker)
        held.append(more)
        assert _api_versions_answered(more)
    finally:
        for sock in held:
            sock.close()


def test_broker_wide_limit_makes_the_next_connection_wait_until_one_closes(broker):
    _alter_broker(broker, "max.connections", "2")  # the AdminClient's connections have closed once it returns
    first, second = _connect(broker), _connect(broker)
    try:
        assert _api_versions_answered(first) and _api_versions_answered(second)
        waiting = _connect(broker)  # the kernel accepts it; kbroker's acceptor does not take it in yet
        assert not _api_versions_answered(waiting, timeout=NO_ANSWER_WAIT_S)
        first.close()
        waiting.settimeout(20)
        header = waiting.recv(4)  # the ApiVersions already sent is answered once the slot is free
        assert len(header) == 4 and struct.unpack(">i", header)[0] > 0
        waiting.close()
    finally:
        second.close()


@pytest.mark.parametrize("parked", [False, True], ids=["with-tasks", "parked"])
def test_the_inter_broker_listener_past_max_connections_closes_the_least_recently_active_client(
        tmp_path, monkeypatch, parked):
    if parked:
        monkeypatch.setattr(server, "PARK_AFTER_S", PARK_AFTER_S)
    config = broker_config(tmp_path / "logs", {
        "listeners": "PLAINTEXT://127.0.0.1:0,EXTERNAL://127.0.0.1:0",
        "listener.security.protocol.map": "PLAINTEXT:PLAINTEXT,EXTERNAL:PLAINTEXT,CONTROLLER:PLAINTEXT",
        "inter.broker.listener.name": "PLAINTEXT", "max.connections": "2"})
    with run_broker_in_thread(config) as running:
        host, external_port = running.state.bound["EXTERNAL"]

        def external() -> socket.socket:
            return socket.create_connection((host, external_port), timeout=20)

        older, newer = external(), external()
        try:
            assert _api_versions_answered(older)
            assert _api_versions_answered(newer)  # the more recently active of the two
            assert wait_for_tasks(running, 0 if parked else 2) == (0 if parked else 2)
            with socket.create_connection((running.host, running.port), timeout=20) as inter_broker:
                assert _api_versions_answered(inter_broker)  # protected: admitted past max.connections
                older.settimeout(20)
                assert older.recv(1) == b""  # closed by the broker, unasked
                assert _api_versions_answered(newer)
        finally:
            older.close()
            newer.close()
