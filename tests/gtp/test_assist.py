"""Engine assistance: a fresh built-in engine subprocess replays a FollowedGame's moves."""

from __future__ import annotations

from igs_tui.backends.engine import assist
from igs_tui.go import Color, Point
from igs_tui.model.games import FollowedGame, MoveRecord
from tests.gtp.conftest import builtin_engine_argv


def _game() -> FollowedGame:
    game = FollowedGame(number=1, size=5, komi=0.5)
    game.moves = [
        MoveRecord(1, Color.BLACK, Point(2, 2)),
        MoveRecord(2, Color.WHITE, None),
        MoveRecord(3, Color.BLACK, None),
    ]
    return game


async def test_estimate_gives_a_result_for_a_lone_black_stone() -> None:
    # GTP 4.3 final_score: "W+2.5", "B+31" or "0"; a lone black stone on 5x5 owns the board.
    text = await assist.estimate(_game(), builtin_engine_argv(), timeout=20)
    assert text is not None and text.startswith("B+")


async def test_suggest_dead_returns_points_on_the_board() -> None:
    dead = await assist.suggest_dead_stones(_game(), builtin_engine_argv(), timeout=20)
    assert dead is not None
    assert Point(2, 2) not in dead


async def test_missing_engine_gives_none_not_a_crash() -> None:
    assert await assist.estimate(_game(), ["/nonexistent/engine"], timeout=5) is None
    assert await assist.suggest_dead_stones(_game(), ["/nonexistent/engine"], timeout=5) is None
