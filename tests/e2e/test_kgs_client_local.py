"""The KGS client end to end: the launcher's Connector (``--server kgs:HOST:PORT``) against
the embedded fake KGS server over real HTTP on 127.0.0.1."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path

import pytest
from textual.widgets import Checkbox, Input, OptionList, RadioButton, RadioSet

from igs_tui.apps.connector import Connector
from igs_tui.go import Color, Point
from igs_tui.localkgs import LocalKgsServer
from igs_tui.model import ClientModel, GamePhase, LinkState, Role
from tests.e2e.kgs_clients import (
    ROBOT_TERMS,
    KgsClient,
    kgs_connector,
    kgs_server,
    logged_in,
    login_request,
)
from tests.e2e.test_app_local_server import app_for
from tests.polling import main_screen_ready, wait_until


@pytest.fixture
async def server() -> AsyncIterator[LocalKgsServer]:
    async with kgs_server(watched_move_seconds=1.0) as srv:
        yield srv


async def test_refused_logins_say_why(server: LocalKgsServer) -> None:
    connector = kgs_connector()
    with pytest.raises(ConnectionError, match="Wrong password"):
        await connector(login_request(server, "tester", "wrong"))
    with pytest.raises(ConnectionError, match="No such user"):
        await connector(login_request(server, "nobody", "pw"))
    await connector.close()


async def test_rooms_an_observed_game_a_conversation_and_details(server: LocalKgsServer) -> None:
    async with logged_in(server, "tester", "secret") as tester:
        model, backend = tester.model, tester.backend
        assert model.connection.state is LinkState.CONNECTED and model.me == "tester"
        await wait_until(
            lambda: (
                model.rooms and all(r.name and not r.name.startswith("room ") for r in model.rooms)
            ),
            what="room names",
        )
        rooms = backend.capabilities.rooms
        assert rooms is not None and model.rooms is not None
        for room in model.rooms:
            rooms.join_room(room.number)
        watched = await tester.watched_game()
        observing = backend.capabilities.observing
        assert observing is not None
        observing.observe(watched.number)
        await wait_until(
            lambda: (
                watched.number in model.followed and model.followed[watched.number].last_number >= 3
            ),
            what="moves of the observed game",
        )
        game = model.followed[watched.number]
        assert game.role is Role.OBSERVING and game.size == 9
        assert game.sync_errors == []
        # every move was replayed on our board: as many stones as moves minus captures and passes
        stones = len(game.board.stones())
        assert 0 < stones <= game.last_number

        await tester.tell_and_hear_back("kumobot", "hello there")
        assert (await tester.card("kumobot")).rank == "15k"


async def test_challenge_a_robot_and_play(server: LocalKgsServer) -> None:
    async with logged_in(server, "alice", "wonderland") as alice:
        terms = replace(ROBOT_TERMS, main_seconds=600, byo_seconds=0, byo_stones=0)
        # the robot takes our terms as they are: they are final, the game starts
        game = await alice.game_against_the_robot(terms)
        alice.playing.play(game.number, Point(4, 4))
        await wait_until(lambda: game.last_number >= 2, what="our move and the robot's reply")
        assert game.moves[0].point == Point(4, 4) and game.moves[0].color is Color.BLACK
        assert game.board.get(Point(4, 4)) is Color.BLACK
        assert game.moves[1].color is Color.WHITE
        alice.playing.resign(game.number)
        await wait_until(lambda: game.phase is GamePhase.FINISHED, what="the game over")
        assert game.result == "W+R"


async def test_the_app_logs_in_to_kgs_from_its_login_screen(
    server: LocalKgsServer, tmp_path: Path
) -> None:
    """``igs-tui --server kgs:127.0.0.1:PORT``: the login form has KGS chosen with that
    address; a guest logs in and the games of a joined room fill the games list."""
    connector = kgs_connector()
    model = connector.model
    app = app_for(connector, tmp_path, login_server=f"kgs:127.0.0.1:{server.port}")
    try:
        async with app.run_test(size=(140, 44)) as pilot:
            await pilot.pause()
            assert app.screen.query_one("#server-kgs", RadioButton).value
            assert not app.screen.query_one("#encoding-row").display  # JSON is UTF-8
            app.screen.query_one("#guest", Checkbox).value = True
            await pilot.click("#connect")
            await main_screen_ready(app)
            await wait_until(
                lambda: model.connection.state is LinkState.CONNECTED, what="connected"
            )
            assert model.me.startswith("guest")
            await wait_until(lambda: model.rooms, what="rooms")
            backend = app.backend
            assert backend is not None and backend.capabilities.rooms is not None and model.rooms
            for room in model.rooms:
                backend.capabilities.rooms.join_room(room.number)
            await wait_until(lambda: model.games, what="the games of the rooms")
            await pilot.pause()
    finally:
        # the app's shutdown hook: says LOGOUT, so the server's waiting GET ends at once
        await connector.close()


async def test_kgs_is_chosen_on_the_login_form_by_keys(
    server: LocalKgsServer, tmp_path: Path
) -> None:
    """A plain ``igs-tui``: the user picks KGS on the form, names another KGS server's
    address, logs in with an account of the fake server; the choice is remembered."""
    from igs_tui.ui.settings import load_settings

    model = ClientModel()
    connector = Connector(model, autosave=False, record=False)  # no --server kgs
    app = app_for(connector, tmp_path)
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            await wait_until(lambda: bool(app.screen.query("#server-kgs")), what="the form")
            screen = app.screen
            screen.query_one("#server", RadioSet).focus()
            await pilot.press("down", "down", "down", "enter")  # from IGS, the first
            await pilot.pause()
            assert screen.query_one("#server-kgs", RadioButton).value
            assert screen.query_one("#address").display
            assert "www.gokgs.com" in screen.query_one("#host", Input).placeholder
            screen.query_one("#guest", Checkbox).value = False
            await pilot.pause()
            screen.query_one("#host", Input).value = "127.0.0.1"
            screen.query_one("#port", Input).value = str(server.port)
            screen.query_one("#user", Input).value = "tester"
            screen.query_one("#password", Input).value = "secret"
            await pilot.click("#connect")
            await main_screen_ready(app)
            await wait_until(
                lambda: model.connection.state is LinkState.CONNECTED, what="connected"
            )
            assert model.me == "tester"
            await wait_until(lambda: model.rooms, what="rooms")
        remembered = load_settings(tmp_path / "config")
        assert (remembered.server, remembered.host, remembered.port) == (
            "kgs",
            "127.0.0.1",
            server.port,
        )
    finally:
        await connector.close()


async def test_an_empty_games_list_says_how_to_join_a_room(
    server: LocalKgsServer, tmp_path: Path
) -> None:
    """KGS lists games per room: after the login the games list is empty and says so, with
    the key that opens the Rooms view; joining a room there fills the list and the hint goes;
    leaving the room (``l``) empties it again and the hint is back."""
    from textual.widgets import Label

    from igs_tui.ui.lists.games_list import GamesList
    from igs_tui.ui.lobby.lobby_screens import RoomsScreen

    connector = kgs_connector()
    model = connector.model
    app = app_for(connector, tmp_path, login_server=f"kgs:127.0.0.1:{server.port}")
    try:
        async with app.run_test(size=(140, 44)) as pilot:
            await pilot.pause()
            app.screen.query_one("#guest", Checkbox).value = True
            await pilot.click("#connect")
            await main_screen_ready(app)
            await wait_until(lambda: model.rooms, what="rooms")
            games = app.screen.query_one(GamesList)
            hint = games.query_one("#games-hint", Label)
            await wait_until(lambda: hint.display, what="the hint shown")
            assert "Join a room to see its games" in str(hint.render())
            assert "j" in str(hint.render())
            games.table.focus()
            await pilot.press("j")
            await wait_until(lambda: isinstance(app.screen, RoomsScreen), what="the Rooms view")
            await pilot.press("enter")  # the first room
            await wait_until(lambda: model.joined_rooms, what="in a room")
            await wait_until(lambda: model.games, what="the games of the room")
            await pilot.press("escape")
            await wait_until(lambda: not hint.display, what="the hint gone")
            (room,) = model.joined_rooms
            app.show_rooms()
            await wait_until(lambda: isinstance(app.screen, RoomsScreen), what="the Rooms view")
            await wait_until(lambda: bool(app.screen.query("#lobby-list")), what="its list")
            rooms = model.rooms or ()
            listed = app.screen.query_one("#lobby-list", OptionList)
            listed.highlighted = [r.number for r in rooms].index(room)
            await pilot.press("l")
            await wait_until(lambda: not model.joined_rooms, what="out of the room")
            await pilot.press("escape")
            await wait_until(lambda: hint.display, what="the hint back")
    finally:
        await connector.close()


@pytest.mark.parametrize("record", [True, False])
async def test_the_record_box_writes_a_kgs_transcript_without_the_password(
    server: LocalKgsServer, tmp_path: Path, record: bool
) -> None:
    """The login form's "Record session": a 0600 file in a 0700 ``sessions`` directory holding
    every JSON message both ways (the LOGIN's password blanked, and the password nowhere, even
    typed in a chat); none at all with the box cleared."""
    import json
    import stat

    sessions = tmp_path / "sessions"
    connector = kgs_connector(record=True, record_dir=sessions)
    backend = await connector(login_request(server, "tester", "secret", record=record))
    tester = KgsClient(connector, backend)
    try:
        await wait_until(lambda: tester.model.rooms, what="rooms")
        await tester.tell_and_hear_back("kumobot", "my password is secret, oops")
    finally:
        await tester.close()
    if not record:
        assert not sessions.exists() or not any(sessions.iterdir())
        return
    (path,) = sessions.iterdir()
    assert stat.S_IMODE(sessions.stat().st_mode) == 0o700
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    text = path.read_text(encoding="utf-8")
    assert "secret" not in text
    lines = text.splitlines()
    assert lines[0].startswith("# igs-tui KGS JSON transcript")
    sent = [json.loads(line[2:]) for line in lines if line.startswith("> ")]
    received = [json.loads(line[2:]) for line in lines if line.startswith("< ")]
    assert sent[0] == {
        "type": "LOGIN",
        "name": "tester",
        "password": "********",
        "locale": "en_US",
    }
    assert any(m.get("type") == "LOGOUT" for m in sent)
    assert any(m.get("type") == "LOGIN_SUCCESS" for m in received)
    assert any("********" in str(m.get("text", "")) for m in sent if m.get("type") == "CHAT")
