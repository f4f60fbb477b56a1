"""Python side of the Java golden-bytes oracle: Kafka 4.3.1's own generated classes, run in one JVM.

The oracle (tests/golden/java/, built by `make java` into .cache/golden-java/) reads JSON lines on stdin and
answers each on stdout; see GoldenServer.java for the line protocol.  `JavaGolden` starts it once and sends it
requests:

    with JavaGolden() as golden:
        data = golden.encode("clients", "ApiVersionsRequest", 3, {"clientSoftwareName": "x", ...})
        json_obj = golden.decode("clients", "ApiVersionsRequest", 3, data)

`schema_dir` is a directory under kbroker/protocol/schemas/ and `name` is the schema's "name" (not its file
name: metadata/ZkMigrationRecord.json is named ZkMigrationStateRecord).  The JSON is the shape Kafka's
`<Message>JsonConverter` reads and writes: camelCase field names, int64 as numbers, bytes and records as base64,
uuids as Kafka's base64 strings.
"""

from __future__ import annotations

import json
import os
import subprocess
import tempfile
import threading
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parents[2]
JAR_PATH = REPO_ROOT / ".cache" / "golden-java" / "kbroker-golden.jar"
BUILD_COMMAND = "make java"


class JavaGoldenError(Exception):
    """Kafka's Java code refused a request; carries the Java exception's class name and message."""

    def __init__(self, java_class: str, java_message: str):
        super().__init__(f"{java_class}: {java_message}")
        self.java_class = java_class
        self.java_message = java_message


class JavaGoldenUnavailable(RuntimeError):
    """The oracle cannot run: the jar is not built, or the JVM died."""


def jar_is_built(jar_path: Path = JAR_PATH) -> bool:
    return jar_path.is_file() and (jar_path.parent / "lib").is_dir()


def missing_jar_message(jar_path: Path = JAR_PATH) -> str:
    return f"Java golden oracle not built ({jar_path}); build it with `{BUILD_COMMAND}`"


class JavaGolden:
    """One long-lived oracle JVM. Thread-safe: requests are serialized."""

    def __init__(self, jar_path: Path = JAR_PATH, java: str = "java"):
        self._command = [java, "-XX:+UseSerialGC", "-Xmx1g", "-jar", str(jar_path)]
        self._jar_path = jar_path
        self._process: subprocess.Popen[bytes] | None = None
        self._stderr: Any = None
        self._lock = threading.Lock()

    def __enter__(self) -> JavaGolden:
        try:
            self.start()
        except BaseException:
            self.close()
            raise
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def start(self) -> None:
        if not jar_is_built(self._jar_path):
            raise JavaGoldenUnavailable(missing_jar_message(self._jar_path))
        self._stderr = tempfile.TemporaryFile()
        self._process = subprocess.Popen(
            self._command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self._stderr,
        )

    def close(self) -> None:
        process, self._process = self._process, None
        if process is not None:
            try:
                process.stdin.close()
                process.wait(timeout=10)
            except (OSError, subprocess.TimeoutExpired):
                process.kill()
                process.wait()
            finally:
                process.stdout.close()
        if self._stderr is not None:
            self._stderr.close()
            self._stderr = None

    def encode(self, schema_dir: str, name: str, version: int, json_obj: dict) -> bytes:
        answer = self._call(
            {"op": "encode", "dir": schema_dir, "name": name, "version": version, "json": json_obj}
        )
        return bytes.fromhex(answer["hex"])

    def decode(
        self, schema_dir: str, name: str, version: int, data: bytes, *, allow_trailing: bool = False
    ) -> dict:
        """Decodes `data` with Kafka's classes. Kafka ignores bytes after the message; unless `allow_trailing`,
        leftover bytes raise JavaGoldenError here, since in a golden comparison they mean a length mismatch."""
        answer = self._call(
            {"op": "decode", "dir": schema_dir, "name": name, "version": version, "hex": bytes(data).hex()}
        )
        if answer["remaining"] and not allow_trailing:
            raise JavaGoldenError(
                "TrailingBytes",
                f"{name} v{version} decoded {len(data) - answer['remaining']} of {len(data)} bytes",
            )
        return answer["json"]

    def _call(self, request: dict) -> dict:
        line = json.dumps(request, separators=(",", ":")).encode() + b"\n"
        with self._lock:
            process = self._process
            if process is None:
                raise JavaGoldenUnavailable("JavaGolden is not started (use it as a context manager)")
            try:
                process.stdin.write(line)
                process.stdin.flush()
                reply = process.stdout.readline()
            except BrokenPipeError:
                reply = b""
            if not reply:
                raise JavaGoldenUnavailable(
                    f"the oracle JVM exited ({process.poll()}): {self._stderr_tail()}"
                )
        answer = json.loads(reply)
        if not answer["ok"]:
            java_class, _, java_message = answer["error"].partition(": ")
            raise JavaGoldenError(java_class, java_message)
        return answer

    def _stderr_tail(self, limit: int = 4000) -> str:
        self._stderr.flush()
        size = os.fstat(self._stderr.fileno()).st_size
        self._stderr.seek(max(0, size - limit))
        return self._stderr.read().decode(errors="replace")
