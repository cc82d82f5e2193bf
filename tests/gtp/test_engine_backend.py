"""EngineBackend: a local engine game fed into the model the way a server game is.

Most tests use the built-in engine in-process (fast, deterministic with a seed); the
subprocess tests kill a real engine process; the GNU Go tests (``gnugo`` marker) play whole
games against GNU Go at level 1 with a fixed seed.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sgfmill import sgf

from igs_tui.backends.engine.backend import EngineBackend, LiveAssist, LocalGameSettings
from igs_tui.backends.engine.local_view import (
    clock_reading,
    dead_stone_differences,
    engine_score,
    record_name,
)
from igs_tui.go import Color, Point, fixed_handicap_points, format_point, parse_point
from igs_tui.go.timecontrol import PlayerClock, TimeSettings
from igs_tui.gtp.channel import InProcessChannel, SubprocessChannel
from igs_tui.gtp.controller import GtpController
from igs_tui.gtp.engine import GtpEngine
from igs_tui.gtp.errors import GtpError
from igs_tui.gtp.framing import GtpResponse
from igs_tui.gtp.values import FinalScore
from igs_tui.model import (
    BufferKey,
    ChatKind,
    ClientModel,
    FollowedGame,
    GamePhase,
    LinkState,
    Role,
    TimeSystem,
)
from igs_tui.ui.game.game_info import GameInfo
from tests.gtp.conftest import builtin_engine_argv, gnugo_argv, subprocess_env
from tests.manual_clock import ManualClock
from tests.polling import wait_until

E5 = parse_point("E5", 9)


def chat_lines(model: ClientModel, number: int = 1) -> list[str]:
    buf = model.buffers.get(BufferKey(ChatKind.GAME, str(number)))
    return [m.text for m in buf.messages] if buf is not None else []


def notices(model: ClientModel) -> list[str]:
    return [n.text for n in model.notifications]


def sgf_moves(path: Path) -> list[tuple[str, tuple[int, int] | None]]:
    """The moves of the record (a scored game ends with a node of territory, no move)."""
    record = sgf.Sgf_game.from_bytes(path.read_bytes())
    nodes = record.get_main_sequence()[1:]
    return [n.get_move() for n in nodes if n.get_move()[0] is not None]


def record_result(path: Path) -> str | None:
    root = sgf.Sgf_game.from_bytes(path.read_bytes()).get_root()
    return root.get("RE") if root.has_property("RE") else None


def model_moves(game: FollowedGame) -> list[tuple[str, tuple[int, int] | None]]:
    return [
        (m.color.value.lower(), None if m.point is None else (m.point.row, m.point.col))
        for m in game.moves
        if not m.handicap
    ]


class Recording(GtpEngine):
    """The built-in engine, remembering every command line it was sent."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.lines: list[str] = []

    def handle_line(self, line: str) -> str:
        words = line.split()
        if words and words[0].isdigit():
            words = words[1:]  # the controller's command id
        self.lines.append(" ".join(words))
        return super().handle_line(line)


