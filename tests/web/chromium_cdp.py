"""A headless Debian `chromium` driven through its DevTools protocol (over one WebSocket, websocket-client): load a
page and wait for its load event, evaluate JavaScript in it, take a full-page PNG screenshot. Only what the console
tests need; the browser runs with a throw-away profile and is killed on close."""

from __future__ import annotations

import base64
import itertools
import json
import queue
import re
import shutil
import subprocess
import tempfile
import threading
import time
import urllib.request

import websocket

START_TIMEOUT_S = 60
CALL_TIMEOUT_S = 60
WIDTH = 1280
_LISTENING = re.compile(r"DevTools listening on (ws://\S+)")


def chromium_path() -> str | None:
    return shutil.which("chromium")


class Chromium:
    def __init__(self) -> None:
        self.profile = tempfile.mkdtemp(prefix="kbroker-chromium-")
        # --no-sandbox: tests run as root, where chromium refuses its sandbox
        self.proc = subprocess.Popen(
            [chromium_path(), "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-port=0",
             "--remote-debugging-address=127.0.0.1", f"--user-data-dir={self.profile}", "--no-first-run",
             "--no-default-browser-check", "--disable-extensions", "--disable-background-networking",
             "--disable-component-update", "--disable-sync", "--disable-default-apps", "--mute-audio",
             f"--window-size={WIDTH},900", "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        try:
            browser_url = self._wait_for_devtools()
            port = int(browser_url.split("/")[2].rsplit(":", 1)[1])
            page = self._first_page(port)
            self.ws = websocket.create_connection(page["webSocketDebuggerUrl"], timeout=CALL_TIMEOUT_S,
                                                  suppress_origin=True)
        except BaseException:
            self.close()
            raise
        self.ids = itertools.count(1)
        self.events: list[dict] = []
        self.call("Page.enable")
        self.call("Runtime.enable")

    def _wait_for_devtools(self) -> str:
        """The browser's DevTools address, from the line chromium writes to stderr once it listens."""
        lines: queue.Queue = queue.Queue()

        def read() -> None:
            for line in self.proc.stderr:
                lines.put(line)
            lines.put(None)

        threading.Thread(target=read, daemon=True).start()
        while True:
            line = lines.get(timeout=START_TIMEOUT_S)
            if line is None:
                raise RuntimeError(f"chromium exited ({self.proc.wait()}) before its DevTools listened")
            found = _LISTENING.search(line)
            if found:
                return found.group(1)

    @staticmethod
    def _first_page(port: int) -> dict:
        """The tab chromium opened (about:blank), once its DevTools list has it."""
        deadline = time.monotonic() + START_TIMEOUT_S
        while True:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=CALL_TIMEOUT_S) as answer:
                pages = [target for target in json.load(answer) if target["type"] == "page"]
            if pages or time.monotonic() > deadline:
                return pages[0]
            time.sleep(0.1)

    def call(self, method: str, **params):
        """Send one DevTools command; its result (events that come first are kept in self.events)."""
        call_id = next(self.ids)
        self.ws.send(json.dumps({"id": call_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.ws.recv())
            if message.get("id") == call_id:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message["result"]
            self.events.append(message)

    def _wait_event(self, method: str) -> dict:
        while True:
            for i, event in enumerate(self.events):
                if event.get("method") == method:
                    return self.events.pop(i)
            self.events.append(json.loads(self.ws.recv()))

    def load(self, url: str) -> None:
        """Navigate to `url` and return once its load event fired."""
        self.events.clear()
        result = self.call("Page.navigate", url=url)
        if result.get("errorText"):
            raise RuntimeError(f"loading {url}: {result['errorText']}")
        self._wait_event("Page.loadEventFired")

    def act(self, expression: str) -> None:
        """Evaluate `expression` (which navigates: a form submitted, a link followed) and return once the page
        it led to fired its load event."""
        self.events.clear()
        self.evaluate(expression)
        self._wait_event("Page.loadEventFired")

    def evaluate(self, expression: str):
        """The JSON value of `expression` in the page."""
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def screenshot(self, path: str) -> None:
        """The whole page (its full height) as a PNG at `path`."""
        height = int(self.evaluate("document.documentElement.scrollHeight"))
        shot = self.call("Page.captureScreenshot", format="png", captureBeyondViewport=True,
                         clip={"x": 0, "y": 0, "width": WIDTH, "height": height, "scale": 1})
        with open(path, "wb") as f:
            f.write(base64.b64decode(shot["data"]))

    def close(self) -> None:
        ws = getattr(self, "ws", None)
        if ws is not None:
            ws.close()
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()
        shutil.rmtree(self.profile, ignore_errors=True)
