"""`kbroker serve [--config server.properties] [--override key=value ...]`: run a broker until SIGTERM/SIGINT.

Prints exactly one line on stdout once it accepts connections: `kbroker ready on HOST:PORT`, the bound address
of the first non-controller listener. Logs go to stderr, one line per event. Exit status 0 after a clean
shutdown, 1 when the configuration is invalid or a listener cannot be bound.
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
    return parser


async def serve(config: BrokerConfig) -> None:
    from kbroker.server import Broker

    broker = Broker(config)
    # Listen for signals before announcing readiness, so a SIGTERM right after the ready line is clean.
    with trio.open_signal_receiver(signal.SIGTERM, signal.SIGINT) as signals:
        async with trio.open_nursery() as nursery:
            bound = await nursery.start(broker.serve)
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
    try:
        trio.run(serve, config)
    except (OSError, BaseExceptionGroup) as e:
        failures = list(_leaves(e))
        if not all(isinstance(failure, OSError) for failure in failures):
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
