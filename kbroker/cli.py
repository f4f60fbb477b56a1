"""The `kbroker` command.

`kbroker serve [--config server.properties] [--override key=value ...] [--http HOST:PORT]` runs a broker until
SIGTERM/SIGINT. It prints one line on stdout once it accepts connections: `kbroker ready on HOST:PORT`, the bound
address of the first non-controller listener; with --http (or kbroker.http.listener) it serves /metrics there
(kbroker/http/) and prints `kbroker http on HOST:PORT` just before. Logs go to stderr, one line per event. Exit status 0 after a clean
shutdown, 1 when the configuration is invalid or asks for more than kbroker can run (a quorum of several
voters, a broker-only or controller-only process), the log dirs belong to another cluster or node or cannot be
used, or a listener cannot be bound: each of these is one ERROR line naming the config, never a traceback.
The log dirs are checked (and, on the first start, formatted) before any listener is bound. With no config
file, the single-node settings of Kafka's shipped server.properties apply (config.SINGLE_NODE_DEFAULTS); the
broker logs which once it is ready.

`kbroker format [--config server.properties] [--cluster-id ID] [--ignore-formatted] [--standalone |
--initial-controllers id@host:port:dirId,... | --no-initial-controllers] [--add-scram MECH=[name=..,password=..]]`
formats the log dirs as
`kafka-storage format` does: meta.properties with the cluster id (a new random one by default), node id and
directory id, the bootstrap metadata, and with --standalone / --initial-controllers the bootstrap checkpoint of
a dynamic quorum, and the SCRAM credentials of --add-scram (a single node); it prints the cluster id.
"""

from __future__ import annotations

import argparse
import gc
import logging
import signal
import sys
from typing import TYPE_CHECKING

from kbroker.allocator import serve_on_c_allocator

if TYPE_CHECKING:
    from kbroker.config import BrokerConfig

log = logging.getLogger("kbroker")

LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
# Allocations between two young collections (CPython's default: 700). One Fetch or Metadata answer over a
# thousand partitions holds several thousand objects until it is encoded; at 700 they are walked by young
# collections, promoted, and then walked again by full collections of everything the partitions hold.
GC_YOUNG_THRESHOLD = 50_000


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="kbroker", description="A Kafka-compatible broker.")
    commands = parser.add_subparsers(dest="command", required=True)
    serve = commands.add_parser("serve", help="run a broker")
    serve.add_argument("properties", nargs="?", metavar="server.properties",
                       help="Kafka broker config file (as kafka-server-start.sh takes it)")
    serve.add_argument("--config", metavar="server.properties", help="Kafka broker config file")
    serve.add_argument("--override", metavar="KEY=VALUE", action="append", default=[],
                       help="set one config (repeatable); wins over the file")
    serve.add_argument("--http", metavar="HOST:PORT",
                       help="serve Prometheus metrics at http://HOST:PORT/metrics (port 0: an ephemeral port); "
                            "the same as --override kbroker.http.listener=HOST:PORT")
    serve.add_argument("--emulate-kafka", metavar="X.Y",
                       help="advertise and accept only the API versions Apache Kafka X.Y served (2.8 to 4.3); "
                            "the same as --override kbroker.emulate.kafka.version=X.Y")
    serve.add_argument("--log-level", default="INFO", choices=["DEBUG", "INFO", "WARNING", "ERROR"])
    fmt = commands.add_parser("format", help="format the log directories (kafka-storage format)")
    fmt.add_argument("properties", nargs="?", metavar="server.properties")
    fmt.add_argument("--config", metavar="server.properties", help="Kafka broker config file")
    fmt.add_argument("--override", metavar="KEY=VALUE", action="append", default=[])
    fmt.add_argument("--cluster-id", "-t", help="the cluster id to use (default: a new random one)")
    fmt.add_argument("--ignore-formatted", "-g", action="store_true",
                     help="do not fail when the directories are already formatted")
    quorum = fmt.add_mutually_exclusive_group()
    quorum.add_argument("--standalone", "-s", action="store_true",
                        help="bootstrap a dynamic quorum whose only voter is this node")
    quorum.add_argument("--initial-controllers", "-I", metavar="ID@HOST:PORT:DIRECTORY_ID,...",
                        help="bootstrap a dynamic quorum with these voters")
    quorum.add_argument("--no-initial-controllers", "-N", action="store_true",
                        help="a controller of a dynamic quorum that joins it later")
    fmt.add_argument("--add-scram", "-S", metavar="MECHANISM=[name=...,password=...]", action="append",
                     default=[], help="a SCRAM credential to bootstrap (single node), as kafka-storage takes it")
    fmt.add_argument("--log-level", default="INFO", choices=["DEBUG", "INFO", "WARNING", "ERROR"])
    return parser


