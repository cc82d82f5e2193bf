"""Canadian byo-yomi clock arithmetic (GTP v2 §4.2)."""

from __future__ import annotations

import pytest

from igs_tui.gtp.clock import CanadianClock, TimeSettings


def test_main_time_then_byo_yomi_periods() -> None:
    clock = CanadianClock(TimeSettings(60, 30, 2))
    clock.spend(50)
    # "While the main time is counting, the number of remaining stones is given as 0."
    assert clock.time_left() == (10, 0)
    # "When it is up, the clock is reset to b and the engine has to play s stones before
    # this time is up." 15 s: 10 s of main time, 5 s of the period, one stone played.
    clock.spend(15)
    assert clock.in_byo_yomi and clock.time_left() == (25, 1)
    # "When s stones have been played, the clock is reset to b, regardless of remaining time."
    clock.spend(20)
    assert clock.time_left() == (30, 2)
    assert not clock.flagged


def test_overrunning_a_period_flags() -> None:
    clock = CanadianClock(TimeSettings(0, 10, 5))
    # "Setting m = 0 means that the engine immediately starts in byo yomi."
    assert clock.time_left() == (10, 5)
    clock.spend(4)
    clock.spend(7)
    assert clock.flagged


def test_absolute_time() -> None:
    # "Setting b = 0 means that if the main time is up before the game is over, the engine
    # loses on time."
    clock = CanadianClock(TimeSettings(30))
    clock.spend(29.5)
    assert not clock.flagged
    clock.spend(1)
    assert clock.flagged


def test_no_time_limit() -> None:
    # "Setting b > 0 and s = 0 means no time limits."
    settings = TimeSettings(0, 1, 0)
    assert settings.unlimited
    clock = CanadianClock(settings)
    clock.spend(10_000)
    assert not clock.flagged


def test_negative_settings_rejected() -> None:
    with pytest.raises(ValueError):
        TimeSettings(-1)
