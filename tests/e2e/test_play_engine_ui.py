"""``igs-tui play`` end to end: a whole 9x9 game against GNU Go played with keys on the board.

The app is the one the command runs (PlayApp over an EngineBackend with a real GNU Go
process): typed coordinates and Enter for moves, ctrl+g twice to pass, a typed coordinate to
toggle a chain in scoring, ctrl+d to count. The result screen must show both counts, and the
SGF on disk must hold exactly the model's moves.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path

import pytest
from sgfmill import sgf
from textual.pilot import Pilot
from textual.widgets import Static

from igs_tui.apps.play.app import PlayApp
from igs_tui.backends.engine.backend import EngineBackend, LocalGameSettings
from igs_tui.go import Color, format_point, parse_point
from igs_tui.gtp.channel import InProcessChannel, SubprocessChannel
from igs_tui.gtp.controller import GtpController
from igs_tui.gtp.engine import GtpEngine
from igs_tui.model import ClientModel, FollowedGame, GamePhase
from igs_tui.ui.board.board_widget import BoardWidget
from igs_tui.ui.game.game_panel import GamesPanel
from igs_tui.ui.main.main_screen import MainScreen
from igs_tui.ui.main.notifier import Notifier
from igs_tui.ui.play.play_result import ResultScreen
from tests.gtp.conftest import (
    builtin_engine_argv,
    find_gnugo,
    gnugo_argv,
    require_gnugo,
    subprocess_env,
)

OUR_MOVES = ["E5", "C4", "G4", "C6", "G6", "E3", "E7", "D5", "F5", "C3", "G3", "C7", "G7"]


async def wait_until(
    pilot: Pilot[None], condition: Callable[[], bool], timeout: float = 30.0
) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not condition():
        assert loop.time() < deadline, "condition not met in time"
        await pilot.pause(0.02)


@asynccontextmanager
async def builtin_engine_game(
    tmp_path: Path,
) -> AsyncIterator[tuple[PlayApp, ClientModel, EngineBackend]]:
    """``igs-tui play`` against the built-in engine (in process, seed 9) on 9x9, its record
    in ``tmp_path``: the app, its model and the backend, closed after the block."""
    model = ClientModel()
    controller = GtpController(InProcessChannel(GtpEngine(seed=9)))
    backend = EngineBackend(
        model, controller, LocalGameSettings(size=9), save_path=tmp_path / "b.sgf"
    )
    await backend.start()
    try:
        yield PlayApp(model, backend), model, backend
    finally:
        await backend.close()


def sgf_moves(path: Path) -> list[tuple[str, tuple[int, int] | None]]:
    """The moves of the record (a scored game ends with a node of territory, no move)."""
    record = sgf.Sgf_game.from_bytes(path.read_bytes())
    nodes = record.get_main_sequence()[1:]
    return [n.get_move() for n in nodes if n.get_move()[0] is not None]


def model_moves(game: FollowedGame) -> list[tuple[str, tuple[int, int] | None]]:
    return [
        (m.color.value.lower(), None if m.point is None else (m.point.row, m.point.col))
        for m in game.moves
        if not m.handicap
    ]


async def board_is_focused(app: PlayApp, pilot: Pilot[None]) -> BoardWidget:
    """The app opens on the board pane with the game's board focused (no key needed)."""
    await wait_until(pilot, lambda: isinstance(app.focused, BoardWidget))
    main = app.main_screen
    assert isinstance(main, MainScreen) and main.active == "board"
    panel = main.query_one(GamesPanel)
    assert panel.game_numbers == [1]
    board = app.focused
    assert isinstance(board, BoardWidget)
    return board


async def result_screen_text(app: PlayApp, pilot: Pilot[None]) -> str:
    """The text of the result screen, once it is up and composed."""
    await wait_until(
        pilot,
        lambda: isinstance(app.screen, ResultScreen) and bool(app.screen.query("#result")),
        timeout=10,
    )
    return str(app.screen.query_one("#result", Static).render())


async def type_move(pilot: Pilot[None], text: str) -> None:
    await pilot.press(*text.lower(), "enter")


