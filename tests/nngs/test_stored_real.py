"""Stored games on the real NNGS 1.1.22, in the whole app: listed, and Enter loads one after a
restart.

Issue 27: "Stored games is empty (the ``23`` lines again), so after a restart the only way back
into an adjourned game is typing ``load white-black``". NNGS answers ``stored`` with three names
to a ``23`` line (src/gameproc.c:1763-1783; docs/igs-formats.md). alice adjourns a game with
bob in her app (ctrl+o, y), quits, starts the app again (same config and games directory, as a
restart would), opens Stored games from the command palette and presses Enter on the game.
"""

from __future__ import annotations

from contextlib import AsyncExitStack
from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import OptionList

from igs_tui.go import Color, Point, format_point
from igs_tui.model import GamePhase, Role
from igs_tui.model.terms import MatchTerms
from igs_tui.ui.board.board_widget import BoardWidget
from igs_tui.ui.lobby.lobby_screens import StoredGamesScreen
from igs_tui.ui.main.main_screen import MainScreen
from igs_tui.ui.play.play_challenge_dialog import ChallengeDialog
from igs_tui.ui.play.play_confirm import ConfirmDialog
from tests.e2e.test_two_clients import AppDriver, wait_until
from tests.nngs.apps import app_driver, app_errors, log_in
from tests.nngs.clients import players
from tests.nngs.kit import NngsServer
from tests.play.test_game_identity import FIRST, as_sgf, sgf_moves
from tests.polling import run_palette_command


async def open_stored_games(alice: AppDriver) -> StoredGamesScreen:
    async def palette(pilot: Pilot[None]) -> None:
        await run_palette_command(pilot, alice.app, "Stored games")

    await alice.do(palette)
    await wait_until(lambda: isinstance(alice.app.screen, StoredGamesScreen), "Stored games")
    screen = alice.app.screen
    assert isinstance(screen, StoredGamesScreen)
    return screen


async def test_stored_games_are_listed_and_enter_loads_one_after_a_restart(
    nngs: NngsServer, tmp_path: Path
) -> None:
    async with AsyncExitStack() as stack:
        (bob,) = await players(stack, nngs, "bob")
        alice = app_driver("alice", nngs, tmp_path)
        await alice.start()
        stack.push_async_callback(alice.stop)
        await log_in(alice)
        bob.backend.challenge(MatchTerms("alice", Color.BLACK, size=9, main_seconds=600))
        await wait_until(lambda: isinstance(alice.app.screen, ChallengeDialog), "alice's dialog")
        await alice.press("a")
        await wait_until(lambda: alice.game() is not None, "the game")
        game = alice.game()
        assert game is not None and game.role is Role.PLAYING_WHITE
        number = game.number
        await wait_until(lambda: isinstance(alice.app.focused, BoardWidget), "alice's board")
        for n, point in enumerate(FIRST, start=1):
            if n % 2:
                bob.backend.play(number, point)
            else:
                await alice.press(*format_point(point, 9).lower(), "enter")
            await wait_until(
                lambda: (
                    game.last_number == n  # noqa: B023 (awaited at once)
                    and (g := bob.model.followed.get(number)) is not None
                    and g.last_number == n  # noqa: B023
                ),
                f"move {n} on both sides",
            )
        await alice.press("ctrl+o")  # adjourn (asks first)
        await wait_until(lambda: isinstance(alice.app.screen, ConfirmDialog), "adjourn?")
        await alice.press("y")
        await wait_until(
            lambda: bob.model.followed[number].adjourn_requested_by == "alice", "the request"
        )
        bob.backend.adjourn(number)
        await wait_until(lambda: game.is_adjourned, "the game adjourned")
        games_dir = tmp_path / "alice-games"
        (first,) = games_dir.glob("*.sgf")
        first_data = first.read_bytes()
        assert sgf_moves(first_data) == as_sgf(FIRST)
        assert app_errors(alice) == []
        await alice.stop()  # alice quits

        # ... and starts the app again: nothing of the game is in its model now
        again = app_driver("alice", nngs, tmp_path)
        await again.start()
        stack.push_async_callback(again.stop)
        await log_in(again)
        assert again.game() is None
        screen = await open_stored_games(again)
        listed = screen.query_one("#lobby-list", OptionList)
        await wait_until(lambda: listed.option_count == 1, "the stored game listed")
        assert again.model.stored_games == ("alice-bob",)  # white-black, as NNGS names it
        assert str(listed.get_option_at_index(0).prompt) == "alice-bob"
        await again.press("enter")
        await wait_until(
            lambda: (g := again.game()) is not None and [m.point for m in g.moves] == FIRST,
            "the loaded game with its moves",
        )
        loaded = again.game()
        assert loaded is not None and loaded.role is Role.PLAYING_WHITE
        assert loaded.phase is GamePhase.PLAYING and not loaded.sync_errors
        await wait_until(lambda: isinstance(again.app.screen, MainScreen), "the list closed")
        await wait_until(lambda: isinstance(again.app.focused, BoardWidget), "the board's keys")
        # play goes on: bob's move, then alice's typed on the board in front
        bob.backend.play(loaded.number, Point(4, 2))
        await wait_until(lambda: loaded.last_number == len(FIRST) + 1, "bob's move")
        await again.press("e", "7", "enter")
        await wait_until(lambda: loaded.last_number == len(FIRST) + 2, "alice's move")
        played = [*FIRST, Point(4, 2), Point(4, 6)]
        assert [m.point for m in loaded.moves] == played
        # the restarted app does not know the first file: the game is recorded whole in a
        # new one, and the adjourned record stays as it was
        await wait_until(
            lambda: any(
                sgf_moves(p.read_bytes()) == as_sgf(played) for p in games_dir.glob("*.sgf")
            ),
            "the whole game recorded",
        )
        assert first.read_bytes() == first_data
        assert app_errors(again) == [] and bob.errors() == []
