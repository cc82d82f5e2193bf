"""The local score preview while dead stones are being removed.

The server decides the result; during the removal phase we recount the position on our own
rules engine after every removal the server announces (``FollowedGame.dead``), so the board
can shade territory and the side panel can show where the count stands before both players
press *done*. Everything here is a pure function of the game, so it is cheap to test.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from igs_tui.go import Color, Game, Point
from igs_tui.go.estimate import estimate_score
from igs_tui.go.scoring import Score, count_with_dead
from igs_tui.model import FollowedGame
from igs_tui.ui.board.board_render import BoardOverlay


@dataclass(frozen=True, slots=True)
class ScorePreview:
    overlay: BoardOverlay
    score: Score

    def describe(self) -> str:
        """``B 45 – W 50.5 (W+5.5)``: the totals and the result they would give."""
        return f"B {self.score.black:g} – W {self.score.white:g} ({self.score.result})"


def score_preview(
    followed: FollowedGame, position: Game | None = None, extra_dead: Iterable[Point] = ()
) -> ScorePreview:
    """Count ``position`` (default: the live board) with ``followed.dead`` removed.

    ``extra_dead`` are stones not (yet) marked by the server, such as an engine's suggestion
    the player is looking at: the preview then shows the count *if* it were accepted.
    """
    game = followed.board if position is None else position
    score = count_with_dead(game, (*followed.dead, *extra_dead), komi=followed.komi)
    overlay = BoardOverlay(
        black_territory=score.territory.get(Color.BLACK, frozenset()),
        white_territory=score.territory.get(Color.WHITE, frozenset()),
        dead=score.dead,
    )
    return ScorePreview(overlay, score)


def estimate_preview(position: Game, komi: float) -> ScorePreview:
    """The engine-free estimate of ``position`` (:func:`igs_tui.go.estimate.estimate_score`)
    as the board shades it: what ctrl+e shows on a board when no engine is set."""
    score = estimate_score(position, komi=komi)
    overlay = BoardOverlay(
        black_territory=score.territory.get(Color.BLACK, frozenset()),
        white_territory=score.territory.get(Color.WHITE, frozenset()),
        dead=score.dead,
    )
    return ScorePreview(overlay, score)
