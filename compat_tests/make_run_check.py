"""The hand check of a running broker (issue #4): Kafka's console producer and consumer (from the Maven jars) and
confluent-kafka move records with all five codecs through the broker `make run` serves, and the data is still
there after the broker is killed with SIGKILL and started again.

    .venv/bin/python -m compat_tests.make_run_check write     # produce with both clients, read back with both
    kill -9 <the kbroker pid>; make run                          # in the shell running the broker
    .venv/bin/python -m compat_tests.make_run_check verify    # read everything back again with both clients

Per codec, one topic: the console producer writes --per-client records, then confluent-kafka as many again; both
consumers must read every record, in order, with the expected values. It exits non-zero at the first difference.
"""

from __future__ import annotations

import argparse
import sys
import time

from compat_tests import java_tools
from compat_tests.py_clients import Outgoing, ck_consume, ck_produce, create_topic

CODECS = ("none", "gzip", "snappy", "lz4", "zstd")


def topic_of(codec: str) -> str:
    return f"make-run-check-{codec}"


def expected_values(codec: str, per_client: int) -> list[str]:
    return [f"console-{codec}-{i}" for i in range(per_client)] + [f"confluent-{codec}-{i}" for i in range(per_client)]


def write(bootstrap: str, per_client: int) -> None:
    for codec in CODECS:
        topic = topic_of(codec)
        create_topic(bootstrap, topic)
        values = expected_values(codec, per_client)
        started = time.perf_counter()
        java_tools.check(java_tools.console_produce(bootstrap, topic, values[:per_client],
                                                    "--compression-codec", codec))
        offsets = ck_produce(bootstrap, topic, [Outgoing(None, v.encode()) for v in values[per_client:]],
                             **{"compression.type": codec, "linger.ms": 20})
        if offsets != list(range(per_client, 2 * per_client)):
            sys.exit(f"{topic}: confluent-kafka records landed at offsets {offsets[:3]}... not after the console's")
        print(f"{topic}: wrote {2 * per_client} records in {time.perf_counter() - started:.1f} s", flush=True)


def verify(bootstrap: str, per_client: int) -> None:
    total = 0
    for codec in CODECS:
        topic = topic_of(codec)
        values = expected_values(codec, per_client)
        console = java_tools.check(java_tools.console_consume(bootstrap, topic, len(values))).stdout.splitlines()
        if console != values:
            sys.exit(f"{topic}: the console consumer read {len(console)} records, not the {len(values)} written")
        confluent = [r.value.decode() for r in ck_consume(bootstrap, topic, len(values))]
        if confluent != values:
            sys.exit(f"{topic}: confluent-kafka read {len(confluent)} records, not the {len(values)} written")
        total += len(values)
        print(f"{topic}: both consumers read all {len(values)} records", flush=True)
    print(f"verified {total} records with {len(CODECS)} codecs", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("step", choices=["write", "verify"])
    parser.add_argument("--bootstrap", default="127.0.0.1:9092")
    parser.add_argument("--per-client", type=int, default=10_000,
                        help="records per client and codec (default 10,000: 100,000 in all)")
    args = parser.parse_args()
    if args.step == "write":
        write(args.bootstrap, args.per_client)
    verify(args.bootstrap, args.per_client)


if __name__ == "__main__":
    main()
