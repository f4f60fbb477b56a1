"""HTML building blocks of the console's pages: every value is escaped here as it goes in (text and attributes), links
carry percent-encoded names, and a long list is cut to its first N rows with a note saying how many there were.
Nothing in the pages writes markup from data any other way."""

from __future__ import annotations

import html
import urllib.parse
from collections.abc import Iterable, Sequence

import attrs

CONTENT_TYPE = "text/html; charset=utf-8"
STYLESHEET = "/console.css"
SCRIPT = "/console.js"
NAV = (("/", "Overview"), ("/topics", "Topics"), ("/groups", "Consumer groups"), ("/metrics", "Metrics"))
MISSING = "\u2014"  # what a cell shows for a value this node does not know


@attrs.frozen
class Markup:
    """Text that is already HTML (built by the functions here), so it is not escaped again."""
    html: str


def text(value) -> str:
    """`value` as escaped HTML text: None shows as a dash, Markup as is."""
    if isinstance(value, Markup):
        return value.html
    if value is None:
        return MISSING
    return html.escape(str(value), quote=True)


def link(href: str, label) -> Markup:
    return Markup(f'<a href="{html.escape(href, quote=True)}">{text(label)}</a>')


def path_of(prefix: str, name: str) -> str:
    """A page path naming `name` (a topic or group id, which may hold any character)."""
    return prefix + urllib.parse.quote(name, safe="")


def cap_note(shown: int, total: int, what: str) -> str:
    """The note under a list cut to its first `shown` of `total` rows (nothing when it was not cut)."""
    if shown >= total:
        return ""
    return f'<p class="note">first {shown} of {total} {text(what)}</p>'


def table(headers: Sequence[str], rows: Iterable[Sequence], *, cls: str = "") -> str:
    head = "".join(f"<th>{text(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{text(cell)}</td>" for cell in row) + "</tr>" for row in rows)
    attr = f' class="{text(cls)}"' if cls else ""
    return f"<table{attr}><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def facts(pairs: Iterable[tuple[str, object]]) -> str:
    """A definition list of (label, value)."""
    items = "".join(f"<dt>{text(label)}</dt><dd>{text(value)}</dd>" for label, value in pairs)
    return f'<dl class="facts">{items}</dl>'


def document(title: str, current: str, body: str, *, script: bool = False) -> bytes:
    """A whole page: `body` (already HTML) under the title and the navigation, `current` being its nav path;
    with `script`, the console's one script (SCRIPT), which only adds to what the page shows."""
    current_attr = ' class="current"'
    nav = "".join(f'<a href="{href}"{current_attr if href == current else ""}>{text(label)}</a>'
                  for href, label in NAV)
    return ("<!DOCTYPE html>\n"
            f'<html lang="en"><head><meta charset="utf-8"><title>{text(title)} \u00b7 kbroker</title>'
            f'<link rel="stylesheet" href="{STYLESHEET}">'
            + (f'<script src="{SCRIPT}" defer></script>' if script else "") + "</head>"
            f'<body><header><span class="brand">kbroker</span><nav>{nav}</nav></header>'
            f"<main><h1>{text(title)}</h1>{body}</main></body></html>\n").encode()
