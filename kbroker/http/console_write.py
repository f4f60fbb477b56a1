"""The console's writes, behind kbroker.console.write.enable (off by default): create a topic, delete a topic, reset
a consumer group's committed offsets, reset a share group's start offsets. Each is a form POSTed to
/console/topics/create, /console/topics/delete, /console/groups/reset or /console/share-groups/reset and done by
Kafka requests through the node's own handlers (admin_calls: CreateTopics,
DeleteTopics, ListOffsets and OffsetCommit, forwarded to the controller as a client's would be), then answered
with a result page.

Every POST is refused with 403 (and a log line) when the switch is off, when it is not same-origin (an Origin header
other than this Host's, or no Origin and no Referer of this Host, or a Sec-Fetch-Site other than same-origin), or
when its form does not carry this process's token (made at start, put in every form): so a page of another site
cannot make a visitor's browser write. A Kafka error is answered 400 with the error's name and message.

An offset reset does what kafka-consumer-groups --reset-offsets --execute does: only for a group that is Empty (or
does not exist: Dead), else refused with the tool's message; the partitions are those the group has committed
offsets on, or every partition of the topic named; --to-earliest, --to-latest, or --to-offset N, which is brought
into the partition's [earliest, latest] range with a note, as the tool warns; offsets come from ListOffsets
(read_uncommitted) and are committed with OffsetCommit as the admin client does (generation -1, no member id).

A share group's reset does what kafka-share-groups --reset-offsets --execute does: AlterShareGroupOffsets with
the earliest or latest offsets (ListOffsets) of the share-partitions the group has state for, or of every
partition of the topic named; the request refuses a group with members (NON_EMPTY_GROUP), as Kafka's does.
"""

from __future__ import annotations

import hmac
import logging
import secrets

import attrs

from kbroker.http import html
from kbroker.http.admin_calls import KafkaCalls, NoBroker
from kbroker.http.console_share import ShareGroupDetail
from kbroker.http.html import link, path_of, text
from kbroker.http.server import Page, PostRequest
from kbroker.protocol import errors
from kbroker.protocol.messages.alter_share_group_offsets_request import (
    AlterShareGroupOffsetsRequest,
    AlterShareGroupOffsetsRequestPartition,
    AlterShareGroupOffsetsRequestTopic,
)
from kbroker.protocol.messages.create_topics_request import CreatableTopic, CreateTopicsRequest
from kbroker.protocol.messages.delete_topics_request import DeleteTopicsRequest, DeleteTopicState
from kbroker.protocol.messages.list_offsets_request import (
    ListOffsetsPartition,
    ListOffsetsRequest,
    ListOffsetsTopic,
)
from kbroker.protocol.messages.offset_commit_request import (
    OffsetCommitRequest,
    OffsetCommitRequestPartition,
    OffsetCommitRequestTopic,
)

log = logging.getLogger(__name__)

SWITCH = "kbroker.console.write.enable"
CREATE, DELETE, RESET = "/console/topics/create", "/console/topics/delete", "/console/groups/reset"
SHARE_RESET = "/console/share-groups/reset"
TOKEN_FIELD = "csrf_token"
TIMEOUT_MS = 30000
EARLIEST, LATEST = -2, -1  # ListOffsets timestamps
STRATEGIES = ("to-earliest", "to-latest", "to-offset")
SHARE_STRATEGIES = ("to-earliest", "to-latest")
RESETTABLE_STATES = ("Empty", "Dead")


@attrs.frozen
class Outcome:
    ok: bool
    title: str
    lines: tuple[str, ...]
    back: tuple[str, str]  # (href, label)


class Refused(Exception):
    """A write that cannot be done; the message is shown on the result page."""


