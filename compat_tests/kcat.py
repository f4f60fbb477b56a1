"""kcat (the Debian package, librdkafka-based) as a subprocess: metadata listing, producing lines, consuming
to formatted lines. `make kcat` (mk/compat.mk) installs it; tests skip without it outside CI."""

from __future__ import annotations

import json
import os
import shutil
import subprocess

import pytest

# Upper bound on one kcat run; reaching it fails the test.
KCAT_TIMEOUT_S = 60.0


def installed() -> bool:
    return shutil.which("kcat") is not None


def require_kcat() -> str:
    path = shutil.which("kcat")
    if path is None:
        message = "kcat is not installed; run `make kcat` (apt-get install -y kcat)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return path


def run_kcat(bootstrap: str, *args: str, input: str | None = None) -> subprocess.CompletedProcess[str]:
    command = [require_kcat(), "-b", bootstrap, "-X", "socket.timeout.ms=10000", *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=KCAT_TIMEOUT_S,
                          input=input, stdin=None if input is not None else subprocess.DEVNULL)


def check(result: subprocess.CompletedProcess[str]) -> subprocess.CompletedProcess[str]:
    assert result.returncode == 0, (
        f"kcat exited {result.returncode}\n--- stdout ---\n{result.stdout[-4000:]}\n"
        f"--- stderr ---\n{result.stderr[-4000:]}"
    )
    return result


def metadata(bootstrap: str, topic: str | None = None) -> dict:
    """`kcat -L -J`: the broker's metadata as kcat parses it."""
    args = ["-L", "-J"] + (["-t", topic] if topic else [])
    return json.loads(check(run_kcat(bootstrap, *args)).stdout)


def produce(bootstrap: str, topic: str, lines: list[str], *args: str) -> subprocess.CompletedProcess[str]:
    """`kcat -P`: one record per line to partition 0; kcat exits non-zero when a delivery fails."""
    return run_kcat(bootstrap, "-P", "-t", topic, "-p", "0", *args, input="".join(f"{line}\n" for line in lines))


def consume(bootstrap: str, topic: str, count: int, fmt: str, *args: str) -> list[str]:
    """`kcat -C` from the beginning of partition 0, `count` records printed with `fmt` (one line each)."""
    result = check(run_kcat(bootstrap, "-C", "-t", topic, "-p", "0", "-o", "beginning", "-c", str(count),
                            "-e", "-f", fmt + "\n", *args))
    return result.stdout.splitlines()
