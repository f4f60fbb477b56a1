"""`kbroker serve` run as a program serves on the C library's allocator (kbroker.allocator): the process that says
it is ready is the one that was started (the same pid), running with PYTHONMALLOC=malloc; a PYTHONMALLOC the user
gave is kept. Real processes, as a user starts them."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from kbroker import allocator
from kbroker.testing import READY_LINE

pytestmark = pytest.mark.skipif(allocator._LIBC is None, reason="the C library has no malloc_trim (not glibc)")


def serve_and_read_environment(tmp_path: Path, pythonmalloc: str | None) -> dict[str, str]:
    """Start `python -m kbroker serve`, wait for its ready line, and return the started pid's environment."""
    env = {k: v for k, v in os.environ.items() if k != allocator.ENV}
    if pythonmalloc is not None:
        env[allocator.ENV] = pythonmalloc
    proc = subprocess.Popen(
        [sys.executable, "-m", "kbroker", "serve", "--override", f"log.dirs={tmp_path / 'logs'}",
         "--override", "listeners=PLAINTEXT://127.0.0.1:0", "--log-level", "WARNING"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, text=True, env=env)
    try:
        line = proc.stdout.readline()
        assert READY_LINE.match(line.strip()), (line, proc.stderr.read() if proc.poll() is not None else "")
        environ = Path(f"/proc/{proc.pid}/environ").read_bytes().split(b"\0")
        proc.terminate()
        _, err = proc.communicate(timeout=60)
        assert proc.returncode == 0, err
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    return dict(entry.decode().split("=", 1) for entry in environ if b"=" in entry)


def test_serve_runs_on_the_c_allocator(tmp_path):
    assert serve_and_read_environment(tmp_path, None).get(allocator.ENV) == allocator.SERVING


def test_a_pythonmalloc_given_is_kept(tmp_path):
    assert serve_and_read_environment(tmp_path, "pymalloc").get(allocator.ENV) == "pymalloc"
