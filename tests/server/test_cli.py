"""`python -m kbroker serve` as a real process: ready line with the real port, ApiVersions, clean SIGTERM/SIGINT
shutdown, the config file and overrides, and `format`. The one-line refusals (bad value, port in use, log dirs of
another cluster, a quorum kbroker cannot run) are in test_startup.py."""

import signal
import struct
import subprocess
import sys

import pytest
from server_raw_client import RawClient, api_versions_v0

from kbroker.testing import start_broker_process


@pytest.mark.parametrize("stop_signal", [signal.SIGTERM, signal.SIGINT])
def test_serve_prints_ready_line_answers_and_exits_zero_on_signal(tmp_path, stop_signal):
    log_dir = tmp_path / "data"
    with start_broker_process(log_dir, {"node.id": 1}) as broker:
        assert broker.host == "127.0.0.1" and broker.port > 0
        with RawClient(broker.host, broker.port) as client:
            frame = client.request(api_versions_v0(correlation_id=42))
        assert struct.unpack_from(">i", frame)[0] == 42
        assert log_dir.is_dir()
        broker.proc.send_signal(stop_signal)
        assert broker.proc.wait(30) == 0
        assert broker.proc.stdout.read() == ""  # the ready line was the only stdout output
    log = broker.log_text()
    assert f"received {stop_signal.name}, shutting down" in log
    assert "shut down cleanly" in log


def test_config_file_and_overrides(tmp_path):
    properties = tmp_path / "server.properties"
    properties.write_text(f"listeners=PLAINTEXT://127.0.0.1:9\nlog.dirs={tmp_path / 'from-file'}\n")
    with start_broker_process(tmp_path / "from-override", {}, extra_args=["--config", str(properties)]) as broker:
        # The override (port 0, from-override) wins over the file.
        assert broker.port != 9
        assert (tmp_path / "from-override").is_dir() and not (tmp_path / "from-file").exists()
        assert broker.terminate() == 0


def test_ready_line_names_the_client_listener_not_the_controller(tmp_path):
    overrides = {"listeners": "CONTROLLER://127.0.0.1:0,PLAINTEXT://127.0.0.1:0",
                 "controller.listener.names": "CONTROLLER"}
    with start_broker_process(tmp_path / "data", overrides) as broker:
        assert f"listening on PLAINTEXT://127.0.0.1:0 (PLAINTEXT) at 127.0.0.1:{broker.port}" in broker.log_text()
        assert broker.terminate() == 0


def test_positional_properties_file_like_kafka_server_start(tmp_path):
    properties = tmp_path / "server.properties"
    properties.write_text("only.in.this.file=1\n")
    with start_broker_process(tmp_path / "data", {}, extra_args=[str(properties)]) as broker:
        assert broker.terminate() == 0
    assert "only.in.this.file" in broker.log_text()


def run_cli(*args):
    return subprocess.run([sys.executable, "-m", "kbroker", *args], capture_output=True, text=True, timeout=60)


def test_format_writes_the_cluster_id_and_refuses_a_second_format(tmp_path):
    logs = tmp_path / "logs"
    cluster_id = "MkU3OEVBNTcwNTJENDM2Qg"
    first = run_cli("format", "--override", f"log.dirs={logs}", "--cluster-id", cluster_id)
    assert first.returncode == 0, first.stderr
    assert cluster_id in first.stdout
    assert f"cluster.id={cluster_id}" in (logs / "meta.properties").read_text()
    assert (logs / "__cluster_metadata-0").is_dir()
    again = run_cli("format", "--override", f"log.dirs={logs}")
    assert again.returncode == 1
    assert "already formatted" in again.stderr
    assert run_cli("format", "--override", f"log.dirs={logs}", "--ignore-formatted").returncode == 0


