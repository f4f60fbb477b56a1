"""What the console's pages show, read from the DOM of a page loaded in chromium (tests/web/chromium_cdp.py): a
table's body rows as cell texts, the definition list of facts, the heading, a write's result lines."""

from __future__ import annotations

import json

from tests.web.chromium_cdp import Chromium

ROWS = ("(sel) => Array.from(document.querySelectorAll(sel + ' tbody tr'))"
        ".map(tr => Array.from(tr.cells).map(td => td.innerText))")
FACTS = ("() => Object.fromEntries(Array.from(document.querySelectorAll('dl.facts dt'))"
         ".map(dt => [dt.innerText, dt.nextElementSibling.innerText]))")


def rows(browser: Chromium, table: str) -> list[list[str]]:
    return browser.evaluate(f"({ROWS})({json.dumps('table.' + table)})")


def facts(browser: Chromium) -> dict[str, str]:
    return browser.evaluate(f"({FACTS})()")


def heading(browser: Chromium) -> str:
    return browser.evaluate("document.querySelector('h1').innerText")


def result(browser: Chromium) -> list[str]:
    return browser.evaluate("Array.from(document.querySelectorAll('ul.result li')).map(li => li.innerText)")


def base(broker) -> str:
    """The console's address on a broker started with --http."""
    host, port = broker.http
    return f"http://{host}:{port}"
