"""Result screen, clocks, low-time bell, flag fall and the forfeit countdown, under Pilot."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from textual.app import ComposeResult
from textual.widgets import Static

from igs_tui.go import Color
from igs_tui.model import (
    ClientModel,
    ClockReading,
    GamePhase,
    LinkState,
    Role,
    ScoreCheck,
    ServerScore,
    TimeSettings,
    TimeSystem,
)
from igs_tui.model import changes as ch
from igs_tui.ui.game import game_view
from igs_tui.ui.game.game_alerts import (
    RequestPrompt,
    ResultPrompt,
    TimeAlarm,
    opponent_undo_request,
    time_level,
)
from igs_tui.ui.game.game_info import GameInfo
from igs_tui.ui.game.game_view import GameView
from igs_tui.ui.main.status_bar import StatusBar
from igs_tui.ui.play.play_result import ResultScreen
from tests.ui.fakes import RecordingBackend
from tests.ui.test_game_support import new_model
from tests.ui.test_ingame_support import (
    AssistApp,
    info_text,
    own_game,
    script,
    settle,
    view,
    wait_for,
)


def result_shown(app: AssistApp) -> str:
    """The result screen's text, or "" when it is not showing."""
    if not isinstance(app.screen, ResultScreen):
        return ""
    return str(app.screen.query_one("#result", Static).content)


def count_result_screens(app: AssistApp) -> int:
    return sum(isinstance(s, ResultScreen) for s in app.screen_stack)


async def test_observed_game_result_shown_once() -> None:
    model, _ = new_model()
    app = AssistApp(model, RecordingBackend())
    async with app.run_test(size=(100, 30)) as pilot:
        model.follow(44, white="[b]w", black="b")
        await settle(pilot)
        model.game_ended(44, "W+Resign")
        await settle(pilot)
        text = result_shown(app)
        assert "Result: W+Resign" in text
        assert "[b]w (W)" in text  # a name that looks like markup is shown as typed
        for _ in range(3):  # redraws (kibitzes, observer counts) do not open it again
            model.apply(ch.ObserversCounted(44, 0))
            await settle(pilot)
        assert count_result_screens(app) == 1
        await pilot.press("enter")
        await settle(pilot)
        model.apply(ch.ObserversCounted(44, 0))
        await settle(pilot)
        assert count_result_screens(app) == 0
        assert "Result: W+Resign" in info_text(app, 44)


async def test_no_result_popup_for_a_game_already_over_when_opened() -> None:
    model, _ = new_model()
    app = AssistApp(model, RecordingBackend())
    async with app.run_test(size=(100, 30)) as pilot:
        game = model.follow(45, white="w", black="b")
        game.phase, game.result = GamePhase.FINISHED, "B+3.5"
        await settle(pilot)
        assert count_result_screens(app) == 0


@pytest.mark.parametrize(
    ("ours", "expected"),
    [((5.0, 10.5, "W+5.5"), "Both counts agree"), ((12.0, 10.5, "B+1.5"), "DIFFER")],
)
async def test_scored_own_game_result_compares_counts(
    ours: tuple[float, float, str], expected: str
) -> None:
    model, _ = new_model()
    app = AssistApp(model, RecordingBackend())
    async with app.run_test(size=(100, 30)) as pilot:
        game = own_game(model, moves=script(9, "C3", "E5"))
        model.apply(ch.PhaseChanged(game.number, GamePhase.SCORING))
        model.apply(ch.ObserversCounted(21, 0))
        await settle(pilot)
        assert count_result_screens(app) == 0
        model.apply(ch.ScoreChecked(game.number, ScoreCheck(ServerScore(5.0, 10.5), *ours)))
        model.game_ended(21, "W+5.5")
        await settle(pilot)
        text = result_shown(app)
        assert "Server:    B 5  W 10.5  -> W+5.5" in text
        assert expected in text
        assert count_result_screens(app) == 1


