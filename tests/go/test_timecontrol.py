"""Time control (igs_tui.go.timecontrol): GTP v2 §4.2 clocks, IGS nmatch systems, one classifier."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from igs_tui.backends.igs.session.followups import nmatch_command
from igs_tui.go.timecontrol import ClockReading, PlayerClock, TimeSettings, TimeSystem
from igs_tui.localserver.timecontrol import TimeControl
from igs_tui.model.terms import MatchTerms


def test_main_time_then_byo_yomi_periods() -> None:
    clock = PlayerClock(TimeSettings.from_gtp(60, 30, 2))
    clock.spend(50)
    # "While the main time is counting, the number of remaining stones is given as 0."
    assert clock.time_left() == (10, 0)
    # "When it is up, the clock is reset to b and the engine has to play s stones before
    # this time is up." 15 s: 10 s of main time, 5 s of the period, one stone played.
    clock.spend(15)
    assert clock.in_byoyomi and clock.time_left() == (25, 1)
    # "When s stones have been played, the clock is reset to b, regardless of remaining time."
    clock.spend(20)
    assert clock.time_left() == (30, 2)
    assert not clock.flagged


def test_overrunning_a_period_flags() -> None:
    clock = PlayerClock(TimeSettings.from_gtp(0, 10, 5))
    # "Setting m = 0 means that the engine immediately starts in byo yomi."
    assert clock.time_left() == (10, 5)
    clock.spend(4)
    clock.spend(7)
    assert clock.flagged


def test_absolute_time() -> None:
    # "Setting b = 0 means that if the main time is up before the game is over, the engine
    # loses on time."
    clock = PlayerClock(TimeSettings.from_gtp(30))
    clock.spend(29.5)
    assert not clock.flagged
    clock.spend(1)
    assert clock.flagged


def test_no_time_limit() -> None:
    # "Setting b > 0 and s = 0 means no time limits."
    settings = TimeSettings.from_gtp(0, 1, 0)
    assert settings.unlimited
    clock = PlayerClock(settings)
    clock.spend(10_000)
    assert not clock.flagged


def test_negative_settings_rejected() -> None:
    with pytest.raises(ValueError):
        TimeSettings.from_gtp(-1)


# --- one classifier ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("numbers", "system"),
    [
        ({"main_seconds": 0}, TimeSystem.NONE),
        ({"main_seconds": 600}, TimeSystem.ABSOLUTE),
        ({"main_seconds": 600, "byo_seconds": 300, "byo_stones": 25}, TimeSystem.CANADIAN),
        ({"main_seconds": 600, "byo_seconds": 300}, TimeSystem.ABSOLUTE),  # no stones to play
        ({"main_seconds": 0, "byo_seconds": 30, "periods": 5}, TimeSystem.JAPANESE),
        ({"main_seconds": 60, "delay_seconds": 10}, TimeSystem.BRONSTEIN),
        (
            {"main_seconds": 60, "byo_seconds": 30, "byo_stones": 5, "periods": 3},
            TimeSystem.JAPANESE,
        ),
    ],
)
def test_classify_is_the_one_place_that_names_the_system(
    numbers: dict[str, int], system: TimeSystem
) -> None:
    settings = TimeSettings.classify(**numbers)
    assert settings.system is system
    if system is not TimeSystem.CANADIAN:
        assert settings.byo_stones == 0  # fields of other systems are not kept


def test_every_source_of_settings_agrees() -> None:
    """A match request, an nmatch on the local server and a GTP clock name the same system."""
    japanese = MatchTerms("bob", byo_seconds=30, byo_stones=0, byo_periods=5).time_settings()
    assert japanese == TimeSettings(TimeSystem.JAPANESE, 600, byo_seconds=30, periods=5)
    # IGS advanced Japanese: byotime is the per-move grace, koryo the periods
    server = TimeControl(600, 5, 1, 5, 30).settings
    assert (server.system, server.periods, server.byo_seconds, server.grace_seconds) == (
        TimeSystem.JAPANESE,
        5,
        30,
        5,
    )
    canadian = MatchTerms("bob").time_settings()
    assert canadian == TimeControl(600, 300, 25).settings == TimeSettings.from_gtp(600, 300, 25)
    # the dialog leaves byo-yomi defaults in place when Bronstein is chosen: the delay wins
    bronstein = MatchTerms("bob", bronstein_seconds=10).time_settings()
    assert bronstein.system is TimeSystem.BRONSTEIN and bronstein.delay_seconds == 10
    assert canadian.gtp_arguments() == (600, 300, 25)
    assert TimeSettings(TimeSystem.NONE).gtp_arguments() == (0, 1, 0)  # §4.2: no limit
    assert canadian.describe() == "10 min + 5 min / 25 stones"
    assert japanese.sgf_overtime == "5x30 byo-yomi"


# --- clock arithmetic, for every system ---------------------------------------------------------

SETTINGS = st.one_of(
    st.builds(lambda m: TimeSettings.classify(m), st.integers(0, 900)),
    st.builds(
        lambda m, b, s: TimeSettings.classify(m, byo_seconds=b, byo_stones=s),
        st.integers(0, 900),
        st.integers(1, 300),
        st.integers(1, 25),
    ),
    st.builds(
        lambda m, b, p, g: TimeSettings.classify(m, byo_seconds=b, periods=p, grace_seconds=g),
        st.integers(0, 900),
        st.integers(1, 60),
        st.integers(1, 10),
        st.one_of(st.none(), st.integers(0, 30)),  # plain Japanese, or IGS koryo with a grace
    ),
    st.builds(
        lambda m, d: TimeSettings.classify(m, delay_seconds=d),
        st.integers(0, 900),
        st.integers(1, 30),
    ),
)
SPENDS = st.lists(st.floats(0, 400, allow_nan=False), max_size=30)


@given(SETTINGS, SPENDS)
def test_clocks_never_go_negative_and_stay_flagged(
    settings: TimeSettings, spends: list[float]
) -> None:
    clock = PlayerClock(settings)
    flagged = False
    for seconds in spends:
        timing = clock.spend(seconds)
        assert clock.main_left >= 0 and clock.byo_left >= 0 and clock.periods_left >= 0
        if flagged:
            assert not timing.ok  # a lost game stays lost
        flagged = flagged or not timing.ok
        assert clock.flagged == flagged
        if settings.unlimited:
            assert timing.ok


@given(SETTINGS, SPENDS, st.floats(0.001, 100, allow_nan=False))
def test_the_flag_falls_exactly_when_the_budget_is_spent(
    settings: TimeSettings, spends: list[float], extra: float
) -> None:
    """Whatever came before, a move may take :meth:`budget` seconds and not a moment more."""
    clock = PlayerClock(settings)
    for seconds in spends:
        clock.spend(seconds)
    budget = clock.budget()
    if settings.unlimited:
        assert budget is None and clock.spend(10**6).ok
        return
    assert budget is not None
    on_time = PlayerClock(settings)
    late = PlayerClock(settings)
    for seconds in spends:
        on_time.spend(seconds)
        late.spend(seconds)
    assert on_time.spend(budget).ok is not clock.flagged
    assert not late.spend(budget + extra).ok


def test_start_stop_and_deadline_use_the_same_arithmetic() -> None:
    clock = PlayerClock(TimeSettings.from_gtp(60, 30, 2))
    clock.start(100.0)
    assert clock.deadline() == 100.0 + 90
    assert clock.stop(170.0).entered_byoyomi  # 60 s main + 10 s of the period
    assert clock.time_left() == (20, 1)
    assert clock.probe(0.0).byo_left == 20


def test_plain_japanese_keeps_a_period_for_a_move_inside_it() -> None:
    """Japanese byo-yomi P x S: "a move inside a period keeps it". A 5 x 30 s game used to be
    offered to IGS as koryo with no grace, where every overtime move costs a period, so the
    game was lost on time after five quick moves in overtime."""
    plain = TimeSettings.classify(0, byo_seconds=30, periods=5)
    clock = PlayerClock(plain)
    assert clock.budget() == 150
    for _ in range(20):
        assert clock.spend(29).ok
    assert clock.budget() == 150  # nothing used
    assert clock.spend(31).ok and clock.budget() == 120  # one period gone
    assert clock.spend(120).ok and clock.budget() == 30  # exactly four periods: the last left
    assert not clock.spend(31).ok
    # IGS says it as grace S, P - 1 koryo periods of S; read back, it is the same setting
    assert plain.koryo() == (30, 4, 30)
    assert TimeControl(0, 30, 1, 4, 30).settings == plain
    line = nmatch_command(MatchTerms("bob", main_seconds=0, byo_seconds=30, byo_periods=5))
    assert line.line.endswith(" 0 30 1 4 30 0")
    one = nmatch_command(MatchTerms("bob", main_seconds=60, byo_seconds=60, byo_periods=1))
    assert one.line.endswith(" 60 60 1 0 0 0")  # one period: 60 s per move, Canadian 1 stone
    with pytest.raises(ValueError, match="one period"):
        nmatch_command(MatchTerms("bob", main_seconds=60, byo_seconds=30, byo_periods=1))
    # a true koryo setting with no grace keeps its meaning: each started period is used
    koryo = TimeControl(0, 0, 1, 3, 30).settings
    assert koryo.grace_seconds == 0 and koryo.periods == 3
    quick = PlayerClock(koryo)
    assert quick.spend(1).ok and quick.periods_left == 2


LIMITED_READINGS = SETTINGS.filter(
    lambda s: not s.unlimited and s.system is not TimeSystem.BRONSTEIN and s.grace_seconds is None
)


@given(LIMITED_READINGS, st.integers(0, 2000), st.integers(0, 2000))
def test_a_reading_runs_down_the_same_in_one_step_or_two(
    settings: TimeSettings, first: int, second: int
) -> None:
    """The display extrapolates from the last server reading at every frame: the time shown
    must not depend on how often it was looked at (whole seconds: exact in floats)."""
    start = ClockReading(float(settings.main_seconds))
    assert start.after(first, settings).after(second, settings) == start.after(
        first + second, settings
    )


@given(LIMITED_READINGS, st.integers(0, 3000))
def test_a_reading_is_out_of_time_exactly_when_main_time_and_overtime_are_spent(
    settings: TimeSettings, elapsed: int
) -> None:
    """Main time, then a Canadian period, or every Japanese period: the same budget as the
    clock that charges moves (:class:`PlayerClock`) gives a move that has not moved yet."""
    overtime = {
        TimeSystem.ABSOLUTE: 0,
        TimeSystem.CANADIAN: settings.byo_seconds,
        TimeSystem.JAPANESE: settings.periods * settings.byo_seconds,
    }[settings.system]
    budget = settings.main_seconds + overtime
    assert PlayerClock(settings).budget() == budget
    reading = ClockReading(float(settings.main_seconds)).after(elapsed, settings)
    assert reading.out_of_time(settings) is (elapsed >= budget)


def test_a_bronstein_delay_is_free_on_every_reading() -> None:
    settings = TimeSettings.classify(60, delay_seconds=5)
    reading = ClockReading(60.0)
    assert reading.after(5, settings) == reading
    assert reading.after(65, settings).out_of_time(settings)
    assert not reading.after(64, settings).out_of_time(settings)


def test_pausing_a_canadian_clock_charges_the_time_but_plays_no_stone() -> None:
    """The embedded server pauses the clocks when scoring begins or the game is adjourned
    (``pause``: "Stop the clock without counting a move"): the seconds are spent, the
    period's stones to play are not, so the period is not renewed early."""
    clock = PlayerClock(TimeSettings.from_gtp(0, 60, 2))  # byo-yomi at once: 2 stones / 60 s
    clock.start(0.0)
    clock.stop(10.0)  # one stone in 10 s
    assert clock.time_left() == (50, 1)
    clock.start(10.0)
    clock.pause(30.0)  # 20 s thought, no stone
    assert clock.time_left() == (30, 1)
    clock.spend(5)  # the period's last stone renews it
    assert clock.time_left() == (60, 2)


def test_added_time_in_overtime_goes_to_the_current_period() -> None:
    """IGS ``addtime`` (spec: "add extra time to an opponent's clock"): a player in byo-yomi
    has no main time left to add to; the minutes go to the period that is running."""
    clock = PlayerClock(TimeSettings.from_gtp(10, 60, 5))
    clock.spend(15)  # main time gone, 55 s of the period left
    assert clock.in_byoyomi and clock.time_left() == (55, 4)
    before = clock.budget()
    clock.add(60)
    assert clock.time_left() == (115, 4)
    assert clock.budget() == (before or 0) + 60
    main = PlayerClock(TimeSettings.from_gtp(600, 60, 5))
    main.add(60)  # still in main time: the main time grows
    assert main.time_left() == (660, 0)
