"""A fault-injecting TCP proxy on 127.0.0.1: one `Link` per inter-node path, and the `ProxyNetwork` of them.

A `Link` listens on an ephemeral loopback port and forwards every connection it accepts to one target address,
with two threads per connection (one per direction). On command it:

- `drop()`: closes every connection it carries and refuses new ones (accepts, then closes at once), as a
  REJECT firewall rule or a dead peer would;
- `blackhole(direction)`: keeps reading one direction (or both) and discards the bytes, as a DROP rule would:
  the sender sees its writes succeed and no reply ever comes;
- `delay(seconds, direction)`: holds every chunk that long before passing it on (order kept);
- `heal()`: forwards normally again. A connection that lost bytes to a blackhole is closed on heal: its byte
  stream has a hole, and real TCP would have reset it after its retransmissions ran out.

Directions are named from the connecting side: "out" is what the connecting node sends (requests), "in" is
what the target sends back (responses). `ProxyNetwork` names links by (source node, destination node,
channel) and offers the cluster-level faults: `isolate(node)`, `cut(a, b)`, `heal_all()`.
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterable

OUT = "out"
IN = "in"
BOTH = "both"
_CHUNK = 64 * 1024
_ACCEPT_POLL_S = 0.2


def _directions(direction: str) -> tuple[str, ...]:
    if direction == BOTH:
        return (OUT, IN)
    if direction not in (OUT, IN):
        raise ValueError(f"direction must be {OUT!r}, {IN!r} or {BOTH!r}, not {direction!r}")
    return (direction,)


class _Connection:
    """One proxied connection: the accepted socket and the socket to the target."""

    def __init__(self, accepted: socket.socket, upstream: socket.socket):
        self.sockets = {OUT: (accepted, upstream), IN: (upstream, accepted)}
        self.lost_bytes = False
        self._closed = False
        self._lock = threading.Lock()

    def close(self) -> None:
        with self._lock:
            if self._closed:
                return
            self._closed = True
        for sock in self.sockets[OUT]:
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass  # already disconnected
            sock.close()


class Link:
    """Forwards 127.0.0.1:`port` to `target`, with faults on command. `name` appears in thread names."""

    def __init__(self, target: tuple[str, int], name: str = "link"):
        self.target = target
        self.name = name
        self._listener = socket.create_server(("127.0.0.1", 0))
        self._listener.settimeout(_ACCEPT_POLL_S)
        self.port: int = self._listener.getsockname()[1]
        self._lock = threading.Lock()
        self._connections: set[_Connection] = set()
        self._refusing = False
        self._blackholed: set[str] = set()
        self._delay_s = {OUT: 0.0, IN: 0.0}
        self.connections_accepted = 0
        self._running = True
        self._acceptor = threading.Thread(target=self._accept_loop, name=f"proxy-{name}", daemon=True)
        self._acceptor.start()

    @property
    def address(self) -> str:
        return f"127.0.0.1:{self.port}"

    # -- faults --------------------------------------------------------------------------------------------

    def drop(self) -> None:
        with self._lock:
            self._refusing = True
            connections = list(self._connections)
        for connection in connections:
            connection.close()

    def blackhole(self, direction: str = BOTH) -> None:
        with self._lock:
            self._blackholed.update(_directions(direction))

    def delay(self, seconds: float, direction: str = BOTH) -> None:
        with self._lock:
            for each in _directions(direction):
                self._delay_s[each] = seconds

    def heal(self) -> None:
        with self._lock:
            self._refusing = False
            self._blackholed.clear()
            self._delay_s = {OUT: 0.0, IN: 0.0}
            torn = [connection for connection in self._connections if connection.lost_bytes]
        for connection in torn:
            connection.close()

    @property
    def faulty(self) -> bool:
        with self._lock:
            return self._refusing or bool(self._blackholed) or any(self._delay_s.values())

    # -- forwarding ----------------------------------------------------------------------------------------

    def close(self) -> None:
        self._running = False
        self._acceptor.join()
        self._listener.close()
        self.drop()

    def _accept_loop(self) -> None:
        while self._running:
            try:
                accepted, _ = self._listener.accept()
            except TimeoutError:
                continue
            except OSError:
                return  # the listener was closed
            accepted.settimeout(None)
            with self._lock:
                refusing = self._refusing
                self.connections_accepted += 1
            if refusing:
                accepted.close()
                continue
            try:
                upstream = socket.create_connection(self.target, timeout=5)
            except OSError:
                accepted.close()  # the target is down: the connecting node sees a refused connection
                continue
            upstream.settimeout(None)
            connection = _Connection(accepted, upstream)
            with self._lock:
                self._connections.add(connection)
            for direction in (OUT, IN):
                threading.Thread(target=self._pump, args=(connection, direction),
                                 name=f"proxy-{self.name}-{direction}", daemon=True).start()

    def _pump(self, connection: _Connection, direction: str) -> None:
        source, destination = connection.sockets[direction]
        try:
            while True:
                chunk = source.recv(_CHUNK)
                if not chunk:
                    break
                with self._lock:
                    discard = direction in self._blackholed
                    delay_s = self._delay_s[direction]
                if discard:
                    connection.lost_bytes = True
                    continue
                if delay_s:
                    time.sleep(delay_s)
                destination.sendall(chunk)
        except OSError:
            pass  # either side went away: the connection ends below
        finally:
            connection.close()
            with self._lock:
                self._connections.discard(connection)


class ProxyNetwork:
    """The links of a cluster, by (source node id, destination node id, channel)."""

    def __init__(self) -> None:
        self.links: dict[tuple[int, int, str], Link] = {}

    def add(self, source: int, destination: int, channel: str, target: tuple[str, int]) -> Link:
        link = Link(target, name=f"{channel}-{source}to{destination}")
        self.links[(source, destination, channel)] = link
        return link

    def link(self, source: int, destination: int, channel: str) -> Link:
        return self.links[(source, destination, channel)]

    def between(self, a: int, b: int) -> list[Link]:
        """Every link from a to b and from b to a."""
        return [link for (source, destination, _), link in self.links.items() if {source, destination} == {a, b}]

    def touching(self, node: int) -> list[Link]:
        return [link for (source, destination, _), link in self.links.items() if node in (source, destination)]

    def isolate(self, node: int, how: str = "blackhole") -> None:
        """Cuts every inter-node path to and from `node` (clients still reach it directly)."""
        self._cut(self.touching(node), how)

    def cut(self, a: int, b: int, how: str = "blackhole") -> None:
        """Cuts the paths between nodes a and b, both ways."""
        self._cut(self.between(a, b), how)

    def heal_all(self) -> None:
        for link in self.links.values():
            link.heal()

    def close(self) -> None:
        for link in self.links.values():
            link.close()

    @staticmethod
    def _cut(links: Iterable[Link], how: str) -> None:
        for link in links:
            if how == "blackhole":
                link.blackhole(BOTH)
            elif how == "drop":
                link.drop()
            else:
                raise ValueError(f"unknown cut {how!r} (blackhole or drop)")
