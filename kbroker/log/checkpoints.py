"""Kafka's plain-text checkpoint files and the atomic write they all share.

Owns the format of the log-dir checkpoints (recovery-point-offset-checkpoint, log-start-offset-checkpoint,
replication-offset-checkpoint, cleaner-offset-checkpoint), as Kafka's CheckpointFile writes them:

    <version>\\n<entry count>\\n<topic> <partition> <offset>\\n...

Writes go to `<file>.tmp`, are fsynced, renamed over the file and the directory is fsynced, so a crash leaves
either the old or the new file. Reads accept what Kafka accepts (fields split on any whitespace; an empty file
or one with only a version line reads as no entries) and raise CheckpointError naming the file otherwise.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable, Mapping

RECOVERY_POINT_CHECKPOINT = "recovery-point-offset-checkpoint"
LOG_START_OFFSET_CHECKPOINT = "log-start-offset-checkpoint"
REPLICATION_OFFSET_CHECKPOINT = "replication-offset-checkpoint"
CLEANER_OFFSET_CHECKPOINT = "cleaner-offset-checkpoint"

OFFSET_CHECKPOINT_VERSION = 0

_FIELDS = re.compile(r"\s+")


class CheckpointError(OSError):
    """A checkpoint file that cannot be parsed (Kafka raises IOException / KafkaStorageException)."""


def fsync_directory(directory: str) -> None:
    fd = os.open(directory, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def write_atomically(path: str, text: str, *, sync: bool = True) -> None:
    """Replace `path` with `text` via `<path>.tmp` + rename (Kafka's Utils.atomicMoveWithFallback)."""
    tmp = path + ".tmp"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    try:
        data = text.encode("utf-8")
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
        if sync:
            os.fsync(fd)
    finally:
        os.close(fd)
    os.replace(tmp, path)
    if sync:
        fsync_directory(os.path.dirname(os.path.abspath(path)))


def split_fields(line: str) -> list[str]:
    """Whitespace-separated fields of a line, as Java's `line.split("\\\\s+")` on a trimmed line."""
    return _FIELDS.split(line.strip()) if line.strip() else []


def encode_checkpoint(version: int, lines: list[str]) -> str:
    return f"{version}\n{len(lines)}\n" + "".join(line + "\n" for line in lines)


def decode_checkpoint(path: str, text: str, version: int, parse_line: Callable[[str], object]) -> list:
    """Entries of a checkpoint file's text; `parse_line` returns an entry or None for a malformed line."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if not lines:
        return []
    read_version = _parse_int(path, lines[0])
    if read_version != version:
        raise CheckpointError(
            f"Unrecognised version: {read_version}, expected version: {version} in checkpoint file at: {path}")
    if len(lines) < 2:
        return []
    expected = _parse_int(path, lines[1])
    entries = []
    for line in lines[2:]:
        entry = parse_line(line)
        if entry is None:
            raise CheckpointError(f"Malformed line in checkpoint file ({path}): '{line}'")
        entries.append(entry)
    if len(entries) != expected:
        raise CheckpointError(
            f"Expected {expected} entries in checkpoint file ({path}), but found only {len(entries)}")
    return entries


def read_text(path: str) -> str | None:
    """The file's text, or None when it does not exist."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except FileNotFoundError:
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise CheckpointError(f"Checkpoint file {path} is not valid UTF-8: {exc}") from None


def _parse_int(path: str, text: str) -> int:
    try:
        return int(text.strip(), 10)
    except ValueError:
        raise CheckpointError(f"Malformed line in checkpoint file ({path}): '{text}'") from None


def _parse_offset_line(line: str) -> tuple[tuple[str, int], int] | None:
    fields = split_fields(line)
    if len(fields) != 3:
        return None
    topic, partition, offset = fields
    try:
        return (topic, int(partition, 10)), int(offset, 10)
    except ValueError:
        return None


class OffsetCheckpointFile:
    """One `<topic> <partition> <offset>` checkpoint file in a log dir (Kafka's OffsetCheckpointFile)."""

    def __init__(self, path: str):
        self.path = path

    def write(self, offsets: Mapping[tuple[str, int], int] | Iterable[tuple[tuple[str, int], int]],
              *, sync: bool = True) -> None:
        items = offsets.items() if isinstance(offsets, Mapping) else offsets
        lines = [f"{topic} {partition} {offset}" for (topic, partition), offset in items]
        write_atomically(self.path, encode_checkpoint(OFFSET_CHECKPOINT_VERSION, lines), sync=sync)

    def read(self) -> dict[tuple[str, int], int]:
        """{(topic, partition): offset}; an absent file reads as empty (Kafka creates it empty)."""
        text = read_text(self.path)
        if text is None:
            return {}
        return dict(decode_checkpoint(self.path, text, OFFSET_CHECKPOINT_VERSION, _parse_offset_line))

    def exists(self) -> bool:
        return os.path.exists(self.path)


def log_dir_checkpoint(log_dir: str, name: str) -> OffsetCheckpointFile:
    """The checkpoint `name` (one of the *_CHECKPOINT constants) of a log directory."""
    return OffsetCheckpointFile(os.path.join(log_dir, name))
