"""A headless Chromium driven through the Chrome DevTools Protocol, for browser tests.

Only what the ``serve`` test needs: open a page, evaluate JavaScript, click, type keys, take a
screenshot. The browser runs with a throw-away profile, without a sandbox (CI runs as root) and
with every host but the loopback one unresolvable, so a test never reaches the network (the
textual-serve page links a web font).
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import itertools
import json
import os
import shutil
import subprocess
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp

CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome", "chrome")


def find_chromium() -> str | None:
    """The browser to drive: ``$CHROMIUM`` if set, else the first known name on PATH."""
    if explicit := os.environ.get("CHROMIUM"):
        return explicit
    for name in CHROMIUM_NAMES:
        if found := shutil.which(name):
            return found
    return None


class Page:
    """One browser tab over its DevTools websocket."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self._ws = ws
        self._ids = itertools.count(1)
        self._waiting: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self._reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        async for message in self._ws:
            if message.type != aiohttp.WSMsgType.TEXT:
                continue
            data = json.loads(message.data)
            future = self._waiting.pop(data.get("id", -1), None)
            if future is not None and not future.done():
                future.set_result(data)
        for future in self._waiting.values():
            if not future.done():
                future.set_exception(ConnectionError("the browser closed the page"))

    async def send(self, method: str, **params: Any) -> dict[str, Any]:
        """Call one DevTools method and return its result (raises on a protocol error)."""
        ident = next(self._ids)
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._waiting[ident] = future
        await self._ws.send_str(json.dumps({"id": ident, "method": method, "params": params}))
        async with asyncio.timeout(30):
            reply = await future
        if "error" in reply:
            raise RuntimeError(f"{method}: {reply['error']}")
        result: dict[str, Any] = reply.get("result", {})
        return result

    async def evaluate(self, expression: str) -> Any:
        """The value of a JavaScript expression in the page (awaited if it is a promise)."""
        result = await self.send(
            "Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True
        )
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    async def navigate(self, url: str) -> None:
        await self.send("Page.navigate", url=url)

    async def click(self, x: float, y: float) -> None:
        for kind in ("mousePressed", "mouseReleased"):
            await self.send(
                "Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left", clickCount=1
            )

    async def click_selector(self, selector: str) -> None:
        """Click the middle of the element ``selector`` (as a user would, with the mouse)."""
        box = await self.evaluate(
            f"(() => {{ const r = document.querySelector({json.dumps(selector)})"
            ".getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()"
        )
        await self.click(box[0], box[1])

    async def type_text(self, text: str) -> None:
        await self.send("Input.insertText", text=text)

    async def press(self, key: str, *, ctrl: bool = False) -> None:
        """Press and release one key: ``Enter``, ``Escape`` or a letter (with ``ctrl``)."""
        codes = {"Enter": (13, "\r"), "Escape": (27, "")}
        if key in codes:
            vk, text = codes[key]
            code = key
        else:
            vk, text, code = ord(key.upper()), key, f"Key{key.upper()}"
        modifiers = 2 if ctrl else 0
        if ctrl:
            text = ""
        down: dict[str, Any] = {"key": key, "code": code, "windowsVirtualKeyCode": vk}
        await self.send(
            "Input.dispatchKeyEvent",
            type="keyDown" if text else "rawKeyDown",
            modifiers=modifiers,
            text=text,
            **down,
        )
        await self.send("Input.dispatchKeyEvent", type="keyUp", modifiers=modifiers, **down)

    async def screenshot(self, path: Path) -> None:
        result = await self.send("Page.captureScreenshot", format="png")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(base64.b64decode(result["data"]))

    async def close(self) -> None:
        await self._ws.close()
        self._reader.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._reader


@contextlib.asynccontextmanager
async def headless_page(
    chromium: str, profile: Path, *, width: int = 1280, height: int = 800
) -> AsyncIterator[Page]:
    """Start ``chromium`` headless on a blank tab and yield that tab; the browser is stopped
    (and waited for) on the way out."""
    proc = subprocess.Popen(
        [
            chromium,
            "--headless=new",
            "--remote-debugging-port=0",
            f"--user-data-dir={profile}",
            f"--window-size={width},{height}",
            "--no-sandbox",
            "--no-first-run",
            "--no-default-browser-check",
            "--disable-gpu",
            "--disable-extensions",
            "--disable-background-networking",
            "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
            "about:blank",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        port_file = profile / "DevToolsActivePort"
        async with asyncio.timeout(30):
            while not port_file.exists() or not port_file.read_text().strip():
                assert proc.poll() is None, f"{chromium} exited with {proc.returncode}"
                await asyncio.sleep(0.05)
        port = int(port_file.read_text().split()[0])
        async with aiohttp.ClientSession() as http:
            async with http.get(f"http://127.0.0.1:{port}/json/list") as reply:
                targets = await reply.json()
            url = next(t["webSocketDebuggerUrl"] for t in targets if t["type"] == "page")
            async with http.ws_connect(url, max_msg_size=0) as ws:
                page = Page(ws)
                try:
                    yield page
                finally:
                    await page.close()
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
