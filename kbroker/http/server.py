"""A small HTTP/1.1 server for the node's own pages (GET and HEAD, and POST to the paths of `posts`; one request
per connection).

Each connection is one task in the server's nursery, at most MAX_CONNECTIONS at once (more are closed as they
arrive). What a client can make it hold is bounded: its request head (request line and headers) must end within
MAX_HEAD_BYTES and MAX_HEADERS lines (else 431) and arrive whole within TIMEOUT_S (else the connection is closed
unanswered). A body is read only for a POST route: it must say its Content-Length (else 411), at most MAX_BODY_BYTES
(else 413), and is handed to the route with the request's headers as a PostRequest. Other bodies are never read:
after the answer, what the client still sends is dropped for at most LINGER_S, so that closing does not reset the
connection before the client read the answer. Answers: the page a
route returns (200), 404 for an unknown path, 405 for another method, 400 for a malformed request line, 500 (and
a logged traceback) when building a page fails. Pages are built by async routes on the trio thread, which may
let other tasks run while they build. A route answers an exact path; a prefix route answers every path below its
prefix and is handed the rest, percent-decoded (a page of a topic or group named in the path), and the query
string's parameters (the last of a repeated name wins), and may answer a status of its own (404 for a name it
does not know, 400 for a parameter it refuses).
"""

from __future__ import annotations

import logging
import urllib.parse
from collections.abc import Awaitable, Callable, Mapping

import attrs
import trio

log = logging.getLogger(__name__)

MAX_CONNECTIONS = 64  # beyond this many at once, a new connection is closed at once
MAX_HEAD_BYTES = 8192
MAX_HEADERS = 64
MAX_QUERY_FIELDS = 64
TIMEOUT_S = 10.0
# After answering, what the client still sends is read and dropped (so closing does not reset the connection and
# lose the answer) until it closes, for at most this long and this many bytes.
LINGER_S = 1.0
LINGER_BYTES = 65536
_RECV = 4096


@attrs.frozen
class Page:
    body: bytes
    content_type: str
    status: int = 200


Route = Callable[[], Awaitable[Page]]
PrefixRoute = Callable[[str, dict[str, str]], Awaitable[Page]]

_REASONS = {200: "OK", 400: "Bad Request", 403: "Forbidden", 404: "Not Found"}
MAX_BODY_BYTES = 65536


@attrs.frozen
class PostRequest:
    """A POST's headers (names in lower case; the last of a repeated one) and its body's form fields."""
    headers: Mapping[str, str]
    form: Mapping[str, str]
    peer: str


PostRoute = Callable[[PostRequest], Awaitable[Page]]


@attrs.frozen
class BoundHttp:
    host: str
    port: int


class HeadTooLarge(Exception):
    pass


