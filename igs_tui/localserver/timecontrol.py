"""The six ``nmatch`` time numbers of IGS games; the clock itself is :mod:`igs_tui.go.timecontrol`.

``nmatch`` (see the protocol spec) describes every time system with six numbers:
``maintime byotime byomoves koryocount koryosec prebyoyomi``. The systems are

* ABSOLUTE: main time only;
* CANADIAN: main time, then ``byomoves`` stones within ``byotime`` seconds, period after period;
* ADVANCED JAPANESE: ``byomoves`` is 1, each move in overtime has ``byotime`` seconds of grace,
  then ``koryocount`` periods of ``koryosec`` seconds are used up one by one;
* BRONSTEIN: the first ``prebyoyomi`` seconds of every move are not charged to the clock.

The old ``match`` command gives minutes of main time and minutes of Canadian byo-yomi with 25
stones (IGS's default). ``0 0`` means no time limit at all.
"""

from __future__ import annotations

from dataclasses import dataclass

from igs_tui.go.timecontrol import PlayerClock, TimeSettings, TimeSystem

MATCH_BYO_STONES = 25
"""Stones per Canadian period for games made with ``match`` (IGS's default)."""


@dataclass(frozen=True, slots=True)
class TimeControl:
    """The six ``nmatch`` timing numbers, all in seconds except the two counts."""

    main: int = 0
    byo_time: int = 0
    byo_stones: int = 0
    koryo_count: int = 0
    koryo_sec: int = 0
    prebyo: int = 0

    @property
    def settings(self) -> TimeSettings:
        """These numbers as the one time-control value (:mod:`igs_tui.go.timecontrol`).

        Advanced Japanese (``koryocount`` periods of ``koryosec``) keeps ``byotime`` as the
        per-move grace before a period is used."""
        if self.koryo_count > 0 and self.koryo_sec > 0:
            return TimeSettings.from_koryo(
                self.main, self.byo_time, self.koryo_count, self.koryo_sec, self.prebyo
            )
        return TimeSettings.classify(
            self.main,
            byo_seconds=self.byo_time,
            byo_stones=self.byo_stones,
            delay_seconds=self.prebyo,
        )

    @property
    def system(self) -> TimeSystem:
        return self.settings.system

    @property
    def unlimited(self) -> bool:
        return self.system is TimeSystem.NONE

    @classmethod
    def from_match(cls, minutes: int, byo_minutes: int) -> TimeControl:
        """The time of a ``match`` game: minutes of main time, Canadian byo-yomi of 25 stones."""
        byo = byo_minutes * 60
        return cls(main=minutes * 60, byo_time=byo, byo_stones=MATCH_BYO_STONES if byo else 0)

    def nmatch_fields(self) -> str:
        """The six numbers as ``nmatch`` writes them (``60 600 25 0 0 0``)."""
        return (
            f"{self.main} {self.byo_time} {self.byo_stones} "
            f"{self.koryo_count} {self.koryo_sec} {self.prebyo}"
        )


def clock_view(clock: PlayerClock, now: float) -> tuple[int, int, int]:
    """``(seconds, stones, in_byoyomi)`` as the 15 heading shows them at time ``now``.

    In main time the heading gives main seconds left and ``-1`` stones; in byo-yomi the
    seconds left in the period and the stones still to play in it (1 in Japanese overtime).
    """
    probe = clock.probe(now)
    if probe.in_byoyomi:
        canadian = clock.settings.system is TimeSystem.CANADIAN
        stones = probe.stones_left if canadian else 1
        return max(0, int(probe.byo_left)), stones, 1
    return max(0, int(probe.main_left)), -1, 0
