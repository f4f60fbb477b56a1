"""A listener's effective security settings, read the way Kafka reads them.

Kafka looks up `listener.name.<listener name in lower case>.<key>` first and falls back to `<key>`; a SASL
mechanism's JAAS config is `listener.name.<listener>.<mechanism in lower case>.sasl.jaas.config`, falling back to
`sasl.jaas.config`. The values come from the config's unknown (unmodelled) keys as strings.
"""

from __future__ import annotations

from typing import Any


class ListenerSecurityConfig:
    """The ssl.* and sasl.* values of one listener."""

    def __init__(self, config, listener_name: str) -> None:
        self.config = config
        self.listener_name = listener_name
        self.prefix = f"listener.name.{listener_name.lower()}."

    def get(self, key: str, default: Any = None) -> Any:
        value = self.config.get(self.prefix + key)
        if value is None:
            value = self.config.get(key)
        return default if value is None else value

    def get_str(self, key: str, default: str | None = None) -> str | None:
        value = self.get(key, default)
        return None if value is None else str(value).strip()

    def get_list(self, key: str, default: str) -> list[str]:
        value = self.get(key, default)
        if isinstance(value, (list, tuple)):
            return [str(v).strip() for v in value if str(v).strip()]
        return [item.strip() for item in str(value).split(",") if item.strip()]

    def get_int(self, key: str, default: int) -> int:
        return int(self.get(key, default))

    def mechanism_jaas(self, mechanism: str) -> str | None:
        """The JAAS config for one SASL mechanism on this listener (Kafka's listener + mechanism prefix)."""
        value = self.config.get(f"{self.prefix}{mechanism.lower()}.sasl.jaas.config")
        if value is None:
            value = self.config.get("sasl.jaas.config")
        return value