class ConsoleWrites:
    """The write routes over `calls` (the Kafka requests) and `source` (a ConsoleSource: what groups and topics
    there are), on when `enabled`."""

    def __init__(self, enabled: bool, calls: KafkaCalls, source) -> None:
        self.enabled = enabled
        self.calls = calls
        self.source = source
        self.token = secrets.token_urlsafe(32)

    def posts(self) -> dict:
        return {CREATE: self.create, DELETE: self.delete, RESET: self.reset, SHARE_RESET: self.share_reset}

    def form_token(self) -> str | None:
        """The token the pages' forms carry; None when writes are off (the pages show no forms)."""
        return self.token if self.enabled else None

    def refusal(self, request: PostRequest) -> str | None:
        """Why `request` may not write (None: it may)."""
        if not self.enabled:
            return f"the console's writes are off ({SWITCH}=false)"
        host = request.headers.get("host", "")
        if not host:
            return "the request names no Host"
        own = f"http://{host}"
        origin = request.headers.get("origin")
        if origin is not None:
            if origin != own:
                return f"the request comes from another origin ({origin!r}, not {own!r})"
        else:
            referer = request.headers.get("referer", "")
            if referer != own and not referer.startswith(own + "/"):
                return "the request has no Origin and no Referer of this console"
        site = request.headers.get("sec-fetch-site")
        if site is not None and site != "same-origin":
            return f"the browser says the request is {site}"
        if not hmac.compare_digest(request.form.get(TOKEN_FIELD, "").encode(), self.token.encode()):
            return "the form's token is missing or not this console's"
        return None

    async def _guarded(self, request: PostRequest, action: str, act) -> Page:
        reason = self.refusal(request)
        if reason is not None:
            log.warning("console %s from %s refused (403): %s", action, request.peer, reason)
            return _result(Outcome(False, "Forbidden", (f"Refused: {reason}.",), ("/", "Overview")), 403)
        peer = request.peer.rsplit(":", 1)
        try:
            outcome = await act(request.form, (peer[0], int(peer[1])))
        except Refused as exc:
            log.info("console %s from %s: %s", action, request.peer, exc)
            return _result(Outcome(False, f"Not done: {action}", (str(exc),), ("/", "Overview")), 400)
        except NoBroker as exc:
            return _result(Outcome(False, f"Not done: {action}", (f"{exc}.",), ("/", "Overview")), 400)
        log.info("console %s from %s: %s", action, request.peer, " ".join(outcome.lines))
        return _result(outcome, 200 if outcome.ok else 400)

    # -- create / delete a topic ------------------------------------------------------------------------------

    async def create(self, request: PostRequest) -> Page:
        return await self._guarded(request, "topic creation", self._create)

    async def _create(self, form, peer) -> Outcome:
        name = form.get("name", "")
        partitions = _int_field(form, "partitions", -1)
        replication = _int_field(form, "replication_factor", -1)
        response = await self.calls.call(CreateTopicsRequest(
            topics=[CreatableTopic(name=name, num_partitions=partitions, replication_factor=replication)],
            timeout_ms=TIMEOUT_MS), 7, peer)
        [result] = response.topics
        if result.error_code != errors.NONE.code:
            return Outcome(False, "Topic not created", (_error(result.error_code, result.error_message),),
                           ("/topics", "Topics"))
        return Outcome(True, "Topic created", (f"Created topic {name} with {result.num_partitions} partitions and "
                                               f"replication factor {result.replication_factor}.",),
                       (path_of("/topics/", name), f"Topic {name}"))

    async def delete(self, request: PostRequest) -> Page:
        return await self._guarded(request, "topic deletion", self._delete)

    async def _delete(self, form, peer) -> Outcome:
        name = form.get("name", "")
        response = await self.calls.call(DeleteTopicsRequest(topics=[DeleteTopicState(name=name)],
                                                             timeout_ms=TIMEOUT_MS), 6, peer)
        [result] = response.responses
        if result.error_code != errors.NONE.code:
            return Outcome(False, "Topic not deleted", (_error(result.error_code, result.error_message),),
                           ("/topics", "Topics"))
        return Outcome(True, "Topic deleted", (f"Deleted topic {name}.",), ("/topics", "Topics"))

    # -- reset a group's offsets -------------------------------------------------------------------------------

    async def reset(self, request: PostRequest) -> Page:
        return await self._guarded(request, "offset reset", self._reset)

    async def _reset(self, form, peer) -> Outcome:
        group_id, topic, strategy = _reset_fields(form, STRATEGIES)
        target = _int_field(form, "offset", None) if strategy == "to-offset" else None
        if strategy == "to-offset" and target is None:
            raise Refused("--to-offset needs an offset")
        detail = await self.source.group(group_id, 1 << 31)
        if isinstance(detail, ShareGroupDetail):
            raise Refused(f"group {group_id} is a share group: its start offsets are reset on its page")
        state = detail.group.state if detail is not None else "Dead"
        if state not in RESETTABLE_STATES:
            raise Refused(f"Assignments can only be reset if the group '{group_id}' is inactive, but the current "
                          f"state is {state}.")
        partitions = self._partitions(detail, topic)
        earliest = await self._offsets(partitions, EARLIEST, peer)
        latest = await self._offsets(partitions, LATEST, peer)
        offsets, notes = {}, []
        for key in partitions:
            offset = {"to-earliest": earliest[key], "to-latest": latest[key]}.get(strategy, target)
            if offset > latest[key]:
                notes.append(f"New offset ({offset}) is higher than latest offset for topic partition "
                             f"{key[0]}-{key[1]}. Value will be set to {latest[key]}")
                offset = latest[key]
            elif offset < earliest[key]:
                notes.append(f"New offset ({offset}) is lower than earliest offset for topic partition "
                             f"{key[0]}-{key[1]}. Value will be set to {earliest[key]}")
                offset = earliest[key]
            offsets[key] = offset
        failed = await self._commit(group_id, offsets, peer)
        if failed:
            return Outcome(False, "Offsets not reset", tuple(failed), (path_of("/groups/", group_id), "The group"))
        done = f"Reset {len(offsets)} partitions {strategy}{'' if target is None else f' {target}'}:"
        values = [f"{t}-{p}: {offset}" for (t, p), offset in sorted(offsets.items())]
        return Outcome(True, f"Offsets of group {group_id} reset", (*notes, done, *values),
                       (path_of("/groups/", group_id), f"Group {group_id}"))

    # -- reset a share group's start offsets ----------------------------------------------------------------

    async def share_reset(self, request: PostRequest) -> Page:
        return await self._guarded(request, "share group offset reset", self._share_reset)

    async def _share_reset(self, form, peer) -> Outcome:
        group_id, topic, strategy = _reset_fields(form, SHARE_STRATEGIES)
        back = (path_of("/groups/", group_id), f"Share group {group_id}")
        if topic:
            partitions = self._topic_partitions(topic)
        else:
            detail = self.source.share_group(group_id, 1 << 31)
            if detail is None or not detail.partitions:
                raise Refused("the share group has no share-partitions with state: name a topic to reset")
            partitions = [(row.topic, row.partition) for row in detail.partitions]
        offsets = await self._offsets(partitions, EARLIEST if strategy == "to-earliest" else LATEST, peer)
        by_topic: dict[str, list[AlterShareGroupOffsetsRequestPartition]] = {}
        for (name, index), offset in sorted(offsets.items()):
            by_topic.setdefault(name, []).append(AlterShareGroupOffsetsRequestPartition(partition_index=index,
                                                                                        start_offset=offset))
        response = await self.calls.call(AlterShareGroupOffsetsRequest(group_id=group_id, topics=[
            AlterShareGroupOffsetsRequestTopic(topic_name=name, partitions=parts) for name, parts in by_topic.items()]),
            0, peer)
        if response.error_code != errors.NONE.code:
            return Outcome(False, "Start offsets not reset", (_error(response.error_code, response.error_message),),
                           back)
        failed = [f"{t.topic_name}-{p.partition_index}: {_error(p.error_code, p.error_message)}"
                  for t in response.responses for p in t.partitions if p.error_code != errors.NONE.code]
        if failed:
            return Outcome(False, "Start offsets not reset", tuple(failed), back)
        values = [f"{name}-{index}: {offset}" for (name, index), offset in sorted(offsets.items())]
        return Outcome(True, f"Start offsets of share group {group_id} reset",
                       (f"Reset {len(offsets)} share-partitions {strategy}:", *values), back)

    def _topic_partitions(self, topic: str) -> list[tuple[str, int]]:
        indexes = self.source.partitions_of(topic)
        if indexes is None:
            raise Refused(f"there is no topic {topic}")
        return [(topic, index) for index in indexes]

    def _partitions(self, detail, topic: str) -> list[tuple[str, int]]:
        if topic:
            return self._topic_partitions(topic)
        if detail is None or not detail.offsets.total:
            raise Refused("the group has no committed offsets: name a topic to reset")
        return sorted((row.topic, row.partition) for row in detail.offsets.rows)

    async def _offsets(self, partitions, timestamp: int, peer) -> dict[tuple[str, int], int]:
        by_topic: dict[str, list[int]] = {}
        for topic, index in partitions:
            by_topic.setdefault(topic, []).append(index)
        response = await self.calls.call(ListOffsetsRequest(replica_id=-1, topics=[
            ListOffsetsTopic(name=topic, partitions=[ListOffsetsPartition(partition_index=i, timestamp=timestamp)
                                                     for i in indexes]) for topic, indexes in by_topic.items()]),
            9, peer)
        found, failed = {}, []
        for topic in response.topics:
            for p in topic.partitions:
                if p.error_code != errors.NONE.code:
                    failed.append(f"{topic.name}-{p.partition_index}: {_error(p.error_code, None)}")
                found[(topic.name, p.partition_index)] = p.offset
        if failed:
            raise Refused("ListOffsets failed, nothing was reset: " + "; ".join(failed))
        return found

    async def _commit(self, group_id: str, offsets, peer) -> list[str]:
        by_topic: dict[str, list[OffsetCommitRequestPartition]] = {}
        for (topic, index), offset in sorted(offsets.items()):
            by_topic.setdefault(topic, []).append(OffsetCommitRequestPartition(
                partition_index=index, committed_offset=offset, committed_metadata=""))
        response = await self.calls.call(OffsetCommitRequest(
            group_id=group_id, generation_id_or_member_epoch=-1, member_id="",
            topics=[OffsetCommitRequestTopic(name=topic, partitions=parts) for topic, parts in by_topic.items()]),
            9, peer)
        return [f"{topic.name}-{p.partition_index}: {_error(p.error_code, None)}" for topic in response.topics
                for p in topic.partitions if p.error_code != errors.NONE.code]


