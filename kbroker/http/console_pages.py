"""The web console's pages (GET / , /topics, /topics/NAME, /topics/NAME/partitions/N (the message browser),
/groups, /groups/ID, /console.css, the charts' /console.js and /console/traffic.json), rendered as server-side HTML from the records of console_model: nothing
fetched from anywhere else. A topic, partition or group that does not exist gets a 404 page, a browser query it
refuses a 400 page. Each list shows its first LIMIT rows, with a note giving the whole count."""

from __future__ import annotations

import datetime
import urllib.parse
from importlib import resources

import trio

from kbroker.http import html
from kbroker.http.console_model import ConsoleSource, GroupDetail, Overview, PartitionRecords, TopicDetail
from kbroker.http.console_share import ShareGroupDetail
from kbroker.http.console_style import STYLESHEET
from kbroker.http.console_traffic import TrafficPage
from kbroker.http.console_write import (
    CREATE,
    DELETE,
    RESET,
    SHARE_RESET,
    SHARE_STRATEGIES,
    STRATEGIES,
    SWITCH,
    ConsoleWrites,
    hidden_token,
)
from kbroker.http.html import Markup, cap_note, facts, link, path_of, table, text
from kbroker.http.record_browser import BadQuery, Query
from kbroker.http.record_format import FORMATS, Shown, show
from kbroker.http.server import Page

LIMIT = 1000  # rows of one list on one page
RENDERERS = 2  # message browser pages rendered at once
SCRIPT = resources.files("kbroker.http").joinpath("static/console.js").read_bytes()
TOPICS, GROUPS = "/topics/", "/groups/"
PARTITIONS = "/partitions/"


def _ids(ids) -> str | None:
    """Node ids as a list; none shows as a dash."""
    return ", ".join(str(i) for i in ids) or None


def _node(node_id: int) -> str | None:
    return None if node_id < 0 else str(node_id)


def _uptime(seconds: float) -> str:
    seconds = int(seconds)
    days, rest = divmod(seconds, 86400)
    hours, rest = divmod(rest, 3600)
    minutes, seconds = divmod(rest, 60)
    return (f"{days}d " if days else "") + f"{hours:02d}:{minutes:02d}:{seconds:02d}"


def overview_html(o: Overview) -> bytes:
    summary = facts([
        ("Cluster id", o.cluster_id), ("Node id", o.node_id), ("Roles", o.roles),
        ("Controller", _node(o.controller_id)), ("Version", f"kbroker {o.version} (Kafka {o.kafka_version})"),
        ("Uptime", _uptime(o.uptime_s)), ("Topics", link("/topics", o.topics)), ("Partitions", o.partitions),
        ("Consumer groups", None if o.groups is None else link("/groups", o.groups)),
    ])
    listeners = table(("Listener", "Address", "Security protocol"),
                      ((row.name, row.address, row.security_protocol) for row in o.listeners), cls="listeners")
    brokers = table(("Broker", "Endpoints", "Rack", "Status"),
                    ((b.node_id, b.endpoints, b.rack, "fenced" if b.fenced else "active") for b in o.brokers.rows),
                    cls="brokers")
    body = (f"{summary}{_traffic(None)}<h2>Listeners of this node</h2>{listeners}"
            f"<h2>Brokers</h2>{brokers}{cap_note(len(o.brokers.rows), o.brokers.total, 'brokers')}")
    return html.document("Overview", "/", body, script=True)


def _traffic(topic: str | None) -> str:
    """Where /console.js draws the throughput charts of this node (or of `topic` on it); without the script, a note
    saying where the same counters are."""
    of = f' data-topic="{text(topic)}"' if topic is not None else ""
    return (f'<h2>Throughput on this node</h2><div class="traffic"{of}><p class="note">The live charts need '
            f'JavaScript; the same counters are on <a href="/metrics">/metrics</a> '
            f"(kafka_server_brokertopicmetrics_*_total).</p></div>")


def _form(action: str, token: str, fields: str, button: str, cls: str) -> str:
    return (f'<form class="write {cls}" method="post" action="{action}">{hidden_token(token)}{fields}'
            f'<button type="submit">{text(button)}</button></form>')


