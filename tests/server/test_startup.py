"""`kbroker serve` refuses, in one line on stderr naming the config and with exit status 1, what it cannot run:
a config Kafka would refuse, unformatted nodes of a cluster, static voters over a dynamic quorum's log dir, a port in use, log dirs of another
cluster; and three nodes with Kafka's combined-mode configs, formatted with one cluster id, form one cluster. Real
processes, as a user starts them."""

from __future__ import annotations

import signal
import subprocess
import sys
import time

from kbroker.bootstrap_checkpoint import read_bootstrap_voters
from kbroker.protocol.blocking_client import KafkaConnection
from kbroker.protocol.messages.metadata_request import MetadataRequest
from kbroker.testing import free_port, start_broker_process


def serve(*args: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "kbroker", "serve", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, text=True)


def finished(proc: subprocess.Popen) -> tuple[int, str, str]:
    try:
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    return proc.returncode, out, err


def assert_one_error_line(err: str, *named: str) -> str:
    """The refusal is one ERROR line naming what to change; anything else on stderr is the ordinary INFO
    progress of the steps before it (a first start formats the log dir and elects its one voter)."""
    lines = err.strip().splitlines()
    errors = [line for line in lines if " INFO " not in line]
    assert len(errors) == 1, err
    assert " ERROR " in errors[0] and "Traceback" not in err
    for name in named:
        assert name in errors[0], errors[0]
    return errors[0]


def combined_node_properties(tmp_path, node_id: int, broker_ports: list[int], controller_ports: list[int]):
    """One node of CLUSTER.md's three-node Apache Kafka cluster on loopback."""
    voters = ",".join(f"{n}@127.0.0.1:{port}" for n, port in enumerate(controller_ports, start=1))
    path = tmp_path / f"node{node_id}.properties"
    path.write_text(
        "process.roles=broker,controller\n"
        f"node.id={node_id}\n"
        f"controller.quorum.voters={voters}\n"
        f"listeners=PLAINTEXT://127.0.0.1:{broker_ports[node_id - 1]},CONTROLLER://127.0.0.1:{controller_ports[node_id - 1]}\n"
        f"advertised.listeners=PLAINTEXT://127.0.0.1:{broker_ports[node_id - 1]}\n"
        "controller.listener.names=CONTROLLER\n"
        "inter.broker.listener.name=PLAINTEXT\n"
        "listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT\n"
        f"log.dirs={tmp_path / f'node{node_id}-logs'}\n")
    return path


def test_three_combined_nodes_must_be_formatted_with_one_cluster_id_first(tmp_path):
    """Started unformatted, each would otherwise make a cluster id of its own and never join the others."""
    broker_ports = [free_port() for _ in range(3)]
    controller_ports = [free_port() for _ in range(3)]
    procs = [serve(str(combined_node_properties(tmp_path, n, broker_ports, controller_ports))) for n in (1, 2, 3)]
    for node_id, proc in enumerate(procs, start=1):
        status, out, err = finished(proc)
        assert status == 1 and out == ""
        assert_one_error_line(err, "meta.properties", "kbroker format --cluster-id")
        assert not (tmp_path / f"node{node_id}-logs").exists()  # nothing formatted, nothing bound


def listed_brokers(port: int) -> list[tuple[int, int]]:
    with KafkaConnection(f"127.0.0.1:{port}") as connection:
        return [(b.node_id, b.port) for b in connection.send(MetadataRequest(topics=None), version=12).brokers]


