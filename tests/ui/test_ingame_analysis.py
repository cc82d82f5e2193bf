"""Live analysis on a board: alt+a, candidate letters, the panel's lines, browsing, the review.

The engine is the built-in one in this process (GNU Go's one-shot commands: one candidate and
an estimate), or a scripted fake that answers each position only when the test says so, to
show that an answer for a position the user has left never reaches the screen.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from igs_tui.backends.engine.analysis import GtpAnalysis
from igs_tui.go import Color, Point, parse_point
from igs_tui.gtp.channel import InProcessChannel
from igs_tui.gtp.controller import GtpController
from igs_tui.gtp.engine import GtpEngine
from igs_tui.model import ClientModel, GamePhase, Role
from igs_tui.model import changes as ch
from igs_tui.model.analysis import (
    AnalysisPosition,
    Candidate,
    EngineAnalysis,
    PositionAnalysis,
)
from igs_tui.ui.board.board_render import render_board_lines
from igs_tui.ui.game.game_panel import GamesPanel
from igs_tui.ui.main.commands import IgsCommands
from igs_tui.ui.review.review_app import ReviewApp
from igs_tui.ui.review.review_open import load_record
from igs_tui.ui.review.review_screen import ReviewScreen
from tests.gtp.conftest import find_gnugo, gnugo_argv, require_gnugo
from tests.ui.fakes import RecordingBackend
from tests.ui.shell_helpers import main_screen, make_app
from tests.ui.test_game_support import add_moves, new_model
from tests.ui.test_ingame_support import AssistApp, info_text, own_game, script, settle, view
from tests.ui.test_ingame_support import wait_for as wait_until
from tests.ui.test_review import write_record


class AnalysisApp(AssistApp):
    def __init__(self, model: ClientModel, analysis: EngineAnalysis | None) -> None:
        super().__init__(model, RecordingBackend())
        self.analysis = analysis


def builtin_analysis() -> GtpAnalysis:
    async def start() -> GtpController:
        return GtpController(InProcessChannel(GtpEngine(seed=1)))

    return GtpAnalysis(name="built-in", starter=start)


@dataclass
class FakeAnalysis:
    """Answers a position with one candidate, the first empty point of column A from the
    top, when ``release`` is set for its move count (``None``: at once)."""

    release: dict[int, asyncio.Event] | None = None
    asked: list[int] = field(default_factory=list)
    filled: list[int] = field(default_factory=list)
    closed: bool = False

    @property
    def name(self) -> str:
        return "FakeGo"

    async def analyse(
        self, position: AnalysisPosition, *, estimate_only: bool = False
    ) -> AsyncIterator[PositionAnalysis]:
        count = len(position.moves)
        if estimate_only:  # the graph's filling: a score, at once
            self.filled.append(count)
            yield PositionAnalysis(score_lead=float(count), final=True)
            return
        self.asked.append(count)
        if self.release is not None and count in self.release:
            await self.release[count].wait()
        yield PositionAnalysis(
            (Candidate(Point(0, 8 - count), winrate=0.5 + count / 100, score_lead=count),),
            winrate=0.5 + count / 100,
            score_lead=float(count),
            final=True,
            method="fake",
        )

    async def close(self) -> None:
        self.closed = True


async def test_alt_a_shows_the_builtin_engines_candidate_and_estimate() -> None:
    model, _ = new_model()
    app = AnalysisApp(model, builtin_analysis())
    async with app.run_test(size=(110, 32)) as pilot:
        model.follow(8, size=9, white="a", black="b")
        add_moves(model, 8, script(9, "C3", "E5", "G7", "B2"))
        await settle(pilot)
        game_view = view(app, 8)
        assert game_view.check_action("toggle_analysis", ()) is True
        await pilot.press("alt+a")
        await wait_until(
            pilot, lambda: "value 1" in info_text(app, 8) and "…" not in info_text(app, 8)
        )
        latest = game_view.analysis.latest
        assert latest is not None and latest.final and latest.score_lead == 0.0  # 2 v 2, komi 0
        labels = game_view.board.picture.labels
        assert list(labels.values()) == ["A"]
        (point,) = labels
        assert point not in game_view.game.board.stones()  # type: ignore[union-attr]
        text = info_text(app, 8)
        assert "Analysis (built-in): even" in text and "A A4 value 1" in text
        # the letter is drawn on the board, in ASCII mode too
        game_view.board.ascii_only = True
        picture, layout = game_view.board.picture, game_view.board.board_layout
        row = render_board_lines(picture, layout, ascii_only=True)[layout.line_y(point.row)]
        assert "A" in "".join(segment.text for segment in row)
        await pilot.press("alt+a")
        await settle(pilot)
        assert game_view.board.picture.labels == {}
        assert "Analysis (" not in info_text(app, 8)
        assert app.analysis is not None
        await app.analysis.close()


async def test_browsing_asks_again_and_a_stale_answer_is_dropped() -> None:
    model, _ = new_model()
    held = asyncio.Event()
    fake = FakeAnalysis(release={4: held})
    app = AnalysisApp(model, fake)
    async with app.run_test(size=(110, 32)) as pilot:
        model.follow(8, size=9, white="a", black="b")
        add_moves(model, 8, script(9, "C3", "E5", "G7", "B2"))
        await settle(pilot)
        game_view = view(app, 8)
        await pilot.press("alt+a")
        await wait_until(pilot, lambda: fake.asked == [4])
        assert "thinking" in info_text(app, 8)
        await pilot.press("comma")  # back to move 3: the question about move 4 is stale
        await wait_until(pilot, lambda: game_view.board.picture.labels == {Point(0, 5): "A"})
        held.set()
        await settle(pilot)
        assert game_view.board.picture.labels == {Point(0, 5): "A"}
        assert fake.asked == [4, 3]
        assert "B+3.0" in info_text(app, 8)
        # the engine is idle: the graph is filled with the other positions, nearest first
        # (the answer about move 4 came too late to count)
        await wait_until(pilot, lambda: fake.filled == [2, 1, 0, 4])
        await wait_until(pilot, lambda: graph_of(info_text(app, 8)) == "▅▅▆▇█")  # B+0 .. B+4
        # a new move while following the live game: asked again
        await pilot.press("end")
        await wait_until(pilot, lambda: game_view.board.picture.labels == {Point(0, 4): "A"})
        add_moves(model, 8, [*script(9, "C3", "E5", "G7", "B2", "H2")][4:])
        await wait_until(pilot, lambda: fake.asked[-1] == 5)
        await wait_until(pilot, lambda: "B+5.0" in info_text(app, 8))
        assert fake.asked == [4, 3, 4, 5] and fake.filled == [2, 1, 0, 4]
        assert len(graph_of(info_text(app, 8))) == 6 and "·" not in graph_of(info_text(app, 8))


def graph_of(text: str) -> str:
    """The sparkline of the panel's text."""
    return text.split("Black's lead by move:\n")[1].split("\n")[0]