def _hidden(name: str, value: str) -> str:
    return f'<input type="hidden" name="{text(name)}" value="{text(value)}">'


def _reset_fields(group_id: str, topics, every: str, strategies) -> str:
    """A reset form's group, its topic choice (`every` names the choice of all of them) and its strategies."""
    scope = "".join(f'<option value="{text(t)}">{text(t)}</option>' for t in sorted(topics))
    choices = "".join(f'<option value="{s}">{s}</option>' for s in strategies)
    return (_hidden("group", group_id)
            + f'<label>topic <select name="topic"><option value="">{text(every)}</option>{scope}'
            f'</select></label><label>strategy <select name="strategy">{choices}</select></label>')


def _writes_note(token: str | None) -> str:
    if token is not None:
        return ""
    return (f'<p class="note">Creating and deleting topics and resetting offsets from the console is off '
            f"({SWITCH}=false).</p>")


def topics_html(topics, token: str | None = None) -> bytes:
    rows = ((link(path_of(TOPICS, t.name), t.name), "yes" if t.internal else "no", t.partitions,
             t.replication_factor, _ids(t.leaders), t.under_replicated, t.offline, t.records, t.size)
            for t in topics.rows)
    body = (table(("Topic", "Internal", "Partitions", "Replication factor", "Leaders", "Under-replicated",
                   "Offline", "Records", "Size (bytes)"), rows, cls="topics")
            + cap_note(len(topics.rows), topics.total, "topics")
            + '<p class="note">Records and sizes count the partitions this node hosts.</p>')
    if token is not None:
        body += "<h2>Create a topic</h2>" + _form(
            CREATE, token, '<label>name <input name="name" required></label>'
            '<label>partitions <input name="partitions" size="4" placeholder="default"></label>'
            '<label>replication factor <input name="replication_factor" size="4" placeholder="default"></label>',
            "Create topic", "create-topic")
    return html.document("Topics", "/topics", body + _writes_note(token))


def topic_html(detail: TopicDetail, token: str | None = None) -> bytes:
    t = detail.topic
    summary = facts([("Topic id", t.topic_id), ("Internal", "yes" if t.internal else "no"),
                     ("Partitions", t.partitions), ("Replication factor", t.replication_factor),
                     ("Hosted on this node", t.hosted), ("Records", t.records), ("Size (bytes)", t.size)])
    partitions = table(
        ("Partition", "Leader", "Replicas", "ISR", "Log start offset", "Log end offset", "High watermark",
         "Size (bytes)"),
        ((link(_partition_path(t.name, p.partition), p.partition), _node(p.leader), _ids(p.replicas), _ids(p.isr), p.log_start, p.log_end, p.high_watermark,
          p.size) for p in detail.partitions.rows), cls="partitions")
    configs = table(("Config", "Value", "Source"),
                    ((c.name, "(sensitive, hidden)" if c.sensitive else c.value, c.source) for c in detail.configs),
                    cls="configs")
    readers = table(("Group", "Committed partitions", "Lag"),
                    ((link(path_of(GROUPS, r.group_id), r.group_id), r.committed_partitions, r.lag)
                     for r in detail.readers.rows), cls="readers")
    body = (f"{summary}{_traffic(t.name)}<h2>Partitions</h2>{partitions}"
            f"{cap_note(len(detail.partitions.rows), detail.partitions.total, 'partitions')}"
            f"<h2>Groups with committed offsets (or share-partitions)</h2>{readers}"
            f"{cap_note(len(detail.readers.rows), detail.readers.total, 'groups')}"
            f"<h2>Configs</h2>{configs}")
    if token is not None:
        body += "<h2>Delete this topic</h2>" + _form(DELETE, token, _hidden("name", t.name), "Delete topic",
                                                     "delete-topic")
    return html.document(f"Topic {t.name}", "/topics", body, script=True)


def _partition_path(topic: str, partition: int, **params) -> str:
    query = urllib.parse.urlencode({name: value for name, value in params.items() if value is not None})
    return path_of(TOPICS, topic) + f"{PARTITIONS}{partition}" + (f"?{query}" if query else "")


