"""Kafka's DumpLogSegments over a partition's or the metadata log's files, and the problems it reports: `dump_errors`
(shared by the log format interop tests, tests/log/, and the mixed-cluster log dir tests, compat_tests/)."""

from __future__ import annotations

import re
from pathlib import Path

from compat_tests.kafka_dist import run_kafka_tool

DUMP_LOG_SEGMENTS = "org.apache.kafka.tools.DumpLogSegments"

_ERROR_LINE = re.compile(r"mismatch|invalid bytes|isvalid: false|error|exception|out of order|corrupt|"
                         r"not found|failed", re.IGNORECASE)
_NON_CONSECUTIVE = re.compile(r"^Non-consecutive offsets in (.+)$")
_FOLLOWED = re.compile(r"^\s*(-?\d+) is followed by (-?\d+)\s*$")


def dump_errors(files: list[Path], *args: str, allow_gaps_in: tuple[str, ...] = ()) -> list[str]:
    """Problems DumpLogSegments reports for `files` (its exit status, error lines, offset gaps).

    Kafka 4.3.1's tool starts its offset tracking at -1 in every .log, so a segment whose first record is at
    its base offset B > 0 is reported as "-1 is followed by B": that line is expected, not an error. Gaps in
    files listed in `allow_gaps_in` (compacted segments) are expected too.
    """
    done = run_kafka_tool(DUMP_LOG_SEGMENTS, *args, "--files", ",".join(map(str, files)), timeout=300)
    problems = []
    if done.returncode != 0:
        problems.append(f"exit status {done.returncode}: {done.stderr[-2000:]}")
    gaps_file = None
    for line in (done.stdout + "\n" + done.stderr).splitlines():
        if line.startswith(("baseOffset:", "| offset:", "producerId:", "version:")):
            if "isvalid: false" in line:
                problems.append(line)
            continue
        header = _NON_CONSECUTIVE.match(line)
        if header:
            gaps_file = header.group(1)
            continue
        pair = _FOLLOWED.match(line)
        if pair and gaps_file is not None:
            before, after = int(pair.group(1)), int(pair.group(2))
            first_of_segment = before == -1 and after == int(Path(gaps_file).name.split(".")[0])
            if not first_of_segment and not gaps_file.endswith(allow_gaps_in or ("\0",)):
                problems.append(f"{gaps_file}: {line.strip()}")
            continue
        gaps_file = None
        if _ERROR_LINE.search(line):
            problems.append(line)
    return problems