def format_command(config: BrokerConfig, args: argparse.Namespace) -> int:
    from kbroker.metadata.scram_control import AddScramError, parse_add_scram
    from kbroker.storage_format import StorageFormatError, dynamic_quorum_for, format_storage, load_or_format

    try:
        scram = [parse_add_scram(text) for text in args.add_scram]
        dynamic = dynamic_quorum_for(config, standalone=args.standalone, initial_controllers=args.initial_controllers,
                                     no_initial_controllers=args.no_initial_controllers)
        if args.ignore_formatted:
            info = load_or_format(config, args.cluster_id, dynamic, extra_records=scram)
        else:
            info = format_storage(config, args.cluster_id, dynamic, extra_records=scram)
    except AddScramError as e:
        log.error("%s", e)
        return 1
    except StorageFormatError as e:
        log.error("%s", e)
        return 1
    except OSError as e:
        log.error("cannot format log.dirs=%s: %s", ",".join(config.log_dirs), _os_error_text(e))
        return 1
    verb = "Formatted" if info.newly_formatted else "Already formatted:"
    print(f"{verb} {', '.join(config.log_dirs)} for cluster {info.cluster_id}, node {info.node_id}")
    return 0


async def serve(config: BrokerConfig) -> None:
    import trio

    from kbroker.quorum_config import runs_broker_only, runs_combined_in_a_quorum, runs_multi_voter_quorum
    from kbroker.storage_format import bootstrap_voter_ids

    if runs_combined_in_a_quorum(config, bootstrap_voter_ids(config)):
        from kbroker.combined_node import CombinedNode

        node = CombinedNode(config)
    elif runs_multi_voter_quorum(config):
        from kbroker.controller_node import ControllerNode

        node = ControllerNode(config)
    elif runs_broker_only(config):
        from kbroker.broker_node import BrokerNode

        node = BrokerNode(config)
    else:
        from kbroker.node import Node

        node = Node(config)
    # Listen for signals before announcing readiness, so a SIGTERM right after the ready line is clean.
    with trio.open_signal_receiver(signal.SIGTERM, signal.SIGINT) as signals:
        async with trio.open_nursery() as nursery:
            bound = await nursery.start(node.serve)
            # What start-up made (modules, the generated codecs, the loaded image) lives as long as the process:
            # out of the cyclic collector's way, its full collections cost what the connections hold, not that.
            gc.collect()
            gc.freeze()
            gc.set_threshold(GC_YOUNG_THRESHOLD, *gc.get_threshold()[1:])
            if config["kbroker.http.listener"]:
                from kbroker.http.service import serve_http

                http = await nursery.start(serve_http, config, node)
                print(f"kbroker http on {http.host}:{http.port}", flush=True)
            controllers = set(config.controller_listener_names)
            first = next((b for b in bound if b.listener.name not in controllers), bound[0])
            print(f"kbroker ready on {first.host}:{first.port}", flush=True)
            if config.single_node_defaults:
                log.info("no config file: applied the single-node settings of Kafka's config/server.properties: %s",
                         ", ".join(f"{k}={v}" for k, v in config.single_node_defaults.items()))
            async for signum in signals:
                log.info("received %s, shutting down", signal.Signals(signum).name)
                if hasattr(node, "controlled_shutdown"):
                    await node.controlled_shutdown()
                nursery.cancel_scope.cancel()
                break
    log.info("shut down cleanly")


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.properties and args.config:
        parser.error("give the config file once: positionally or with --config")
    if argv is None and args.command == "serve":
        serve_on_c_allocator()  # as a program: start again on the C allocator (kbroker.allocator says why)
    # Imported only now: a start that executes itself again has not paid for them twice.
    import trio

    from kbroker.config import BrokerConfig, ConfigError

    logging.basicConfig(stream=sys.stderr, level=args.log_level, format=LOG_FORMAT)
    if getattr(args, "http", None) is not None:
        args.override.append(f"kbroker.http.listener={args.http}")
    if getattr(args, "emulate_kafka", None) is not None:
        args.override.append(f"kbroker.emulate.kafka.version={args.emulate_kafka}")
    try:
        config = BrokerConfig.load(args.config or args.properties, args.override)
    except ConfigError as e:
        log.error("invalid configuration: %s", e)
        return 1
    except OSError as e:
        log.error("cannot read the config file: %s", _os_error_text(e))
        return 1
    if args.command == "format":
        return format_command(config, args)
    problem = _check_before_serving(config)
    if problem:
        log.error("%s", problem)
        return 1
    from kbroker.broker_node import RegistrationFailed
    from kbroker.storage_format import StorageFormatError

    try:
        trio.run(serve, config)
    except (OSError, StorageFormatError, RegistrationFailed, BaseExceptionGroup) as e:
        failures = list(_leaves(e))
        if not all(isinstance(failure, OSError | StorageFormatError | RegistrationFailed) for failure in failures):
            raise
        for failure in failures:
            log.error("cannot start: %s", _os_error_text(failure) if isinstance(failure, OSError) else failure)
        return 1
    return 0