def _timestamp(ms: int) -> str:
    if ms < 0:
        return f"none ({ms})"
    try:
        moment = datetime.datetime.fromtimestamp(ms / 1000, datetime.UTC)
    except (OverflowError, ValueError, OSError):
        return str(ms)
    return f"{moment:%Y-%m-%d %H:%M:%S}.{ms % 1000:03d} UTC ({ms})"


def _shown(shown: Shown, wanted: str) -> Markup:
    """A key, value or header value in a <pre>, saying how it is shown when that is not what was asked."""
    if shown.text is None:
        return Markup('<span class="null">null</span>')
    note = f' <span class="how">({text(shown.how)})</span>' if shown.how != wanted else ""
    return Markup(f'<pre class="{text(shown.how)}">{text(shown.text)}</pre>{note}')


def _headers(headers, wanted: str) -> Markup:
    items = "".join(f"<li><b>{text(h.key)}</b>: {_shown(show(h.value, wanted), wanted).html}</li>" for h in headers)
    return Markup(f'<ul class="headers">{items}</ul>') if items else Markup("")


def _browse_form(query: Query, action: str) -> str:
    def choice(name: str, options, current: str) -> str:
        items = "".join(f'<option value="{text(o)}"{" selected" if o == current else ""}>{text(o)}</option>'
                        for o in options)
        return f'<label>{text(name)} <select name="{text(name)}">{items}</select></label>'

    start = "" if query.start is None else str(query.start)
    isolation = "read_committed" if query.read_committed else "read_uncommitted"
    return (f'<form class="browse" method="get" action="{text(action)}">'
            f'<label>offset <input name="offset" value="{text(start)}" placeholder="newest" size="10"></label>'
            f'<label>count <input name="count" value="{query.count}" size="4"></label>'
            f'{choice("format", FORMATS, query.format)}'
            f'{choice("isolation", ("read_uncommitted", "read_committed"), isolation)}'
            f'<button type="submit">Show</button></form>')


def partition_html(page: PartitionRecords, query: Query) -> bytes:
    title = f"Topic {page.topic} partition {page.partition}"
    action = _partition_path(page.topic, page.partition)
    back = f'<p>{link(path_of(TOPICS, page.topic), "Back to topic " + page.topic).html}</p>'
    read = page.read
    if page.offline:
        body = f'<p class="elsewhere">This node leads this partition but its log here is offline.</p>{back}'
        return html.document(title, "/topics", body)
    if read is None:
        where = ("no leader" if page.leader < 0
                 else f"node {page.leader}" + (f" ({page.leader_endpoints})" if page.leader_endpoints else ""))
        body = (f'<p class="elsewhere">This node does not lead this partition: its leader is {text(where)}. '
                f"Its records are browsed on the leader's console.</p>{back}")
        return html.document(title, "/topics", body)
    isolation = "read_committed" if query.read_committed else "read_uncommitted"
    summary = facts([("Leader", _node(page.leader)), ("Log start offset", read.log_start),
                     ("High watermark", read.high_watermark),
                     ("Read up to" if not query.read_committed else "Last stable offset", read.upper),
                     ("Isolation", isolation),
                     ("Shown", f"{len(read.records)} records from offset {read.start}" if read.records
                      else f"no records from offset {read.start}")])
    keep = dict(count=query.count, format=query.format, isolation=isolation)
    older = max(read.log_start, read.start - query.count)
    pager = [link(_partition_path(page.topic, page.partition, **keep), "Newest").html]
    if read.start > read.log_start:
        pager.insert(0, link(_partition_path(page.topic, page.partition, offset=older, **keep), "Older").html)
    if read.next_offset < read.upper:
        pager.append(link(_partition_path(page.topic, page.partition, offset=read.next_offset, **keep),
                          "Newer").html)
    rows = ((r.record.offset, _timestamp(r.timestamp), "LogAppendTime" if r.log_append_time else "CreateTime",
             _shown(show(r.record.key, query.format), query.format), _headers(r.record.headers, query.format),
             _shown(show(r.record.value, query.format), query.format)) for r in read.records)
    records = table(("Offset", "Timestamp", "Timestamp type", "Key", "Headers", "Value"), rows, cls="records")
    stopped = f'<p class="note stopped">Stopped early: {text(read.stopped)}.</p>' if read.stopped else ""
    body = (f"{summary}{_browse_form(query, action)}<h2>Records</h2>{records}{stopped}"
            f'<p class="pager">{" ".join(pager)}</p>{back}')
    return html.document(title, "/topics", body)


