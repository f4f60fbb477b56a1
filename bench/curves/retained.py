"""The retained-data curve: one node's topic of 4 partitions is filled with 64 KiB values (confluent-kafka,
acks=1, 1 MiB batches, default 1 GiB segments) up to each size in turn (1 GB to 50 GB); at each size the node
is stopped cleanly and started again (start-to-ready), then killed (SIGKILL) and started again (recovery), and
its idle RSS read. Sizes that would leave less than HEADROOM_GB free on the disk are skipped and said so."""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

from broker_bench import MB, create_topic

from curves.brokers import node
from curves.figures import process_figures
from curves.producing import ANY_PARTITION, produce_all

FULL = (1, 2, 5, 10, 20, 50)
QUICK = (0.25, 1)
VALUE = 64 * 1024
GB = 10**9
HEADROOM_GB = 10


def fill(bootstrap: str, topic: str, nbytes: int) -> float:
    """Seconds to produce `nbytes` more of 64 KiB values."""
    config = {"bootstrap.servers": bootstrap, "acks": "1", "linger.ms": 5, "enable.idempotence": False,
              "batch.size": MB, "queue.buffering.max.kbytes": 262_144, "message.timeout.ms": 600_000}
    value = os.urandom(VALUE)  # incompressible, as stored data usually is
    return produce_all(config, ((topic, value, ANY_PARTITION) for _ in range(nbytes // VALUE)), 1800)


def directory_bytes(path: Path) -> int:
    return sum(entry.stat().st_blocks * 512 for entry in path.rglob("*") if entry.is_file())  # allocated, not sparse sizes


def run(kind: str, quick: bool, work_dir: Path) -> list[dict]:
    work_dir = work_dir / kind
    work_dir.mkdir(parents=True)
    broker = node(kind, work_dir)
    points = []
    written = 0
    try:
        broker.launch()
        create_topic(broker.bootstrap, "retained", 4)
        for size_gb in QUICK if quick else FULL:
            target = int(size_gb * GB)
            free = shutil.disk_usage(work_dir).free
            if target - written > free - HEADROOM_GB * GB:
                print(f"  retained {kind} {size_gb} GB: skipped, {free / GB:.1f} GB free", flush=True)
                points.append({"retained_gb": size_gb, "skipped": f"{free / GB:.1f} GB free"})
                break
            fill_s = fill(broker.bootstrap, "retained", target - written)
            written = target
            point = {"retained_gb": size_gb, "load_average": os.getloadavg(), "fill_s": round(fill_s, 1),
                     "bytes_on_disk": directory_bytes(Path(broker.log_dir))}
            point["clean_shutdown_s"] = round(broker.stop(), 3)
            point["start_after_clean_s"] = round(broker.launch(), 3)
            time.sleep(3)
            point["idle_rss_mib"] = process_figures(broker.pid, broker.log_dir)["rss_mib"]
            broker.kill()
            point["start_after_kill_s"] = round(broker.launch(), 3)
            points.append(point)
            print(f"  retained {kind} {size_gb} GB: {point}", flush=True)
    finally:
        broker.close()
        # the other broker's curve needs the disk: 50 GB twice does not fit beside the headroom on these machines
        shutil.rmtree(work_dir, ignore_errors=True)
    return points
