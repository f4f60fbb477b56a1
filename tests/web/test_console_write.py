"""The console's writes (kbroker.http.console_write, and POST in kbroker.http.server): 403 when
kbroker.console.write.enable is off, 403 for a POST that is not same-origin or lacks the form's token; the Kafka
requests each form makes and the result pages; an offset reset only for an Empty group (the tool's message
otherwise), a --to-offset brought into range; bodies without a length (411) or too large (413)."""

from __future__ import annotations

import urllib.parse

import trio
import trio.testing

from kbroker.http import console_pages
from kbroker.http.console_model import Capped, GroupDetail, OffsetRow
from kbroker.http.console_share import ShareGroupDetail, ShareGroupSummary, SharePartitionRow
from kbroker.http.console_write import CREATE, DELETE, RESET, SHARE_RESET, ConsoleWrites
from kbroker.http.server import HttpServer
from kbroker.protocol import errors
from kbroker.protocol.messages.alter_share_group_offsets_response import (
    AlterShareGroupOffsetsResponse,
    AlterShareGroupOffsetsResponsePartition,
    AlterShareGroupOffsetsResponseTopic,
)
from kbroker.protocol.messages.create_topics_response import CreatableTopicResult, CreateTopicsResponse
from kbroker.protocol.messages.delete_topics_response import DeletableTopicResult, DeleteTopicsResponse
from kbroker.protocol.messages.list_offsets_response import (
    ListOffsetsPartitionResponse,
    ListOffsetsResponse,
    ListOffsetsTopicResponse,
)
from kbroker.protocol.messages.offset_commit_response import (
    OffsetCommitResponse,
    OffsetCommitResponsePartition,
    OffsetCommitResponseTopic,
)
from tests.web.test_console_pages import _group, _Source
from tests.web.web_clients import exchange

EARLIEST, LATEST = {0: 10, 1: 0}, {0: 50, 1: 7}


class _Calls:
    """Answers the console's Kafka requests as a broker would, and keeps them."""

    def __init__(self, create_error: int = 0, share_error: int = 0) -> None:
        self.requests = []
        self.create_error = create_error
        self.share_error = share_error

    async def call(self, request, version, peer):
        self.requests.append((type(request).__name__, version, request))
        name = type(request).__name__
        if name == "CreateTopicsRequest":
            [topic] = request.topics
            return CreateTopicsResponse(topics=[CreatableTopicResult(
                name=topic.name, error_code=self.create_error, error_message="boom" if self.create_error else None,
                num_partitions=3 if topic.num_partitions < 0 else topic.num_partitions, replication_factor=1)])
        if name == "DeleteTopicsRequest":
            return DeleteTopicsResponse(responses=[DeletableTopicResult(name=request.topics[0].name)])
        if name == "AlterShareGroupOffsetsRequest":
            if self.share_error:
                return AlterShareGroupOffsetsResponse(error_code=self.share_error, error_message="The group is not "
                                                      "empty.")
            return AlterShareGroupOffsetsResponse(responses=[AlterShareGroupOffsetsResponseTopic(
                topic_name=t.topic_name, partitions=[AlterShareGroupOffsetsResponsePartition(
                    partition_index=p.partition_index) for p in t.partitions]) for t in request.topics])
        if name == "ListOffsetsRequest":
            table = EARLIEST if request.topics[0].partitions[0].timestamp == -2 else LATEST
            return ListOffsetsResponse(topics=[ListOffsetsTopicResponse(name=t.name, partitions=[
                ListOffsetsPartitionResponse(partition_index=p.partition_index, offset=table[p.partition_index])
                for p in t.partitions]) for t in request.topics])
        return OffsetCommitResponse(topics=[OffsetCommitResponseTopic(name=t.name, partitions=[
            OffsetCommitResponsePartition(partition_index=p.partition_index) for p in t.partitions])
            for t in request.topics])


class _GroupSource(_Source):
    def __init__(self, state: str) -> None:
        self.state = state

    async def group(self, group_id, limit):
        if group_id != "readers":
            return self.share_group(group_id, limit)
        offsets = [OffsetRow("orders", 0, 20, "", 50, 30), OffsetRow("orders", 1, 3, "", 7, 4)]
        return GroupDetail(_group("readers", state=self.state), Capped([], 0), Capped(offsets, 2))

    def partitions_of(self, topic):
        return [0, 1] if topic == "orders" else None

    def share_group(self, group_id, limit):
        if group_id != "sharers":
            return None
        rows = [SharePartitionRow("orders", 1, 5, None, None, None, None, None, 7, 2)]
        return ShareGroupDetail(ShareGroupSummary("sharers", "Empty", 1, 1, 0, 1, 2), [], rows, 0, 1)