def bad_query_html(message: str) -> bytes:
    return html.document("Bad request", "", f'<p class="error">{text(message)}</p>')


def groups_html(groups) -> bytes:
    rows = ((link(path_of(GROUPS, g.group_id), g.group_id), g.kind, g.state, g.protocol_type, g.protocol,
             g.members, g.committed_partitions, g.lag) for g in groups.rows)
    body = (table(("Group", "Type", "State", "Protocol type", "Protocol", "Members", "Committed partitions",
                   "Lag"), rows, cls="groups")
            + cap_note(len(groups.rows), groups.total, "groups")
            + '<p class="note">Groups this node coordinates; lag over the partitions this node leads. A share '
            "group's committed partitions are its share-partitions with state.</p>")
    return html.document("Consumer groups", "/groups", body)


def share_group_html(detail: ShareGroupDetail, token: str | None = None) -> bytes:
    g = detail.group
    summary = facts([("Type", "share"), ("State", g.state), ("Group epoch", g.group_epoch),
                     ("Assignment epoch", g.assignment_epoch), ("Members", g.members), ("Lag", g.lag)])
    members = table(("Member id", "Member epoch", "Client id", "Host", "Rack", "Subscribed topics", "Assignment"),
                    ((m.member_id, m.member_epoch, m.client_id, m.host, m.rack, m.subscribed, m.assignment)
                     for m in detail.members), cls="members")
    partitions = table(
        ("Topic", "Partition", "Start offset", "In-flight end", "Acquired", "Available", "Acknowledged", "Archived",
         "High watermark", "Lag"),
        ((link(path_of(TOPICS, p.topic), p.topic), p.partition, p.start_offset, p.in_flight_end, p.acquired,
          p.available, p.acknowledged, p.archived, p.high_watermark, p.lag) for p in detail.partitions),
        cls="share-partitions")
    body = (f"{summary}<h2>Members</h2>{members}{cap_note(len(detail.members), detail.members_total, 'members')}"
            f"<h2>Share-partitions</h2>{partitions}"
            f"{cap_note(len(detail.partitions), detail.partitions_total, 'share-partitions')}"
            '<p class="note">Start offset and lag as kafka-share-groups --describe --offsets shows them; the '
            "in-flight window (up to its end: the last offset acquired) for the share-partitions this node holds "
            "in memory.</p>")
    if token is not None:
        body += ("<h2>Reset start offsets</h2>"
                 '<p class="note">As kafka-share-groups --reset-offsets (AlterShareGroupOffsets): only a group '
                 "with no members.</p>" + _form(
                     SHARE_RESET, token, _reset_fields(g.group_id, {p.topic for p in detail.partitions},
                                                       "all with state", SHARE_STRATEGIES),
                     "Reset start offsets", "reset-share-offsets"))
    return html.document(f"Share group {g.group_id}", "/groups", body)


