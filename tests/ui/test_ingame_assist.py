"""Engine help in the game view with fake engines: estimate, dead-stone suggestion, accept."""

from __future__ import annotations

import asyncio

from igs_tui.go import Color, Point, parse_point
from igs_tui.model import ClientModel, FollowedGame, GamePhase, MoveRecord, Role
from igs_tui.model import changes as ch
from igs_tui.ui.game.game_assist import removals_to_send, suggestion_points
from tests.ui.fakes import RecordingBackend
from tests.ui.test_game_support import add_moves, new_model
from tests.ui.test_ingame_support import (
    AssistApp,
    FakeAssist,
    info_text,
    own_game,
    script,
    settle,
    view,
    wait_for,
)

# 5x5: a black wall on column C, a white wall on column D; black E3 and E4 (one chain) and
# black E1 inside white's area, white B5 inside black's.
SCORING_POINTS = ["C1", "D1", "C2", "D2", "C3", "D3", "C4", "D4", "C5", "D5", "E3", "B5", "E4"]
SCORING_POINTS += ["A1", "E1"]


def p5(text: str) -> Point:
    return parse_point(text, 5)


def scoring_game(model: ClientModel) -> FollowedGame:
    moves = [
        MoveRecord(i + 1, Color.BLACK if i % 2 == 0 else Color.WHITE, parse_point(t, 5))
        for i, t in enumerate(SCORING_POINTS)
    ]
    # the last two moves swap colours so that E1 is black and A1 white
    moves[-2] = MoveRecord(14, Color.WHITE, parse_point("A1", 5))
    moves[-1] = MoveRecord(15, Color.BLACK, parse_point("E1", 5))
    game = own_game(model, role=Role.PLAYING_WHITE, moves=moves, size=5, komi=0.5)
    model.apply(ch.PhaseChanged(game.number, GamePhase.SCORING))
    model.apply(ch.ObserversCounted(game.number, 0))
    return game


async def test_without_an_engine_ctrl_e_estimates_here_and_shades_the_board() -> None:
    """Issue 30: "ctrl+e on a board uses it when no engine is set": the engine-free estimate
    of the position shown, its territory and dead stones shaded until the position changes;
    the engine-only keys (dead-stone suggestion, accept) stay hidden."""
    model, _ = new_model()
    backend = RecordingBackend()
    app = AssistApp(model, backend, assist=None)
    async with app.run_test(size=(100, 30)) as pilot:
        model.follow(8, size=9, komi=0.5, white="a", black="b")
        await settle(pilot)
        add_moves(model, 8, script(9, "C3", "G7"))
        await settle(pilot)
        game_view = view(app, 8)
        assert game_view.check_action("estimate", ()) is True
        for action in ("suggest_dead", "accept_suggestion"):
            assert game_view.check_action(action, ()) is False
        await pilot.press("ctrl+e")
        await settle(pilot)
        # a symmetric position: equal territory, komi decides
        assert "Estimate at move 2 (no engine): " in info_text(app, 8)
        assert "(W+0.5)" in info_text(app, 8)
        overlay = game_view.board.picture.overlay
        assert overlay is not None
        assert parse_point("C4", 9) in overlay.black_territory
        assert parse_point("G6", 9) in overlay.white_territory
        add_moves(model, 8, script(9, "C3", "G7", "E5")[2:])  # the position changed:
        await settle(pilot)  # the shading goes
        assert game_view.board.picture.overlay is None
        await pilot.press("comma", "ctrl+e")  # the browsed position is estimated
        await settle(pilot)
        assert "Estimate at move 2 (no engine)" in info_text(app, 8)
        assert backend.calls == []  # nothing asked of the server


async def test_estimate_of_observed_game_and_of_the_browsed_position() -> None:
    model, _ = new_model()
    assist = FakeAssist(estimate_answer="W+3.5")
    app = AssistApp(model, RecordingBackend(), assist=assist)
    async with app.run_test(size=(100, 30)) as pilot:
        model.follow(8, size=9, white="a", black="b")
        await settle(pilot)
        add_moves(model, 8, script(9, "C3", "E5", "G7", "B2"))
        await settle(pilot)
        assert view(app, 8).check_action("estimate", ()) is True
        await pilot.press("ctrl+e")
        await wait_for(pilot, lambda: "FakeGo estimate at move 4: W+3.5" in info_text(app, 8))
        await pilot.press("comma", "comma", "ctrl+e")  # browse back two moves
        await wait_for(pilot, lambda: "estimate at move 2" in info_text(app, 8))
        assert assist.asked == [("estimate", 4), ("estimate", 2)]


async def test_slow_estimate_never_blocks_the_view() -> None:
    model, _ = new_model()
    assist = FakeAssist(gate=asyncio.Event())
    app = AssistApp(model, RecordingBackend(), assist=assist)
    async with app.run_test(size=(100, 30)) as pilot:
        own_game(model, moves=script(9, "C3", "E5"))
        await settle(pilot)
        await pilot.press("ctrl+e")
        await settle(pilot)
        assert "FakeGo: estimating…" in info_text(app, 21)
        game_view = view(app, 21)
        await pilot.press("ctrl+n", "comma")  # the view keeps answering keys meanwhile
        await settle(pilot)
        assert game_view.show_numbers and game_view.browse.index == 1
        assert assist.gate is not None
        assist.gate.set()
        await wait_for(pilot, lambda: "estimate at move 2: W+3.5" in info_text(app, 21))


