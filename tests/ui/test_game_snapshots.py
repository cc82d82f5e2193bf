"""Snapshots of the board and a game view: compact 80x24, wide 160x48, light and dark themes.

Each snapshot was checked by eye (rendered to PNG): stones readable, coordinates without I,
star points, the last move in brackets, clocks, and the chat beside the board.
"""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from igs_tui.go import Color, parse_point
from igs_tui.model import (
    BufferKey,
    ChatKind,
    ClockReading,
    GamePhase,
    LinkState,
    MoveRecord,
    Role,
    ScoreCheck,
    ServerScore,
    TimeSettings,
    TimeSystem,
)
from igs_tui.model import changes as ch
from igs_tui.ui.play.play_result import ResultScreen
from tests.polling import wait_until
from tests.ui.fakes import RecordingBackend
from tests.ui.screen_text import shown_rows
from tests.ui.test_game_support import PanelApp, add_moves, new_model, random_moves


def observed_game_app(*, theme: str | None = None, size: int = 19, moves: int = 60) -> PanelApp:
    model, _clock = new_model()
    game = model.follow(
        101, white="Shin Jinseo", white_rank="9p", black="Ke Jie", black_rank="9p", komi=6.5
    )
    game.size = size
    game.reset_board(size)
    game.observers = 42
    add_moves(model, 101, random_moves(size, moves, seed=7))
    model.apply(ch.ClockSet(game.number, Color.BLACK, ClockReading(1234.0)))
    model.apply(ch.ClockSet(game.number, Color.WHITE, ClockReading(45.0)))
    model.add_chat(BufferKey(ChatKind.GAME, "101"), "carol", "what a move!", kind="kibitz")
    model.add_chat(BufferKey(ChatKind.GAME, "101"), "dave", "[b]not bold[/b]", kind="kibitz")
    return PanelApp(model, RecordingBackend(), theme=theme)


async def _settle(pilot: Pilot[Any]) -> None:
    for inp in pilot.app.query(Input):
        inp.cursor_blink = False
    for _ in range(3):
        await pilot.pause()


def test_game_view_compact_80x24(snap_compare: Any) -> None:
    assert snap_compare(observed_game_app(), terminal_size=(80, 24), run_before=_settle)


def test_game_view_wide_160x48(snap_compare: Any) -> None:
    assert snap_compare(observed_game_app(), terminal_size=(160, 48), run_before=_settle)


@pytest.mark.parametrize("theme", ["textual-light", "textual-dark"])
def test_board_readable_in_light_and_dark_themes(snap_compare: Any, theme: str) -> None:
    app = observed_game_app(theme=theme, size=9, moves=25)
    assert snap_compare(app, terminal_size=(80, 24), run_before=_settle)


def test_scoring_overlay_snapshot(snap_compare: Any) -> None:
    model, _ = new_model()
    script = ["C1", "D1", "C2", "D2", "C3", "D3", "C4", "D4", "C5", "D5", "E3"]
    model.follow(21, role=Role.PLAYING_WHITE, white="opp", black="me", size=5, komi=0.5)
    add_moves(
        model,
        21,
        [
            MoveRecord(i + 1, Color.BLACK if i % 2 == 0 else Color.WHITE, parse_point(t, 5))
            for i, t in enumerate(script)
        ],
    )
    game = model.followed[21]
    model.apply(ch.PhaseChanged(game.number, GamePhase.SCORING))
    model.apply(ch.DeadStonesMarked(game.number, (parse_point("E3", 5),)))
    model.apply(ch.ObserversCounted(21, 0))
    assert snap_compare(
        PanelApp(model, RecordingBackend()), terminal_size=(80, 24), run_before=_settle
    )


def own_game_in_trouble_app() -> PanelApp:
    """An own game in byo-yomi with the link down: low clock, forfeit countdown, estimate."""
    model, clock = new_model()
    game = model.follow(
        7, role=Role.PLAYING_BLACK, white="opp", white_rank="2d", black="me", black_rank="1d"
    )
    game.komi = 6.5
    add_moves(model, 7, random_moves(19, 40, seed=11))
    model.apply(
        ch.TimeSystemSet(
            game.number, TimeSettings(TimeSystem.JAPANESE, 600, byo_seconds=30, periods=5)
        )
    )
    model.apply(
        ch.ClockSet(
            game.number,
            Color.BLACK,
            ClockReading(0.0, in_byoyomi=True, byo_seconds=12.0, periods=3),
        )
    )
    model.apply(ch.ClockSet(game.number, Color.WHITE, ClockReading(312.0)))
    model.set_connection(state=LinkState.RECONNECTING, forfeit_deadline=clock.now + 95.0)
    return PanelApp(model, RecordingBackend())


def test_own_game_low_time_and_forfeit_countdown_snapshot(snap_compare: Any) -> None:
    assert snap_compare(own_game_in_trouble_app(), terminal_size=(100, 30), run_before=_settle)


def test_result_screen_over_the_game_snapshot(snap_compare: Any) -> None:
    model, _ = new_model()
    game = model.follow(9, role=Role.PLAYING_WHITE, white="me", black="opp", size=9, komi=6.5)
    add_moves(model, 9, random_moves(9, 30, seed=4))
    model.apply(ch.PhaseChanged(game.number, GamePhase.SCORING))
    app = PanelApp(model, RecordingBackend())

    async def end(pilot: Pilot[Any]) -> None:
        await _settle(pilot)
        model.apply(
            ch.ScoreChecked(game.number, ScoreCheck(ServerScore(30.0, 44.5), 33.0, 44.5, "W+11.5"))
        )
        model.game_ended(9, "W+14.5")
        # the result comes up as a screen of its own (pushed once the change is heard, and
        # a screen switch waits a frame): wait for it, not for a number of pauses
        await wait_until(lambda: isinstance(app.screen, ResultScreen), what="the result")
        await wait_until(lambda: app.screen.is_mounted, what="the result mounted")
        # the panel behind the dialog builds its result lines in the frame after (it showed
        # the scoring lines when its screen missed that repaint: test_game_end_behind_result)
        await wait_until(
            lambda: any("Result: W+14.5" in row for row in shown_rows(app)),
            step=0.05,
            what="the result on the panel",
        )
        await _settle(pilot)

    assert snap_compare(app, terminal_size=(100, 30), run_before=end)