class DeadMarker(Recording):
    """Says the given chains are dead and scores with a fixed answer."""

    def __init__(self, dead: str = "", score: str | None = None, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.dead = dead
        self.score = score

    def _final_status_list(self, args: list[str]) -> str:
        if args and args[0] == "dead":
            return self.dead
        return super()._final_status_list(args)

    def _final_score(self, args: list[str]) -> str:
        return self.score if self.score is not None else super()._final_score(args)


class GatedChannel(InProcessChannel):
    """Answers ``genmove`` only once the test sets :attr:`release` (never, if it does not);
    :attr:`asked` is set when the engine has been asked, so tests wait on events, not time."""

    def __init__(self, engine: GtpEngine) -> None:
        super().__init__(engine)
        self.asked = asyncio.Event()
        self.release = asyncio.Event()
        self._gated = False

    async def send_line(self, line: str) -> None:
        self._gated = "genmove" in line
        await super().send_line(line)

    async def read_response(self) -> GtpResponse:
        if self._gated:
            self._gated = False
            self.asked.set()
            await self.release.wait()
        return await super().read_response()


def backend_for(
    engine: GtpEngine,
    tmp_path: Path,
    settings: LocalGameSettings | None = None,
    **kwargs: object,
) -> tuple[ClientModel, EngineBackend]:
    model = ClientModel()
    controller = GtpController(InProcessChannel(engine))
    backend = EngineBackend(
        model,
        controller,
        settings or LocalGameSettings(size=9),
        save_path=tmp_path / "game.sgf",
        **kwargs,  # type: ignore[arg-type]
    )
    return model, backend


@pytest.fixture
async def started(tmp_path: Path) -> AsyncIterator[tuple[ClientModel, EngineBackend, Recording]]:
    engine = Recording(seed=5)
    model, backend = backend_for(engine, tmp_path)
    await backend.start()
    try:
        yield model, backend, engine
    finally:
        await backend.close()


async def act(backend: EngineBackend, *calls: Callable[[], None]) -> None:
    for call in calls:
        call()
        await backend.idle()


# ---------------------------------------------------------------------------- pure helpers


def test_clock_readings_and_budget() -> None:
    canadian = TimeSettings.from_gtp(60, 30, 5)
    assert (canadian.system, canadian.byo_stones) == (TimeSystem.CANADIAN, 5)
    absolute = TimeSettings.from_gtp(90)
    assert (absolute.system, absolute.main_seconds) == (TimeSystem.ABSOLUTE, 90)
    clock = PlayerClock(canadian)
    assert clock_reading(clock).main_seconds == 60 and not clock_reading(clock).in_byoyomi
    assert clock.budget() == 90  # main time plus one full period
    clock.spend(70)
    reading = clock_reading(clock)
    assert reading.in_byoyomi and reading.byo_stones == 4 and reading.main_seconds == 20
    assert clock.budget() == 20
    assert PlayerClock(TimeSettings.from_gtp(0, 30, 0)).budget() is None  # no limit
    clock.spend(100)
    assert clock.budget() == 0.0


def test_engine_score_and_differences() -> None:
    assert engine_score(FinalScore(Color.WHITE, 5.5, "W+5.5")).result == "W+5.5"
    assert engine_score(FinalScore(Color.BLACK, 2.0, "B+2")).result == "B+2"
    assert engine_score(FinalScore(None, 0.0, "0")).result == "0"
    a, b = Point(0, 0), Point(1, 1)
    lines = dead_stone_differences(frozenset({a}), frozenset({b}), 9)
    assert lines == [
        "marked dead but alive for the engine: A1",
        "dead for the engine but not marked: B2",
    ]
    assert dead_stone_differences(frozenset({a}), frozenset({a}), 9) == []
    assert record_name("20260101", "You", "GNU Go 3.8/x") == "20260101-You-vs-GNU_Go_3.8_x.sgf"


# ---------------------------------------------------------------------------- setup


async def test_start_shows_the_game_as_ours(
    started: tuple[ClientModel, EngineBackend, Recording], tmp_path: Path
) -> None:
    model, backend, _engine = started
    game = model.followed[1]
    assert game.role is Role.PLAYING_BLACK and game.phase is GamePhase.PLAYING
    assert (game.size, game.komi, game.black) == (9, 6.5, "You")
    assert game.white == backend.engine_name and game.white.startswith("igs-tui")
    assert model.connection.state is LinkState.CONNECTED
    assert "local engine" in model.connection.server
    assert any("Two passes in a row end play" in line for line in chat_lines(model))
    assert (tmp_path / "game.sgf").exists()
    with pytest.raises(Exception, match="already been started"):
        await backend.start()


async def test_engine_moves_first_when_we_take_white(tmp_path: Path) -> None:
    model, backend = backend_for(
        GtpEngine(seed=2), tmp_path, LocalGameSettings(size=9, color=Color.WHITE)
    )
    await backend.start()
    try:
        game = model.followed[1]
        assert game.role is Role.PLAYING_WHITE
        await backend.idle()
        assert len(game.moves) == 1 and game.moves[0].color is Color.BLACK
        assert game.black == backend.engine_name
    finally:
        await backend.close()


async def test_fixed_handicap_on_the_board_and_in_the_sgf(tmp_path: Path) -> None:
    engine = Recording(seed=3)
    settings = LocalGameSettings(size=9, handicap=2, komi=0.5)
    model, backend = backend_for(engine, tmp_path, settings)
    await backend.start()
    try:
        await backend.idle()  # White (the engine) moves first
        game = model.followed[1]
        assert "fixed_handicap 2" in engine.lines
        assert game.moves[0].handicap == 2 and game.handicap == 2
        stones = set(fixed_handicap_points(9, 2))
        assert stones <= {p for p, c in game.board.stones().items() if c is Color.BLACK}
        assert game.moves[1].color is Color.WHITE and game.board.to_move is Color.BLACK
        record = sgf.Sgf_game.from_bytes((tmp_path / "game.sgf").read_bytes())
        root = record.get_root()
        assert root.get("HA") == 2 and root.get("KM") == 0.5
        black, _white, _empty = root.get_setup_stones()
        assert black == {(p.row, p.col) for p in stones}
        assert sgf_moves(tmp_path / "game.sgf") == model_moves(game)
    finally:
        await backend.close()


async def test_free_handicap_is_placed_with_set_free_handicap(tmp_path: Path) -> None:
    engine = Recording(seed=3)
    settings = LocalGameSettings(size=9, handicap=3, komi=0.5, free_handicap=True)
    model, backend = backend_for(engine, tmp_path, settings)
    await backend.start()
    try:
        await backend.idle()
        assert any(line.startswith("set_free_handicap") for line in engine.lines)
        assert not any(line.startswith("fixed_handicap") for line in engine.lines)
        game = model.followed[1]
        assert backend.game is not None
        assert game.board.stones() == backend.game.game.stones()
    finally:
        await backend.close()


async def test_free_handicap_beyond_the_fixed_table(tmp_path: Path) -> None:
    """8x8 allows 4 fixed stones: 6 go through free placement, and the model shows them."""
    settings = LocalGameSettings(size=8, handicap=6, komi=0.5)
    model, backend = backend_for(GtpEngine(seed=1), tmp_path, settings)
    await backend.start()
    try:
        await backend.idle()
        game = model.followed[1]
        assert backend.game is not None
        assert game.board.stones() == backend.game.game.stones()
        assert game.moves[0].handicap == 6 and not game.sync_errors
    finally:
        await backend.close()


async def test_engine_that_cannot_start(tmp_path: Path) -> None:
    model = ClientModel()
    backend = EngineBackend(model, ["/nonexistent/engine-binary"], LocalGameSettings(size=9))
    with pytest.raises(GtpError, match="cannot start engine"):
        await backend.start()
    assert model.followed == {}


# ---------------------------------------------------------------------------- play


async def test_illegal_move_is_refused_locally(
    started: tuple[ClientModel, EngineBackend, Recording],
) -> None:
    model, backend, engine = started
    game = model.followed[1]
    await act(backend, lambda: backend.play(1, E5))
    reply = game.moves[-1].point
    assert reply is not None and len(game.moves) == 2
    sent = list(engine.lines)
    await act(backend, lambda: backend.play(1, reply))
    assert engine.lines == sent  # nothing reached the engine
    assert len(game.moves) == 2
    assert any("illegal move" in text and "occupied" in text for text in notices(model))


async def test_undo_takes_back_our_move_and_the_reply(
    started: tuple[ClientModel, EngineBackend, Recording],
) -> None:
    model, backend, engine = started
    game = model.followed[1]
    await act(backend, lambda: backend.play(1, E5), lambda: backend.play(1, parse_point("C3", 9)))
    assert len(game.moves) == 4
    await act(backend, lambda: backend.request_undo(1))
    assert len(game.moves) == 2 and game.board.to_move is Color.BLACK
    assert game.board.stones() == engine.game.stones()
    assert any("Took back 2 moves" in line for line in chat_lines(model))
    await act(backend, lambda: backend.request_undo(1), lambda: backend.request_undo(1))
    assert game.moves == [] and engine.game.stones() == {}
    assert any("nothing to take back" in text for text in notices(model))


async def test_resign_ends_the_game(
    started: tuple[ClientModel, EngineBackend, Recording], tmp_path: Path
) -> None:
    model, backend, _engine = started
    await act(backend, lambda: backend.play(1, E5), lambda: backend.resign(1))
    game = model.followed[1]
    assert game.phase is GamePhase.FINISHED and game.result == "W+R"
    record = sgf.Sgf_game.from_bytes((tmp_path / "game.sgf").read_bytes())
    assert record.get_root().get("RE") == "W+R"
    assert sgf_moves(tmp_path / "game.sgf") == model_moves(game)
    assert any("Saved to" in line and "game.sgf" in line for line in chat_lines(model))
    await act(backend, lambda: backend.play(1, parse_point("A1", 9)))
    assert len(game.moves) == 2  # no moves after the end
    await act(backend, lambda: backend.request_undo(1))
    assert len(game.moves) == 2 and any("over" in text for text in notices(model))


async def test_full_game_to_scoring_with_toggled_marks(tmp_path: Path) -> None:
    """Play to two passes; the engine's dead stones are pre-marked; the user toggles a
    chain, restores (all alive), marks the engine's stone again and counts; both counts are
    compared."""
    engine = DeadMarker(seed=7)
    model, backend = backend_for(engine, tmp_path)
    await backend.start()
    try:
        game = model.followed[1]
        for text in ("C3", "G7"):
            await act(backend, lambda: backend.play(1, parse_point(text, 9)))  # noqa: B023 (awaited at once)
        engine_stone = game.moves[-1].point
        assert engine_stone is not None
        engine.dead = format_point(engine_stone, 9)  # the engine gives its own stone up
        while game.phase is GamePhase.PLAYING:
            await act(backend, lambda: backend.play(1, None))
            assert len(game.moves) < 200
        assert game.phase is GamePhase.SCORING
        assert engine_stone in game.dead
        assert any("marks as dead" in line for line in chat_lines(model))
        ours = parse_point("C3", 9)
        backend.remove_dead(1, ours)
        assert game.board.chain(ours) <= game.dead
        backend.remove_dead(1, ours)  # a second selection brings it back to life
        assert ours not in game.dead
        backend.remove_dead(1, ours)
        backend.restore_scoring(1)
        assert game.dead == set()  # every stone alive again
        backend.remove_dead(1, engine_stone)
        assert game.dead == set(game.board.chain(engine_stone))
        await act(backend, lambda: backend.done_scoring(1))
        assert game.phase is GamePhase.FINISHED
        check = game.score_check
        assert check is not None and check.agrees, chat_lines(model)
        assert game.result == check.ours_result and game.result.startswith(("B+", "W+"))
        assert any("both counts agree" in line for line in chat_lines(model))
        assert sgf_moves(tmp_path / "game.sgf") == model_moves(game)
        record = sgf.Sgf_game.from_bytes((tmp_path / "game.sgf").read_bytes())
        assert record.get_root().get("RE") == game.result
    finally:
        await backend.close()


async def test_counts_that_differ_are_shown(tmp_path: Path) -> None:
    engine = DeadMarker(seed=7, score="B+100")
    model, backend = backend_for(engine, tmp_path)
    await backend.start()
    try:
        game = model.followed[1]
        while game.phase is GamePhase.PLAYING:
            await act(backend, lambda: backend.play(1, None))
        await act(backend, lambda: backend.done_scoring(1))
        check = game.score_check
        assert check is not None and not check.agrees
        assert check.server.result == "B+100"
        assert check.counted_by == backend.engine_name and not check.decides
        line = next(line for line in chat_lines(model) if "DIFFER" in line)
        assert "engine scores B+100" in line and "Our count stands" in line
        assert game.result == check.ours_result  # our count decides a local game
    finally:
        await backend.close()


async def test_undo_in_scoring_resumes_play(tmp_path: Path) -> None:
    model, backend = backend_for(GtpEngine(seed=7), tmp_path)
    await backend.start()
    try:
        game = model.followed[1]
        await act(backend, lambda: backend.play(1, E5))
        while game.phase is GamePhase.PLAYING:
            await act(backend, lambda: backend.play(1, None))
        assert game.phase is GamePhase.SCORING
        moves = len(game.moves)
        await act(backend, lambda: backend.request_undo(1))
        assert game.phase is GamePhase.PLAYING and len(game.moves) < moves
        assert game.board.to_move is Color.BLACK and not game.dead
    finally:
        await backend.close()


async def test_scoring_intents_outside_scoring_are_refused(
    started: tuple[ClientModel, EngineBackend, Recording],
) -> None:
    model, backend, _engine = started
    backend.remove_dead(1, E5)
    backend.restore_scoring(1)
    backend.done_scoring(1)
    await backend.idle()
    assert model.followed[1].phase is GamePhase.PLAYING
    assert sum("scor" in text for text in notices(model)) == 3


async def test_a_local_game_offers_only_playing(
    started: tuple[ClientModel, EngineBackend, Recording],
) -> None:
    """No lists, chat, channels, challenges, komi/time changes or adjourning: the UI asks the
    capabilities and leaves those out, so the backend carries no "not available" stubs."""
    model, backend, _engine = started
    caps = backend.capabilities
    assert caps.playing is backend
    missing = (
        caps.console,
        caps.listing,
        caps.observing,
        caps.messaging,
        caps.channels,
        caps.adjusting,
        caps.adjourning,
        caps.matching,
    )
    assert missing == (None,) * 8
    assert caps.refusal("Shouts") == "Shouts: not available in a local game."
    before = len(model.notifications)
    backend.quit()
    backend.close_game(1)  # a game in play stays
    assert len(model.notifications) == before and 1 in model.followed
    backend.answer_undo(1, True)
    assert "never asks" in notices(model)[-1]
    backend.say(1, "good game")
    assert chat_lines(model)[-1] == "good game"
    backend.play(7, E5)  # not our game
    await backend.idle()
    assert "no game 7" in notices(model)[-1]


ACTIONS = st.lists(
    st.one_of(
        st.tuples(st.just("move"), st.integers(0, 80)),
        st.tuples(st.just("pass"), st.just(0)),
        st.tuples(st.just("undo"), st.just(0)),
        st.tuples(st.just("dead"), st.integers(0, 80)),
    ),
    max_size=25,
)


@settings(
    max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(actions=ACTIONS)
def test_model_engine_and_record_stay_in_step(
    actions: list[tuple[str, int]], tmp_path: Path
) -> None:
    """Whatever the user does (moves anywhere, passes, undo, marks), the model's board, our
    game and the engine's board hold the same position, and the record holds the moves."""

    async def run() -> None:
        engine = GtpEngine(seed=1)
        model, backend = backend_for(engine, tmp_path)
        await backend.start()
        try:
            game = model.followed[1]
            for action, index in actions:
                point = Point(index % 9, index // 9)
                if action == "move":
                    backend.play(1, point)
                elif action == "pass":
                    backend.play(1, None)
                elif action == "undo":
                    backend.request_undo(1)
                elif game.board.get(point) is not None:
                    backend.remove_dead(1, point)
                await backend.idle()
                assert backend.game is not None
                assert game.board.stones() == backend.game.game.stones() == engine.game.stones()
                assert not game.sync_errors
                if game.phase is GamePhase.FINISHED:
                    break
            assert sgf_moves(tmp_path / "game.sgf") == model_moves(game)
        finally:
            await backend.close()

    asyncio.run(run())


async def test_live_assist_asks_the_playing_engine(tmp_path: Path) -> None:
    engine = DeadMarker(seed=7, dead="E5")
    model, backend = backend_for(engine, tmp_path)
    await backend.start()
    assist = LiveAssist(backend, timeout=5)
    try:
        await act(backend, lambda: backend.play(1, E5))
        game = model.followed[1]
        estimate = await assist.estimate(game)
        assert estimate is not None and estimate[:2] in ("B+", "W+")
        assert await assist.suggest_dead(game) == frozenset({E5})
        other = FollowedGame(2)
        assert await assist.estimate(other) is None  # not the local game
        assert assist.name == backend.engine_name
    finally:
        await backend.close()


async def test_live_assist_waits_for_the_engine_move_then_gives_up(tmp_path: Path) -> None:
    model = ClientModel()
    channel = GatedChannel(GtpEngine(seed=5))
    settings = LocalGameSettings(size=9)
    backend = EngineBackend(model, GtpController(channel), settings, save_path=None)
    await backend.start()
    try:
        backend.play(1, E5)
        await asyncio.wait_for(channel.asked.wait(), 10)  # the engine thinks (holds the game)
        assist = LiveAssist(backend, timeout=0.2)
        assert await assist.estimate(model.followed[1]) is None
        assert backend.failure is None  # a busy engine is not a failed one
    finally:
        await asyncio.wait_for(backend.close(), 10)


# ---------------------------------------------------------------------------- clocks


async def test_clocks_count_and_reach_the_engine(tmp_path: Path) -> None:
    engine = Recording(seed=5)
    settings = LocalGameSettings(size=9, time=TimeSettings.from_gtp(600, 60, 10))
    model, backend = backend_for(engine, tmp_path, settings)
    await backend.start()
    try:
        game = model.followed[1]
        assert game.time_settings is not None
        assert game.time_settings.system is TimeSystem.CANADIAN
        assert "time_settings 600 60 10" in engine.lines
        assert game.clocks[Color.BLACK].running and not game.clocks[Color.WHITE].running
        await act(backend, lambda: backend.play(1, E5))
        assert any(line.startswith("time_left white ") for line in engine.lines)
        assert game.clocks[Color.BLACK].running  # our turn again after the reply
        assert game.clocks[Color.WHITE].at(model.clock()).main_seconds <= 600
    finally:
        await backend.close()


async def test_we_lose_on_time(tmp_path: Path) -> None:
    settings = LocalGameSettings(size=9, time=TimeSettings.from_gtp(1))
    model, backend = backend_for(GtpEngine(seed=5), tmp_path, settings)
    await backend.start()
    try:
        game = model.followed[1]
        await wait_until(lambda: game.phase is GamePhase.FINISHED)
        assert game.result == "W+T"
        assert any("Black ran out of time" in line for line in chat_lines(model))
        record = sgf.Sgf_game.from_bytes((tmp_path / "game.sgf").read_bytes())
        assert record.get_root().get("RE") == "W+T"
        await act(backend, lambda: backend.play(1, E5))
        assert game.moves == []
    finally:
        await backend.close()


async def test_a_slow_engine_loses_on_time_while_thinking(tmp_path: Path) -> None:
    model = ClientModel()
    controller = GtpController(GatedChannel(GtpEngine(seed=5)))
    settings = LocalGameSettings(size=9, time=TimeSettings.from_gtp(1))
    backend = EngineBackend(model, controller, settings, save_path=tmp_path / "g.sgf")
    await backend.start()
    try:
        game = model.followed[1]
        backend.play(1, E5)  # then the engine thinks for 30 s with 1 s on its clock
        await wait_until(lambda: game.phase is GamePhase.FINISHED, timeout=10)
        assert game.result == "B+T" and len(game.moves) == 1
        assert any("White ran out of time" in line for line in chat_lines(model))
    finally:
        await asyncio.wait_for(backend.close(), 10)


# ---------------------------------------------------------------------------- failures


async def test_engine_killed_mid_game(tmp_path: Path) -> None:
    """The engine process dies while it is our turn: reported at once, before any move."""
    model = ClientModel()
    backend = EngineBackend(
        model,
        builtin_engine_argv("--seed", "4"),
        LocalGameSettings(size=9),
        save_path=tmp_path / "killed.sgf",
        env=subprocess_env(),
        command_timeout=10,
        move_timeout=10,
    )
    await backend.start()
    try:
        game = model.followed[1]
        await act(backend, lambda: backend.play(1, E5))
        assert len(game.moves) == 2
        assert backend.controller is not None
        channel = backend.controller.channel
        assert isinstance(channel, SubprocessChannel)
        channel.kill()
        await wait_until(lambda: backend.failure is not None, timeout=10)
        assert backend.failure is not None and "exited" in backend.failure
        message = next(t for t in notices(model) if "stopped working" in t)
        assert str(tmp_path / "killed.sgf") in message
        assert any("stopped working" in line for line in chat_lines(model))
        assert model.connection.state is LinkState.FAILED
        assert len(game.moves) == 2 and game.phase is GamePhase.FINISHED
        assert game.result == "unfinished (engine failed)"
        assert sgf_moves(tmp_path / "killed.sgf") == model_moves(game)
        assert record_result(tmp_path / "killed.sgf") is None
        record = sgf.Sgf_game.from_bytes((tmp_path / "killed.sgf").read_bytes())
        assert "Unfinished" in record.get_root().get("GC")
        await act(backend, lambda: backend.play(1, parse_point("D3", 9)))
        assert "engine has failed" in notices(model)[-1]
        assert len(game.moves) == 2
    finally:
        await asyncio.wait_for(backend.close(), 10)


class DiesOnPlay(GtpEngine):
    """Crashes on the second ``play`` it is sent (an in-process crash is a dead engine)."""

    plays = 0

    def _play(self, args: list[str]) -> str:
        self.plays += 1
        if self.plays == 2:
            raise RuntimeError("segfault, roughly")
        return super()._play(args)


async def test_engine_dying_on_our_move_keeps_the_move(tmp_path: Path) -> None:
    model, backend = backend_for(DiesOnPlay(seed=4), tmp_path)
    await backend.start()
    try:
        game = model.followed[1]
        await act(
            backend, lambda: backend.play(1, E5), lambda: backend.play(1, parse_point("C3", 9))
        )
        assert backend.failure is not None and "segfault" in "".join(chat_lines(model))
        # our move is legal by our rules: it stays on the board and in the record
        assert len(game.moves) == 3 and game.moves[-1].point == parse_point("C3", 9)
        assert sgf_moves(tmp_path / "game.sgf") == model_moves(game)
    finally:
        await backend.close()


class Resigner(GtpEngine):
    def _genmove(self, args: list[str]) -> str:
        return "resign"


class Cheater(GtpEngine):
    """Answers every genmove with E5, occupied or not."""

    def _genmove(self, args: list[str]) -> str:
        return "E5"


async def test_engine_resigns(tmp_path: Path) -> None:
    model, backend = backend_for(Resigner(), tmp_path)
    await backend.start()
    try:
        await act(backend, lambda: backend.play(1, E5))
        game = model.followed[1]
        assert game.phase is GamePhase.FINISHED and game.result == "B+R"
        assert any("resigns" in line for line in chat_lines(model))
        record = sgf.Sgf_game.from_bytes((tmp_path / "game.sgf").read_bytes())
        assert record.get_root().get("RE") == "B+R"
    finally:
        await backend.close()


async def test_engine_playing_an_illegal_move_stops_the_game(tmp_path: Path) -> None:
    model, backend = backend_for(Cheater(), tmp_path)
    await backend.start()
    try:
        await act(backend, lambda: backend.play(1, E5))
        game = model.followed[1]
        assert backend.failure is not None and "E5" in backend.failure
        assert game.phase is GamePhase.FINISHED and len(game.moves) == 1
        assert any("stopped working" in text for text in notices(model))
        assert sgf_moves(tmp_path / "game.sgf") == model_moves(game)
        record = sgf.Sgf_game.from_bytes((tmp_path / "game.sgf").read_bytes())
        assert "Unfinished" in record.get_root().get("GC")
    finally:
        await backend.close()


async def test_engine_that_hangs_past_the_move_timeout(tmp_path: Path) -> None:
    model = ClientModel()
    controller = GtpController(GatedChannel(GtpEngine(seed=5)))
    backend = EngineBackend(
        model, controller, LocalGameSettings(size=9), save_path=tmp_path / "g.sgf", move_timeout=0.3
    )
    await backend.start()
    try:
        await act(backend, lambda: backend.play(1, E5))
        assert backend.failure is not None and "no response" in backend.failure
        assert any("stopped working" in line for line in chat_lines(model))
        assert sgf_moves(tmp_path / "g.sgf") == model_moves(model.followed[1])
    finally:
        await asyncio.wait_for(backend.close(), 10)


# ---------------------------------------------------------------------------- GNU Go


async def play_out_against(backend: EngineBackend, model: ClientModel, ours: list[str]) -> None:
    """Play ``ours`` (skipping points already taken), then pass until play ends."""
    game = model.followed[1]
    for text in ours:
        point = parse_point(text, game.size)
        if game.phase is not GamePhase.PLAYING:
            return
        if game.board.check(point, game.role.color or Color.BLACK, enforce_turn=True).legal:
            await act(backend, lambda: backend.play(1, point))  # noqa: B023 (awaited at once)
    while game.phase is GamePhase.PLAYING:
        await act(backend, lambda: backend.play(1, None))
        assert len(game.moves) < 300


@pytest.mark.gnugo
async def test_full_game_against_gnugo(gnugo_path: str, tmp_path: Path) -> None:
    model = ClientModel()
    backend = EngineBackend(
        model,
        gnugo_argv(gnugo_path, 7),
        LocalGameSettings(size=9, komi=6.5),
        save_path=tmp_path / "gnugo.sgf",
    )
    await backend.start()
    try:
        assert backend.engine_name.startswith("GNU Go")
        await play_out_against(backend, model, ["E5", "C4", "G4", "C6", "G6", "E3", "E7"])
        game = model.followed[1]
        assert game.phase is GamePhase.SCORING
        await act(backend, lambda: backend.done_scoring(1))
        assert game.phase is GamePhase.FINISHED
        check = game.score_check
        assert check is not None
        summary = next(line for line in chat_lines(model) if line.startswith("Our count"))
        assert "GNU Go" in summary and ("agree" in summary or "DIFFER" in summary)
        assert game.result == check.ours_result
        assert sgf_moves(tmp_path / "gnugo.sgf") == model_moves(game)
    finally:
        await backend.close()


@pytest.mark.gnugo
async def test_gnugo_fixed_handicap(gnugo_path: str, tmp_path: Path) -> None:
    model = ClientModel()
    settings = LocalGameSettings(size=9, handicap=2, komi=0.5)
    backend = EngineBackend(
        model, gnugo_argv(gnugo_path, 3), settings, save_path=tmp_path / "h.sgf"
    )
    await backend.start()
    try:
        await backend.idle()
        game = model.followed[1]
        stones = set(fixed_handicap_points(9, 2))
        assert stones <= set(game.board.stones())
        assert game.moves[1].color is Color.WHITE  # GNU Go answered the handicap
        record = sgf.Sgf_game.from_bytes((tmp_path / "h.sgf").read_bytes())
        assert record.get_root().get("HA") == 2
        assert record.get_root().get_setup_stones()[0] == {(p.row, p.col) for p in stones}
    finally:
        await backend.close()


async def test_the_panel_shows_the_engine_thinking_and_for_how_long(
    tmp_path: Path, manual_clock: ManualClock
) -> None:
    """While the engine thinks the model says since when, and the game panel counts the
    seconds (``GNU Go thinking… (N s)``), so a slow or stuck engine is visible; the line goes
    when the engine has moved."""
    manual_clock.now = 100.0
    model = ClientModel(clock=manual_clock)
    channel = GatedChannel(GtpEngine(seed=5))
    backend = EngineBackend(
        model, GtpController(channel), LocalGameSettings(size=9), save_path=tmp_path / "g.sgf"
    )
    await backend.start()
    try:
        game = model.followed[1]
        backend.play(1, E5)
        await wait_until(lambda: game.thinking is not None)
        assert game.thinking == (Color.WHITE, 100.0)
        info = GameInfo(manual_clock)
        info._game = game
        manual_clock.advance(12.4)
        lines = [line.plain for line in info.info_lines()]
        assert any(line.endswith("thinking… (12 s)") and game.white in line for line in lines)
        channel.release.set()
        await wait_until(lambda: game.thinking is None and game.last_number == 2)
        assert not any("thinking" in line.plain for line in info.info_lines())
    finally:
        await asyncio.wait_for(backend.close(), 10)
