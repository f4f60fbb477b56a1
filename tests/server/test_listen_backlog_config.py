"""`socket.listen.backlog.size` sets the backlog of every listener a node binds, client and controller alike
(Kafka's default of 50 is checked against Apache Kafka in compat_tests/test_listen_backlog.py)."""

from __future__ import annotations

from compat_tests.test_listen_backlog import listen_backlog
from kbroker.testing import broker_config, run_broker_in_thread


def test_the_configured_backlog_is_the_listeners_backlog(tmp_path):
    config = broker_config(tmp_path / "logs", {"socket.listen.backlog.size": "7"})
    with run_broker_in_thread(config) as running:
        assert listen_backlog(running.port) == 7