def _post(path: str, form: dict, *, host: str = "127.0.0.1", origin: str | None = "same", extra: str = "",
          length: int | None = None) -> bytes:
    body = urllib.parse.urlencode(form).encode()
    origin_line = f"Origin: http://{host}\r\n" if origin == "same" else (f"Origin: {origin}\r\n" if origin else "")
    size = f"Content-Length: {len(body) if length is None else length}\r\n" if length != -1 else ""
    return (f"POST {path} HTTP/1.1\r\nHost: {host}\r\n{origin_line}{extra}{size}"
            "Content-Type: application/x-www-form-urlencoded\r\n\r\n").encode() + body


def _serve(writes: ConsoleWrites, requests) -> list[tuple[str, str]]:
    console = console_pages.Console(writes.source, writes=writes)

    async def main():
        async with trio.open_nursery() as nursery:
            server = HttpServer(console.routes(), console.prefixes(), writes.posts())
            bound = await nursery.start(server.serve, "127.0.0.1", 0)
            answers = []
            for request in requests:
                data = request(f"127.0.0.1:{bound.port}") if callable(request) else request
                head, _, body = (await exchange(bound.port, data)).partition(b"\r\n\r\n")
                answers.append((head.decode("latin-1").split("\r\n", 1)[0].split(" ", 1)[1], body.decode()))
            nursery.cancel_scope.cancel()
        return answers

    return trio.run(main, clock=trio.testing.MockClock(autojump_threshold=0))


def _writes(enabled: bool = True, state: str = "Empty", calls=None) -> ConsoleWrites:
    return ConsoleWrites(enabled, calls or _Calls(), _GroupSource(state))


def test_writes_are_refused_with_403_when_the_switch_is_off():
    writes = _writes(enabled=False)
    token = writes.token
    answers = _serve(writes, [lambda host, p=p: _post(p, {"csrf_token": token, "name": "t"}, host=host)
                              for p in (CREATE, DELETE, RESET)] + [b"GET /topics HTTP/1.1\r\n\r\n"])
    assert [status for status, _ in answers[:3]] == ["403 Forbidden"] * 3
    assert "the console&#x27;s writes are off (kbroker.console.write.enable=false)" in answers[0][1]
    assert "<form class=\"write" not in answers[3][1] and "kbroker.console.write.enable=false" in answers[3][1]
    assert writes.calls.requests == []


def test_posts_that_are_not_same_origin_or_lack_the_token_are_refused():
    writes = _writes()
    good = {"csrf_token": writes.token, "name": "t"}
    answers = _serve(writes, [
        lambda host: _post(CREATE, {**good, "csrf_token": "guess"}, host=host),
        lambda host: _post(CREATE, {"name": "t"}, host=host),
        lambda host: _post(CREATE, good, host=host, origin="http://evil.example"),
        lambda host: _post(CREATE, good, host=host, origin="null"),
        lambda host: _post(CREATE, good, host=host, origin=None),
        lambda host: _post(CREATE, good, host=host, origin=None, extra="Referer: http://evil.example/\r\n"),
        lambda host: _post(CREATE, good, host=host, extra="Sec-Fetch-Site: cross-site\r\n"),
        lambda host: _post(CREATE, good, host=host, origin=None, extra=f"Referer: http://{host}/topics\r\n"),
    ])
    assert [status for status, _ in answers] == ["403 Forbidden"] * 7 + ["200 OK"]
    assert "the form&#x27;s token is missing" in answers[0][1]
    assert "another origin (&#x27;http://evil.example&#x27;" in answers[2][1]
    assert "no Origin and no Referer of this console" in answers[4][1]
    assert "the browser says the request is cross-site" in answers[6][1]
    assert [name for name, _, _ in writes.calls.requests] == ["CreateTopicsRequest"]


def test_bodies_need_a_length_within_the_limit_and_post_routes_only_take_post():
    writes = _writes()
    answers = _serve(writes, [lambda host: _post(CREATE, {"name": "t"}, host=host, length=-1),
                              lambda host: _post(CREATE, {"name": "t"}, host=host, length=10**6),
                              f"GET {CREATE} HTTP/1.1\r\n\r\n".encode()])
    assert [status for status, _ in answers] == ["411 Length Required", "413 Content Too Large",
                                                 "405 Method Not Allowed"]


def test_create_and_delete_send_kafka_requests_and_show_results():
    writes = _writes()
    token = writes.token
    answers = _serve(writes, [
        lambda host: _post(CREATE, {"csrf_token": token, "name": "new", "partitions": "", "replication_factor": "1"},
                           host=host),
        lambda host: _post(DELETE, {"csrf_token": token, "name": "old"}, host=host),
        lambda host: _post(CREATE, {"csrf_token": token, "name": "x", "partitions": "two"}, host=host),
        b"GET /topics HTTP/1.1\r\n\r\n", b"GET /topics/orders HTTP/1.1\r\n\r\n"])
    assert answers[0][0] == "200 OK" and "Created topic new with 3 partitions and replication factor 1." in answers[0][1]
    assert answers[1][0] == "200 OK" and "Deleted topic old." in answers[1][1]
    assert answers[2][0] == "400 Bad Request" and "partitions must be an integer, not &#x27;two&#x27;" in answers[2][1]
    [(create, create_version, request), (delete, delete_version, deletion)] = writes.calls.requests
    assert (create, create_version, delete, delete_version) == ("CreateTopicsRequest", 7, "DeleteTopicsRequest", 6)
    assert (request.topics[0].num_partitions, request.topics[0].replication_factor) == (-1, 1)
    assert deletion.topics[0].name == "old"
    assert f'value="{token}"' in answers[3][1] and 'action="/console/topics/create"' in answers[3][1]
    assert 'action="/console/topics/delete"' in answers[4][1] and 'name="name" value="orders"' in answers[4][1]


