"""Impossible board sizes from a server: observing is refused with a notification, and a game's
size never changes to one our rules engine cannot play (before: the app exited with a
traceback when a listed game of size 0, 26 or 1000 was observed, and a properties line with
size 1000 left a half-updated game drawing ~1000 board rows)."""

from __future__ import annotations

import pytest

from igs_tui.backends.igs.protocol.parser import IgsParser
from igs_tui.go import Color, Point
from igs_tui.model import ClientModel, GameSummary, MoveRecord
from igs_tui.model import changes as ch
from igs_tui.ui.app import IgsApp
from igs_tui.ui.lists.games_list import GamesList
from tests.igs_feed import Fed
from tests.ui.shell_helpers import COMPACT

SIZES = [0, 1, 26, 1000]


def listed(size: int) -> tuple[IgsApp, ClientModel, list[str]]:
    model = ClientModel(clock=lambda: 0.0)
    model.set_connection(user="me")
    model.replace_games(
        [GameSummary(7, "w", "1k", "b", "2k", size=size), GameSummary(8, "x", "", "y", "")]
    )
    fed = Fed(model)
    return IgsApp(model, fed.backend), model, fed.sent


def notes(app: IgsApp) -> list[str]:
    return [f"{n.title}: {n.message}" for n in app._notifications]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("how", ["enter", "slash", "palette"])
async def test_observing_a_game_of_impossible_size_is_refused(size: int, how: str) -> None:
    app, model, sent = listed(size)
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.pause()
        if how == "enter":
            table = app.screen.query_one(GamesList).table
            table.focus()
            table.move_cursor(row=0)
            await pilot.press("enter")
        elif how == "slash":
            await pilot.press("f5")
            await pilot.pause()
            await pilot.press(*"/observe 7", "enter")
        else:
            await pilot.press("ctrl+p")
            await pilot.pause()
            await pilot.press(*"observe 7")
            await pilot.pause()
            await pilot.press("enter")
        await pilot.pause()
        await pilot.pause()
        assert app.is_running
        assert 7 not in model.followed and not app.screen.query("#game-view-7")
        assert not [line for line in sent if "7" in line]  # nothing asked of the server
        assert any(f"board size {size} is outside 2-25" in text for text in notes(app)), notes(app)


@pytest.mark.parametrize("size", SIZES)
def test_a_properties_line_with_an_impossible_size_leaves_the_game_as_it_was(size: int) -> None:
    model = ClientModel(clock=lambda: 0.0)
    adapter = Fed(model)
    game = model.follow(5, size=9, komi=6.5)
    model.apply(ch.MoveAdded(5, MoveRecord(1, Color.BLACK, Point(2, 2))))
    parser = IgsParser()
    for line in (f"15 GAMERPROPS:5: {size} 0 0.5", "15 Game 5 I: w (0 0 -1) vs b (0 0 -1)"):
        for event in parser.feed_line(line):
            adapter.event(event)
    assert game.size == 9 and game.board.size == 9
    assert [m.point for m in game.moves] == [Point(2, 2)]
    assert any(f"board size {size} refused" in error for error in game.sync_errors)
    assert game.komi == 0.5  # the rest of the line still applies


@pytest.mark.parametrize("size", SIZES)
def test_a_games_list_line_with_an_impossible_size_leaves_the_game_as_it_was(size: int) -> None:
    model = ClientModel(clock=lambda: 0.0)
    adapter = Fed(model)
    game = model.follow(5, size=9, komi=6.5)
    model.apply(ch.MoveAdded(5, MoveRecord(1, Color.BLACK, Point(2, 2))))
    parser = IgsParser()
    line = f"7 [5]  w [ 5k*] vs.  b [ 6k*] (  1 {size:4d}  0  0.5 10  I) (  0)"
    for event in parser.feed_line(line) + parser.flush():
        adapter.event(event)
    assert game.size == 9 and game.board.size == 9
    assert [m.point for m in game.moves] == [Point(2, 2)]
    assert any(f"board size {size} refused" in error for error in game.sync_errors)
    assert game.komi == 0.5  # the rest of the line still applies


def test_a_game_followed_from_a_listing_of_impossible_size_gets_a_board_it_can_draw() -> None:
    model = ClientModel()
    model.replace_games([GameSummary(3, "w", "", "b", "", size=1000)])
    game = model.follow(3)
    assert game.size == 19 and game.board.size == 19