async def test_no_analysis_of_a_game_being_played() -> None:
    model, _ = new_model()
    fake = FakeAnalysis()
    app = AnalysisApp(model, fake)
    async with app.run_test(size=(110, 32)) as pilot:
        own_game(model, role=Role.PLAYING_BLACK, moves=script(9, "C3", "E5"))
        await settle(pilot)
        game_view = view(app, 21)
        assert game_view.check_action("toggle_analysis", ()) is False
        game_view.action_toggle_analysis()
        await settle(pilot)
        assert fake.asked == [] and game_view.board.picture.labels == {}
        assert "No analysis of a game you are playing" in info_text(app, 21)
        model.apply(ch.PhaseChanged(21, GamePhase.FINISHED))
        await settle(pilot)
        assert game_view.check_action("toggle_analysis", ()) is True  # over: now it may
        await pilot.press("alt+a")
        await wait_until(pilot, lambda: game_view.board.picture.labels == {Point(0, 6): "A"})


async def test_without_an_engine_the_key_is_not_offered() -> None:
    model, _ = new_model()
    app = AnalysisApp(model, None)
    async with app.run_test(size=(110, 32)) as pilot:
        model.follow(8, size=9)
        await settle(pilot)
        assert view(app, 8).check_action("toggle_analysis", ()) is False