def _check_before_serving(config: BrokerConfig) -> str | None:
    """What stops `serve` before it binds anything: a quorum or listener kbroker cannot run, log dirs it cannot
    use (the first start formats them here)."""
    from kbroker.quorum_config import (
        joins_a_cluster,
        unsupported_config_line,
        unsupported_listener,
        unsupported_quorum,
    )
    from kbroker.storage_format import (
        StorageFormatError,
        bootstrap_voter_ids,
        first_start_dynamic_quorum,
        load_or_format,
        metadata_log_dir,
        read_meta_properties,
    )

    try:
        reason = unsupported_listener(config) or unsupported_quorum(config, bootstrap_voter_ids(config))
        if reason:
            return unsupported_config_line(reason)
        if joins_a_cluster(config) and read_meta_properties(metadata_log_dir(config)) is None:
            # A cluster's nodes must share one cluster id: no formatting with a fresh one here (Kafka's words).
            return (f"cannot start: No readable meta.properties files found in {metadata_log_dir(config)}; "
                    "format the nodes of a cluster with one cluster id first: kbroker format --cluster-id ID")
        load_or_format(config, dynamic=first_start_dynamic_quorum(config))
    except StorageFormatError as e:
        return f"cannot start: {e}"
    except OSError as e:
        return f"cannot start: cannot use log.dirs={','.join(config.log_dirs)}: {_os_error_text(e)}"
    return None


def _os_error_text(error: OSError) -> str:
    """An OSError as one readable line: its message and the file it names, without the errno prefix."""
    text = error.strerror or str(error)
    return f"{text}: {error.filename}" if error.filename else text


def _leaves(error: BaseException):
    if isinstance(error, BaseExceptionGroup):
        for inner in error.exceptions:
            yield from _leaves(inner)
    else:
        yield error


if __name__ == "__main__":
    sys.exit(main())
