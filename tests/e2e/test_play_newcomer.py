"""Issue 28, ``igs-tui play`` as a newcomer saw it: the quit question speaks of the local
game (not of a server adjourning it), and the Games and Users tabs say there is no list
here instead of "0 of 0 players · you: open?"."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Label

from igs_tui.ui.play.play_confirm import ConfirmDialog
from tests.e2e.test_play_engine_ui import board_is_focused, builtin_engine_game, wait_until


async def test_quit_question_and_empty_lists_in_play(tmp_path: Path) -> None:
    async with (
        builtin_engine_game(tmp_path) as (app, _model, _backend),
        app.run_test(size=(100, 30)) as pilot,
    ):
        await board_is_focused(app, pilot)
        await pilot.press("f3")
        await wait_until(pilot, lambda: bool(app.screen.query("#games-hint")))
        await pilot.pause()
        hint = app.screen.query_one("#games-hint", Label)
        assert hint.display
        assert str(hint.render()) == "No game list: not available in a local game."
        await pilot.press("f4")
        await wait_until(pilot, lambda: bool(app.screen.query("#players-status")))
        await pilot.pause()
        status = str(app.screen.query_one("#players-status", Label).render())
        assert status == "No player list: not available in a local game."
        await pilot.press("f2")
        await pilot.pause()
        await pilot.press("ctrl+q")
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        question = str(app.screen.query_one("#question").render())
        assert "adjourn" not in question and "server" not in question
        assert "stops here, unfinished (its record is kept). Quit anyway?" in question
        await pilot.press("n")