async def test_review_analysis_follows_the_cursor(tmp_path: Path) -> None:
    loaded = load_record(str(write_record(tmp_path)))
    assert not isinstance(loaded, str)
    fake = FakeAnalysis()
    app = ReviewApp(loaded[1], loaded[0], analysis=fake)
    async with app.run_test(size=(110, 32)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        await pilot.press("right", "right", "alt+a")
        await wait_until(pilot, lambda: screen.board.picture.labels == {Point(0, 6): "A"})
        text = str(screen.query_one("#review-analysis").content)  # type: ignore[attr-defined]
        assert "Analysis (FakeGo): Black 52.0%, B+2.0" in text
        # the engine is idle: the line's other positions are estimated for the graph
        await wait_until(pilot, lambda: len(fake.filled) == 5)
        assert fake.filled == [1, 0, 3, 4, 5]
        await pilot.press("right")
        await wait_until(pilot, lambda: screen.board.picture.labels == {Point(0, 5): "A"})
        assert fake.asked == [2, 3]
        text = str(screen.query_one("#review-analysis").content)  # type: ignore[attr-defined]
        assert "Black's lead by move:\n▅▅▆▇▇█" in text
        position = screen.analysis.position
        assert position is not None and position.to_move is Color.WHITE
        assert position.moves[0] == (Color.BLACK, parse_point("E5", 9))
    assert fake.closed


async def test_gnugo_candidates_on_an_observed_board() -> None:
    gnugo = require_gnugo(find_gnugo(), os.environ)
    model, _ = new_model()
    engine = GtpAnalysis(gnugo_argv(gnugo, 1), name="gnugo", timeout=20)
    app = AnalysisApp(model, engine)
    async with app.run_test(size=(110, 32)) as pilot:
        model.follow(8, size=9, white="a", black="b")
        add_moves(model, 8, script(9, "C3", "E5", "G7"))
        await settle(pilot)
        game_view = view(app, 8)
        await pilot.press("alt+a")
        await wait_until(
            pilot, lambda: game_view.analysis.latest is not None and game_view.analysis.latest.final
        )
        labels = game_view.board.picture.labels
        assert "A" in labels.values()
        assert not set(labels) & set(game_view.game.board.stones())  # type: ignore[union-attr]
        text = info_text(app, 8)
        assert "Analysis (gnugo): " in text and ("B+" in text or "W+" in text or "even" in text)
        assert "value" in text
        await engine.close()


async def test_palette_entry_toggles_analysis_on_the_game_shown() -> None:
    model, _ = new_model()
    fake = FakeAnalysis()
    app, _backend = make_app(model, analysis=fake)
    async with app.run_test(size=(130, 40)) as pilot:
        await settle(pilot)
        app.toggle_analysis()  # no game yet: said, nothing asked
        await settle(pilot)
        assert fake.asked == []
        model.follow(8, size=9, white="a", black="b")
        add_moves(model, 8, script(9, "C3", "E5"))
        main_screen(app).action_show_pane("board")
        await settle(pilot)
        provider = IgsCommands.__new__(IgsCommands)
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(IgsCommands, "actions", property(lambda _self: app))
            entries = {text: command for text, command, _help in provider._fixed()}
        entries["Analysis on/off"]()
        panel = main_screen(app).query_one(GamesPanel)
        await wait_until(pilot, lambda: panel.view(8).board.picture.labels == {Point(0, 6): "A"})
        assert fake.asked == [2]
    assert fake.closed  # the app closes the engine as it ends


async def test_alt_a_from_a_terminal_is_not_typed_as_a_coordinate() -> None:
    """A terminal sends alt+a as ESC a: Textual names the key alt+a but keeps the character
    "a", which the board took as the start of a coordinate ("go to: a_"), so no alt key
    worked on a board in tmux."""
    from textual import events

    model, _ = new_model()
    app = AnalysisApp(model, FakeAnalysis())
    async with app.run_test(size=(110, 32)) as pilot:
        model.follow(8, size=9, white="a", black="b")
        add_moves(model, 8, script(9, "C3", "E5"))
        await settle(pilot)
        game_view = view(app, 8)
        game_view.board.focus()
        await settle(pilot)
        app.post_message(events.Key("alt+a", "a"))  # as the terminal driver makes it
        await settle(pilot)
        assert game_view.analysis.on
        assert "go to" not in str(game_view.board.render_line(game_view.board.size.height - 1))
        assert app.analysis is not None
        await app.analysis.close()
