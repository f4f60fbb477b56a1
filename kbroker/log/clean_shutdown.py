"""A log dir's clean-shutdown marker, `.kafka_cleanshutdown`, as Kafka 4.3.1 writes and reads it
(CleanShutdownFileHandler, LogManager.readBrokerEpochFromCleanShutdownFiles; KIP-966 / KAFKA-15586).

Its presence says the logs of the dir were closed cleanly: they need no recovery at the next start (the partition
manager reads that, and removes the marker while the broker runs). Its content proves to the controller that the
shutdown was clean: the JSON object `{"version":0,"brokerEpoch":<epoch>}`, the broker epoch of the incarnation
that wrote it, fsynced. At start-up the broker sends the epoch back as BrokerRegistration's previousBrokerEpoch;
the controller trusts a replica whose previous epoch matches its registration to still hold everything it
acknowledged (it stays an eligible leader replica).

Reading fails to no epoch, as Kafka's Jackson reader does: a missing, empty (a marker from before KIP-966) or
unparsable file, anything but an object, no `brokerEpoch`, or one that is not a number of 64 bits. Like Jackson it
takes a decimal string or a fraction (truncated) for a number, the last of repeated properties, any `version`, and
ignores other properties and what follows the object (tests/log/java compares both readers on the same files).
"""

from __future__ import annotations

import json
import logging
import math
import os
import re
from collections.abc import Iterable

log = logging.getLogger(__name__)

CLEAN_SHUTDOWN_FILE = ".kafka_cleanshutdown"
CURRENT_VERSION = 0
NO_EPOCH = -1  # what a broker registers with when it has no proof of a clean shutdown
_LONG = range(-(1 << 63), 1 << 63)
_INT = range(-(1 << 31), 1 << 31)
_DECIMAL = re.compile(r"[+-]?[0-9]+")


def marker_path(log_dir: str) -> str:
    return os.path.join(log_dir, CLEAN_SHUTDOWN_FILE)


def has_marker(log_dir: str) -> bool:
    """Whether the dir was shut down cleanly (its logs need no recovery)."""
    return os.path.exists(marker_path(log_dir))


def write_marker(log_dir: str, broker_epoch: int) -> None:
    """Mark `log_dir` cleanly shut down by the incarnation of `broker_epoch` (-1: it never registered)."""
    content = json.dumps({"version": CURRENT_VERSION, "brokerEpoch": broker_epoch}, separators=(",", ":"))
    with open(marker_path(log_dir), "wb") as marker:
        marker.write(content.encode())
        marker.flush()
        os.fsync(marker.fileno())


def delete_marker(log_dir: str) -> None:
    try:
        os.unlink(marker_path(log_dir))
    except FileNotFoundError:
        pass


def read_broker_epoch(log_dir: str) -> int | None:
    """The broker epoch the marker of `log_dir` holds; None when it cannot be read (CleanShutdownFileHandler.read)."""
    path = marker_path(log_dir)
    try:
        with open(path, "rb") as marker:
            text = marker.read().decode()
        content, _end = json.JSONDecoder().raw_decode(text.lstrip())
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        log.debug("Fail to read the clean shutdown file in %s: %s", path, exc)
        return None
    if not isinstance(content, dict):
        log.debug("Fail to read the clean shutdown file in %s: not a JSON object", path)
        return None
    epoch, version = _number(content.get("brokerEpoch"), _LONG), content.get("version")
    if epoch is None or (version is not None and _number(version, _INT) is None):
        log.debug("Fail to read the clean shutdown file in %s: brokerEpoch %r, version %r", path,
                  content.get("brokerEpoch"), version)
        return None
    return epoch


def previous_broker_epoch(log_dirs: Iterable[str]) -> int:
    """The epoch to register with as previousBrokerEpoch (LogManager.readBrokerEpochFromCleanShutdownFiles): the
    one every log dir's marker holds, else -1 when a configured dir is not live (missing or inaccessible), a
    dir's marker cannot be read, or two dirs disagree. Read before the partition manager removes the markers."""
    dirs = list(log_dirs)
    offline = [d for d in dirs if not _is_live(d)]
    if offline:
        log.info("Not every log dir is online (%s): no clean-shutdown broker epoch", ", ".join(offline))
        return NO_EPOCH
    found = NO_EPOCH
    for log_dir in dirs:
        epoch = read_broker_epoch(log_dir)
        if epoch is None:
            log.info("Unable to read the broker epoch in %s.", log_dir)
            return NO_EPOCH
        if found != NO_EPOCH and epoch != found:
            log.info("Found different broker epochs in %s: %d and %d.", log_dir, found, epoch)
            return NO_EPOCH
        found = epoch
    return found


def _is_live(log_dir: str) -> bool:
    return os.path.isdir(log_dir) and os.access(log_dir, os.R_OK | os.W_OK | os.X_OK)


def _number(value: object, bounds: range) -> int | None:
    """`value` as Jackson binds it to a Java long or int (None: it fails)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, float):
        value = int(value) if math.isfinite(value) else None
    elif isinstance(value, str):
        value = int(value.strip()) if _DECIMAL.fullmatch(value.strip()) else None
    return value if isinstance(value, int) and value in bounds else None