def test_three_combined_nodes_with_kafkas_configs_form_one_cluster(tmp_path):
    """CLUSTER.md's three combined nodes, formatted with one cluster id: each serves once unfenced, lists the three
    brokers in its Metadata, and stops cleanly on SIGTERM (after its broker's controlled shutdown)."""
    broker_ports = [free_port() for _ in range(3)]
    controller_ports = [free_port() for _ in range(3)]
    paths = [combined_node_properties(tmp_path, n, broker_ports, controller_ports) for n in (1, 2, 3)]
    for path in paths:
        formatted = subprocess.run([sys.executable, "-m", "kbroker", "format", "--config", str(path),
                                    "--cluster-id", "MkU3OEVBNTcwNTJENDM2Qg"], capture_output=True, text=True,
                                   timeout=60)
        assert formatted.returncode == 0, formatted.stderr
    procs = [serve(str(path)) for path in paths]
    try:
        for node_id, proc in enumerate(procs, start=1):
            ready = proc.stdout.readline()
            assert ready.strip() == f"kbroker ready on 127.0.0.1:{broker_ports[node_id - 1]}", ready
        everyone = [(n, p) for n, p in enumerate(broker_ports, start=1)]
        for port in broker_ports:
            # A node serves once its own image shows it unfenced; the others' unfencing reaches it soon after.
            deadline = time.monotonic() + 60
            while (listed := listed_brokers(port)) != everyone and time.monotonic() < deadline:
                time.sleep(0.1)
            assert listed == everyone
        for proc in procs:
            proc.send_signal(signal.SIGTERM)
        for proc in procs:
            status, _, err = finished(proc)
            assert status == 0, err
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.kill()
                proc.wait()


def test_static_voters_over_a_log_dir_formatted_for_a_dynamic_quorum_are_refused(tmp_path):
    """A combined node formatted with --initial-controllers (a dynamic quorum), then started with
    controller.quorum.voters: one line naming both."""
    common = ("process.roles=broker,controller\nnode.id=1\nlisteners=PLAINTEXT://127.0.0.1:0,"
              f"CONTROLLER://127.0.0.1:0\ncontroller.listener.names=CONTROLLER\nlog.dirs={tmp_path / 'logs'}\n")
    dynamic = tmp_path / "dynamic.properties"
    dynamic.write_text(common + "controller.quorum.bootstrap.servers=127.0.0.1:9093\n")
    controllers = ("1@127.0.0.1:9093:OBwtglENT76SK7gGCjHpvA,2@127.0.0.1:9094:PVP48-L1TtCTJ6tTOuK3uA,"
                   "3@127.0.0.1:9095:j8xlT-kGTom22UlSGqzpBg")
    formatted = subprocess.run([sys.executable, "-m", "kbroker", "format", "--config", str(dynamic),
                                "--initial-controllers", controllers], capture_output=True, text=True, timeout=60)
    assert formatted.returncode == 0, formatted.stderr
    static = tmp_path / "static.properties"
    static.write_text(common + "controller.quorum.voters=1@127.0.0.1:9093,2@127.0.0.1:9094,3@127.0.0.1:9095\n")
    status, out, err = finished(serve(str(static)))
    assert status == 1 and out == ""
    assert_one_error_line(err, "--initial-controllers", "controller.quorum.voters", "SKIPPED_FEATURES.md")


def test_an_unformatted_controller_of_a_quorum_is_refused_not_given_a_cluster_id_of_its_own(tmp_path):
    """Voters formatted with different cluster ids could never form a quorum: a controller-only node must be
    formatted (with the quorum's cluster id) before it serves; `format` writes no metadata into its log (the
    quorum's first leader does)."""
    ports = [free_port() for _ in range(3)]
    properties = tmp_path / "controller.properties"
    properties.write_text(
        "process.roles=controller\nnode.id=1\n"
        f"controller.quorum.voters={','.join(f'{n}@127.0.0.1:{p}' for n, p in enumerate(ports, start=1))}\n"
        f"listeners=CONTROLLER://127.0.0.1:{ports[0]}\ncontroller.listener.names=CONTROLLER\n"
        f"log.dirs={tmp_path / 'logs'}\n")
    status, out, err = finished(serve(str(properties)))
    assert status == 1 and out == ""
    assert_one_error_line(err, "meta.properties", "kbroker format --cluster-id")
    formatted = subprocess.run([sys.executable, "-m", "kbroker", "format", "--config", str(properties),
                                "--cluster-id", "MkU3OEVBNTcwNTJENDM2Qg"], capture_output=True, text=True, timeout=60)
    assert formatted.returncode == 0, formatted.stderr
    assert not list((tmp_path / "logs" / "__cluster_metadata-0").glob("*.log")), "format wrote into the quorum's log"


