"""``igs-tui serve``: the app served by textual-serve, driven over its websocket as the browser
page drives it (keys in, terminal output out)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from igs_tui.apps.serve import public_warning, serve_command
from tests.apps.cdp import Page

REPO = Path(__file__).resolve().parents[2]
ANSI = re.compile(r"\x1b\[[0-9;?<>=]*[ -/]*[@-~]|\x1b[PX^_\]].*?(?:\x07|\x1b\\)|\x1b.", re.S)


def test_the_command_each_session_runs_and_the_public_warning() -> None:
    command = serve_command(local=True, server=None, dialect="nngs")
    assert command.endswith("-m igs_tui.cli --local --dialect nngs")
    assert serve_command(local=False, server="go.example:6969", dialect=None).endswith(
        "--server go.example:6969"
    )
    assert public_warning("127.0.0.1") == "" and public_warning("::1") == ""
    assert "WARNING" in public_warning("0.0.0.0")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def wait_for_http(http: aiohttp.ClientSession, url: str) -> str:
    """The page at ``url`` once the server answers."""
    deadline = time.monotonic() + 30
    while True:
        try:
            async with http.get(url) as page:
                return await page.text()
        except aiohttp.ClientConnectionError:
            assert time.monotonic() < deadline, "serve did not start"
            await asyncio.sleep(0.1)


async def screen_until(ws: aiohttp.ClientWebSocketResponse, text: str, seen: list[str]) -> str:
    """Read terminal output until the screen (escapes removed) shows ``text``."""
    async with asyncio.timeout(30):
        while True:
            plain = ANSI.sub("", "".join(seen))
            if text in plain:
                return plain
            message = await ws.receive()
            if message.type == aiohttp.WSMsgType.BINARY:
                seen.append(message.data.decode("utf-8", "replace"))
            elif message.type == aiohttp.WSMsgType.TEXT:
                continue
            else:
                raise AssertionError(f"websocket closed before {text!r}: {plain[-500:]!r}")


async def test_a_browser_session_logs_in_as_guest_and_sees_a_stone(tmp_path: Path) -> None:
    port = free_port()
    env = {**os.environ, "XDG_CONFIG_HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "igs_tui.cli", "--local", "serve", "--port", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        cwd=REPO,
        env=env,
    )
    try:
        async with aiohttp.ClientSession() as http:
            deadline = time.monotonic() + 30
            while True:
                try:
                    async with http.get(f"http://127.0.0.1:{port}/") as page:
                        html = await page.text()
                        break
                except aiohttp.ClientConnectionError:
                    assert time.monotonic() < deadline, "serve did not start"
                    await asyncio.sleep(0.1)
            assert "textual.js" in html and "igs-tui" in html
            url = f"ws://127.0.0.1:{port}/ws?width=120&height=40"
            async with http.ws_connect(url) as ws:
                seen: list[str] = []
                await screen_until(ws, "log in", seen)  # the login screen, embedded server
                await ws.send_str(json.dumps(["stdin", "\r"]))  # Connect, as a guest
                await screen_until(ws, "connected", seen)
                seen.clear()
                await ws.send_str(json.dumps(["stdin", "\x10"]))  # ctrl+p: the palette
                await screen_until(ws, "Search", seen)
                await ws.send_str(json.dumps(["stdin", "observe 3"]))
                await screen_until(ws, "observe 3", seen)
                await ws.send_str(json.dumps(["stdin", "\r"]))
                seen.clear()
                # the relay moves on the embedded server: a stone appears on the board, marked
                # as the last move "(●)" (the players' lines beside the board show bare ●/○)
                async with asyncio.timeout(45):
                    while not re.search(r"\([●○]\)", ANSI.sub("", "".join(seen))):
                        message = await ws.receive()
                        assert message.type in (aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT)
                        if message.type == aiohttp.WSMsgType.BINARY:
                            seen.append(message.data.decode("utf-8", "replace"))
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    assert proc.stderr is not None
    assert b"Traceback" not in proc.stderr.read()
    assert any((tmp_path / "igs-tui" / "sessions").iterdir())  # recorded by default


class FakeServer:
    """Stands in for textual-serve's Server: keeps the command instead of serving."""

    commands: list[str] = []

    def __init__(self, command: str, **_options: object) -> None:
        FakeServer.commands.append(command)

    def serve(self) -> None:
        return None


