"""Live analysis against real engines: the built-in one (GNU Go's one-shot commands, cheap),
GNU Go itself, and a fake engine that streams ``kata-analyze``/``lz-analyze`` lines."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from igs_tui.backends.engine.analysis import NO_ANALYSIS, GtpAnalysis
from igs_tui.go import Color, Point
from igs_tui.gtp.channel import InProcessChannel
from igs_tui.gtp.controller import GtpController
from igs_tui.gtp.engine import GtpEngine
from igs_tui.gtp.errors import GtpEngineError
from igs_tui.model.analysis import AnalysisPosition, PositionAnalysis
from tests.gtp.conftest import builtin_engine_argv, gnugo_argv, subprocess_env

FAKE_ANALYZE = Path(__file__).with_name("fake_analyze_engine.py")


def _position(*moves: tuple[Color, Point | None], size: int = 9) -> AnalysisPosition:
    return AnalysisPosition.make(size, 6.5, moves)


async def _all(engine: GtpAnalysis, position: AnalysisPosition) -> list[PositionAnalysis]:
    return [update async for update in engine.analyse(position)]


async def _first(stream: AsyncIterator[PositionAnalysis]) -> PositionAnalysis:
    async for update in stream:
        return update
    raise AssertionError("no update")


@pytest.fixture
async def builtin() -> AsyncIterator[GtpAnalysis]:
    engine = GtpAnalysis(builtin_engine_argv(), name="built-in", timeout=20)
    yield engine
    await engine.close()


async def test_builtin_engine_gives_a_candidate_then_an_estimate(builtin: GtpAnalysis) -> None:
    updates = await _all(builtin, _position((Color.BLACK, Point(4, 4))))
    assert [u.final for u in updates] == [False, True]
    first, last = updates
    assert len(first.candidates) == 1 and first.candidates[0].value == 1.0
    assert first.candidates[0].point not in (None, Point(4, 4))
    assert last.score_lead is not None and last.score_lead > 0  # Black owns the empty board
    assert builtin.plan is not None and builtin.plan.stream is None


async def test_builtin_engine_follows_a_longer_game_by_playing_only_new_moves(
    builtin: GtpAnalysis,
) -> None:
    await _all(builtin, _position((Color.BLACK, Point(4, 4))))
    moves = ((Color.BLACK, Point(4, 4)), (Color.WHITE, Point(2, 2)))
    updates = await _all(builtin, _position(*moves))
    assert updates[-1].score_lead is not None
    assert updates[0].candidates[0].point not in (Point(4, 4), Point(2, 2))


async def test_an_illegal_position_is_a_note_not_a_crash(builtin: GtpAnalysis) -> None:
    moves = ((Color.BLACK, Point(4, 4)), (Color.WHITE, Point(4, 4)))
    updates = await _all(builtin, _position(*moves))
    assert len(updates) == 1 and updates[0].final
    assert "refused the position" in updates[0].note
    # and the engine is usable again for the next position
    assert (await _all(builtin, _position()))[-1].score_lead is not None


async def test_an_engine_without_analysis_commands_says_so() -> None:
    class Plain(GtpEngine):
        def handle_line(self, line: str) -> str:
            if "list_commands" in line:
                head = line.split()[0]
                cid = head if head.isdigit() else ""
                return f"={cid} protocol_version\nname\nplay\n\n"
            return super().handle_line(line)

    async def start() -> GtpController:
        return GtpController(InProcessChannel(Plain()))

    engine = GtpAnalysis(name="plain", starter=start)
    updates = await _all(engine, _position())
    await engine.close()
    assert len(updates) == 1 and NO_ANALYSIS in updates[0].note


async def test_a_missing_engine_is_a_note_not_a_crash() -> None:
    engine = GtpAnalysis(["/nonexistent/engine"], name="ghost", timeout=5)
    updates = await _all(engine, _position())
    await engine.close()
    assert len(updates) == 1 and updates[0].final and "ghost failed" in updates[0].note


async def test_gnugo_top_moves_and_estimate(gnugo_path: str) -> None:
    engine = GtpAnalysis(gnugo_argv(gnugo_path, 1), name="GNU Go", timeout=20)
    try:
        updates = await _all(engine, _position((Color.BLACK, Point(4, 4))))
    finally:
        await engine.close()
    assert engine.plan is not None and engine.plan.top_moves == "top_moves_"
    assert engine.plan.estimate and engine.plan.probabilities
    first, last = updates[0], updates[-1]
    assert first.candidates and all(c.point is not None for c in first.candidates)
    assert Point(4, 4) not in {c.point for c in first.candidates}
    assert first.candidates[0].value is not None
    assert last.final and last.score_lead is not None


def _fake(*extra: str) -> GtpAnalysis:
    async def start() -> GtpController:
        return await GtpController.start(
            [sys.executable, str(FAKE_ANALYZE), *extra], env=subprocess_env(), timeout=5
        )

    return GtpAnalysis(name="fake", interval_cs=2, starter=start, timeout=5)


async def test_streaming_reports_arrive_and_stop_when_the_reader_leaves() -> None:
    engine = _fake()
    try:
        position = _position((Color.BLACK, Point(0, 0)))
        stream = engine.analyse(position)
        seen = []
        async for update in stream:
            seen.append(update)
            if len(seen) == 3:
                break
        await stream.aclose()
        assert [u.candidates[0].visits for u in seen] == [1, 2, 3]
        best = seen[0]
        # White to move; kata-analyze speaks for White: 0.51 for White is 0.49 for Black
        assert best.candidates[0].point == Point(0, 1)
        assert best.winrate == pytest.approx(0.49)
        assert best.score_lead == pytest.approx(-1.5)
        assert best.candidates[1].point is None  # "pass" is a candidate too
        assert best.method == "kata-analyze" and not best.final
        # the engine was stopped cleanly: the next position is analysed at once
        nxt = await _first(engine.analyse(_position()))
        assert nxt.candidates[0].point == Point(0, 0) and nxt.candidates[0].visits == 1
    finally:
        await engine.close()


async def test_a_new_position_supersedes_the_streaming_one() -> None:
    engine = _fake()
    try:
        old = engine.analyse(_position((Color.BLACK, Point(0, 0))))
        await _first(old)
        new = engine.analyse(_position())  # the view moved on without closing the old one
        update = await _first(new)
        assert update.candidates[0].point == Point(0, 0)
        assert [u async for u in old] == []  # the old stream just ends
    finally:
        await engine.close()


async def test_lz_analyze_winrates_are_read_in_hundredths_of_a_percent() -> None:
    engine = _fake("--lz")
    try:
        update = await _first(engine.analyse(_position()))
    finally:
        await engine.close()
    assert update.method == "lz-analyze"
    assert update.winrate == pytest.approx(0.5)  # 5000 for Black, to move
    assert update.score_lead is None


async def test_a_stream_the_engine_ends_by_itself_ends_the_updates() -> None:
    engine = _fake("--stop-after", "2")
    try:
        updates = await _all(engine, _position())
        assert [u.candidates[0].visits for u in updates] == [1, 2]
        assert (await _first(engine.analyse(_position()))).candidates[0].visits == 1
    finally:
        await engine.close()


async def test_controller_stream_holds_the_turn_until_stopped() -> None:
    ctl = await GtpController.start(
        [sys.executable, str(FAKE_ANALYZE)], env=subprocess_env(), timeout=5
    )
    try:
        await ctl.boardsize(9)
        stream = await ctl.stream("kata-analyze b 2")
        first = await stream.next_line()
        assert first is not None and first.startswith("info move A1 visits 1 ")
        waiting = asyncio.ensure_future(ctl.name())
        await asyncio.sleep(0)
        assert not waiting.done()  # the stream has the turn
        await stream.stop()
        assert await waiting == "fake-analyze"
        assert stream.ended and await stream.next_line() is None
        await stream.stop()  # twice is harmless
    finally:
        await ctl.close(grace=1.0)


async def test_controller_stream_refused_is_an_engine_error_and_frees_the_turn() -> None:
    ctl = await GtpController.start(
        [sys.executable, str(FAKE_ANALYZE)], env=subprocess_env(), timeout=5
    )
    try:
        with pytest.raises(GtpEngineError, match="unknown command"):
            await ctl.stream("lz-analyze b 2")
        assert await ctl.name() == "fake-analyze"
    finally:
        await ctl.close(grace=1.0)


async def test_the_builtin_engine_refuses_streaming_cleanly() -> None:
    ctl = GtpController(InProcessChannel(GtpEngine()))
    with pytest.raises(GtpEngineError):
        await ctl.stream("kata-analyze b 10")  # the built-in engine does not know it
    assert await ctl.name() == "igs-tui"


async def test_estimate_only_skips_the_best_moves(builtin: GtpAnalysis) -> None:
    updates = [
        u async for u in builtin.analyse(_position((Color.BLACK, Point(4, 4))), estimate_only=True)
    ]
    assert len(updates) == 1 and updates[0].final
    assert updates[0].candidates == () and updates[0].score_lead is not None


async def test_closing_while_streaming_stops_the_engine() -> None:
    engine = _fake()
    stream = engine.analyse(_position())
    await _first(stream)
    await engine.close()  # the reader is still there: it just gets no more updates
    assert [u async for u in stream] == []
    assert engine._ctl is None
