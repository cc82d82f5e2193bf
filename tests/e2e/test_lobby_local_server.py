"""Issue 14 end to end over real TCP on 127.0.0.1: automatch with the local robot, stored
games, rooms and a free game, first through the client stack alone, then through the whole
app driven by keys."""

from __future__ import annotations

from pathlib import Path

from igs_tui.model import Role
from igs_tui.model.lobby import Seek
from igs_tui.ui.board.board_widget import BoardWidget
from igs_tui.ui.lobby.lobby_screens import LobbyList, RoomsScreen, SeekScreen
from igs_tui.ui.main.main_screen import MainScreen
from igs_tui.ui.play.play_confirm import ConfirmDialog
from tests.e2e.test_app_local_server import log_in_locally, make_app, wait_for
from tests.play.harness import tcp_server
from tests.play.test_e2e_play import start_game
from tests.polling import quit_by_keys, run_palette_command, wait_until


async def test_seek_stored_rooms_and_free_games_over_tcp() -> None:
    async with tcp_server() as tcp:
        server = tcp.server
        alice, bob = await tcp.join("alice", "bob")
        number, _ = await start_game(alice, bob, kind="free")
        await wait_until(lambda: server.hub.games[number].kind == "F")
        alice.backend.adjourn(number)
        bob.backend.adjourn(number)
        stored = alice.backend.capabilities.stored
        assert stored is not None
        game = alice.game()
        assert game is not None
        await wait_until(lambda: game.is_adjourned)
        stored.list_stored()
        await wait_until(lambda: alice.model.stored_games == ("bob-alice",))

        rooms = bob.backend.capabilities.rooms
        assert rooms is not None
        rooms.join_room(3)
        await wait_until(lambda: bob.model.room == 3)
        rooms.list_rooms()
        await wait_until(lambda: bob.model.rooms is not None)
        assert bob.model.rooms is not None
        # IGS's ROOM lines (pzorin/qgo src/network/igsconnection.cpp:2632): the local name
        assert (bob.model.rooms[3].name, bob.model.rooms[3].local_name) == ("Teaching", "指導碁")

        seeking = bob.backend.capabilities.seeking
        assert seeking is not None
        seeking.list_seek_setups()
        await wait_until(lambda: bool(bob.model.seek_setups))
        seeking.seek(Seek(bob.model.seek_setups[2], 9))
        await wait_until(lambda: any("igsbot" in (g.white, g.black) for g in bob.model.my_games()))
        await wait_until(lambda: bob.model.seek is None)


async def test_app_seeks_and_joins_a_room_by_keys(tmp_path: Path) -> None:
    app, model, connector = make_app(tmp_path)
    try:
        async with app.run_test(size=(160, 48)) as pilot:
            await log_in_locally(app, pilot, model)

            await run_palette_command(pilot, app, "Rooms")
            await wait_for(pilot, lambda: isinstance(app.screen, RoomsScreen))
            await wait_for(pilot, lambda: model.rooms is not None)
            await wait_for(pilot, lambda: bool(app.screen.query_one(LobbyList).shown))
            await pilot.press("down", "down", "enter")
            await wait_for(pilot, lambda: model.room == 2)
            await pilot.press("escape")
            await wait_for(pilot, lambda: isinstance(app.screen, MainScreen))

            await run_palette_command(pilot, app, "Automatch")
            await wait_for(pilot, lambda: isinstance(app.screen, SeekScreen))
            await wait_for(pilot, lambda: bool(app.screen.query_one(LobbyList).shown))
            await pilot.press("s", "s", "enter")  # 9x9 with the first setup
            await pilot.press("escape")  # back to the lists while the server pairs us
            await wait_for(pilot, lambda: not isinstance(app.screen, SeekScreen), timeout=15)
            await wait_for(pilot, lambda: bool(model.my_games()), timeout=15)
            mine = model.my_games()
            assert mine and "igsbot" in (mine[0].white, mine[0].black)
            assert mine[0].role in (Role.PLAYING_BLACK, Role.PLAYING_WHITE)
            await wait_for(pilot, lambda: model.seek is None)
            # issue 28: the new game's board has the keys at once (ctrl+x was ignored until F2)
            await wait_for(pilot, lambda: isinstance(app.focused, BoardWidget))
            await pilot.pause()
            assert isinstance(app.focused, BoardWidget)
            await pilot.press("ctrl+x")
            await wait_for(pilot, lambda: isinstance(app.screen, ConfirmDialog))
            await pilot.press("n")
            await quit_by_keys(app)
    finally:
        await connector.close()
