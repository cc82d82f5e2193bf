"""``igs-tui serve``: the app served by textual-serve, driven over its websocket as the browser
page drives it (keys in, terminal output out)."""

from __future__ import annotations

import asyncio
import json
import os
import re
import socket
import subprocess
import sys
import time
from pathlib import Path

import aiohttp
import pytest

from igs_tui.apps.serve import public_warning, serve_command

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


pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


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