@pytest.mark.gnugo
async def test_whole_game_against_gnugo_with_keys(tmp_path: Path) -> None:
    gnugo = require_gnugo(find_gnugo(), os.environ)
    model = ClientModel()
    save = tmp_path / "vs-gnugo.sgf"
    backend = EngineBackend(
        model, gnugo_argv(gnugo, 11), LocalGameSettings(size=9, komi=6.5), save_path=save
    )
    await backend.start()
    app = PlayApp(model, backend)
    try:
        async with app.run_test(size=(110, 40)) as pilot:
            await board_is_focused(app, pilot)
            game = model.followed[1]
            for text in OUR_MOVES:
                point = parse_point(text, 9)
                if game.phase is not GamePhase.PLAYING:
                    break
                if not game.board.check(point, Color.BLACK, enforce_turn=True).legal:
                    continue
                before = len(game.moves)
                await type_move(pilot, text)
                await wait_until(
                    pilot,
                    lambda: len(game.moves) >= before + 2 or game.phase is not GamePhase.PLAYING,  # noqa: B023 (awaited at once)
                )
                assert game.moves[before].point == point
            while game.phase is GamePhase.PLAYING:
                before = len(game.moves)
                await pilot.press("ctrl+g", "ctrl+g")
                await wait_until(
                    pilot,
                    lambda: len(game.moves) >= before + 2 or game.phase is not GamePhase.PLAYING,  # noqa: B023 (awaited at once)
                )
                assert len(game.moves) < 200
            assert game.phase is GamePhase.SCORING
            await wait_until(pilot, lambda: any("Play has ended" in m for m in chat(model)))
            # a typed coordinate toggles a chain: one the engine marked dead comes back to
            # life, then is marked dead again (or, with no marks, one is marked and unmarked)
            engine_marks = set(game.dead)
            stone = min(engine_marks) if engine_marks else min(game.board.stones())
            chain = game.board.chain(stone)
            await type_move(pilot, format_point(stone, 9))
            await wait_until(pilot, lambda: (stone in game.dead) != (stone in engine_marks))
            assert chain <= game.dead or not chain & game.dead
            await type_move(pilot, format_point(stone, 9))
            await wait_until(pilot, lambda: game.dead == engine_marks)
            await pilot.press("ctrl+d")
            await wait_until(pilot, lambda: game.phase is GamePhase.FINISHED)
            check = game.score_check
            assert check is not None and game.result == check.ours_result
            text = await result_screen_text(app, pilot)
            assert game.result in text
            assert f"B {check.ours_black:g}" in text and f"W {check.ours_white:g}" in text
            assert ("Both counts agree" in text) == check.agrees
            assert any("Saved to" in m and str(save) in m for m in chat(model))
    finally:
        await backend.close()
    assert sgf_moves(save) == model_moves(game)
    record = sgf.Sgf_game.from_bytes(save.read_bytes())
    assert record.get_root().get("RE") == game.result
    assert record.get_root().get("PW").startswith("GNU Go")


def chat(model: ClientModel) -> list[str]:
    return [m.text for buf in model.buffers.values() for m in buf.messages]


async def test_board_opens_focused_and_keys_play_against_the_builtin_engine(
    tmp_path: Path,
) -> None:
    """Always runs (no GNU Go): the first screen is the board; a typed move gets a reply; an
    occupied point is refused on the board and never sent; ctrl+z takes back our move and
    the reply; ctrl+x (confirmed) resigns."""
    async with (
        builtin_engine_game(tmp_path) as (app, model, backend),
        app.run_test(size=(90, 30)) as pilot,
    ):
        await board_is_focused(app, pilot)
        assert app.assist is not None and app.assist.name == backend.engine_name
        game = model.followed[1]
        await type_move(pilot, "E5")
        await wait_until(pilot, lambda: len(game.moves) == 2)
        reply = game.moves[1].point
        assert reply is not None
        await type_move(pilot, format_point(reply, 9))
        await pilot.pause()
        await backend.idle()
        assert len(game.moves) == 2  # refused by the board before the backend
        await pilot.press("ctrl+z")  # undo: our move and the engine's reply
        await pilot.pause()
        if not isinstance(app.screen, MainScreen):  # in case undo asks first
            await pilot.press("y")
        await wait_until(pilot, lambda: game.moves == [], timeout=10)
        assert game.board.stones() == {}
        await type_move(pilot, "D4")
        await wait_until(pilot, lambda: len(game.moves) == 2)
        await pilot.press("ctrl+x")
        await pilot.pause()
        if not isinstance(app.screen, MainScreen):  # a confirmation dialog
            await pilot.press("y")
        else:
            await pilot.press("ctrl+x")
        await wait_until(pilot, lambda: game.phase is GamePhase.FINISHED, timeout=10)
        assert game.result == "W+R"


async def test_engine_crash_is_shown_and_the_game_kept(tmp_path: Path) -> None:
    """A killed engine: a clear message pops up at once, the status bar says failed, the
    board keeps every stone and the record on disk holds the same moves."""
    model = ClientModel()
    save = tmp_path / "crash.sgf"
    backend = EngineBackend(
        model,
        builtin_engine_argv("--seed", "2"),
        LocalGameSettings(size=9),
        save_path=save,
        env=subprocess_env(),
        command_timeout=10,
        move_timeout=10,
    )
    await backend.start()
    app = PlayApp(model, backend)
    try:
        async with app.run_test(size=(90, 30)) as pilot:
            await board_is_focused(app, pilot)
            game = model.followed[1]
            await type_move(pilot, "E5")
            await wait_until(pilot, lambda: len(game.moves) == 2)
            assert backend.controller is not None
            channel = backend.controller.channel
            assert isinstance(channel, SubprocessChannel)
            main = app.screen
            channel.kill()  # while it is our turn: reported at once, no key needed
            notifier = main.query_one(Notifier)
            await wait_until(
                pilot, lambda: any("stopped working" in n.text for n in notifier.shown)
            )
            assert "failed" in str(main.query_one("#status-text", Static).render())
            # the game cannot go on: its end screen says why, and closes with Enter
            assert "unfinished" in await result_screen_text(app, pilot)
            await pilot.press("enter")
            await wait_until(pilot, lambda: app.screen is main)
            view = main.query_one(GamesPanel).view(1)
            await wait_until(pilot, lambda: dict(view.board.picture.stones) == game.board.stones())
            assert len(game.moves) == 2 and game.phase is GamePhase.FINISHED
            await type_move(pilot, "C3")  # the game is over: refused on the board
            await pilot.pause()
            assert len(game.moves) == 2
    finally:
        await backend.close()
    assert sgf_moves(save) == model_moves(game)
