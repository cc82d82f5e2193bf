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
from collections.abc import AsyncIterator, Iterator
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
    with serving(tmp_path, "--local") as (url, proc):
        port = int(url.split(":")[2].split("/")[0])
        async with aiohttp.ClientSession() as http:
            html = await wait_for_http(http, url)
            assert "textual.js" in html and "igs-tui" in html
            token = url.split("token=")[1]
            ws_url = f"ws://127.0.0.1:{port}/ws?width=120&height=40&token={token}"
            async with http.ws_connect(ws_url) as ws:
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
def serving(
    tmp_path: Path, *options: str, serve_options: tuple[str, ...] = ()
) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """``igs-tui OPTIONS serve`` on a free loopback port, stopped on the way out; yields the
    address it printed (with its token) and the process."""
    port = free_port()
    env = {**os.environ, "XDG_CONFIG_HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path)}
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "igs_tui.cli",
            *options,
            "serve",
            "--port",
            str(port),
            *serve_options,
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        cwd=REPO,
        env=env,
    )
    try:
        assert proc.stderr is not None
        for raw in proc.stderr:  # its first lines: the address to open
            line = raw.decode("utf-8", "replace")
            if found := re.search(r"open (http://\S+) in a browser", line):
                url = found.group(1)
                break
        else:
            raise AssertionError("serve ended without printing its address")
        assert url.startswith(f"http://127.0.0.1:{port}/?token=")
        yield url, proc
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


WEBSOCKET_PROBE = """
new Promise((resolve) => {
  const ws = new WebSocket(%s);
  ws.onopen = () => { ws.close(); resolve("open"); };
  ws.onerror = () => resolve("refused");
})
"""


@contextlib.asynccontextmanager
async def other_site() -> AsyncIterator[str]:
    """A page at another origin (another port of 127.0.0.1: another local user's server, as a
    browser sees it); yields its address."""
    from aiohttp import web

    app = web.Application()

    async def page(request: web.Request) -> web.Response:
        return web.Response(text="<html><body>elsewhere</body></html>", content_type="text/html")

    app.router.add_get("/", page)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    try:
        port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        yield f"http://127.0.0.1:{port}/"
    finally:
        await runner.cleanup()


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
    with serving(
        tmp_path / "home", "--local", "--no-record", serve_options=("--max-sessions", "2")
    ) as (url, proc):
        async with aiohttp.ClientSession() as http:
            await wait_for_http(http, url)
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
            # without the token the browser gets the refusal, not the app
            await page.navigate(url.split("?")[0])
            await wait_for_page(
                page, "document.body?.innerText.includes('holds a token')", "the refusal"
            )
            # the start page: textual-serve shows its Start button with ?delay
            await page.navigate(f"{url}&delay=1")
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
            # a websocket from the served page itself opens (a second session: 2 allowed) ...
            ws_url = "ws" + url.split("?")[0][4:] + "ws?width=80&height=24"
            assert await page.evaluate(WEBSOCKET_PROBE % json.dumps(ws_url)) == "open"
            # ... and one from a page of another site, even knowing the token, is refused
            async with other_site() as elsewhere:
                await page.navigate(elsewhere)
                await wait_for_page(page, "document.body?.innerText.includes('elsewhere')", "it")
                probe = json.dumps(f"{ws_url}&token={url.split('token=')[1]}")
                assert await page.evaluate(WEBSOCKET_PROBE % probe) == "refused"
    assert proc.stderr is not None
    errors = proc.stderr.read()
    assert b"Traceback" not in errors, errors.decode(errors="replace")[-3000:]
    # --no-record reached the browser's session: no transcript, no chat log
    data = tmp_path / "home" / "igs-tui"
    assert not any((data / "sessions").glob("*")) and not any((data / "logs").glob("*"))


pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


async def test_serve_admits_only_the_token_holder_from_its_own_page(tmp_path: Path) -> None:
    """Issue 26: a websocket with ``Origin: http://evil.example`` spawned sessions. Now every
    request needs the start's token (query, or the cookie the page sets), the websocket's
    Origin must be the served address, the Host a loopback name, and one session at a time
    runs (``--max-sessions``, default 1)."""
    with serving(tmp_path, "--local", "--no-record") as (url, proc):
        base, token = url.split("?token=")
        port = int(base.split(":")[2].rstrip("/"))
        ws_base = f"ws://127.0.0.1:{port}/ws?width=80&height=24"
        own = {"Origin": f"http://127.0.0.1:{port}"}
        # unsafe: aiohttp keeps cookies of IP addresses only so (a browser always does)
        async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
            await wait_for_http(http, url)
            http.cookie_jar.clear()  # that page set the cookie: first, a stranger without it

            async def ws_status(ws_url: str, headers: dict[str, str]) -> int:
                try:
                    async with http.ws_connect(ws_url, headers=headers):
                        return 101
                except aiohttp.WSServerHandshakeError as exc:
                    return exc.status

            async with http.get(base) as page:
                assert page.status == 403 and "holds a token" in await page.text()
            async with http.get(f"{base}?token={token[:-1]}x") as page:
                assert page.status == 403
            assert await ws_status(ws_base, own) == 403
            assert await ws_status(f"{ws_base}&token=nope", own) == 403
            evil = {"Origin": "http://evil.example"}
            assert await ws_status(f"{ws_base}&token={token}", evil) == 403
            rebound = {"Host": f"evil.example:{port}"}
            async with http.get(url, headers=rebound) as page:
                assert page.status == 403
            # the page opened with the token sets a private cookie for the page's websocket
            async with http.get(url) as page:
                assert page.status == 200
                cookie = page.headers["Set-Cookie"]
                assert f"igs_tui_token_{port}={token}" in cookie
                assert "HttpOnly" in cookie and "SameSite=Strict" in cookie
            async with http.ws_connect(ws_base, headers=own) as first:  # the cookie alone
                seen: list[str] = []
                await screen_until(first, "log in", seen)
                assert await ws_status(f"{ws_base}&token={token}", own) == 503  # one at a time
            # the first session gone, the place is free again (the server needs a moment)
            async with asyncio.timeout(30):
                while await ws_status(ws_base, own) != 101:
                    await asyncio.sleep(0.2)
    assert proc.stderr is not None
    assert b"Traceback" not in proc.stderr.read()


def test_the_guard_checks_in_constant_time_and_knows_its_hosts() -> None:
    from igs_tui.apps.serve_guard import ServeGuard, new_token

    token = new_token()
    assert len(token) >= 43 and token != new_token()
    guard = ServeGuard(token, "127.0.0.1", 8000)
    assert guard.url() == f"http://127.0.0.1:8000/?token={token}"
    assert guard.token_ok(token) and not guard.token_ok(token + "x")
    assert not guard.token_ok("") and not guard.token_ok(None) and not guard.token_ok("é")
    assert guard.host_ok("localhost:8000") and guard.host_ok("[::1]:8000")
    assert not guard.host_ok("evil.example:8000") and not guard.host_ok("127.0.0.1:8001")
    assert guard.origin_ok("http://localhost:8000", "localhost:8000")
    assert not guard.origin_ok("http://evil.example", "127.0.0.1:8000")
    assert not guard.origin_ok("null", "127.0.0.1:8000")
    anywhere = ServeGuard(token, "0.0.0.0", 8000)  # beyond loopback: the token still guards
    assert anywhere.host_ok("box.lan:8000") and anywhere.url().startswith("http://127.0.0.1")
    with pytest.raises(ValueError):
        ServeGuard(token, "127.0.0.1", 8000, max_sessions=0)
