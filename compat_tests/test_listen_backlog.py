"""`socket.listen.backlog.size`: the client listener is listening with Kafka's default backlog of 50 pending
connections on both brokers. A small backlog is part of Kafka's defence against a crowd that reconnects as fast
as it is closed: the crowd's extra SYNs wait in TCP's retries instead of forming a queue of thousands that every
new client waits behind (bench/sasl_flood_bench.py measures that). The backlog a listening socket was given is
what `ss` reports as its Send-Q."""

from __future__ import annotations

import shutil
import subprocess

import pytest
from confluent_kafka.admin import AdminClient

KAFKA_DEFAULT_BACKLOG = 50


def listen_backlog(port: int) -> int:
    """The backlog of the TCP socket listening on `port` on 127.0.0.1 (ss's Send-Q for a listening socket)."""
    if shutil.which("ss") is None:
        pytest.skip("ss (iproute2) is not installed")
    done = subprocess.run(["ss", "-Hltn", f"sport = :{port}"], capture_output=True, text=True, check=True)
    rows = [line.split() for line in done.stdout.splitlines() if line.strip()]
    assert len(rows) == 1, done.stdout
    state, _recv_q, send_q, local = rows[0][:4]
    assert state == "LISTEN" and local.endswith(f":{port}"), rows[0]
    return int(send_q)


def test_the_client_listener_has_kafkas_default_backlog(broker):
    assert listen_backlog(broker.port) == KAFKA_DEFAULT_BACKLOG
    # and it is the listener clients are served on
    assert AdminClient({"bootstrap.servers": broker.bootstrap}).list_topics(timeout=30).brokers
