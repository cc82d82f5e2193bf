"""Against real GNU Go: full 9x9 games through the controller, scored both ways.

Skips without GNU Go, unless IGS_TUI_REQUIRE_GNUGO=1 makes that a failure (conftest).
GNU Go runs with ``--level 1 --seed N``, which makes its play deterministic.
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from igs_tui.backends.engine.local_game import EndReason, LocalEngineGame
from igs_tui.go import JAPANESE_RULES, Color, Game, Point, ScoringSession, fixed_handicap_points
from igs_tui.gtp.channel import InProcessChannel
from igs_tui.gtp.controller import GtpController
from igs_tui.gtp.engine import GtpEngine
from tests.gtp.conftest import gnugo_argv

pytestmark = pytest.mark.gnugo


@pytest.fixture
async def gnugo(gnugo_path: str) -> AsyncIterator[GtpController]:
    controller = await GtpController.start(gnugo_argv(gnugo_path, 2), timeout=30, slow_timeout=60)
    try:
        yield controller
    finally:
        await controller.close()


async def test_gnugo_identifies_itself(gnugo: GtpController) -> None:
    assert await gnugo.protocol_version() == 2
    assert await gnugo.name() == "GNU Go"
    assert await gnugo.known_command("final_status_list")
    # §4.1.1 table for 19x19, through GNU Go's own implementation.
    await gnugo.boardsize(19)
    await gnugo.clear_board()
    stones = await gnugo.fixed_handicap(9)
    assert sorted(stones) == sorted(fixed_handicap_points(19, 9))


async def test_gnugo_self_play_score_matches_ours(gnugo: GtpController) -> None:
    """GNU Go plays both sides to two passes; its final_score must equal our count with
    its final_status_list dead stones removed."""
    game = LocalEngineGame(gnugo, size=9, komi=6.5, human_color=None, move_timeout=30)
    await game.start()
    while game.end is None:
        await game.engine_move()
        assert game.game.move_count < 300
    assert game.end.reason is EndReason.PASSES
    report = await game.score()
    assert report.engine_error is None
    assert report.engine is not None
    assert report.agrees, report.differences
    assert report.ours.result == report.engine.text
    # With seed 2 GNU Go leaves dead stones on the board: the comparison is not trivial.
    assert report.dead
    assert game.end.result == report.ours.result


async def test_gnugo_versus_builtin_engine_full_game(gnugo_path: str) -> None:
    """GNU Go (White) against the built-in engine (Black), relayed move by move."""
    gnugo = await GtpController.start(gnugo_argv(gnugo_path, 3), timeout=30, slow_timeout=60)
    bot = GtpController(InProcessChannel(GtpEngine(seed=3)))
    try:
        game = Game(9, komi=6.5, ruleset=JAPANESE_RULES)
        for controller in (gnugo, bot):
            await controller.boardsize(9)
            await controller.clear_board()
            await controller.komi(6.5)
        players = {Color.BLACK: bot, Color.WHITE: gnugo}
        while not game.play_ended:
            color = game.to_move
            answer = await players[color].genmove(color)
            assert answer != "resign"
            point = None if answer == "pass" else answer
            game.play(point, color)  # raises if either engine played an illegal move
            await players[color.opponent].play(color, point)
            assert game.move_count < 400
        dead = await gnugo.final_status_list("dead")
        session = ScoringSession(game)
        for group in dead:
            for point in group:
                assert game.get(point) is not None
                session.mark_dead(point)
        ours = session.score()
        theirs = await gnugo.final_score()
        assert theirs.text == ours.result
        assert theirs.signed_margin == ours.black - ours.white
    finally:
        await gnugo.close()
        await bot.close()


async def test_local_game_with_handicap_undo_and_assistance(gnugo: GtpController) -> None:
    game = LocalEngineGame(gnugo, size=9, komi=0.5, handicap=2, human_color=Color.BLACK)
    await game.start()
    # 9x9 handicap 2 on the third line: C3 and G7 (§4.1.1 "smaller than 13x13").
    assert set(game.game.stones()) == {Point(2, 2), Point(6, 6)}
    assert game.engine_to_move  # White moves first after a handicap
    await game.engine_move()
    await game.play_human(Point(4, 4))
    await game.engine_move()
    assert game.game.move_count == 3
    assert await game.undo() == 2  # engine's reply and our move
    assert game.human_to_move and game.game.move_count == 1
    # E5 is free again on GNU Go's board too, or it would refuse this (EngineDisagrees).
    await game.play_human(Point(4, 4))
    estimate = await game.estimate_score(timeout=20)
    assert estimate is not None and estimate.winner is not None
    dead = await game.suggest_dead(timeout=20)
    assert dead is not None and dead <= set(game.game.stones())
