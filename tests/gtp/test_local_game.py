"""LocalEngineGame against the built-in engine (in-process and subprocess) and broken engines."""

from __future__ import annotations

import asyncio
import os
from dataclasses import replace
from pathlib import Path

import pytest
from sgfmill import sgf

from igs_tui import __version__
from igs_tui.backends.engine.local_game import (
    EndReason,
    EngineDisagrees,
    EngineFailed,
    GameOver,
    LocalEngineGame,
    LocalGameError,
    NotYourTurn,
)
from igs_tui.go import Color, IllegalMove, Point, format_sgf_point
from igs_tui.go.timecontrol import TimeSettings
from igs_tui.gtp.channel import InProcessChannel, SubprocessChannel
from igs_tui.gtp.controller import GtpController
from igs_tui.gtp.engine import CommandError, GtpEngine
from igs_tui.records.sgf import parse_sgf
from tests.gtp.conftest import builtin_engine_argv, subprocess_env
from tests.manual_clock import ManualClock

E5 = Point(4, 4)


def make_game(engine: GtpEngine | None = None, **kwargs: object) -> LocalEngineGame:
    engine = engine or GtpEngine(seed=11)
    controller = GtpController(InProcessChannel(engine))
    options: dict[str, object] = {"size": 9, "komi": 6.5, "human_color": Color.BLACK}
    options.update(kwargs)
    return LocalEngineGame(controller, **options)  # type: ignore[arg-type]


def engine_of(game: LocalEngineGame) -> GtpEngine:
    channel = game.controller.channel
    assert isinstance(channel, InProcessChannel)
    assert isinstance(channel.engine, GtpEngine)
    return channel.engine


async def test_setup_reaches_the_engine() -> None:
    game = make_game(time_settings=TimeSettings.from_gtp(300, 30, 5), komi=0.5)
    await game.start()
    engine = engine_of(game)
    assert (engine.size, engine.komi, engine.time_settings) == (9, 0.5, (300, 30, 5))
    assert game.engine_name == f"igs-tui {__version__}"
    with pytest.raises(Exception, match="already been started"):
        await game.start()


async def test_turns_illegal_moves_and_passes_to_the_end() -> None:
    game = make_game()
    with pytest.raises(Exception, match="start"):
        await game.play_human(E5)
    await game.start()
    assert game.human_to_move
    with pytest.raises(NotYourTurn):
        await game.engine_move()
    await game.play_human(E5)
    with pytest.raises(NotYourTurn):
        await game.play_human(Point(0, 0))
    reply = await game.engine_move()
    assert isinstance(reply, Point)
    # Occupied: our rules refuse it and nothing reaches the engine.
    with pytest.raises(IllegalMove):
        await game.play_human(reply)
    assert len(engine_of(game).moves) == 2
    # Human passes, engine keeps playing until it has nothing sensible left, then passes.
    while game.end is None:
        if game.human_to_move:
            await game.play_human(None)
        else:
            await game.engine_move()
    assert game.end.reason is EndReason.PASSES and game.end.result is None
    with pytest.raises(GameOver):
        await game.play_human(Point(0, 0))
    report = await game.score()
    # The built-in engine counts every stone alive with the same territory rules as ours.
    assert report.engine is not None and report.agrees
    assert report.dead == frozenset()
    assert game.end.result == report.ours.result == report.engine.text
    # the record holds the count's territory on a node after the last move (issue 28)
    line = game.record().main_line()
    last = line[-1]
    assert last.move is None and line[-2].move is not None
    expected = {
        prop: sorted(
            format_sgf_point(p, game.size)
            for p in report.ours.territory[Color.BLACK if prop == "TB" else Color.WHITE]
        )
        for prop in ("TB", "TW")
        if report.ours.territory[Color.BLACK if prop == "TB" else Color.WHITE]
    }
    assert expected and {k: sorted(v) for k, v in last.extra.items()} == expected


async def test_undo_back_to_the_human_turn() -> None:
    game = make_game()
    await game.start()
    await game.play_human(E5)
    await game.engine_move()
    assert await game.undo() == 2
    assert game.game.move_count == 0 and engine_of(game).moves == []
    await game.play_human(E5)
    assert await game.undo() == 1  # the human moved last: only that move
    assert game.game.stones() == {} and engine_of(game).game.stones() == {}
    assert await game.undo() == 0  # nothing left


class Passer(GtpEngine):
    def _genmove(self, args: list[str]) -> str:
        self._play([args[0], "pass"])
        return "pass"


