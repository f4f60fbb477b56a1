"""Where each peer node listens: node id -> host:port, kept up to date by the caller (from
`controller.quorum.voters` for controllers, from the metadata image's broker registrations for brokers).

The channel manager reads it at every connection attempt, so an address change takes effect on the next
send: the old connection is closed and the new address dialled.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

import attrs


@attrs.frozen
class Address:
    host: str
    port: int

    @classmethod
    def parse(cls, text: str) -> Address:
        """`host:port`, `[v6-address]:port` or `v6-address:port`."""
        host, sep, port = text.strip().rpartition(":")
        if not sep or not host or not port.isdigit():
            raise ValueError(f"not a host:port address: {text!r}")
        return cls(host.strip("[]"), int(port))

    def __str__(self) -> str:
        return f"[{self.host}]:{self.port}" if ":" in self.host else f"{self.host}:{self.port}"


def parse_quorum_voters(text: str) -> dict[int, Address]:
    """`controller.quorum.voters`: `id@host:port` entries separated by commas."""
    voters: dict[int, Address] = {}
    for entry in filter(None, (part.strip() for part in text.split(","))):
        node_id, sep, address = entry.partition("@")
        if not sep or not node_id.strip().lstrip("-").isdigit():
            raise ValueError(f"not an id@host:port voter: {entry!r}")
        voters[int(node_id)] = Address.parse(address)
    return voters


class NodeDirectory:
    """The known address of each node id. Mutated only by its owner; read by the channel manager."""

    def __init__(self, addresses: Mapping[int, Address] | None = None) -> None:
        self._addresses: dict[int, Address] = dict(addresses or {})

    def get(self, node_id: int) -> Address | None:
        return self._addresses.get(node_id)

    def set(self, node_id: int, address: Address) -> None:
        self._addresses[node_id] = address

    def remove(self, node_id: int) -> None:
        self._addresses.pop(node_id, None)

    def replace_all(self, addresses: Mapping[int, Address]) -> None:
        self._addresses = dict(addresses)

    def __contains__(self, node_id: int) -> bool:
        return node_id in self._addresses

    def __iter__(self) -> Iterator[int]:
        return iter(list(self._addresses))

    def __len__(self) -> int:
        return len(self._addresses)
