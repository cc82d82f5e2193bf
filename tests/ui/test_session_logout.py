"""Log out, switch account or server, reconnect now — without quitting (#16).

The app is wired as the launcher wires it (a :class:`Connector` behind the login form), with
the embedded server linked in memory; the session recording setting is tested the same way.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from textual import events
from textual.pilot import Pilot
from textual.widgets import Checkbox, RadioButton

from igs_tui.apps.connector import Connector
from igs_tui.backends.igs.net.backoff import BackoffPolicy
from igs_tui.backends.igs.net.client import ClientConfig
from igs_tui.localserver.config import ServerConfig
from igs_tui.localserver.server import LocalServer
from igs_tui.model import TOPIC_CONNECTION, BufferKey, ChatKind, ClientModel, LinkState, Role
from igs_tui.ui.app import IgsApp
from igs_tui.ui.main.commands import IgsCommands
from igs_tui.ui.main.main_screen import PANE_NAMES, MainScreen
from igs_tui.ui.play.play_confirm import ConfirmDialog
from igs_tui.ui.session.login import LoginScreen
from igs_tui.ui.session.session_control import LOGOUT_KEY, RECONNECT_KEY
from tests.in_memory import MemoryLinks, memory_server
from tests.polling import wait_until
from tests.ui.shell_helpers import COMPACT

QUIET = ServerConfig(bots=(), broadcast=False)
PATIENT = BackoffPolicy(initial=600.0, factor=1, maximum=600.0, jitter=0.0, max_attempts=None)
"""A pause before reconnecting that no test waits out: only "reconnect now" ends it."""


@dataclass
class Rig:
    app: IgsApp
    model: ClientModel
    connector: Connector
    links: MemoryLinks
    server: LocalServer
    config_dir: Path
    sessions_dir: Path


@asynccontextmanager
async def rig(tmp_path: Path, *, no_record: bool = False) -> AsyncIterator[Rig]:
    server = await memory_server(QUIET)
    links = MemoryLinks(server)
    model = ClientModel()
    connector = Connector(
        model,
        record=not no_record,
        record_dir=tmp_path / "sessions",
        open_transport=links,
        client_config=ClientConfig(backoff=PATIENT),
        autosave=False,
    )
    app = IgsApp(
        model,
        connect=connector,
        config_dir=tmp_path / "config",
        chat_log_dir=tmp_path / "logs",
        session=connector,
        no_record=no_record,
        shutdown=connector.close,
    )
    try:
        yield Rig(app, model, connector, links, server, tmp_path / "config", tmp_path / "sessions")
    finally:
        await connector.close()
        await server.stop()


async def log_in_as_guest(pilot: Pilot[Any], rig: Rig, *, record: bool | None = None) -> None:
    app = rig.app
    await wait_until(lambda: isinstance(app.screen, LoginScreen))
    await pilot.pause()
    app.screen.query_one("#server-local", RadioButton).value = True
    app.screen.query_one("#guest", Checkbox).value = True
    if record is not None:
        app.screen.query_one("#record", Checkbox).value = record
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, LoginScreen)
    screen.submit()
    await wait_until(lambda: isinstance(app.screen, MainScreen))
    await wait_until(lambda: rig.model.connection.state is LinkState.CONNECTED)
    main = app.main_screen
    assert main is not None
    await wait_until(lambda: main.first_paint is not None)  # composed and painted once
    for name in PANE_NAMES:  # all built: the test may end (and the app quit) at once
        await main.ensure_pane(name)


async def test_log_out_forgets_the_session_and_logs_in_again(tmp_path: Path) -> None:
    async with rig(tmp_path) as r:
        details: list[str] = []
        r.model.hub.subscribe(
            TOPIC_CONNECTION, lambda _change: details.append(r.model.connection.detail)
        )
        async with r.app.run_test(size=COMPACT) as pilot:
            await log_in_as_guest(pilot, r)
            first = r.model.me
            await wait_until(lambda: len(r.model.players) > 0)
            r.model.add_chat(BufferKey(ChatKind.TELL, "alice"), "alice", "hello")
            assert any(u.name == first for u in r.server.hub.online)

            await pilot.press(LOGOUT_KEY)
            await wait_until(lambda: isinstance(r.app.screen, LoginScreen))
            await pilot.pause()

            assert "quit" in details  # the server was told, the link did not just drop
            assert r.links.live == 0 and r.connector.client is None
            assert not any(u.name == first for u in r.server.hub.online)
            assert r.model.me == "" and r.model.connection.state is LinkState.DISCONNECTED
            assert len(r.model.players) == 0 and r.model.games == {} and r.model.buffers == {}
            assert r.app.main_screen is None

            await log_in_as_guest(pilot, r)  # another session, from the same form
            assert r.model.me.startswith("guest") and r.model.me != first
            assert r.links.opened == 2


async def test_log_out_while_playing_asks_first(tmp_path: Path) -> None:
    async with rig(tmp_path) as r, r.app.run_test(size=COMPACT) as pilot:
        await log_in_as_guest(pilot, r)
        # a game of ours in progress (as the server would have announced it)
        r.model.follow(5, role=Role.PLAYING_BLACK, white="carol", black=r.model.me, size=9)
        await pilot.pause()

        await pilot.press(LOGOUT_KEY)
        await wait_until(lambda: isinstance(r.app.screen, ConfirmDialog))
        dialog = r.app.screen
        assert isinstance(dialog, ConfirmDialog)
        assert "game 5 against carol" in dialog.question
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(r.app.screen, MainScreen)
        assert r.model.connection.state is LinkState.CONNECTED and 5 in r.model.followed

        await pilot.press(LOGOUT_KEY)
        await wait_until(lambda: isinstance(r.app.screen, ConfirmDialog))
        await pilot.press("y")
        await wait_until(lambda: isinstance(r.app.screen, LoginScreen))
        assert r.model.followed == {} and r.links.live == 0


async def test_reconnect_now_skips_the_pause(tmp_path: Path) -> None:
    async with rig(tmp_path) as r, r.app.run_test(size=COMPACT) as pilot:
        await log_in_as_guest(pilot, r)
        provider = IgsCommands(r.app.screen)
        names = [text for text, _command, _help in provider._fixed()]
        assert "Log out" in names and "Reconnect now" not in names  # the link is up

        r.links.cut()
        await wait_until(lambda: r.model.connection.state is LinkState.RECONNECTING)
        names = [text for text, _command, _help in provider._fixed()]
        assert "Reconnect now" in names

        await pilot.press(RECONNECT_KEY)  # instead of waiting ten minutes
        await wait_until(lambda: r.model.connection.state is LinkState.CONNECTED)
        assert r.links.opened == 2
        assert isinstance(r.app.screen, MainScreen)


def chat_logs(r: Rig) -> set[str]:
    logs = r.config_dir.parent / "logs"
    return {p.name for p in logs.iterdir()} if logs.exists() else set()


async def test_sessions_are_recorded_unless_the_user_says_no(tmp_path: Path) -> None:
    async with rig(tmp_path) as r, r.app.run_test(size=COMPACT) as pilot:
        await log_in_as_guest(pilot, r)
        await wait_until(lambda: any(r.sessions_dir.glob("*")))
        transcripts = set(r.sessions_dir.iterdir())
        r.model.add_chat(BufferKey(ChatKind.TELL, "alice"), "alice", "recorded")
        await wait_until(lambda: chat_logs(r) == {"tell-alice.log"})

        await pilot.press(LOGOUT_KEY)
        await log_in_as_guest(pilot, r, record=False)
        assert set(r.sessions_dir.iterdir()) == transcripts  # nothing new
        # nor any chat: a tell of an unrecorded session never reaches the disk
        r.model.add_chat(BufferKey(ChatKind.TELL, "alice"), "alice", "off the record")
        r.model.add_chat(BufferKey(ChatKind.TELL, "bob"), "bob", "off the record")
        await pilot.pause()
        assert chat_logs(r) == {"tell-alice.log"}
        assert "off the record" not in (tmp_path / "logs" / "tell-alice.log").read_text()
        config = json.loads((r.config_dir / "config.json").read_text())
        assert config["record_sessions"] is False  # remembered for the next run

        await pilot.press(LOGOUT_KEY)
        await wait_until(lambda: isinstance(r.app.screen, LoginScreen))
        await pilot.pause()
        assert r.app.screen.query_one("#record", Checkbox).value is False


async def test_no_record_flag_locks_recording_off(tmp_path: Path) -> None:
    async with rig(tmp_path, no_record=True) as r, r.app.run_test(size=COMPACT) as pilot:
        await wait_until(lambda: isinstance(r.app.screen, LoginScreen))
        await pilot.pause()
        box = r.app.screen.query_one("#record", Checkbox)
        assert box.value is False and box.disabled
        await log_in_as_guest(pilot, r)
        assert not r.sessions_dir.exists() or not any(r.sessions_dir.iterdir())
        r.model.add_chat(BufferKey(ChatKind.TELL, "alice"), "alice", "off the record")
        await pilot.pause()
        assert chat_logs(r) == set()  # no chat log either
        config = json.loads((r.config_dir / "config.json").read_text())
        assert config["record_sessions"] is True  # the flag is for this run only


async def test_log_out_is_not_offered_without_a_session() -> None:
    """An app given a backend (a local engine game, a demo) has no login form to go back to."""
    from tests.ui.shell_helpers import make_app

    app, _backend = make_app(ClientModel())
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.pause()
        provider = IgsCommands(app.screen)
        names = [text for text, _command, _help in provider._fixed()]
        assert "Log out" not in names
        await pilot.press(LOGOUT_KEY)
        await pilot.pause()
        assert isinstance(app.screen, MainScreen)


async def test_quit_during_a_game_of_ours_asks_first_and_ctrl_q_twice_quits() -> None:
    from tests.polling import quit_by_keys
    from tests.ui.shell_helpers import app_logged_in_as

    app, model = app_logged_in_as("me")
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.pause()
        model.follow(5, role=Role.PLAYING_BLACK, white="carol", black="me", size=9)
        await pilot.pause()
        app.post_message(events.Key("ctrl+q", None))
        await wait_until(lambda: isinstance(app.screen, ConfirmDialog))
        dialog = app.screen
        assert isinstance(dialog, ConfirmDialog)
        assert "game 5 against carol" in dialog.question and "quit" in dialog.question
        await pilot.press("n")  # stay
        await pilot.pause()
        assert app.is_running and not isinstance(app.screen, ConfirmDialog)
        app.post_message(events.Key("ctrl+q", None))
        await wait_until(lambda: isinstance(app.screen, ConfirmDialog))
        await quit_by_keys(app)  # ctrl+q again over the question: quits all the same
    assert not app.is_running


async def test_quit_without_a_game_of_ours_does_not_ask() -> None:
    from tests.polling import quit_by_keys
    from tests.ui.shell_helpers import app_logged_in_as

    app, model = app_logged_in_as("me")
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.pause()
        model.follow(6, white="ann", black="ben")  # observed: nothing of ours to lose
        await pilot.pause()
        await quit_by_keys(app)
    assert not app.is_running
