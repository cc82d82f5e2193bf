"""Time systems of IGS games and the per-player clock that enforces them.

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

import math
from dataclasses import dataclass
from enum import StrEnum

MATCH_BYO_STONES = 25
"""Stones per Canadian period for games made with ``match`` (IGS's default)."""


class TimeSystem(StrEnum):
    NONE = "none"
    ABSOLUTE = "absolute"
    CANADIAN = "canadian"
    JAPANESE = "japanese"
    BRONSTEIN = "bronstein"


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
    def system(self) -> TimeSystem:
        if self.koryo_count > 0 and self.koryo_sec > 0:
            return TimeSystem.JAPANESE
        if self.byo_time > 0 and self.byo_stones > 0:
            return TimeSystem.CANADIAN
        if self.prebyo > 0:
            return TimeSystem.BRONSTEIN
        if self.main > 0:
            return TimeSystem.ABSOLUTE
        return TimeSystem.NONE

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


@dataclass(slots=True)
class MoveTiming:
    """What happened to a clock when a move was made."""

    ok: bool
    entered_byoyomi: bool = False


class PlayerClock:
    """One player's clock. All times are game seconds from the server :class:`Clock`.

    The clock only runs between :meth:`start` and :meth:`stop`; :meth:`deadline` tells the
    server when the running player loses on time, so it can check expiry without waiting for a
    move (IGS announces ``X has run out of time.`` on its own).
    """

    def __init__(self, control: TimeControl) -> None:
        self.control = control
        self.main_left: float = float(control.main)
        self.in_byoyomi = False
        self.byo_left: float = 0.0
        self.stones_left = 0
        self.periods_left = control.koryo_count
        self.started_at: float | None = None

    # -- running -------------------------------------------------------------------------

    @property
    def running(self) -> bool:
        return self.started_at is not None

    def start(self, now: float) -> None:
        self.started_at = now

    def stop(self, now: float) -> MoveTiming:
        """Charge the time since :meth:`start` for a completed move."""
        if self.started_at is None:
            return MoveTiming(ok=True)
        elapsed = max(0.0, now - self.started_at)
        self.started_at = None
        return self._charge(elapsed)

    def pause(self, now: float) -> None:
        """Stop the clock without counting a move (game adjourned or in scoring)."""
        if self.started_at is not None:
            elapsed = max(0.0, now - self.started_at)
            self.started_at = None
            self._charge(elapsed, counts_move=False)

    def add(self, seconds: float) -> None:
        """``addtime``: more main time, or more time in the current byo-yomi period."""
        if self.in_byoyomi:
            self.byo_left += seconds
        else:
            self.main_left += seconds

    # -- queries -------------------------------------------------------------------------

    def deadline(self) -> float | None:
        """Game time at which the running player has lost on time (None: no limit/not running)."""
        if self.started_at is None or self.control.unlimited:
            return None
        return self.started_at + self._budget()

    def expired(self, now: float) -> bool:
        deadline = self.deadline()
        return deadline is not None and now > deadline

    def view(self, now: float) -> tuple[int, int, int]:
        """``(seconds, stones, in_byoyomi)`` as the 15 heading shows them at time ``now``.

        In main time the heading gives main seconds left and ``-1`` stones; in byo-yomi the
        seconds left in the period and the stones still to play in it.
        """
        probe = self._probe(now)
        if probe.in_byoyomi:
            stones = probe.stones_left if self.control.system is TimeSystem.CANADIAN else 1
            return max(0, int(probe.byo_left)), stones, 1
        return max(0, int(probe.main_left)), -1, 0

    # -- internals -----------------------------------------------------------------------

    def _budget(self) -> float:
        c = self.control
        budget = float(c.prebyo)
        if self.control.system is TimeSystem.JAPANESE:
            grace = c.byo_time
            if self.in_byoyomi:
                return budget + grace + self.periods_left * c.koryo_sec
            return budget + self.main_left + grace + self.periods_left * c.koryo_sec
        if self.control.system is TimeSystem.CANADIAN:
            if self.in_byoyomi:
                return budget + self.byo_left
            return budget + self.main_left + c.byo_time
        return budget + self.main_left

    def _probe(self, now: float) -> PlayerClock:
        """A copy of this clock as it would be if paused at ``now``."""
        copy = PlayerClock(self.control)
        copy.main_left, copy.in_byoyomi = self.main_left, self.in_byoyomi
        copy.byo_left, copy.stones_left = self.byo_left, self.stones_left
        copy.periods_left = self.periods_left
        if self.started_at is not None:
            copy._charge(max(0.0, now - self.started_at), counts_move=False)
        return copy

    def _charge(self, elapsed: float, *, counts_move: bool = True) -> MoveTiming:
        c = self.control
        system = c.system
        if system is TimeSystem.NONE:
            return MoveTiming(ok=True)
        elapsed = max(0.0, elapsed - c.prebyo)
        entered = False
        if not self.in_byoyomi:
            if elapsed <= self.main_left:
                self.main_left -= elapsed
                return MoveTiming(ok=True)
            elapsed -= self.main_left
            self.main_left = 0.0
            if system in (TimeSystem.ABSOLUTE, TimeSystem.BRONSTEIN):
                return MoveTiming(ok=False)
            self.in_byoyomi = True
            entered = True
            self.byo_left = float(c.byo_time)
            self.stones_left = c.byo_stones
        if system is TimeSystem.CANADIAN:
            if elapsed > self.byo_left:
                self.byo_left = 0.0
                return MoveTiming(ok=False, entered_byoyomi=entered)
            self.byo_left -= elapsed
            if counts_move:
                self.stones_left -= 1
                if self.stones_left <= 0:
                    self.byo_left = float(c.byo_time)
                    self.stones_left = c.byo_stones
            return MoveTiming(ok=True, entered_byoyomi=entered)
        # Advanced Japanese: grace first, then whole periods.
        if not counts_move:
            self.byo_left = max(0.0, c.byo_time + self.periods_left * c.koryo_sec - elapsed)
            return MoveTiming(ok=self.byo_left > 0, entered_byoyomi=entered)
        over = elapsed - c.byo_time
        if over > 0:
            used = math.ceil(over / c.koryo_sec)
            if used > self.periods_left:
                self.periods_left = 0
                return MoveTiming(ok=False, entered_byoyomi=entered)
            if counts_move:
                self.periods_left -= used
        self.byo_left = float(c.byo_time + self.periods_left * c.koryo_sec)
        return MoveTiming(ok=True, entered_byoyomi=entered)
