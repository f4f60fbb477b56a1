"""Cost curves, kbroker beside Apache Kafka 4.3.1 on the same log-log axes (issue #20).

Curves (bench/curves/, one module each):
- partitions: 10 to 10,000 partitions on one node: creation time, idle RSS, descriptors, start-to-ready after a
  clean shutdown and after kill -9, Metadata-for-all-topics latency, produce records/s spread over all of them;
- connections: 10 to 5,000 idle client connections: RSS, descriptors, and a busy client's produce p99;
- consumers: 1 to 50 consumers reading one topic at once (fan-out): MB/s in all;
- record_size: 100 B to 10 MB values (max.message.bytes raised): produce MB/s and records/s;
- retained: start-to-ready (clean and after kill -9) with 1 GB to 50 GB on disk.

Each point runs on a fresh node (the connections and retained curves grow one node), one broker at a time, under
RLIMIT_NOFILE 20,000. The machine's load average is recorded with every point: on a shared machine the figures
are noisy. Writes bench/results/curves-<UTC date and time>.json and one PNG per curve beside it; asserts nothing.

    .venv/bin/python bench/curves_bench.py [--quick] [--only kbroker|kafka] [--curves partitions,connections]
        [--dir DIR] [--retained-max-gb N] [--beside EARLIER.json]
    .venv/bin/python bench/curves_bench.py --redraw bench/results/curves-<...>.json
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from curves import connections, consumers, partitions, record_size, retained  # noqa: E402
from curves.brokers import KINDS, raise_open_files_limit  # noqa: E402
from curves.plot import draw  # noqa: E402

RESULTS_DIR = ROOT / "bench" / "results"

# curve -> (module, x key, x label, [(figure key, panel title)])
CURVES = {
    "partitions": (partitions, "partitions", "partitions", [
        ("create_s", "create (s; Kafka: until its logs are open)"),
        ("clean_shutdown_s", "clean shutdown (s)"),
        ("start_after_clean_s", "start-to-ready after clean shutdown (s)"),
        ("start_after_kill_s", "start-to-ready after kill -9 (s)"),
        ("idle.rss_mib", "idle RSS after creation (MiB)"),
        ("idle_after_restart.rss_mib", "idle RSS after restart (MiB)"),
        ("idle.fds_under_log_dir", "open files under the log dir"),
        ("idle.memory_maps", "memory maps"),
        ("idle_cpu_s_per_s", "idle CPU (CPU-s per s)"),
        ("metadata_median_ms", "Metadata all topics, median (ms)"),
        ("produce_records_per_s", "produce records/s over all partitions"),
    ]),
    "connections": (connections, "connections", "idle connections", [
        ("rss_mib", "RSS (MiB)"),
        ("open_fds", "open descriptors"),
        ("probe_p99_ms", "busy producer p99 (ms)"),
        ("probe_p50_ms", "busy producer p50 (ms)"),
    ]),
    "consumers": (consumers, "consumers", "consumers of one topic", [
        ("total_mb_per_s", "MB/s read in all"),
        ("per_consumer_mb_per_s", "MB/s per consumer"),
    ]),
    "record_size": (record_size, "record_bytes", "record size (bytes)", [
        ("mb_per_s", "produce MB/s"),
        ("records_per_s", "produce records/s"),
    ]),
    "retained": (retained, "retained_gb", "data on disk (GB)", [
        ("start_after_clean_s", "start-to-ready after clean shutdown (s)"),
        ("start_after_kill_s", "start-to-ready after kill -9 (s)"),
        ("idle_rss_mib", "idle RSS after restart (MiB)"),
    ]),
}


def draw_curve(name: str, by_kind: dict[str, list[dict]], stamp: str, png: Path) -> None:
    _module, x_key, x_label, panels = CURVES[name]
    loads = [p["load_average"][0] for points in by_kind.values() for p in points if "load_average" in p]
    note = (f"{stamp}, {os.cpu_count()} CPUs shared with other work; 1-min load average "
            f"{min(loads):.1f}-{max(loads):.1f}" if loads else stamp)
    draw(f"{name}: kbroker vs Apache Kafka 4.3.1", x_key, x_label, panels, by_kind, note, png)
    print(f"wrote {png}", flush=True)


def redraw(results_json: Path) -> None:
    results = json.loads(results_json.read_text())
    for name, by_kind in results["curves"].items():
        draw_curve(name, by_kind, results["started"], results_json.with_name(f"{results_json.stem}-{name}.png"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="a small subset of each curve's sizes")
    parser.add_argument("--only", choices=KINDS)
    parser.add_argument("--curves", default=",".join(CURVES), help="comma-separated, of: " + ", ".join(CURVES))
    parser.add_argument("--dir", default=None, help="where the brokers' data goes (default: a temporary directory)")
    parser.add_argument("--beside", default=None, metavar="RESULTS_JSON",
                        help="with --only: draw the other broker's points of the same curves from this earlier "
                             "run's JSON (copied into the new JSON under 'beside_from')")
    parser.add_argument("--redraw", default=None, metavar="RESULTS_JSON",
                        help="only draw the PNGs of an earlier run's JSON again (beside it); measures nothing")
    parser.add_argument("--retained-max-gb", type=float, default=None,
                        help="the retained curve stops at this size (default: all, up to 50 GB)")
    args = parser.parse_args()
    chosen = [name.strip() for name in args.curves.split(",") if name.strip()]
    unknown = [name for name in chosen if name not in CURVES]
    if unknown:
        parser.error(f"unknown curves {unknown}")
    if args.redraw:
        redraw(Path(args.redraw))
        return
    kinds = [args.only] if args.only else list(KINDS)
    if args.retained_max_gb is not None:
        retained.FULL = tuple(gb for gb in retained.FULL if gb <= args.retained_max_gb) or (args.retained_max_gb,)
    limit = raise_open_files_limit()
    stamp = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%dT%H%M%SZ")
    RESULTS_DIR.mkdir(exist_ok=True)
    out = RESULTS_DIR / f"curves-{stamp}.json"
    results: dict = {"started": stamp, "quick": args.quick, "open_files_limit": limit, "cpus": os.cpu_count(),
                     "load_average_at_start": os.getloadavg(),
                     "note": "measured on a shared 2-core machine: each point carries the load average then",
                     "curves": {}}
    work = Path(tempfile.mkdtemp(prefix="curves-", dir=args.dir))
    try:
        for name in chosen:
            module, x_key, x_label, panels = CURVES[name]
            by_kind = results["curves"].setdefault(name, {})
            for kind in kinds:
                print(f"{name}: {kind}", flush=True)
                by_kind[kind] = module.run(kind, args.quick, work / name)
                out.write_text(json.dumps(results, indent=1) + "\n")
            if args.beside:
                earlier = json.loads(Path(args.beside).read_text())
                for kind, points in earlier["curves"].get(name, {}).items():
                    if kind not in by_kind:
                        by_kind[kind] = points
                        results["beside_from"] = {"file": Path(args.beside).name, "started": earlier["started"]}
            draw_curve(name, by_kind, stamp, RESULTS_DIR / f"curves-{stamp}-{name}.png")
    finally:
        results["load_average_at_end"] = os.getloadavg()
        out.write_text(json.dumps(results, indent=1) + "\n")
        shutil.rmtree(work, ignore_errors=True)
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
