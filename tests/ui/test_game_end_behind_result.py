"""The game panel seen behind the result dialog shows the result, not the scoring it replaced.

The panel builds its lines in the frame after a change; when a game ends, that frame is the
result dialog's first, while the dialog's footer recomposes (a Textual update batch). The
panel's lines said "Result: W+14.5" but the screen behind the dialog was not painted again:
the user saw "Scoring: select dead stones" and the count under the result (fixed by
:class:`~igs_tui.ui.batch_safe.BatchSafeApp`, which the app and :class:`PanelApp` are).
"""

from __future__ import annotations

from igs_tui.model import GamePhase, Role, ScoreCheck, ServerScore
from igs_tui.model import changes as ch
from igs_tui.ui.game.game_info import GameInfo
from igs_tui.ui.play.play_result import ResultScreen
from tests.polling import wait_until
from tests.ui.fakes import RecordingBackend
from tests.ui.screen_text import shown_rows
from tests.ui.test_game_support import PanelApp, add_moves, new_model, random_moves


def panel_text(app: PanelApp, info: GameInfo) -> str:
    """The cells of the info panel as the terminal shows them (dialogs included)."""
    box = info.region
    rows = shown_rows(app)[box.y : box.bottom]
    return "\n".join(row[box.x : box.right].rstrip() for row in rows)


async def test_the_panel_behind_the_result_dialog_shows_the_result() -> None:
    model, _ = new_model()
    game = model.follow(9, role=Role.PLAYING_WHITE, white="me", black="opp", size=9, komi=6.5)
    add_moves(model, 9, random_moves(9, 30, seed=4))
    model.apply(ch.PhaseChanged(game.number, GamePhase.SCORING))
    app = PanelApp(model, RecordingBackend())
    async with app.run_test(size=(100, 30)):
        info = app.screen.query_one(GameInfo)
        await wait_until(
            lambda: "Scoring: select dead stones" in panel_text(app, info), what="scoring shown"
        )
        assert "Count: B 1 – W 6.5 (W+5.5)" in panel_text(app, info)

        model.apply(
            ch.ScoreChecked(game.number, ScoreCheck(ServerScore(30.0, 44.5), 33.0, 44.5, "W+11.5"))
        )
        model.game_ended(9, "W+14.5")
        await wait_until(lambda: isinstance(app.screen, ResultScreen), what="the result")
        await wait_until(lambda: app.screen.is_mounted, what="the result mounted")
        await wait_until(
            lambda: "Result: W+14.5" in panel_text(app, info),
            step=0.05,
            what="the result on the panel behind the dialog",
        )
        shown = panel_text(app, info)
        assert "Scoring" not in shown and "Count:" not in shown
        assert "You won." in "\n".join(shown_rows(app))  # the dialog is still up, over it
