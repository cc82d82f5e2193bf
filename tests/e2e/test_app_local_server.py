"""The whole client against the embedded local server over real TCP on 127.0.0.1.

Issue: "A person can, from the README command, log in to the local server, find the
broadcast, observe it, browse moves, chat with a bot, and quit — with keyboard alone and with
the mouse." These tests drive the real app (login screen, IgsClient, protocol, model, widgets)
with Textual's Pilot; only the keyring and the config/log directories are test-local.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from textual.css.query import NoMatches
from textual.pilot import Pilot
from textual.widgets import Input, RadioButton

from igs_tui.apps.connector import Connector
from igs_tui.localserver.config import ServerConfig
from igs_tui.model import BufferKey, ChatKind, ClientModel, LinkState
from igs_tui.ui.app import IgsApp
from igs_tui.ui.game.game_view import GameView
from igs_tui.ui.lists.virtual_table import VirtualTable
from igs_tui.ui.main.main_screen import MainScreen
from igs_tui.ui.settings import PasswordStore
from tests.polling import main_screen_ready, quit_by_keys


class NoKeyring:
    def get_password(self, service: str, user: str) -> str | None:
        return None

    def set_password(self, service: str, user: str, password: str) -> None:
        raise RuntimeError("no keyring in tests")

    def delete_password(self, service: str, user: str) -> None:
        return None


async def wait_for(pilot: object, condition: Callable[[], bool], timeout: float = 30.0) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        try:
            if condition():
                return
            missing: NoMatches | None = None
        except NoMatches as error:  # a screen still being built: not yet (as wait_until)
            missing = error
        if loop.time() > deadline:
            raise AssertionError("condition not reached in time") from missing
        await pilot.pause(0.05)  # type: ignore[attr-defined]


def app_for(connector: Connector, tmp_path: Path, **options: Any) -> IgsApp:
    """The whole app logging in through ``connector``, its settings and chat logs under
    ``tmp_path``, passwords asked each time (no keyring); ``options`` to :class:`IgsApp`."""
    return IgsApp(
        connector.model,
        connect=connector,
        config_dir=tmp_path / "config",
        chat_log_dir=tmp_path / "logs",
        passwords=PasswordStore(NoKeyring()),
        **options,
    )


def make_app(
    tmp_path: Path, config: ServerConfig | None = None
) -> tuple[IgsApp, ClientModel, Connector]:
    """The app with its own embedded server (``config``, by default a quickened one)."""
    model = ClientModel()
    fast = config or ServerConfig(broadcast_interval=0.4, bot_game_interval=1.0)
    connector = Connector(
        model, embedded=True, record=False, server_config=fast, games_dir=tmp_path / "games"
    )
    return app_for(connector, tmp_path, echo_own=False), model, connector


async def log_in_locally(app: IgsApp, pilot: Pilot[Any], model: ClientModel) -> None:
    """The login form's local server chosen (a click on its label, as a person would) and
    Connect pressed: the main screen built and the link up."""
    await pilot.pause()
    await pilot.click("#server-local", offset=(3, 0))
    await pilot.click("#connect")
    await main_screen_ready(app)
    await wait_for(pilot, lambda: model.connection.state is LinkState.CONNECTED)


async def test_mouse_login_observe_broadcast_browse_chat_and_quit(tmp_path: Path) -> None:
    app, model, connector = make_app(tmp_path)
    try:
        async with app.run_test(size=(140, 44)) as pilot:
            await pilot.pause()
            await pilot.click("#server-local", offset=(3, 0))  # on the label, as a person would
            await pilot.click("#connect")
            await wait_for(pilot, lambda: isinstance(app.screen, MainScreen))
            await wait_for(pilot, lambda: model.connection.state is LinkState.CONNECTED)
            assert model.me.startswith("guest")
            await wait_for(pilot, lambda: any(g.is_broadcast for g in model.games.values()))
            broadcast = next(n for n, g in model.games.items() if g.is_broadcast)

            await pilot.press("f3")  # games pane
            table = app.screen.query_one("#games-table", VirtualTable)
            await wait_for(pilot, lambda: table.row_count >= len(model.games))
            table.focus()
            rows = [int(re.sub(r"\D", "", table.row(i)[0].plain)) for i in range(table.row_count)]
            table.move_cursor(row=rows.index(broadcast))
            await pilot.press("enter")
            await wait_for(pilot, lambda: broadcast in model.followed)
            game = model.followed[broadcast]
            await wait_for(pilot, lambda: len(game.moves) >= 2, timeout=15)
            assert game.title  # the titled pro-style game shows its real names
            assert not game.sync_errors

            # Browse back while the live game continues, then return to live.
            view = next(v for v in app.screen.query(GameView) if v.number == broadcast)
            view.focus()
            await pilot.press("comma", "comma")
            assert not view.browse.following
            shown = view.browse.index
            await wait_for(pilot, lambda: view.browse.total > shown + 1, timeout=15)
            assert view.browse.index == shown  # new moves do not move a browsing view
            await pilot.press("end")
            assert view.browse.following and view.browse.index == len(game.moves)

            await pilot.press("f5")  # chat pane
            chat_input = app.screen.query_one("#pane-chat Input", Input)
            chat_input.focus()
            await pilot.press(*"/tell igsbot hello bot", "enter")
            tell = BufferKey(ChatKind.TELL, "igsbot")
            await wait_for(pilot, lambda: tell in model.buffers)
            assert model.buffers[tell].messages[0].text == "hello bot"
            # The local robot answers, so chatting works offline.
            await wait_for(pilot, lambda: len(model.buffers[tell].messages) >= 2)
            answer = model.buffers[tell].messages[1]
            assert answer.author == "igsbot" and "Hello" in answer.text
            await quit_by_keys(app)
    finally:
        await connector.close()


async def test_keyboard_only_login_as_guest_and_observe(tmp_path: Path) -> None:
    app, model, connector = make_app(tmp_path)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            local = app.screen.query_one("#server-local", RadioButton)
            # The server choice is a RadioSet: focus it, move down to "Local", select it.
            app.screen.query_one("#server").focus()
            await pilot.press("down", "enter")
            await wait_for(pilot, lambda: local.value)
            for _ in range(8):  # tab through the form to the Connect button
                if app.focused is not None and app.focused.id == "connect":
                    break
                await pilot.press("tab")
            assert app.focused is not None and app.focused.id == "connect"
            await pilot.press("enter")
            await wait_for(pilot, lambda: isinstance(app.screen, MainScreen), timeout=15)
            await wait_for(pilot, lambda: any(g.is_broadcast for g in model.games.values()))
            await quit_by_keys(app)
    finally:
        await connector.close()
