"""Every controller method against the built-in engine, over both kinds of channel.

The same assertions run through the in-process channel and through a real subprocess
(``python -m igs_tui.gtp.engine``), which is what shows the two channels are interchangeable.
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from igs_tui import __version__
from igs_tui.go import Color, Game, Point
from igs_tui.gtp.channel import InProcessChannel, SubprocessChannel
from igs_tui.gtp.controller import GtpController
from igs_tui.gtp.engine import GtpEngine
from igs_tui.gtp.errors import GtpChannelClosed, GtpEngineDied, GtpEngineError
from tests.gtp.conftest import builtin_engine_argv, subprocess_env


@pytest.fixture(params=["in-process", "subprocess"])
async def ctl(request: pytest.FixtureRequest) -> AsyncIterator[GtpController]:
    if request.param == "in-process":
        controller = GtpController(InProcessChannel(GtpEngine(seed=7)), timeout=10)
    else:
        controller = await GtpController.start(
            builtin_engine_argv("--seed", "7"), env=subprocess_env(), timeout=10
        )
    try:
        yield controller
    finally:
        await controller.close(grace=2.0)


async def test_administrative_commands(ctl: GtpController) -> None:
    assert await ctl.protocol_version() == 2
    assert await ctl.name() == "igs-tui"
    assert await ctl.version() == __version__
    commands = await ctl.list_commands()
    assert "genmove" in commands and "showboard" in commands
    assert await ctl.known_command("final_score") is True
    assert await ctl.known_command("loadsgf") is False


async def test_setup_and_play(ctl: GtpController) -> None:
    await ctl.boardsize(9)
    await ctl.clear_board()
    await ctl.komi(5.5)
    assert ctl.board_size == 9
    handicap = await ctl.fixed_handicap(3)
    # §4.1.1 on 9x9 (third line): D4 Q16 D16 -> C3 G7 C7.
    assert handicap == [Point(2, 2), Point(6, 6), Point(2, 6)]
    await ctl.play(Color.WHITE, Point(4, 4))
    with pytest.raises(GtpEngineError) as info:
        await ctl.play(Color.BLACK, Point(4, 4))
    assert info.value.message == "illegal move"
    move = await ctl.genmove(Color.BLACK)
    assert move == "pass" or isinstance(move, Point)
    await ctl.play(Color.WHITE, None)  # pass
    await ctl.undo()
    await ctl.undo()
    await ctl.undo()
    with pytest.raises(GtpEngineError, match="cannot undo"):
        await ctl.undo()


async def test_free_handicap_round_trip(ctl: GtpController) -> None:
    await ctl.boardsize(13)
    await ctl.clear_board()
    placed = await ctl.place_free_handicap(5)
    assert len(placed) == 5 and len(set(placed)) == 5
    await ctl.clear_board()
    await ctl.set_free_handicap([Point(0, 0), Point(12, 12)])
    with pytest.raises(GtpEngineError, match="board not empty"):
        await ctl.set_free_handicap([Point(1, 1), Point(2, 2)])


async def test_time_and_board(ctl: GtpController) -> None:
    await ctl.boardsize(5)
    await ctl.clear_board()
    await ctl.time_settings(600, 30, 10)
    await ctl.time_left(Color.BLACK, 590, 0)
    await ctl.play(Color.BLACK, Point(0, 0))
    board = await ctl.showboard()
    assert "A B C D E" in board
    assert board.splitlines()[-2].split()[:2] == ["1", "X"]


async def test_full_self_play_game_and_scoring(ctl: GtpController) -> None:
    """Both colours from one engine until two passes; then final_score and status lists,
    cross-checked against our own rules engine replaying the same moves."""
    await ctl.boardsize(9)
    await ctl.clear_board()
    await ctl.komi(6.5)
    game = Game(9, komi=6.5)
    color, passes = Color.BLACK, 0
    while passes < 2:
        move = await ctl.genmove(color)
        assert move != "resign"
        game.play(None if move == "pass" else move, color)
        passes = passes + 1 if move == "pass" else 0
        color = color.opponent
    assert game.move_count > 20
    score = await ctl.final_score()
    assert score.winner in (Color.BLACK, Color.WHITE, None)
    assert await ctl.final_status_list("dead") == []
    alive = {p for group in await ctl.final_status_list("alive") for p in group}
    assert alive == set(game.stones())
    assert await ctl.reg_genmove(color) == "pass"


async def test_loadsgf_validation_and_unknown_command(ctl: GtpController) -> None:
    with pytest.raises(ValueError):
        await ctl.loadsgf("my games/game.sgf")
    with pytest.raises(GtpEngineError, match="unknown command"):
        await ctl.loadsgf("game.sgf", 10)


async def test_quit_then_closed(ctl: GtpController) -> None:
    await ctl.quit()
    with pytest.raises(GtpChannelClosed):
        await ctl.name()


async def test_in_process_engine_exception_is_a_crash() -> None:
    class Exploding(GtpEngine):
        def handle_line(self, line: str) -> str:
            if "genmove" in line:
                raise RuntimeError("boom")
            return super().handle_line(line)

    controller = GtpController(InProcessChannel(Exploding()))
    assert await controller.protocol_version() == 2
    with pytest.raises(GtpEngineDied) as info:
        await controller.genmove(Color.BLACK)
    assert "RuntimeError: boom" in str(info.value)
    assert any("boom" in line for line in info.value.stderr_tail)
    with pytest.raises(GtpEngineDied):
        await controller.name()
    await controller.close()


async def test_subprocess_engine_exits_after_quit() -> None:
    controller = await GtpController.start(builtin_engine_argv(), env=subprocess_env())
    await controller.quit()
    await controller.close()
    assert isinstance(controller.channel, SubprocessChannel)
    assert controller.channel.returncode == 0