def test_serve_passes_the_client_options_to_every_session(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import shlex

    import textual_serve.server

    from igs_tui.cli import main

    monkeypatch.setattr(textual_serve.server, "Server", FakeServer)
    FakeServer.commands.clear()
    argv = ["--local", "--no-record", "--encoding", "cp932", "--engine", "gnugo --mode gtp"]
    assert main([*argv, "serve", "--port", "8123"]) == 0
    (command,) = FakeServer.commands
    assert shlex.split(command)[1:] == [
        "-m",
        "igs_tui.cli",
        "--local",
        "--encoding",
        "cp932",
        "--engine",
        "gnugo --mode gtp",
        "--no-record",
    ]
    assert main(["serve", "--port", "8123"]) == 0  # recording stays on unless turned off
    assert "--no-record" not in FakeServer.commands[-1]
    # a bad option is refused once, before serving, rather than by every session
    assert main(["--encoding", "klingon", "serve"]) == 2
    assert "no such codec" in capsys.readouterr().err
    assert len(FakeServer.commands) == 2


SCREEN_HOOK = """
(() => {
  // Keep what the page's terminal receives, as text, where the test can read it: xterm.js
  // draws on a canvas, so the page has no text to read otherwise.
  window.__screen = [];
  const Original = window.WebSocket;
  const decoder = new TextDecoder();
  window.WebSocket = class extends Original {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (event) => {
        if (typeof event.data !== "string") {
          window.__screen.push(decoder.decode(event.data, {stream: true}));
        }
      });
    }
  };
})();
"""


def chromium_or_skip() -> str:
    """The browser, or a skip on a user's machine without one (a failure in CI: ``$CI``, or
    ``$IGS_TUI_REQUIRE_CHROMIUM`` as ``.ci/run`` sets it)."""
    from tests.apps.cdp import find_chromium

    chromium = find_chromium()
    if chromium is None:
        if os.environ.get("CI") or os.environ.get("IGS_TUI_REQUIRE_CHROMIUM"):
            pytest.fail("CI needs chromium for the browser test (.ci/run installs it)")
        pytest.skip("no chromium on this machine")
    return chromium


def test_without_chromium_the_browser_test_skips_here_and_fails_in_ci(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("CHROMIUM", raising=False)
    monkeypatch.setenv("PATH", "")
    monkeypatch.delenv("CI", raising=False)
    monkeypatch.delenv("IGS_TUI_REQUIRE_CHROMIUM", raising=False)
    with pytest.raises(pytest.skip.Exception):
        chromium_or_skip()
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="CI needs chromium"):
        chromium_or_skip()
    monkeypatch.setenv("CHROMIUM", "/opt/chromium/chrome")
    assert chromium_or_skip() == "/opt/chromium/chrome"


@contextlib.contextmanager
def serving(tmp_path: Path, *options: str) -> Iterator[tuple[int, subprocess.Popen[bytes]]]:
    """``igs-tui OPTIONS serve`` on a free loopback port, stopped on the way out."""
    port = free_port()
    env = {**os.environ, "XDG_CONFIG_HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "igs_tui.cli", *options, "serve", "--port", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        cwd=REPO,
        env=env,
    )
    try:
        yield port, proc
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


async def polled(page: Page, expression: str) -> Any:
    """``expression``'s value, or None while the page cannot answer: a page being loaded or
    replaced answers "Execution context was destroyed" (seen on a loaded machine)."""
    try:
        return await page.evaluate(expression)
    except RuntimeError:
        return None


async def wait_for_page(page: Page, expression: str, what: str, seconds: float = 30) -> None:
    """Poll ``expression`` in the page until it is true."""
    try:
        async with asyncio.timeout(seconds):
            while not await polled(page, expression):
                await asyncio.sleep(0.1)
    except TimeoutError:
        raise AssertionError(f"the browser never showed {what}") from None


async def browser_screen(page: Page) -> str:
    """What the page's terminal has received so far, escapes removed."""
    return ANSI.sub("", str(await polled(page, "window.__screen.join('')") or ""))


async def wait_for_screen(page: Page, pattern: str, seconds: float = 30) -> str:
    try:
        async with asyncio.timeout(seconds):
            while not re.search(pattern, plain := await browser_screen(page)):
                await asyncio.sleep(0.1)
            return plain
    except TimeoutError:
        tail = (await browser_screen(page))[-400:]
        raise AssertionError(f"the browser's terminal never showed {pattern!r}: {tail!r}") from None


async def test_in_headless_chromium_a_guest_observes_the_relay(tmp_path: Path) -> None:
    """The whole path a user takes: textual-serve's start page, the login form, the relay on
    the board, in a real browser. With ``IGS_TUI_SAVE_SCREENSHOTS=1`` its screenshot replaces
    screenshots/serve-browser.png (otherwise it stays in the test's temporary folder, so a test
    run leaves the work tree as it was)."""
    from tests.apps.cdp import headless_page

    chromium = chromium_or_skip()
    with serving(tmp_path / "home", "--local", "--no-record") as (port, proc):
        async with aiohttp.ClientSession() as http:
            await wait_for_http(http, f"http://127.0.0.1:{port}/")
        profile = tmp_path / "chromium"
        profile.mkdir()
        async with headless_page(chromium, profile, width=1280, height=800) as page:
            await page.send("Page.enable")
            await page.send(
                "Emulation.setDeviceMetricsOverride",
                width=1280,
                height=800,
                deviceScaleFactor=1,
                mobile=False,
            )
            await page.send("Page.addScriptToEvaluateOnNewDocument", source=SCREEN_HOOK)
            # the start page: textual-serve shows its Start button with ?delay
            await page.navigate(f"http://127.0.0.1:{port}/?delay=1")
            await wait_for_page(
                page,
                "(e => !!e && getComputedStyle(e).display === 'flex')"
                "(document.querySelector('#start'))",
                "the Start button",
            )
            await page.click_selector("#start")
            await wait_for_page(page, "document.body?.classList.contains('-first-byte')", "the app")
            await wait_for_screen(page, "log in")  # the login form, embedded server
            await page.evaluate("document.querySelector('.xterm-helper-textarea').focus()")
            await page.press("Enter")  # Connect, as a guest
            await wait_for_screen(page, "connected")
            await page.press("p", ctrl=True)  # the palette
            await wait_for_screen(page, "Search")
            await page.type_text("observe 3")
            await wait_for_screen(page, "observe 3")
            await page.evaluate("window.__screen.length = 0")
            await page.press("Enter")
            # a stone on the board, marked as the last move "(●)"
            await wait_for_screen(page, r"\([●○]\)", seconds=45)
            await page.evaluate("window.__screen.length = 0")
            await wait_for_screen(page, r"\([●○]\)", seconds=45)  # drawn, then redrawn
            shot = tmp_path / "serve-browser.png"
            await page.screenshot(shot)
            assert shot.read_bytes().startswith(b"\x89PNG")
            if os.environ.get("IGS_TUI_SAVE_SCREENSHOTS"):  # regenerate the committed picture
                shutil.copyfile(shot, REPO / "screenshots" / "serve-browser.png")
    assert proc.stderr is not None
    errors = proc.stderr.read()
    assert b"Traceback" not in errors, errors.decode(errors="replace")[-3000:]
    # --no-record reached the browser's session: no transcript, no chat log
    data = tmp_path / "home" / "igs-tui"
    assert not any((data / "sessions").glob("*")) and not any((data / "logs").glob("*"))


pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