def group_html(detail: GroupDetail, token: str | None = None) -> bytes:
    g = detail.group
    summary = facts([("Type", g.kind), ("State", g.state), ("Protocol type", g.protocol_type),
                     ("Protocol", g.protocol), ("Members", g.members), ("Lag", g.lag)])
    members = table(("Member id", "Group instance id", "Client id", "Host", "Assignment"),
                    ((m.member_id, m.instance_id, m.client_id, m.host, m.assignment) for m in detail.members.rows),
                    cls="members")
    offsets = table(("Topic", "Partition", "Committed offset", "Log end offset", "Lag", "Metadata"),
                    ((link(path_of(TOPICS, o.topic), o.topic), o.partition, o.committed, o.log_end, o.lag,
                      o.metadata) for o in detail.offsets.rows), cls="offsets")
    body = (f"{summary}<h2>Members</h2>{members}{cap_note(len(detail.members.rows), detail.members.total, 'members')}"
            f"<h2>Committed offsets</h2>{offsets}"
            f"{cap_note(len(detail.offsets.rows), detail.offsets.total, 'committed offsets')}")
    if token is not None:
        body += ("<h2>Reset offsets</h2>"
                 '<p class="note">As kafka-consumer-groups --reset-offsets: only a group with no members '
                 "(Empty).</p>" + _form(
                     RESET, token, _reset_fields(g.group_id, {o.topic for o in detail.offsets.rows},
                                                 "all committed", STRATEGIES)
                     + '<label>offset <input name="offset" size="10" placeholder="for to-offset"></label>',
                     "Reset offsets", "reset-offsets"))
    return html.document(f"Group {g.group_id}", "/groups", body)


def not_found_html(what: str, name: str) -> bytes:
    body = f"<p>No {text(what)} {text(name)} here.</p>"
    return html.document("Not found", "", body)


class Console:
    """The console's routes over one ConsoleSource."""

    def __init__(self, source: ConsoleSource, limit: int = LIMIT, writes: ConsoleWrites | None = None) -> None:
        self.source = source
        self.limit = limit
        self.writes = writes
        self.renderers = trio.CapacityLimiter(RENDERERS)

    def _token(self) -> str | None:
        return None if self.writes is None else self.writes.form_token()

    def routes(self) -> dict:
        return {"/": self.overview, "/topics": self.topics, "/groups": self.groups, "/console.css": self.stylesheet,
                html.SCRIPT: self.script, "/console/traffic.json": self.traffic}

    def prefixes(self) -> dict:
        return {TOPICS: self.topic, GROUPS: self.group}

    async def overview(self) -> Page:
        return _page(overview_html(self.source.overview(self.limit)))

    async def topics(self) -> Page:
        return _page(topics_html(await self.source.topics(self.limit), self._token()))

    async def topic(self, name: str, params: dict | None = None) -> Page:
        if PARTITIONS in name:
            return await self.partition(name, params or {})
        detail = await self.source.topic(name, self.limit)
        if detail is None:
            return _page(not_found_html("topic", name), 404)
        return _page(topic_html(detail, self._token()))

    async def groups(self) -> Page:
        return _page(groups_html(await self.source.groups(self.limit)))

    async def partition(self, path: str, params: dict) -> Page:
        """The message browser: `path` is NAME/partitions/N."""
        topic, _, index = path.partition(PARTITIONS)
        if not index.isdigit() or not index.isascii():
            return _page(not_found_html("partition", path), 404)
        try:
            query = Query.parse(params)
        except BadQuery as exc:
            return _page(bad_query_html(str(exc)), 400)
        found = await self.source.records(topic, int(index), query)
        if found is None:
            return _page(not_found_html("partition", f"{topic}-{index}"), 404)
        # Decoding and escaping up to 500 records takes up to ~0.1 s: a worker thread's, not the event loop's.
        return _page(await trio.to_thread.run_sync(partition_html, found, query, limiter=self.renderers))

    async def group(self, group_id: str, params: dict | None = None) -> Page:
        detail = await self.source.group(group_id, self.limit)
        if detail is None:
            return _page(not_found_html("group", group_id), 404)
        if isinstance(detail, ShareGroupDetail):
            return _page(share_group_html(detail, self._token()))
        return _page(group_html(detail, self._token()))

    async def stylesheet(self) -> Page:
        return Page(STYLESHEET.encode(), "text/css; charset=utf-8")

    async def script(self) -> Page:
        return Page(SCRIPT, "text/javascript; charset=utf-8")

    async def traffic(self) -> Page:
        return await TrafficPage(self.source.states).page()


def _page(body: bytes, status: int = 200) -> Page:
    return Page(body, html.CONTENT_TYPE, status)