def test_first_start_with_bootstrap_controllers_formats_as_standalone(tmp_path):
    """Kafka's shipped single-node config names one bootstrap controller, not voters: the first start formats
    the dir as `kafka-storage format --standalone` would, with this node as the only voter."""
    overrides = {"process.roles": "broker,controller", "node.id": 1,
                 "controller.quorum.bootstrap.servers": "127.0.0.1:19093",
                 "listeners": "PLAINTEXT://127.0.0.1:0,CONTROLLER://127.0.0.1:0",
                 "advertised.listeners": "PLAINTEXT://127.0.0.1:9092,CONTROLLER://127.0.0.1:19093",
                 "controller.listener.names": "CONTROLLER"}
    with start_broker_process(tmp_path / "logs", overrides) as broker:
        assert broker.terminate() == 0
    (voter,) = read_bootstrap_voters(str(tmp_path / "logs" / "__cluster_metadata-0"))
    assert (voter.voter_id, voter.listener, voter.host, voter.port) == (1, "CONTROLLER", "127.0.0.1", 19093)


def test_port_in_use_is_one_line_naming_listeners(tmp_path):
    with start_broker_process(tmp_path / "a", {}) as first:
        status, out, err = finished(serve("--override", f"listeners=PLAINTEXT://127.0.0.1:{first.port}",
                                          "--override", f"log.dirs={tmp_path / 'b'}"))
        assert status == 1 and out == ""
        assert_one_error_line(err, "listeners", f"127.0.0.1:{first.port}", "Address already in use")
        assert first.terminate() == 0


def test_log_dir_of_another_cluster_is_one_line_naming_log_dirs(tmp_path):
    for name in ("one", "two"):
        formatted = subprocess.run([sys.executable, "-m", "kbroker", "format", "--override",
                                    f"log.dirs={tmp_path / name}"], capture_output=True, text=True, timeout=60)
        assert formatted.returncode == 0, formatted.stderr
    status, out, err = finished(serve("--override", f"log.dirs={tmp_path / 'one'},{tmp_path / 'two'}",
                                      "--override", "listeners=PLAINTEXT://127.0.0.1:0"))
    assert status == 1 and out == ""
    assert_one_error_line(err, "Invalid cluster.id", "log.dirs")


def test_bad_config_value_is_one_line_naming_the_key(tmp_path):
    status, out, err = finished(serve("--override", "log.segment.bytes=12", "--override",
                                      f"log.dirs={tmp_path}"))
    assert status == 1 and out == ""
    assert_one_error_line(err, "log.segment.bytes", "Value must be at least 1048576")


def test_a_broker_no_controller_registers_stops_with_status_1(tmp_path):
    """initial.broker.registration.timeout.ms without a controller answering: the broker gives up, as Kafka's does."""
    properties = tmp_path / "broker.properties"
    properties.write_text(
        f"process.roles=broker\nnode.id=5\ncontroller.quorum.voters=1@127.0.0.1:{free_port()}\n"
        "listeners=PLAINTEXT://127.0.0.1:0\ncontroller.listener.names=CONTROLLER\n"
        "listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT\n"
        f"log.dirs={tmp_path / 'logs'}\ninitial.broker.registration.timeout.ms=1000\n"
        "broker.session.timeout.ms=2000\nbroker.heartbeat.interval.ms=200\n")
    formatted = subprocess.run([sys.executable, "-m", "kbroker", "format", "--config", str(properties),
                                "--cluster-id", "MkU3OEVBNTcwNTJENDM2Qg"], capture_output=True, text=True, timeout=60)
    assert formatted.returncode == 0, formatted.stderr
    status, out, err = finished(serve(str(properties)))
    assert status == 1 and out == "" and "Traceback" not in err
    assert "Shutting down because we were unable to register with the controller quorum." in err
    assert "cannot start: broker 5 stopped waiting" in err.strip().splitlines()[-1]
