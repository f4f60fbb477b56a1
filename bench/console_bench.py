"""What the web console's pages cost on a node with many partitions: a `kbroker serve --http` process gets TOPICS
topics of PARTITIONS partitions each (created with the requests bench/partitions_bench.py sends) and GROUPS groups
that each commit an offset on every partition of one topic; then each page is fetched ROUNDS times, one request at a
time, and its median and worst time and its size are printed, /metrics beside them for scale. Asserts only that
every page answered 200 and that the lists were cut to the console's first rows.

    .venv/bin/python bench/console_bench.py [--topics 2000] [--partitions 5] [--groups 1500] [--rounds 20]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench.partitions_bench import create_all  # noqa: E402
from kbroker.protocol.blocking_client import KafkaConnection  # noqa: E402
from kbroker.protocol.messages.find_coordinator_request import FindCoordinatorRequest  # noqa: E402
from kbroker.protocol.messages.offset_commit_request import (  # noqa: E402
    OffsetCommitRequest,
    OffsetCommitRequestPartition,
    OffsetCommitRequestTopic,
)
from kbroker.testing import start_broker_process  # noqa: E402

OPEN_FILES_LIMIT = 20_000


RETRIABLE = {14, 15, 16}  # COORDINATOR_LOAD_IN_PROGRESS, COORDINATOR_NOT_AVAILABLE, NOT_COORDINATOR


def commit_groups(bootstrap: str, groups: int, partitions: int) -> None:
    """Group g commits offset 0 on every partition of topic bench-g (simple commits, generation -1), retried while
    the offsets topic (which FindCoordinator creates) is being created and loaded."""
    with KafkaConnection(bootstrap) as conn:
        conn.send(FindCoordinatorRequest(key_type=0, coordinator_keys=["bench-group-00000"]), version=4)  # creates
        for g in range(groups):
            topic = f"bench-{g:05d}"
            request = OffsetCommitRequest(
                group_id=f"bench-group-{g:05d}", generation_id_or_member_epoch=-1, member_id="",
                topics=[OffsetCommitRequestTopic(name=topic, partitions=[
                    OffsetCommitRequestPartition(partition_index=i, committed_offset=0, committed_metadata="")
                    for i in range(partitions)])])
            deadline = time.monotonic() + 60
            while True:
                answer = conn.send(request, version=8)
                codes = {p.error_code for t in answer.topics for p in t.partitions} - {0}
                if not codes & RETRIABLE or time.monotonic() > deadline:
                    break
                time.sleep(0.2)
            assert not codes, (topic, codes)


def fetch(url: str) -> tuple[float, int]:
    started = time.perf_counter()
    with urllib.request.urlopen(url, timeout=120) as response:
        assert response.status == 200, (url, response.status)
        size = len(response.read())
    return time.perf_counter() - started, size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--topics", type=int, default=2000)
    parser.add_argument("--partitions", type=int, default=5)
    parser.add_argument("--groups", type=int, default=1500)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--dir", default=None)
    args = parser.parse_args()
    base_dir = args.dir or tempfile.mkdtemp(prefix="kbroker-console-bench-")
    with start_broker_process(os.path.join(base_dir, "logs"), extra_args=["--http", "127.0.0.1:0"],
                              open_files_limit=OPEN_FILES_LIMIT) as broker:
        create_all(broker.bootstrap, args.topics, args.partitions, 100)
        commit_groups(broker.bootstrap, min(args.groups, args.topics), args.partitions)
        host, port = broker.http
        base = f"http://{host}:{port}"
        pages = ["/", "/topics", "/topics/bench-00000", "/groups", "/groups/bench-group-00000", "/metrics"]
        print(f"{args.topics} topics x {args.partitions} partitions, {args.groups} groups; {args.rounds} rounds")
        print(f"{'page':28} {'median ms':>10} {'max ms':>8} {'bytes':>10}")
        for page in pages:
            times, size = [], 0
            for _ in range(args.rounds):
                took, size = fetch(base + page)
                times.append(took)
            print(f"{page:28} {statistics.median(times) * 1000:10.1f} {max(times) * 1000:8.1f} {size:10d}")
        with urllib.request.urlopen(base + "/topics", timeout=120) as response:
            assert f"first 1000 of {args.topics + 1} topics".encode() in response.read()  # and __consumer_offsets
        assert broker.terminate() == 0


if __name__ == "__main__":
    main()
