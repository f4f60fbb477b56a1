"""`kbroker format --add-scram` bootstraps SCRAM credentials into a single node's metadata log, as kafka-storage
does; a bad argument is refused in one line without echoing the password."""

from __future__ import annotations

import subprocess
import sys

from kbroker.metadata.scram_control import parse_add_scram
from kbroker.security import scram_credentials as sc
from kbroker.testing import broker_config, run_broker_in_thread


def run_cli(*args):
    return subprocess.run([sys.executable, "-m", "kbroker", *args], capture_output=True, text=True, timeout=60)


def test_format_add_scram_puts_the_credential_in_the_metadata_log(tmp_path):
    logs = tmp_path / "logs"
    done = run_cli("format", "--override", f"log.dirs={logs}", "--add-scram",
                   'SCRAM-SHA-512=[name=alice,password="alice-secret",iterations=8192]',
                   "--add-scram", "SCRAM-SHA-256=[name=bob,password=bob-secret]")
    assert done.returncode == 0, done.stderr
    with run_broker_in_thread(broker_config(logs)) as broker:
        scram = broker.state.image.scram_credentials
    alice = scram["alice"][sc.SCRAM_SHA_512.type]
    assert alice == sc.from_password(sc.SCRAM_SHA_512, "alice-secret", 8192, alice.salt)
    assert scram["bob"][sc.SCRAM_SHA_256.type].iterations == 4096


def test_a_bad_add_scram_is_refused_without_the_password(tmp_path):
    done = run_cli("format", "--override", f"log.dirs={tmp_path / 'logs'}", "--add-scram",
                   "SCRAM-SHA-1=[name=alice,password=topsecret]")
    assert done.returncode == 1
    assert "unknown SCRAM mechanism SCRAM-SHA-1" in done.stderr
    assert "topsecret" not in done.stderr
    assert not (tmp_path / "logs").exists()


def test_salt_and_salted_password_are_taken_as_given():
    record = parse_add_scram("SCRAM-SHA-256=[name=carol,salt=c2FsdA==,saltedpassword=AAEC,iterations=4096]").message
    assert record.salt == b"salt" and record.iterations == 4096
    assert record.stored_key == sc.SCRAM_SHA_256.stored_key(sc.SCRAM_SHA_256.client_key(b"\0\1\2"))


def test_serve_refuses_a_mechanism_it_cannot_serve_in_one_line(tmp_path):
    done = run_cli("serve", "--override", f"log.dirs={tmp_path / 'logs'}", "--override",
                   "listeners=SASL_PLAINTEXT://127.0.0.1:0", "--override",
                   "inter.broker.listener.name=SASL_PLAINTEXT", "--override", "sasl.enabled.mechanisms=GSSAPI")
    assert done.returncode == 1
    lines = [line for line in done.stderr.splitlines() if "GSSAPI" in line]
    assert len(lines) == 1 and "kbroker supports PLAIN, SCRAM-SHA-256, SCRAM-SHA-512, OAUTHBEARER" in lines[0]
