"""The result of an own game that ends while its new view is being mounted still pops up.

Found against the real NNGS (tests/nngs/test_app_real.py): the opponent resigned while the new
game's board was still being mounted on a busy machine, and the view, finding the game over at
mount, took it for a finished game's tab chosen again and showed no result. A view built for a
game that is over already shows none (its result was shown when it ended).
"""

from __future__ import annotations

import pytest

from igs_tui.model import GamePhase, Role
from igs_tui.ui.game.game_panel import GamesPanel
from igs_tui.ui.game.game_view import GameView
from igs_tui.ui.play.play_result import ResultScreen
from tests.polling import wait_until
from tests.ui.fakes import RecordingBackend
from tests.ui.test_game_support import PanelApp, new_model


async def test_a_game_over_between_building_and_mounting_its_view_shows_the_result(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    model, _ = new_model()
    built = GamesPanel._new_view

    def build_then_end(panel: GamesPanel, number: int) -> GameView:
        view = built(panel, number)
        model.game_ended(number, "B+Resign")  # before the view is mounted
        return view

    monkeypatch.setattr(GamesPanel, "_new_view", build_then_end)
    app = PanelApp(model, RecordingBackend())
    async with app.run_test(size=(100, 30)) as pilot:
        model.follow(21, role=Role.PLAYING_BLACK, white="opp", black="me", size=9)
        await wait_until(lambda: isinstance(app.screen, ResultScreen), what="the result")
        assert model.followed[21].phase is GamePhase.FINISHED
        await pilot.press("escape")


async def test_a_view_built_for_a_finished_game_shows_no_result() -> None:
    """Choosing a finished game's tab again rebuilds its view: no result pops up then."""
    model, _ = new_model()
    model.follow(22, role=Role.PLAYING_BLACK, white="opp", black="me", size=9)
    model.game_ended(22, "W+Resign")
    app = PanelApp(model, RecordingBackend())
    async with app.run_test(size=(100, 30)) as pilot:
        panel = app.query_one(GamesPanel)
        await wait_until(lambda: panel.active_view is not None and panel.active_view.is_mounted)
        for _ in range(3):
            await pilot.pause()
        assert not isinstance(app.screen, ResultScreen)