class HttpServer:
    """Serves `routes` (path -> page builder) and `prefixes` (path prefix ending in "/" -> builder of the page
    named by the rest of the path) on one address."""

    def __init__(self, routes: Mapping[str, Route], prefixes: Mapping[str, PrefixRoute] | None = None,
                 posts: Mapping[str, PostRoute] | None = None) -> None:
        self.routes = dict(routes)
        self.prefixes = dict(prefixes or {})
        self.posts = dict(posts or {})
        self.open = 0

    async def serve(self, host: str, port: int, *, task_status=trio.TASK_STATUS_IGNORED) -> None:
        """Bind HOST:PORT (port 0: an ephemeral one), report a BoundHttp, serve until cancelled."""
        try:
            listeners = await trio.open_tcp_listeners(port, host=host or None)
        except OSError as e:
            raise OSError(e.errno, f"cannot bind the HTTP listener {host}:{port}: {e.strerror}") from e
        if port == 0 and len(listeners) > 1:
            for extra in listeners[1:]:
                await extra.aclose()
            listeners = listeners[:1]
        bound_host, bound_port = listeners[0].socket.getsockname()[:2]
        log.info("HTTP listening at %s:%d", bound_host, bound_port)
        async with trio.open_nursery() as nursery:
            await nursery.start(trio.serve_listeners, self._connection, listeners)
            task_status.started(BoundHttp(bound_host, bound_port))

    async def _connection(self, stream: trio.SocketStream) -> None:
        if self.open >= MAX_CONNECTIONS:
            log.debug("already %d HTTP connections; closing a new one", self.open)
            await stream.aclose()
            return
        self.open += 1
        try:
            with trio.move_on_after(TIMEOUT_S) as timer:
                try:
                    read = await _read_head(stream)
                except HeadTooLarge:
                    await _respond(stream, 431, "Request Header Fields Too Large", b"request head too large\n")
                    return
                if read is None:
                    return
                await self._answer(stream, *read)
            if timer.cancelled_caught:
                log.debug("HTTP client took more than %.0f s; closing its connection", TIMEOUT_S)
        except (trio.BrokenResourceError, trio.ClosedResourceError, OSError) as e:
            log.debug("HTTP connection lost: %s", e)
        finally:
            try:
                await _linger(stream)
                await stream.aclose()
            finally:
                self.open -= 1

    async def _answer(self, stream: trio.SocketStream, head: bytes, rest: bytes) -> None:
        request_line = head.split(b"\r\n", 1)[0].decode("latin-1")
        parts = request_line.split(" ")
        if len(parts) != 3 or not parts[2].startswith("HTTP/1."):
            await _respond(stream, 400, "Bad Request", b"malformed request line\n")
            return
        method, target, _ = parts
        post = self.posts.get(target.partition("?")[0])
        if post is not None:
            if method != "POST":
                await _respond(stream, 405, "Method Not Allowed", b"only POST\n", extra="Allow: POST\r\n")
                return
            await self._post(stream, post, head, rest, target)
            return
        if method not in ("GET", "HEAD"):
            await _respond(stream, 405, "Method Not Allowed", b"only GET and HEAD\n", extra="Allow: GET, HEAD\r\n")
            return
        path, _, query = target.partition("?")
        build = self._route(path, query)
        if build is None:
            await _respond(stream, 404, "Not Found", b"not found\n")
            return
        await self._build(stream, build, target, head_only=method == "HEAD")

    async def _build(self, stream: trio.SocketStream, build: Route, target: str, *, head_only: bool = False) -> None:
        try:
            page = await build()
        except Exception:
            # A page that fails is a bug: logged with its traceback; the broker keeps serving.
            log.exception("bug: building %s failed", target)
            await _respond(stream, 500, "Internal Server Error", b"internal error\n")
            return
        await _respond(stream, page.status, _REASONS.get(page.status, "Unknown"), page.body, page.content_type,
                       head_only=head_only)

    async def _post(self, stream: trio.SocketStream, post: PostRoute, head: bytes, rest: bytes, target: str) -> None:
        headers = _headers(head)
        length = headers.get("content-length", "")
        if not length.isdigit() or not length.isascii():
            await _respond(stream, 411, "Length Required", b"a POST must say its Content-Length\n")
            return
        if int(length) > MAX_BODY_BYTES:
            await _respond(stream, 413, "Content Too Large", f"at most {MAX_BODY_BYTES} bytes\n".encode())
            return
        body = bytearray(rest[:int(length)])
        while len(body) < int(length):
            chunk = await stream.receive_some(_RECV)
            if not chunk:
                return  # the client left before sending its body
            body += chunk[:int(length) - len(body)]
        try:
            form = dict(urllib.parse.parse_qsl(body.decode("utf-8", "replace"), keep_blank_values=True, errors="replace",
                                               max_num_fields=MAX_QUERY_FIELDS))
        except ValueError:
            await self._build(stream, _too_many_fields, target)
            return
        host, port = stream.socket.getpeername()[:2]
        request = PostRequest(headers, form, f"{host}:{port}")
        await self._build(stream, lambda: post(request), target)

    def _route(self, path: str, query: str) -> Route | None:
        route = self.routes.get(path)
        if route is not None:
            return route
        for prefix, named in self.prefixes.items():
            if path.startswith(prefix) and len(path) > len(prefix):
                name = urllib.parse.unquote(path[len(prefix):], errors="replace")
                try:
                    params = dict(urllib.parse.parse_qsl(query, keep_blank_values=True, errors="replace",
                                                         max_num_fields=MAX_QUERY_FIELDS))
                except ValueError:
                    return _too_many_fields
                return lambda: named(name, params)
        return None


async def _too_many_fields() -> Page:
    return Page(f"more than {MAX_QUERY_FIELDS} query parameters\n".encode(), "text/plain; charset=utf-8", 400)


async def _linger(stream: trio.SocketStream) -> None:
    with trio.move_on_after(LINGER_S):
        try:
            await stream.send_eof()
            dropped = 0
            while dropped < LINGER_BYTES and (chunk := await stream.receive_some(_RECV)):
                dropped += len(chunk)
        except (trio.BrokenResourceError, trio.ClosedResourceError, OSError):
            pass  # the client is gone: nothing left to protect


def _headers(head: bytes) -> dict[str, str]:
    """The header fields of a request head, names in lower case."""
    fields = {}
    for line in head.decode("latin-1").split("\r\n")[1:]:
        name, colon, value = line.partition(":")
        if colon:
            fields[name.strip().lower()] = value.strip()
    return fields


async def _read_head(stream: trio.SocketStream) -> tuple[bytes, bytes] | None:
    """The request head up to its blank line, and what came after it; None when the client closed first."""
    buffer = bytearray()
    while True:
        end = buffer.find(b"\r\n\r\n")
        if end >= 0:
            head = bytes(buffer[:end])
            if head.count(b"\r\n") > MAX_HEADERS:
                raise HeadTooLarge
            return head, bytes(buffer[end + 4:])
        if len(buffer) > MAX_HEAD_BYTES or buffer.count(b"\r\n") > MAX_HEADERS:
            raise HeadTooLarge
        chunk = await stream.receive_some(_RECV)
        if not chunk:
            return None
        buffer += chunk


async def _respond(stream: trio.SocketStream, status: int, reason: str, body: bytes,
                   content_type: str = "text/plain; charset=utf-8", *, head_only: bool = False,
                   extra: str = "") -> None:
    head = (f"HTTP/1.1 {status} {reason}\r\nContent-Type: {content_type}\r\nContent-Length: {len(body)}\r\n"
            f"{extra}Connection: close\r\n\r\n").encode("latin-1")
    await stream.send_all(head if head_only else head + body)