def test_a_kafka_error_is_named_on_the_result_page():
    writes = _writes(calls=_Calls(create_error=errors.TOPIC_ALREADY_EXISTS.code))
    [(status, body)] = _serve(writes, [lambda host: _post(CREATE, {"csrf_token": writes.token, "name": "t"},
                                                          host=host)])
    assert status == "400 Bad Request" and "TOPIC_ALREADY_EXISTS: boom" in body


def _reset(writes, **form) -> tuple[str, str]:
    [answer] = _serve(writes, [lambda host: _post(RESET, {"csrf_token": writes.token, "group": "readers", **form},
                                                  host=host)])
    return answer


def test_offsets_reset_only_for_an_empty_group():
    writes = _writes(state="Stable")
    status, body = _reset(writes, strategy="to-earliest")
    assert status == "400 Bad Request"
    assert ("Assignments can only be reset if the group &#x27;readers&#x27; is inactive, but the current state is "
            "Stable.") in body
    assert writes.calls.requests == []


def test_offsets_reset_to_earliest_latest_and_an_offset_brought_into_range():
    writes = _writes()
    status, body = _reset(writes, strategy="to-earliest")
    assert status == "200 OK" and "orders-0: 10" in body and "orders-1: 0" in body
    commit = writes.calls.requests[-1][2]
    assert (commit.group_id, commit.generation_id_or_member_epoch, commit.member_id) == ("readers", -1, "")
    assert [(p.partition_index, p.committed_offset) for p in commit.topics[0].partitions] == [(0, 10), (1, 0)]
    status, body = _reset(writes, strategy="to-offset", offset="20", topic="orders")
    assert "New offset (20) is higher than latest offset for topic partition orders-1. Value will be set to 7" in body
    assert [(p.partition_index, p.committed_offset) for p in writes.calls.requests[-1][2].topics[0].partitions] == \
        [(0, 20), (1, 7)]
    status, body = _reset(writes, strategy="to-offset", offset="")
    assert status == "400 Bad Request" and "--to-offset needs an offset" in body
    status, body = _reset(writes, strategy="sideways")
    assert status == "400 Bad Request"
    status, body = _reset(writes, strategy="to-latest", topic="missing")
    assert "there is no topic missing" in body


def _share_reset(writes, **form) -> tuple[str, str]:
    [answer] = _serve(writes, [lambda host: _post(SHARE_RESET, {"csrf_token": writes.token, **form}, host=host)])
    return answer


def test_a_share_groups_start_offsets_are_reset_with_alter_share_group_offsets():
    writes = _writes()
    status, body = _share_reset(writes, group="sharers", strategy="to-earliest")  # the share-partitions with state
    assert status == "200 OK" and "Reset 1 share-partitions to-earliest:" in body and "orders-1: 0" in body
    alter = writes.calls.requests[-1][2]
    assert alter.group_id == "sharers"
    assert [(t.topic_name, [(p.partition_index, p.start_offset) for p in t.partitions]) for t in alter.topics] == \
        [("orders", [(1, 0)])]
    status, body = _share_reset(writes, group="new-sharers", strategy="to-latest", topic="orders")  # a whole topic
    assert status == "200 OK" and "orders-0: 50" in body and "orders-1: 7" in body
    status, body = _share_reset(writes, group="new-sharers", strategy="to-latest")
    assert status == "400 Bad Request" and "no share-partitions with state: name a topic" in body
    status, body = _share_reset(writes, group="sharers", strategy="to-offset")
    assert status == "400 Bad Request" and "must be one of to-earliest, to-latest" in body
    status, body = _share_reset(writes, group="sharers", strategy="to-latest", topic="missing")
    assert status == "400 Bad Request" and "there is no topic missing" in body
    [(status, body)] = _serve(writes, [lambda host: _post(RESET, {"csrf_token": writes.token, "group": "sharers",
                                                                  "strategy": "to-earliest"}, host=host)])
    assert status == "400 Bad Request" and "group sharers is a share group" in body


def test_a_share_group_with_members_is_not_reset_and_says_why():
    writes = _writes(calls=_Calls(share_error=errors.NON_EMPTY_GROUP.code))
    status, body = _share_reset(writes, group="sharers", strategy="to-earliest")
    assert status == "400 Bad Request" and "NON_EMPTY_GROUP: The group is not empty." in body
