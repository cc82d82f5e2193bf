"""Login preset from the launcher, and the connecting screen between the form and the app."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, Label, RadioButton

from igs_tui.model import ClientModel, LinkState
from igs_tui.ui.app import IgsApp
from igs_tui.ui.main.main_screen import MainScreen
from igs_tui.ui.session.connecting import ConnectingScreen, ConnectionProgress
from igs_tui.ui.session.login import LoginScreen, parse_server_preset
from igs_tui.ui.session.login_request import LoginRequest
from igs_tui.ui.settings import LoginSettings, save_settings
from tests.ui.fakes import RecordingBackend


async def settle(pilot: Any, rounds: int = 3) -> None:
    for _ in range(rounds):
        await pilot.pause()


async def wait_for(pilot: Any, condition: Any, timeout: float = 30.0) -> None:
    """Until ``condition()`` holds, the app running meanwhile; a failure after ``timeout``
    seconds (a number of pauses was too few on a loaded machine)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not condition():
        if loop.time() > deadline:
            raise AssertionError("condition not met")
        await pilot.pause()


@pytest.mark.parametrize(
    ("preset", "expected"),
    [
        ("igs", ("igs", "", 0)),
        ("LOCAL", ("local", "", 0)),
        ("go.example.org:2222", ("custom", "go.example.org", 2222)),
        ("[::1]:6970", ("custom", "::1", 6970)),
    ],
)
def test_parse_server_preset(preset: str, expected: tuple[str, str, int]) -> None:
    assert parse_server_preset(preset) == expected


@pytest.mark.parametrize("bad", ["", "host", "host:", ":80", "host:0", "host:70000", "host:x"])
def test_bad_presets_say_what_is_wrong(bad: str) -> None:
    with pytest.raises(ValueError, match="Server"):
        parse_server_preset(bad)


class Connect:
    """A connect callable that waits until the test lets it finish (or fail)."""

    def __init__(self) -> None:
        self.requests: list[LoginRequest] = []
        self.release = asyncio.Event()
        self.error: Exception | None = None
        self.cancelled = False
        self.backend = RecordingBackend()

    async def __call__(self, request: LoginRequest) -> RecordingBackend:
        self.requests.append(request)
        try:
            await self.release.wait()
        except asyncio.CancelledError:
            self.cancelled = True
            raise
        if self.error is not None:
            raise self.error
        return self.backend


def app_for(tmp_path: Path, connect: Connect, **options: Any) -> IgsApp:
    return IgsApp(ClientModel(), connect=connect, config_dir=tmp_path, local_port=7001, **options)


async def main_screen_settled(app: IgsApp, pilot: Pilot[None]) -> None:
    """The main screen shown with every pane built: ending a test takes the app down, and
    not while panes are still mounting (a Select then mounts without its parts: NoMatches,
    seen under load)."""
    await wait_for(pilot, lambda: isinstance(app.screen, MainScreen))
    main = app.main_screen
    assert main is not None
    await main.settle()


async def test_local_preset_overrides_the_remembered_server(tmp_path: Path) -> None:
    save_settings(LoginSettings(server="custom", host="far.example", port=99), tmp_path)
    connect = Connect()
    connect.release.set()
    app = app_for(tmp_path, connect, login_server="local")
    async with app.run_test() as pilot:
        await settle(pilot)
        assert app.screen.query_one("#server-local", RadioButton).value
        await pilot.click("#connect")
        await main_screen_settled(app, pilot)
    request = connect.requests[0]
    assert (request.server, request.host, request.port) == ("local", "127.0.0.1", 7001)


async def test_host_port_preset_fills_the_custom_fields(tmp_path: Path) -> None:
    connect = Connect()
    connect.release.set()
    app = app_for(tmp_path, connect, login_server="127.0.0.1:6970")
    async with app.run_test() as pilot:
        await settle(pilot)
        screen = app.screen
        assert screen.query_one("#server-custom", RadioButton).value
        assert screen.query_one("#host", Input).value == "127.0.0.1"
        assert screen.query_one("#port", Input).value == "6970"
        await pilot.click("#connect")
        await main_screen_settled(app, pilot)
    assert (connect.requests[0].host, connect.requests[0].port) == ("127.0.0.1", 6970)


async def test_bad_preset_is_reported_on_the_form(tmp_path: Path) -> None:
    app = app_for(tmp_path, Connect(), login_server="nowhere")
    async with app.run_test() as pilot:
        await settle(pilot)
        assert isinstance(app.screen, LoginScreen)
        assert "HOST:PORT" in str(app.screen.query_one("#login-error", Label).render())
        assert app.screen.query_one("#server-igs", RadioButton).value


async def test_connecting_screen_follows_the_link_state_then_gives_way(tmp_path: Path) -> None:
    connect = Connect()
    app = app_for(tmp_path, connect, login_server="127.0.0.1:6970")
    async with app.run_test() as pilot:
        await settle(pilot)
        await pilot.click("#connect")
        await wait_for(pilot, lambda: isinstance(app.screen, ConnectingScreen))
        progress = app.screen.query_one(ConnectionProgress)
        assert progress.shown_text().startswith("Connecting to 127.0.0.1:6970…")
        app.model.set_connection(state=LinkState.LOGGING_IN, server="127.0.0.1:6970")
        await settle(pilot)
        assert "Logging in…" in progress.shown_text()
        app.model.set_connection(state=LinkState.FAILED, detail="[b]bad password")
        await settle(pilot)
        assert "[b]bad password" in progress.shown_text()
        connect.release.set()
        await wait_for(pilot, lambda: isinstance(app.screen, MainScreen))
        assert not any(isinstance(s, ConnectingScreen) for s in app.screen_stack)
        assert app.backend is connect.backend


async def test_escape_cancels_the_attempt_and_returns_to_the_form(tmp_path: Path) -> None:
    connect = Connect()
    app = app_for(tmp_path, connect)
    async with app.run_test() as pilot:
        await settle(pilot)
        await pilot.click("#connect")
        await wait_for(pilot, lambda: isinstance(app.screen, ConnectingScreen))
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, LoginScreen))
        await wait_for(pilot, lambda: connect.cancelled)
        assert "cancelled" in str(app.screen.query_one("#login-error", Label).render())
        assert app.main_screen is None


async def test_failure_returns_to_the_form_with_the_reason(tmp_path: Path) -> None:
    connect = Connect()
    connect.error = ConnectionError("no answer from 127.0.0.1:1")
    app = app_for(tmp_path, connect)
    async with app.run_test() as pilot:
        await settle(pilot)
        await pilot.click("#connect")
        await wait_for(pilot, lambda: isinstance(app.screen, ConnectingScreen))
        connect.release.set()
        await wait_for(pilot, lambda: isinstance(app.screen, LoginScreen))
        error = str(app.screen.query_one("#login-error", Label).render())
        assert "Could not connect: no answer from 127.0.0.1:1" in error
        assert not any(isinstance(s, ConnectingScreen) for s in app.screen_stack)
        # a second attempt goes through the same screens
        connect.error = None
        await pilot.click("#connect")
        await wait_for(pilot, lambda: isinstance(app.screen, MainScreen))
        assert len(connect.requests) == 2