async def test_undo_after_passes_resumes_play() -> None:
    game = make_game(Passer())
    await game.start()
    await game.play_human(None)
    assert await game.engine_move() == "pass"
    assert game.end is not None and game.end.reason is EndReason.PASSES
    assert await game.undo(1) == 1
    assert game.end is None and game.engine_to_move
    assert engine_of(game).moves == [(Color.BLACK, None)]


async def test_handicap_fixed_and_free() -> None:
    game = make_game(handicap=4, size=9)
    await game.start()
    stones = {Point(2, 2), Point(6, 6), Point(2, 6), Point(6, 2)}
    assert set(game.game.stones()) == stones == set(engine_of(game).game.stones())
    assert game.engine_to_move  # White first after handicap
    # 8x8 allows at most 4 fixed stones (§4.1.1): 6 stones go through set_free_handicap.
    free = make_game(handicap=6, size=8)
    await free.start()
    assert len(free.game.stones()) == 6
    assert set(free.game.stones()) == set(engine_of(free).game.stones())


async def test_engine_refusing_a_legal_move_rolls_back() -> None:
    class Stubborn(GtpEngine):
        def _play(self, args: list[str]) -> str:
            if args[1].lower() == "e5":
                raise CommandError("illegal move")
            return super()._play(args)

    game = make_game(Stubborn())
    await game.start()
    with pytest.raises(EngineDisagrees, match="E5"):
        await game.play_human(E5)
    assert game.game.stones() == {} and game.human_to_move
    await game.play_human(Point(0, 0))


async def test_engine_playing_an_illegal_move_is_reported_and_undone() -> None:
    class Cheater(GtpEngine):
        def _genmove(self, args: list[str]) -> str:
            self.game.undo()  # lift the human's stone from its own board...
            self.moves.pop()
            self.positions.pop()
            self._play(["w", "E5"])  # ...and play on top of it
            return "E5"

    game = make_game(Cheater())
    await game.start()
    await game.play_human(E5)
    with pytest.raises(EngineDisagrees, match="occupied"):
        await game.engine_move()
    assert game.game.get(E5) is Color.BLACK and game.engine_to_move


async def test_engine_resignation_ends_the_game() -> None:
    class Quitter(GtpEngine):
        def _genmove(self, args: list[str]) -> str:
            return "resign"

    game = make_game(Quitter())
    await game.start()
    await game.play_human(E5)
    assert await game.engine_move() == "resign"
    assert game.end is not None and game.end.result == "B+R"
    assert game.end.winner is Color.BLACK


async def test_human_resignation() -> None:
    game = make_game()
    await game.start()
    end = game.resign_human()
    assert (end.reason, end.result) == (EndReason.RESIGNATION, "W+R")


async def test_clocks_send_time_left_and_flag() -> None:
    clock = ManualClock()
    game = make_game(time_settings=TimeSettings.from_gtp(60), now=clock)
    await game.start()
    clock.now += 20
    await game.play_human(E5)
    clock.now += 5
    await game.engine_move()
    # Before genmove the engine heard its full 60 s (it had not used any yet).
    assert engine_of(game).time_left[Color.WHITE] == (60, 0)
    assert game.clocks[Color.BLACK].time_left() == (40, 0)
    assert game.clocks[Color.WHITE].time_left() == (55, 0)
    clock.now += 41
    await game.play_human(Point(0, 0))
    assert game.end is not None
    assert (game.end.reason, game.end.result) == (EndReason.TIME, "W+T")


async def test_sgf_record_and_atomic_save(tmp_path: Path) -> None:
    game = make_game(handicap=2, komi=0.5, human_name="alice")
    await game.start()
    await game.engine_move()
    await game.play_human(E5)
    await game.engine_move()
    game.resign_human()
    path = game.save_sgf(tmp_path / "game.sgf")
    record = sgf.Sgf_game.from_bytes(path.read_bytes())
    root = record.get_root()
    assert record.get_size() == 9
    assert root.get("KM") == 0.5 and root.get("HA") == 2
    assert root.get("PB") == "alice" and root.get("PW").startswith("igs-tui")
    assert root.get("RE") == "W+R"
    black, white, _ = root.get_setup_stones()
    assert black == {(2, 2), (6, 6)} and not white
    moves = [node.get_move() for node in record.get_main_sequence()[1:]]
    expected = [
        (m.color.value.lower(), None if m.point is None else (m.point.row, m.point.col))
        for m in game.game.moves
    ]
    assert moves == expected and ("b", (4, 4)) in moves
    assert [p.name for p in tmp_path.iterdir()] == ["game.sgf"]  # no temp file left


