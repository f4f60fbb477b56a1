"""Prints what running streaming queries do: one line per micro-batch with the batch id, rows read, input and
processing rates (rows/s) and, per source, the Kafka offsets the batch covered."""

from __future__ import annotations

import json
import sys
from typing import TextIO

from pyspark.sql import SparkSession
from pyspark.sql.streaming import StreamingQueryListener


def format_offsets(offsets: str | None) -> str:
    """Spark's Kafka offsets JSON {"topic": {"0": 12, ...}} as "topic[0]=12 ..."."""
    if not offsets:
        return "-"
    try:
        parsed = json.loads(offsets)
    except ValueError:
        return offsets
    if not isinstance(parsed, dict):
        return offsets
    parts = []
    for topic, partitions in sorted(parsed.items()):
        if isinstance(partitions, dict):
            parts += [f"{topic}[{p}]={o}" for p, o in sorted(partitions.items(), key=lambda item: int(item[0]))]
        else:
            parts.append(f"{topic}={partitions}")
    return " ".join(parts)


def describe_progress(progress) -> str:
    lines = [
        f"[{progress.name or progress.id}] batch {progress.batchId}: {progress.numInputRows} rows, "
        f"{progress.inputRowsPerSecond:.1f} rows/s in, {progress.processedRowsPerSecond:.1f} rows/s processed"
    ]
    for source in progress.sources:
        lines.append(
            f"    {source.description}: {format_offsets(source.startOffset)} -> {format_offsets(source.endOffset)}"
        )
    return "\n".join(lines)


class ProgressPrinter(StreamingQueryListener):
    def __init__(self, out: TextIO = sys.stdout):
        self.out = out
        self.names: dict[str, str] = {}  # query id -> name: the terminated event carries only the id

    def onQueryStarted(self, event) -> None:
        self.names[str(event.id)] = event.name or str(event.id)
        print(f"[{event.name or event.id}] started (run {event.runId})", file=self.out, flush=True)

    def onQueryProgress(self, event) -> None:
        print(describe_progress(event.progress), file=self.out, flush=True)

    def onQueryIdle(self, event) -> None:
        pass

    def onQueryTerminated(self, event) -> None:
        outcome = f"failed: {event.exception}" if event.exception else "finished"
        print(f"[{self.names.get(str(event.id), event.id)}] {outcome}", file=self.out, flush=True)


def print_progress(spark: SparkSession, out: TextIO = sys.stdout) -> ProgressPrinter:
    """Registers a ProgressPrinter on `spark`; remove it with spark.streams.removeListener."""
    printer = ProgressPrinter(out)
    spark.streams.addListener(printer)
    return printer
