"""The `kbroker` command.

`kbroker serve [--config server.properties] [--override key=value ...]` runs a broker until SIGTERM/SIGINT. It
prints exactly one line on stdout once it accepts connections: `kbroker ready on HOST:PORT`, the bound address
of the first non-controller listener. Logs go to stderr, one line per event. Exit status 0 after a clean
shutdown, 1 when the configuration is invalid, the log dirs belong to another cluster or node, or a listener
cannot be bound. The first start on empty log dirs formats them.

`kbroker format [--config server.properties] [--cluster-id ID] [--ignore-formatted]` formats the log dirs as
`kafka-storage format` does: meta.properties with the cluster id (a new random one by default) and node id, and
the bootstrap metadata; it prints the cluster id.
"""

from __future__ import annotations

import argparse
import logging
import signal
import sys

import trio

from kbroker.config import BrokerConfig, ConfigError

log = logging.getLogger("kbroker")

LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="kbroker", description="A Kafka-compatible broker.")
    commands = parser.add_subparsers(dest="command", required=True)
    serve = commands.add_parser("serve", help="run a broker")
    serve.add_argument("properties", nargs="?", metavar="server.properties",
                       help="Kafka broker config file (as kafka-server-start.sh takes it)")
    serve.add_argument("--config", metavar="server.properties", help="Kafka broker config file")
    serve.add_argument("--override", metavar="KEY=VALUE", action="append", default=[],
                       help="set one config (repeatable); wins over the file")
    serve.add_argument("--log-level", default="INFO", choices=["DEBUG", "INFO", "WARNING", "ERROR"])
    fmt = commands.add_parser("format", help="format the log directories (kafka-storage format)")
    fmt.add_argument("properties", nargs="?", metavar="server.properties")
    fmt.add_argument("--config", metavar="server.properties", help="Kafka broker config file")
    fmt.add_argument("--override", metavar="KEY=VALUE", action="append", default=[])
    fmt.add_argument("--cluster-id", "-t", help="the cluster id to use (default: a new random one)")
    fmt.add_argument("--ignore-formatted", "-g", action="store_true",
                     help="do not fail when the directories are already formatted")
    fmt.add_argument("--log-level", default="INFO", choices=["DEBUG", "INFO", "WARNING", "ERROR"])
    return parser


def format_command(config: BrokerConfig, cluster_id: str | None, ignore_formatted: bool) -> int:
    from kbroker.storage_format import StorageFormatError, format_storage, load_or_format

    try:
        if ignore_formatted:
            info = load_or_format(config, cluster_id)
        else:
            info = format_storage(config, cluster_id)
    except StorageFormatError as e:
        log.error("%s", e)
        return 1
    verb = "Formatted" if info.newly_formatted else "Already formatted:"
    print(f"{verb} {', '.join(config.log_dirs)} for cluster {info.cluster_id}, node {info.node_id}")
    return 0


async def serve(config: BrokerConfig) -> None:
    from kbroker.node import Node

    node = Node(config)
    # Listen for signals before announcing readiness, so a SIGTERM right after the ready line is clean.
    with trio.open_signal_receiver(signal.SIGTERM, signal.SIGINT) as signals:
        async with trio.open_nursery() as nursery:
            bound = await nursery.start(node.serve)
            controllers = set(config.controller_listener_names)
            first = next((b for b in bound if b.listener.name not in controllers), bound[0])
            print(f"kbroker ready on {first.host}:{first.port}", flush=True)
            async for signum in signals:
                log.info("received %s, shutting down", signal.Signals(signum).name)
                nursery.cancel_scope.cancel()
                break
    log.info("shut down cleanly")


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.properties and args.config:
        parser.error("give the config file once: positionally or with --config")
    logging.basicConfig(stream=sys.stderr, level=args.log_level, format=LOG_FORMAT)
    try:
        config = BrokerConfig.load(args.config or args.properties, args.override)
    except (ConfigError, OSError) as e:
        log.error("invalid configuration: %s", e)
        return 1
    if args.command == "format":
        return format_command(config, args.cluster_id, args.ignore_formatted)
    from kbroker.storage_format import StorageFormatError

    try:
        trio.run(serve, config)
    except (OSError, StorageFormatError, BaseExceptionGroup) as e:
        failures = list(_leaves(e))
        if not all(isinstance(failure, OSError | StorageFormatError) for failure in failures):
            raise
        for failure in failures:
            log.error("cannot start: %s", failure)
        return 1
    return 0


def _leaves(error: BaseException):
    if isinstance(error, BaseExceptionGroup):
        for inner in error.exceptions:
            yield from _leaves(inner)
    else:
        yield error


if __name__ == "__main__":
    sys.exit(main())