async def test_the_saved_game_reads_back_through_records_as_it_was(tmp_path: Path) -> None:
    """One SGF write path: the local game builds a records.GameRecord, written by records."""
    game = make_game(time_settings=TimeSettings.from_gtp(300, 30, 5), human_name="alice")
    await game.start()
    await game.play_human(E5)
    await game.engine_move()
    game.resign_human()
    path = game.save_sgf(tmp_path / "game.sgf")
    back = parse_sgf(path.read_bytes())[0]
    assert back.info == replace(game.record().info, charset="UTF-8")  # records writes UTF-8
    assert (back.info.black, back.info.result, back.info.overtime) == (
        "alice",
        "W+R",
        "5/30 Canadian",
    )
    assert back.info.time_limit == "300" and back.info.rules == "Japanese"
    assert [(m.color, m.point) for m in back.main_moves()] == [
        (m.color, m.point) for m in game.game.moves
    ]
    assert back.root.extra["AP"] == [f"igs-tui:{__version__}"]


async def test_failed_save_keeps_old_file_and_leaves_no_temp(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = make_game()
    await game.start()
    target = tmp_path / "game.sgf"
    target.write_bytes(b"old")

    def broken_replace(src: str, dst: str) -> None:
        raise OSError("disk on fire")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError, match="disk on fire"):
        game.save_sgf(target)
    assert target.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["game.sgf"]
    with pytest.raises(OSError):
        game.save_sgf(tmp_path / "missing-dir" / "game.sgf")


async def test_in_process_engine_crash_keeps_and_saves_the_game(tmp_path: Path) -> None:
    class Fragile(GtpEngine):
        def _genmove(self, args: list[str]) -> str:
            if len(self.moves) >= 3:
                raise RuntimeError("segfault, roughly")
            return super()._genmove(args)

    autosave = tmp_path / "autosave.sgf"
    game = make_game(Fragile(seed=1), autosave_path=autosave)
    await game.start()
    await game.play_human(E5)
    await game.engine_move()
    await game.play_human(Point(0, 0))
    with pytest.raises(EngineFailed) as info:
        await game.engine_move()
    message = str(info.value)
    assert "segfault, roughly" in message and str(autosave) in message
    assert info.value.saved_to == autosave
    assert game.game.move_count == 3  # nothing lost
    record = sgf.Sgf_game.from_bytes(autosave.read_bytes())
    assert len(record.get_main_sequence()) == 4
    assert "Unfinished" in record.get_root().get("GC")


async def test_killed_subprocess_engine_mid_game(tmp_path: Path) -> None:
    controller = await GtpController.start(
        builtin_engine_argv("--seed", "4"), env=subprocess_env(), timeout=10
    )
    game = LocalEngineGame(
        controller, size=9, human_color=Color.WHITE, autosave_path=tmp_path / "a.sgf"
    )
    try:
        await game.start()
        await game.engine_move()
        channel = controller.channel
        assert isinstance(channel, SubprocessChannel)
        channel.kill()
        await channel.wait()
        free = next(p for p in (E5, Point(0, 0)) if game.game.get(p) is None)
        with pytest.raises(EngineFailed, match="engine"):
            await asyncio.wait_for(game.play_human(free), 10)
    finally:
        await controller.close()
    assert game.game.move_count == 2  # the human's legal move is kept in our record
    record = sgf.Sgf_game.from_bytes((tmp_path / "a.sgf").read_bytes())
    assert len(record.get_main_sequence()) == 3
    assert game.engine_failure is not None


async def test_assistance_helpers_with_builtin_engine() -> None:
    game = make_game()
    await game.start()
    with pytest.raises(LocalGameError, match="estimate_score"):
        await game.score()  # never final_score on an unfinished game
    await game.play_human(E5)
    await game.engine_move()
    # No estimate_score in the built-in engine: falls back to final_score.
    estimate = await game.estimate_score(timeout=5)
    assert estimate is not None and estimate.text.startswith(("B+", "W+", "0"))
    assert await game.suggest_dead(timeout=5) == frozenset()


async def test_engine_refusing_the_setup_is_an_engine_failure() -> None:
    class Small(GtpEngine):
        def _boardsize(self, args: list[str]) -> str:
            if int(args[0]) > 9:
                raise CommandError("unacceptable size")
            return super()._boardsize(args)

    game = make_game(Small(), size=13)
    with pytest.raises(EngineFailed, match="unacceptable size"):
        await game.start()
    with pytest.raises(LocalGameError, match="start"):
        await game.play_human(E5)
