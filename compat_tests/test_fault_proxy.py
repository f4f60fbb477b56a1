"""The fault proxy (compat_tests/cluster/proxy.py) between a client socket and an echo server on loopback:
forwarding, a blackhole in one direction, heal, drop, and the cluster-level cuts of a ProxyNetwork."""

from __future__ import annotations

import socket
import threading
import time

import pytest

from compat_tests.cluster.proxy import IN, OUT, Link, ProxyNetwork

WAIT_S = 5.0


@pytest.fixture
def echo_server():
    """A server echoing every byte back, and a record of what it received."""
    listener = socket.create_server(("127.0.0.1", 0))
    received = bytearray()
    stopping = threading.Event()

    def serve(connection: socket.socket) -> None:
        with connection:
            while chunk := connection.recv(4096):
                received.extend(chunk)
                connection.sendall(chunk)

    def accept_loop() -> None:
        listener.settimeout(0.1)
        while not stopping.is_set():
            try:
                connection, _ = listener.accept()
            except TimeoutError:
                continue
            threading.Thread(target=serve, args=(connection,), daemon=True).start()

    acceptor = threading.Thread(target=accept_loop, daemon=True)
    acceptor.start()
    yield listener.getsockname(), received
    stopping.set()
    acceptor.join()
    listener.close()


@pytest.fixture
def link(echo_server):
    address, _ = echo_server
    proxied = Link(address, name="test")
    yield proxied
    proxied.close()


def connect(link: Link) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", link.port), timeout=WAIT_S)
    sock.settimeout(WAIT_S)
    return sock


def echo(sock: socket.socket, payload: bytes) -> bytes:
    sock.sendall(payload)
    return receive(sock, len(payload))


def receive(sock: socket.socket, size: int) -> bytes:
    """`size` bytes, or fewer if the connection ends first."""
    answer = bytearray()
    while len(answer) < size:
        chunk = sock.recv(size - len(answer))
        if not chunk:
            break
        answer += chunk
    return bytes(answer)


def test_forwards_both_ways(link):
    with connect(link) as sock:
        assert echo(sock, b"hello") == b"hello"


def test_blackhole_of_responses_then_heal(link, echo_server):
    _, received = echo_server
    with connect(link) as sock:
        assert echo(sock, b"before") == b"before"
        link.blackhole(IN)
        sock.sendall(b"request")
        sock.settimeout(0.5)
        with pytest.raises(TimeoutError):
            sock.recv(100)  # the request arrived (below) but its echo is discarded
        wait_for(lambda: bytes(received).endswith(b"request"))
        link.heal()
        # the stream lost bytes, so heal closes it: the client sees the end of the connection
        sock.settimeout(WAIT_S)
        assert sock.recv(100) == b""
    with connect(link) as sock:
        assert echo(sock, b"after") == b"after"


def test_blackhole_of_requests_leaves_the_server_unaware(link, echo_server):
    _, received = echo_server
    with connect(link) as sock:
        assert echo(sock, b"seen") == b"seen"
        link.blackhole(OUT)
        sock.sendall(b"unseen")
        sock.settimeout(0.5)
        with pytest.raises(TimeoutError):
            sock.recv(100)
    assert bytes(received) == b"seen"


def test_drop_closes_and_refuses_until_heal(link):
    with connect(link) as sock:
        assert echo(sock, b"x") == b"x"
        link.drop()
        assert sock.recv(100) == b""
    with connect(link) as sock:
        assert sock.recv(100) == b""  # accepted, then closed at once
    link.heal()
    with connect(link) as sock:
        assert echo(sock, b"y") == b"y"


def test_delay_keeps_order(link):
    link.delay(0.05)
    with connect(link) as sock:
        sock.sendall(b"one")
        sock.sendall(b"two")
        assert receive(sock, 6) == b"onetwo"


def test_network_cuts_only_the_links_between_the_named_nodes(echo_server):
    address, _ = echo_server
    network = ProxyNetwork()
    try:
        for source in (1, 2, 3):
            for destination in (1, 2, 3):
                if source != destination:
                    network.add(source, destination, "controller", address)
        network.cut(2, 3)
        assert {key for key, link in network.links.items() if link.faulty} == {
            (2, 3, "controller"), (3, 2, "controller")}
        network.heal_all()
        network.isolate(1)
        assert {key[:2] for key, link in network.links.items() if link.faulty} == {
            (1, 2), (1, 3), (2, 1), (3, 1)}
        with connect(network.link(2, 3, "controller")) as sock:
            assert echo(sock, b"untouched") == b"untouched"
    finally:
        network.close()


def wait_for(condition) -> None:
    for _ in range(int(WAIT_S / 0.05)):
        if condition():
            return
        time.sleep(0.05)
    raise AssertionError("condition not met in time")