def _reset_fields(form, strategies) -> tuple[str, str, str]:
    """A reset form's group, topic (empty: all the group has) and strategy, one of `strategies`."""
    strategy = form.get("strategy", "")
    if strategy not in strategies:
        raise Refused(f"the strategy must be one of {', '.join(strategies)}, not {strategy!r}")
    return form.get("group", ""), form.get("topic", ""), strategy


def _int_field(form, name: str, default: int | None) -> int | None:
    value = form.get(name, "").strip()
    if not value:
        return default
    try:
        return int(value)
    except ValueError:
        raise Refused(f"{name} must be an integer, not {value!r}") from None


def _error(code: int, message: str | None) -> str:
    error = errors.for_code(code)
    return f"{error.name}: {message}" if message else error.name


def _result(outcome: Outcome, status: int) -> Page:
    cls = "done" if outcome.ok else "error"
    lines = "".join(f"<li>{text(line)}</li>" for line in outcome.lines)
    body = f'<ul class="result {cls}">{lines}</ul><p>{link(*outcome.back).html}</p>'
    return Page(html.document(outcome.title, "", body), html.CONTENT_TYPE, status)


def hidden_token(token: str) -> str:
    return f'<input type="hidden" name="{TOKEN_FIELD}" value="{text(token)}">'
