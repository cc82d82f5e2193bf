"""End to end on 127.0.0.1: an own game against the embedded server's bot, resigned with
ctrl+x and a Yes in the dialog; the server ends the game and the result screen appears once."""

from __future__ import annotations

from textual.widgets import Static

from igs_tui.model import GamePhase
from igs_tui.ui.play.play_confirm import ConfirmDialog
from igs_tui.ui.play.play_result import ResultScreen
from tests.polling import wait_until
from tests.ui.local_play import own_game_against_igsbot


async def test_resign_own_game_with_dialog_and_see_the_result() -> None:
    async with own_game_against_igsbot() as own:
        app, pilot, game, number, sent = own.app, own.pilot, own.game, own.number, own.sent
        await pilot.press("e", "5", "enter")
        await wait_until(lambda: len(game.moves) >= 2)  # ours, then the bot's answer
        await pilot.press("ctrl+x")
        await wait_until(lambda: isinstance(app.screen, ConfirmDialog))
        await pilot.press("n")  # keep playing: nothing is sent
        await pilot.pause()
        assert not any(line.startswith("resign") for line in sent)
        await pilot.press("ctrl+x")
        await wait_until(lambda: isinstance(app.screen, ConfirmDialog))
        await pilot.press("y")
        await wait_until(lambda: game.phase is GamePhase.FINISHED)
        assert [line for line in sent if line.startswith("resign")] == [f"resign {number}"]
        assert game.result == "W+R"
        await wait_until(lambda: isinstance(app.screen, ResultScreen))
        text = str(app.screen.query_one("#result", Static).content)
        assert "Result: W+R" in text and "igsbot (W) vs alice (B)" in text
        await pilot.press("enter")
        await pilot.pause()
        assert not any(isinstance(s, ResultScreen) for s in app.screen_stack)
