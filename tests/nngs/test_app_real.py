"""The whole app on the real NNGS 1.1.22: what a user does with the keyboard.

alice runs igs-tui (login form, Connector, IgsClient, model, widgets, autosave); bob is a plain
protocol client of the same stack (tests/nngs/clients.py), so that only one app is driven.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager
from pathlib import Path

import pytest

from igs_tui.go import Color, Point
from igs_tui.model import FollowedGame, GamePhase, Role
from igs_tui.model.terms import MatchTerms
from igs_tui.ui.board.board_widget import BoardWidget
from igs_tui.ui.game.game_panel import GamesPanel
from igs_tui.ui.main.main_screen import MainScreen
from igs_tui.ui.play.play_challenge_dialog import ChallengeDialog
from igs_tui.ui.play.play_match_dialog import MatchDialog
from igs_tui.ui.play.play_result import ResultScreen
from tests.e2e.test_two_clients import AppDriver, wait_until
from tests.nngs.apps import app_driver, app_errors, log_in
from tests.nngs.clients import NngsPlayer, players
from tests.nngs.kit import NngsServer


@asynccontextmanager
async def alice_app_and_bob(
    nngs: NngsServer, home: Path
) -> AsyncIterator[tuple[AppDriver, NngsPlayer]]:
    alice = app_driver("alice", nngs, home)
    async with AsyncExitStack() as stack:
        await alice.start()
        stack.push_async_callback(alice.stop)
        await log_in(alice)
        (bob,) = await players(stack, nngs, "bob")
        yield alice, bob


def shown_game(app: AppDriver) -> FollowedGame | None:
    """The game whose board is the active tab of the app's games panel."""
    screen = app.app.screen
    if not isinstance(screen, MainScreen):
        return None
    view = screen.query_one(GamesPanel).active_view
    return view.game if view is not None else None


async def accept_challenge_from(
    alice: AppDriver, bob: NngsPlayer, *, over_result: bool = False
) -> FollowedGame:
    """bob offers alice a 9x9 game; the challenge dialog comes up in her app (``over_result``:
    the request is announced over the result screen, and she presses F7 as it says) and she
    presses "a"; the new game she plays. (NNGS accepts with the mirrored ``match`` command.)"""
    before = alice.game()
    bob.backend.challenge(MatchTerms("alice", Color.BLACK, size=9, main_seconds=600))
    if over_result:
        await wait_until(lambda: alice.model.challenge_from("bob") is not None, "the request")
        assert isinstance(alice.app.screen, ResultScreen)  # the request waits behind it
        await alice.press("f7")
    await wait_until(lambda: isinstance(alice.app.screen, ChallengeDialog), "alice's dialog")
    await alice.press("a")

    def started() -> bool:
        game = alice.game()
        return game is not None and game is not before and game.phase is GamePhase.PLAYING

    await wait_until(started, "the new game in alice's app")
    game = alice.game()
    assert game is not None and game.role is Role.PLAYING_WHITE
    await wait_until(
        lambda: (
            (g := bob.game()) is not None
            and g.number == game.number
            and g.phase is GamePhase.PLAYING
        ),
        "bob's side of the game",
    )
    return game


@pytest.mark.parametrize("result", ["closed", "open"])
async def test_an_accepted_match_comes_to_the_front_over_a_finished_board(
    nngs: NngsServer, tmp_path: Path, result: str
) -> None:
    """Issue 27: "accepting a match while a finished board is in front leaves the view on the
    old board". alice's first game ends (bob resigns); she closes the result, and the finished
    board stays in front, or she leaves the result up. bob offers another game, which NNGS
    numbers as the first (numbers are reused as soon as a game ends). With the result closed
    the challenge dialog comes up at once; over the result the request is announced "(press
    F7)", and F7 must work there. alice accepts: the new game's board is in front, with the
    keys, and her typed move goes to the new game."""
    async with alice_app_and_bob(nngs, tmp_path) as (alice, bob):
        first = await accept_challenge_from(alice, bob)
        await wait_until(lambda: shown_game(alice) is first, "the first game in front")
        bob.backend.play(first.number, Point(2, 2))
        await wait_until(lambda: first.last_number == 1, "bob's move on alice's board")
        bob.backend.resign(first.number)
        await wait_until(lambda: first.phase is GamePhase.FINISHED, "the first game over")
        await wait_until(lambda: isinstance(alice.app.screen, ResultScreen), "the result")
        if result == "closed":
            await alice.press("escape")
            await wait_until(lambda: isinstance(alice.app.screen, MainScreen), "result closed")
            assert shown_game(alice) is first  # the finished board is in front

        second = await accept_challenge_from(alice, bob, over_result=result == "open")
        await wait_until(lambda: shown_game(alice) is second, "the new game in front")
        await wait_until(lambda: isinstance(alice.app.focused, BoardWidget), "the board's keys")
        # alice's move typed on the board in front goes to the new game
        bob.backend.play(second.number, Point(2, 2))
        await wait_until(lambda: second.last_number == 1, "bob's first move")
        await alice.press("g", "7", "enter")
        await wait_until(lambda: second.last_number == 2, "alice's move in the new game")
        assert app_errors(alice) == [] and bob.errors() == []


async def test_a_player_is_challenged_from_the_user_list(nngs: NngsServer, tmp_path: Path) -> None:
    """Issue 27: on NNGS "the user list is always empty (its who/user rows are not read, so
    nobody can be challenged from the list)". alice opens the user list (F4), asks again
    (ctrl+r), finds bob by typing his name, presses m and sends the match dialog: bob gets the
    offer, as NNGS words it, and accepts; the game starts for both."""
    async with alice_app_and_bob(nngs, tmp_path) as (alice, bob):
        await alice.press("f4", "ctrl+r")
        await wait_until(lambda: "bob" in alice.model.players, "bob in alice's user list")
        await alice.press("slash", *"bob", "enter")  # filter, then Enter goes to the table
        await alice.press("m")
        await wait_until(lambda: isinstance(alice.app.screen, MatchDialog), "the match dialog")
        dialog = alice.app.screen
        assert isinstance(dialog, MatchDialog) and dialog.form()["opponent"] == "bob"
        await alice.press("tab", "ctrl+a", "ctrl+k", "9", "enter")  # colour, then the size
        await wait_until(lambda: bob.model.challenge_from("alice") is not None, "bob's offer")
        offer = bob.model.challenge_from("alice")
        assert offer is not None and offer.terms.size == 9
        bob.backend.accept_challenge(offer.terms)
        await wait_until(lambda: alice.game() is not None and bob.game() is not None, "the game")
        game = alice.game()
        assert game is not None and game.size == 9 and game.opponent == "bob"
        await wait_until(lambda: shown_game(alice) is game, "the board in front")
        assert app_errors(alice) == [] and bob.errors() == []