async def test_scored_own_game_waits_for_the_count_then_shows_anyway(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # the grace timer is captured and fired by hand: a loaded machine cannot end it early
    timers: list[tuple[float, Callable[[], None]]] = []
    monkeypatch.setattr(
        GameView, "set_timer", lambda _self, delay, callback: timers.append((delay, callback))
    )
    model, _ = new_model()
    app = AssistApp(model, RecordingBackend())
    async with app.run_test(size=(100, 30)) as pilot:
        game = own_game(model, moves=script(9, "C3", "E5"))
        model.apply(ch.PhaseChanged(game.number, GamePhase.SCORING))
        model.apply(ch.ObserversCounted(21, 0))
        await settle(pilot)
        model.game_ended(21, "W+5.5")  # the end line without a count line
        await settle(pilot)
        model.apply(ch.ObserversCounted(21, 0))  # more redraws while waiting start no second timer
        await settle(pilot)
        assert count_result_screens(app) == 0
        assert [delay for delay, _ in timers] == [game_view.RESULT_GRACE_SECONDS]
        timers[0][1]()  # the grace period is over
        await settle(pilot)
        assert "Result: W+5.5" in result_shown(app)
        timers[0][1]()  # a second expiry shows nothing more
        model.apply(ch.ObserversCounted(21, 0))
        await settle(pilot)
        assert count_result_screens(app) == 1


async def test_time_loss_result_and_flag_fall_shown() -> None:
    model, clock = new_model()
    app = AssistApp(model, RecordingBackend())
    async with app.run_test(size=(100, 30)) as pilot:
        game = own_game(model, moves=script(9, "C3"), role=Role.PLAYING_WHITE)
        model.apply(ch.TimeSystemSet(game.number, TimeSettings(TimeSystem.ABSOLUTE, 60)))
        model.apply(ch.ClockSet(game.number, Color.WHITE, ClockReading(20.0), running=True))
        model.apply(ch.ObserversCounted(21, 0))
        await settle(pilot)
        info = view(app, 21).query_one(GameInfo)
        clock.now += 21
        info.tick()
        assert "0:00  time is up" in info.render_info().plain
        assert "time is up" not in info.clock_text(Color.BLACK).plain
        model.game_ended(21, "B+Time")
        await settle(pilot)
        assert "Result: B+Time" in result_shown(app)
        assert "time is up" not in info.render_info().plain  # over: the server decided


async def test_clocks_count_down_in_byoyomi_periods_and_canadian_stones() -> None:
    model, clock = new_model()
    app = AssistApp(model, RecordingBackend())
    async with app.run_test(size=(100, 30)) as pilot:
        game = model.follow(3, white="w", black="b", size=9)
        model.apply(
            ch.TimeSystemSet(
                game.number, TimeSettings(TimeSystem.JAPANESE, 10, byo_seconds=30, periods=3)
            )
        )
        model.apply(ch.ClockSet(game.number, Color.BLACK, ClockReading(10.0), running=True))
        model.follow(4, white="x", black="y", size=9)
        canadian = model.followed[4]
        model.apply(
            ch.TimeSystemSet(
                canadian.number,
                TimeSettings(TimeSystem.CANADIAN, 0, byo_seconds=300, byo_stones=25),
            )
        )
        model.apply(
            ch.ClockSet(
                canadian.number,
                Color.WHITE,
                ClockReading(200.0, in_byoyomi=True, byo_stones=7),
                running=True,
            )
        )
        model.apply(ch.ObserversCounted(3, 0))
        model.apply(ch.ObserversCounted(4, 0))
        await settle(pilot)
        japanese_info = view(app, 3).query_one(GameInfo)
        canadian_info = view(app, 4).query_one(GameInfo)
        clock.now += 15  # main time gone, 5 s into the first of three periods
        assert japanese_info.clock_text(Color.BLACK).plain == "0:25 (3)"
        clock.now += 30  # one period used up
        assert japanese_info.clock_text(Color.BLACK).plain == "0:25 (2)"
        assert canadian_info.clock_text(Color.WHITE).plain == "2:35 / 7"
        # the server's next reading corrects the local count
        model.apply(
            ch.ClockSet(
                canadian.number, Color.WHITE, ClockReading(290.0, in_byoyomi=True, byo_stones=5)
            )
        )
        model.apply(ch.ObserversCounted(4, 0))
        await settle(pilot)
        assert "4:50 / 5" in info_text(app, 4)


async def test_low_time_bell_rings_once_per_threshold_crossing() -> None:
    model, clock = new_model()
    app = AssistApp(model, RecordingBackend())
    async with app.run_test(size=(100, 30)) as pilot:
        game = own_game(model, moves=script(9, "C3", "E5"))  # Black (us) to move
        model.apply(
            ch.TimeSystemSet(
                game.number, TimeSettings(TimeSystem.JAPANESE, 90, byo_seconds=30, periods=2)
            )
        )
        model.apply(ch.ClockSet(game.number, Color.BLACK, ClockReading(90.0), running=True))
        model.apply(
            ch.ClockSet(game.number, Color.WHITE, ClockReading(5.0))
        )  # opponent low: no bell
        model.apply(ch.ObserversCounted(21, 0))
        await settle(pilot)
        info = view(app, 21).query_one(GameInfo)
        assert app.bells == 0
        rings = []
        for _ in range(150):  # a tick a second for 150 s
            clock.now += 1
            info.tick()
            rings.append(app.bells)
        # 60 s left (t=30), 15 s left (t=75), new period 30 s: 15 s left (t=105), second
        # period 15 s left (t=135)
        assert app.bells == 4
        assert [rings.index(n) + 1 for n in (1, 2, 3, 4)] == [30, 75, 105, 135]


async def test_forfeit_countdown_ticks_in_own_game_and_status_bar() -> None:
    model, clock = new_model()
    app = BarApp(model)
    async with app.run_test(size=(100, 30)) as pilot:
        own_game(model, moves=script(9, "C3"))
        model.follow(8, white="a", black="b", size=9)
        await settle(pilot)
        model.set_connection(
            state=LinkState.RECONNECTING, forfeit_deadline=clock.now + 90, lag_ms=320.0
        )
        await settle(pilot)
        bar = app.query_one("#status-text", Static)
        assert "reload your game within 1:30" in info_text(app, 21)
        assert "reload your game within" not in info_text(app, 8)
        assert "within 1:30" in str(bar.content)
        clock.now += 1.0
        # both tick on their own once a second (real timers): wait for the next ticks
        await wait_for(pilot, lambda: "within 1:29" in info_text(app, 21))
        await wait_for(pilot, lambda: "within 1:29" in str(bar.content))
        assert "lag 320 ms" in str(bar.content)
        clock.now += 100
        view(app, 21).query_one(GameInfo).tick()
        assert "deadline has passed" in info_text(app, 21)
        model.set_connection(state=LinkState.CONNECTED, forfeit_deadline=None)
        await settle(pilot)
        assert "Connection lost" not in info_text(app, 21)
        assert "reload" not in str(bar.content)


class BarApp(AssistApp):
    """The games panel with the status bar under it, as on the main screen."""

    def __init__(self, model: ClientModel) -> None:
        super().__init__(model, RecordingBackend())

    def compose(self) -> ComposeResult:
        yield from super().compose()
        yield StatusBar(self.model)


def test_time_alarm_and_levels() -> None:
    alarm = TimeAlarm()
    assert [alarm.update(level) for level in (0, 1, 1, 2, 2, 0, 2, 1, 2)] == [
        False,
        True,
        False,
        True,
        False,
        False,
        True,
        False,
        True,
    ]
    assert time_level(ClockReading(0.0, unlimited=True)) == 0
    assert time_level(ClockReading(61.0)) == 0
    assert time_level(ClockReading(60.0)) == 1
    assert time_level(ClockReading(200.0, in_byoyomi=True, byo_seconds=14.0, periods=2)) == 2


def test_prompts_remember_what_they_asked() -> None:
    model = ClientModel(clock=lambda: 0.0)
    game = own_game(model, moves=script(9, "C3"))
    undo = RequestPrompt(opponent_undo_request)
    assert not undo.update(game)
    model.apply(ch.UndoAsked(game.number, "OPP"))
    assert undo.update(game) and not undo.update(game)
    model.apply(ch.PhaseChanged(game.number, GamePhase.SCORING))
    assert not undo.update(game)  # no undo answers outside play
    result = ResultPrompt()
    assert not result.update(game) and result.scored
    model.apply(ch.PhaseChanged(game.number, GamePhase.FINISHED))
    model.apply(ch.GameEnded(game.number, "W+R"))
    assert not result.update(game) and result.waiting(game)
    assert result.give_up_waiting() and not result.give_up_waiting()
    assert not result.update(game)
