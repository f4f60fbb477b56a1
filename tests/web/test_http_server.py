"""kbroker.http.server: routes, and what bad input gets (a status or a closed connection, never a stopped
server)."""

from __future__ import annotations

import trio
import trio.testing

from kbroker.http import server
from kbroker.http.server import HttpServer, Page
from tests.web.web_clients import exchange

_exchange = exchange


def _run(test, routes=None):
    """Run `test(port)` against a server with `routes` (default: /metrics answering "ok")."""
    served = []

    async def page() -> Page:
        served.append(1)
        return Page(b"ok\n", "text/plain; version=0.0.4")

    async def main():
        async with trio.open_nursery() as nursery:
            bound = await nursery.start(HttpServer(routes or {"/metrics": page}).serve, "127.0.0.1", 0)
            result = await test(bound.port)
            nursery.cancel_scope.cancel()
        return result

    return trio.run(main, clock=trio.testing.MockClock(autojump_threshold=0)), served


def _status(response: bytes) -> int:
    return int(response.split(b" ", 2)[1])


def test_get_serves_the_route_with_its_content_type_and_length():
    response, served = _run(lambda port: _exchange(port, b"GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n"))
    head, body = response.split(b"\r\n\r\n", 1)
    assert _status(response) == 200
    assert b"Content-Type: text/plain; version=0.0.4" in head
    assert b"Content-Length: 3" in head
    assert body == b"ok\n"
    assert served == [1]


def test_a_query_string_is_ignored_and_head_gets_no_body():
    async def test(port):
        return (await _exchange(port, b"GET /metrics?x=1 HTTP/1.0\r\n\r\n"),
                await _exchange(port, b"HEAD /metrics HTTP/1.1\r\n\r\n"))

    (get, head), _ = _run(test)
    assert get.endswith(b"\r\n\r\nok\n")
    assert _status(head) == 200 and head.endswith(b"Content-Length: 3\r\nConnection: close\r\n\r\n")


def test_unknown_path_wrong_method_and_garbage_get_their_status():
    async def test(port):
        return [_status(await _exchange(port, request)) for request in (
            b"GET /nope HTTP/1.1\r\n\r\n",
            b"POST /metrics HTTP/1.1\r\nContent-Length: 2\r\n\r\nhi",
            b"hello\r\n\r\n",
            b"GET /metrics SPDY/3\r\n\r\n",
        )]

    statuses, served = _run(test)
    assert statuses == [404, 405, 400, 400]
    assert served == []


def test_huge_or_too_many_headers_get_431_and_the_server_keeps_serving():
    async def test(port):
        huge = b"GET /metrics HTTP/1.1\r\nX-Big: " + b"a" * (server.MAX_HEAD_BYTES * 4) + b"\r\n\r\n"
        many = b"GET /metrics HTTP/1.1\r\n" + b"X-A: b\r\n" * (server.MAX_HEADERS + 1) + b"\r\n"
        first = await _exchange(port, huge)
        second = await _exchange(port, many)
        after = await _exchange(port, b"GET /metrics HTTP/1.1\r\n\r\n")
        return first, second, after

    (huge, many, after), served = _run(test)
    assert _status(huge) == 431 and _status(many) == 431
    assert _status(after) == 200 and served == [1]


def test_a_client_that_never_ends_its_request_is_closed_after_the_timeout_while_others_are_served():
    async def test(port):
        slow = await trio.open_tcp_stream("127.0.0.1", port)
        await slow.send_all(b"GET /metrics HTTP/1.1\r\nHost: x\r\n")  # no blank line, ever
        answered = await _exchange(port, b"GET /metrics HTTP/1.1\r\n\r\n")
        answered_at = trio.current_time()
        assert await slow.receive_some(100) == b""  # closed by the server, with no answer
        closed_at = trio.current_time()
        await slow.aclose()
        return answered, answered_at, closed_at

    (answered, answered_at, closed_at), _ = _run(test)
    assert _status(answered) == 200
    assert answered_at < server.TIMEOUT_S <= closed_at


def test_a_client_that_closes_midway_is_forgotten():
    async def test(port):
        stream = await trio.open_tcp_stream("127.0.0.1", port)
        await stream.send_all(b"GET /met")
        await stream.aclose()
        return await _exchange(port, b"GET /metrics HTTP/1.1\r\n\r\n")

    response, served = _run(test)
    assert _status(response) == 200 and served == [1]


def test_a_page_that_fails_answers_500_and_the_server_goes_on(caplog):
    async def broken() -> Page:
        raise ZeroDivisionError("a bug")

    async def test(port):
        return [_status(await _exchange(port, b"GET /broken HTTP/1.1\r\n\r\n")) for _ in range(2)]

    statuses, _ = _run(test, {"/broken": broken})
    assert statuses == [500, 500]
    assert any("bug: building /broken failed" in r.getMessage() for r in caplog.records)


def test_past_the_connection_cap_a_new_connection_is_closed_unanswered(monkeypatch):
    monkeypatch.setattr(server, "MAX_CONNECTIONS", 1)

    async def test(port):
        holder = await trio.open_tcp_stream("127.0.0.1", port)
        await holder.send_all(b"GET /metrics HTTP/1.1\r\n")  # holds the only place until the timeout
        await trio.sleep(0.1)
        try:
            refused = await _exchange(port, b"GET /metrics HTTP/1.1\r\n\r\n")
        except trio.BrokenResourceError:  # closed with the request unread: the peer may see a reset
            refused = b""
        await holder.aclose()
        await trio.sleep(server.LINGER_S + 0.1)  # the holder's task ends
        return refused, await _exchange(port, b"GET /metrics HTTP/1.1\r\n\r\n")

    (refused, after), _ = _run(test)
    assert refused == b""
    assert _status(after) == 200
