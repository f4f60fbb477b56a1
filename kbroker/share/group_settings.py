"""A share group's effective settings (Kafka 4.3.1's ShareGroupConfigProvider / GroupConfigManager): the group's
own `share.*` configs (GROUP config resources in the metadata image, kbroker.group.group_configs), each INT one
kept within the broker's `group.share.min.*`/`group.share.max.*` bounds, else the broker's `group.share.*` value.

Read at every use, so `kafka-configs --alter --entity-type groups` takes effect on the next fetch or heartbeat:
the lock duration of the next acquisition, the delivery count limit of the next release, the session timeout
and heartbeat interval of the next heartbeat; `share.auto.offset.reset` only when a share-partition is first
initialized.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from kbroker.group import group_configs

EARLIEST, LATEST = "earliest", "latest"
READ_COMMITTED = "read_committed"

_DURATION = re.compile(r"P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)(?:[.,](\d{0,9}))?S)?)?", re.IGNORECASE)


class ShareGroupSettings:
    def __init__(self, config, image: Callable[[], object]):
        self.config = config
        self.image = image

    def _stored(self):
        image = self.image()
        return image.group_configs if image is not None else {}

    def _int(self, group_id: str, name: str) -> int:
        return group_configs.effective_int(self._stored(), self.config, group_id, name,
                                           self.config[f"group.{name}"])

    def _string(self, group_id: str, name: str) -> str:
        text = self._stored().get(group_id, {}).get(name)
        if text is None:
            return str(group_configs.KEYS_BY_NAME[name].default)
        try:
            return str(group_configs.parse_value(group_configs.KEYS_BY_NAME[name], text))
        except group_configs.GroupConfigError:
            return str(group_configs.KEYS_BY_NAME[name].default)

    def record_lock_duration_ms(self, group_id: str) -> int:
        return self._int(group_id, "share.record.lock.duration.ms")

    def delivery_count_limit(self, group_id: str) -> int:
        return self._int(group_id, "share.delivery.count.limit")

    def partition_max_record_locks(self, group_id: str) -> int:
        return self._int(group_id, "share.partition.max.record.locks")

    def session_timeout_ms(self, group_id: str) -> int:
        return self._int(group_id, "share.session.timeout.ms")

    def heartbeat_interval_ms(self, group_id: str) -> int:
        return self._int(group_id, "share.heartbeat.interval.ms")

    def read_committed(self, group_id: str) -> bool:
        return self._string(group_id, "share.isolation.level") == READ_COMMITTED

    def auto_offset_reset(self, group_id: str) -> tuple[str, int | None]:
        """(EARLIEST or LATEST, None), or ("by_duration", the duration in milliseconds)."""
        value = self._string(group_id, "share.auto.offset.reset")
        if value.startswith("by_duration:"):
            return "by_duration", duration_ms(value.removeprefix("by_duration:"))
        return (EARLIEST, None) if value == EARLIEST else (LATEST, None)


def duration_ms(text: str) -> int:
    """An ISO-8601 duration (PnDTnHnMn.nS, not negative: group_configs checked it when it was set) in ms."""
    match = _DURATION.fullmatch(text.strip())
    if match is None:
        return 0
    days, hours, minutes, seconds, fraction = match.groups()
    total = ((int(days or 0) * 24 + int(hours or 0)) * 60 + int(minutes or 0)) * 60 + int(seconds or 0)
    return total * 1000 + int(((fraction or "") + "000")[:3])