async def test_failing_or_silent_engine_says_no_answer() -> None:
    model, _ = new_model()
    assist = FakeAssist(fail=True)
    app = AssistApp(model, RecordingBackend(), assist=assist)
    async with app.run_test(size=(100, 30)) as pilot:
        model.follow(8, size=9, white="a", black="b")
        await settle(pilot)
        await pilot.press("ctrl+e")
        await wait_for(pilot, lambda: "FakeGo: no answer" in info_text(app, 8))
        assist.fail, assist.estimate_answer = False, None  # timed out
        view(app, 8).show_message("")
        await pilot.press("ctrl+e")
        await wait_for(pilot, lambda: "FakeGo: no answer" in info_text(app, 8))
        assert len(assist.asked) == 2


async def test_dead_stone_suggestion_marked_then_accepted_once_per_chain() -> None:
    model, _ = new_model()
    backend = RecordingBackend()
    # E3 and E4 are one chain (both named), E1 another, B5 is already marked dead
    assist = FakeAssist(dead_answer=frozenset({p5("E3"), p5("E4"), p5("E1"), p5("B5")}))
    app = AssistApp(model, backend, assist=assist)
    async with app.run_test(size=(100, 30)) as pilot:
        game = scoring_game(model)
        model.apply(ch.DeadStonesMarked(game.number, (p5("B5"),)))
        model.apply(ch.ObserversCounted(21, 0))
        await settle(pilot)
        game_view = view(app, 21)
        assert game_view.check_action("suggest_dead", ()) is True
        assert game_view.check_action("estimate", ()) is False  # ctrl+e means "dead stones"
        assert game_view.check_action("accept_suggestion", ()) is False
        await pilot.press("ctrl+e")
        await wait_for(pilot, lambda: "suggests 2 dead chain(s)" in info_text(app, 21))
        assert assist.asked == [("dead", 15)]
        overlay = game_view.board.picture.overlay
        assert overlay is not None
        assert {p5("E1"), p5("E3"), p5("E4"), p5("B5")} <= overlay.dead
        assert "if the suggestion is accepted" in info_text(app, 21)
        assert backend.named("remove_dead") == []  # nothing sent before the player accepts
        await pilot.press("ctrl+y")
        await settle(pilot)
        assert backend.named("remove_dead") == [(21, p5("E1")), (21, p5("E3"))]
        assert game_view.suggestion is None
        await pilot.press("ctrl+y")  # a second press sends nothing more
        await settle(pilot)
        assert len(backend.named("remove_dead")) == 2


async def test_suggestion_failure_and_nothing_to_add() -> None:
    model, _ = new_model()
    backend = RecordingBackend()
    assist = FakeAssist(dead_answer=None)
    app = AssistApp(model, backend, assist=assist)
    async with app.run_test(size=(100, 30)) as pilot:
        game = scoring_game(model)
        await settle(pilot)
        await pilot.press("ctrl+e")
        await wait_for(pilot, lambda: "FakeGo: no answer" in info_text(app, 21))
        model.apply(ch.DeadStonesMarked(game.number, (p5("B5"),)))
        model.apply(ch.ObserversCounted(21, 0))
        assist.dead_answer = frozenset({p5("B5")})
        await pilot.press("ctrl+e")
        await wait_for(pilot, lambda: "no dead stones to add" in info_text(app, 21))
        assert view(app, 21).suggestion is None
        assert backend.named("remove_dead") == []


async def test_suggestion_dropped_when_scoring_ends() -> None:
    model, _ = new_model()
    assist = FakeAssist(dead_answer=frozenset({p5("E1")}))
    app = AssistApp(model, RecordingBackend(), assist=assist)
    async with app.run_test(size=(100, 30)) as pilot:
        game = scoring_game(model)
        await settle(pilot)
        await pilot.press("ctrl+e")
        await wait_for(pilot, lambda: view(app, 21).suggestion is not None)
        await pilot.press("ctrl+z")  # restore (undo) in scoring also drops the suggestion
        await settle(pilot)
        assert view(app, 21).suggestion is None
        await pilot.press("ctrl+e")
        await wait_for(pilot, lambda: view(app, 21).suggestion is not None)
        model.apply(
            ch.PhaseChanged(game.number, GamePhase.PLAYING)
        )  # the opponent played on: scoring is over
        model.apply(ch.ObserversCounted(21, 0))
        await settle(pilot)
        assert view(app, 21).suggestion is None


def test_removals_skip_marked_chains_and_points_off_the_board() -> None:
    model = ClientModel(clock=lambda: 0.0)
    game = scoring_game(model)
    off_board = Point(7, 0)
    stones = {p5("E3"), p5("E4"), p5("E1"), p5("B5"), off_board, p5("A3")}  # A3 is empty
    assert removals_to_send(game, stones) == [p5("B5"), p5("E1"), p5("E3")]
    model.apply(ch.DeadStonesMarked(game.number, (p5("E4"),)))
    assert removals_to_send(game, stones) == [p5("B5"), p5("E1")]
    marked = suggestion_points(game, {p5("E3")})
    assert marked == {p5("E3"), p5("E4")}
