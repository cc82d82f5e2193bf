"""Time control: the systems, one settings value, and the clock arithmetic that enforces them.

Every part of igs-tui that deals with time uses this module. The model shows clocks (a
:class:`ClockReading` run forward between a server's updates), the local engine game and the
bot charge thinking time (:class:`PlayerClock`), and the embedded server decides losses on
time.
Before it existed there were three clock classes, two ``TimeSettings`` and two
``TimeSystem``, and "which system is this" was worked out in five places. It is pure: no I/O,
and time is passed in as seconds.

The systems (IGS protocol spec, ``nmatch``: ``maintime byotime byomoves koryocount koryosec
prebyoyomi``; GTP v2 §4.2):

* NONE: no limit. GTP: "Setting b > 0 and s = 0 means no time limits".
* ABSOLUTE: main time only. GTP: "Setting b = 0 means that if the main time is up before the
  game is over, the engine loses on time".
* CANADIAN: main time, then ``byo_stones`` stones within ``byo_seconds``, period after period.
  GTP: "When s stones have been played, the clock is reset to b, regardless of remaining time".
* JAPANESE: main time, then ``periods`` periods of ``byo_seconds``. A move inside a period
  keeps it. A period that runs out is lost and the next one starts. IGS's advanced Japanese
  (its ``byotime`` with ``byomoves`` 1, then ``koryocount`` periods of ``koryosec``) is the same
  thing counted differently: ``byotime`` is a free grace per move and every started
  ``koryosec`` beyond it costs a period. Plain Japanese P × S is therefore grace S with P - 1
  koryo periods of S. ``grace_seconds`` None is plain Japanese; a number (0 included) keeps
  IGS's koryo form, where every started period beyond the grace is used up.
* BRONSTEIN: the first ``delay_seconds`` of every move are not charged (IGS ``prebyoyomi``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from enum import StrEnum

__all__ = ["ClockReading", "MoveTiming", "PlayerClock", "TimeSettings", "TimeSystem"]


class TimeSystem(StrEnum):
    NONE = "none"
    ABSOLUTE = "absolute"
    CANADIAN = "canadian"
    JAPANESE = "japanese"
    BRONSTEIN = "bronstein"


@dataclass(frozen=True, slots=True)
class TimeSettings:
    """A game's time system and its numbers, in seconds (counts excepted)."""

    system: TimeSystem
    main_seconds: int = 0
    byo_seconds: int = 0
    """Canadian: length of one period. Japanese: length of one period."""
    byo_stones: int = 0
    """Canadian: stones to play per period."""
    periods: int = 0
    """Japanese: number of periods."""
    delay_seconds: int = 0
    """Bronstein (IGS ``prebyoyomi``): free seconds per move before the clock runs."""
    grace_seconds: int | None = None
    """IGS advanced Japanese: free seconds per move in overtime before a period is used;
    None for plain Japanese byo-yomi (and for every other system)."""

    @classmethod
    def classify(
        cls,
        main_seconds: int,
        *,
        byo_seconds: int = 0,
        byo_stones: int = 0,
        periods: int = 0,
        delay_seconds: int = 0,
        grace_seconds: int | None = None,
    ) -> TimeSettings:
        """The one place that decides which system some numbers describe.

        Japanese needs periods of some length, Canadian a period with stones to play, Bronstein
        a delay; main time alone is absolute, and nothing at all is no limit.
        """
        if periods > 0 and byo_seconds > 0:
            system = TimeSystem.JAPANESE
        elif byo_seconds > 0 and byo_stones > 0:
            system = TimeSystem.CANADIAN
        elif delay_seconds > 0:
            system = TimeSystem.BRONSTEIN
        elif main_seconds > 0:
            system = TimeSystem.ABSOLUTE
        else:
            system = TimeSystem.NONE
        return cls(
            system,
            main_seconds,
            byo_seconds=byo_seconds if system in (TimeSystem.CANADIAN, TimeSystem.JAPANESE) else 0,
            byo_stones=byo_stones if system is TimeSystem.CANADIAN else 0,
            periods=periods if system is TimeSystem.JAPANESE else 0,
            delay_seconds=delay_seconds,
            grace_seconds=grace_seconds if system is TimeSystem.JAPANESE else None,
        )

    @classmethod
    def from_gtp(
        cls, main_time: int, byo_yomi_time: int = 0, byo_yomi_stones: int = 0
    ) -> TimeSettings:
        """GTP ``time_settings m b s`` (§4.2): Canadian, absolute when ``b`` is 0, and no
        limit when ``b > 0`` and ``s = 0``. Raises ``ValueError`` for negative numbers."""
        if min(main_time, byo_yomi_time, byo_yomi_stones) < 0:
            raise ValueError(
                f"time settings cannot be negative: {main_time} {byo_yomi_time} {byo_yomi_stones}"
            )
        if byo_yomi_time > 0 and byo_yomi_stones == 0:
            return cls(TimeSystem.NONE)
        if byo_yomi_time == 0:
            return cls(TimeSystem.ABSOLUTE, main_time)
        return cls(
            TimeSystem.CANADIAN, main_time, byo_seconds=byo_yomi_time, byo_stones=byo_yomi_stones
        )

    @classmethod
    def from_koryo(
        cls, main_seconds: int, grace: int, count: int, seconds: int, delay_seconds: int = 0
    ) -> TimeSettings:
        """IGS advanced Japanese (``byotime`` grace, ``koryocount`` × ``koryosec``). A grace
        as long as a period is plain Japanese with one period more; see :meth:`koryo`."""
        if grace == seconds and seconds > 0:
            return cls.classify(
                main_seconds, byo_seconds=seconds, periods=count + 1, delay_seconds=delay_seconds
            )
        return cls.classify(
            main_seconds,
            byo_seconds=seconds,
            periods=count,
            delay_seconds=delay_seconds,
            grace_seconds=grace,
        )

    def koryo(self) -> tuple[int, int, int]:
        """``(byotime, koryocount, koryosec)`` for IGS: plain P × S is a grace of S and
        P - 1 periods of S, so a move inside a period costs nothing, as Japanese byo-yomi says."""
        if self.grace_seconds is not None:
            return self.grace_seconds, self.periods, self.byo_seconds
        return self.byo_seconds, max(0, self.periods - 1), self.byo_seconds

    @property
    def unlimited(self) -> bool:
        return self.system is TimeSystem.NONE

    def gtp_arguments(self) -> tuple[int, int, int]:
        """``time_settings`` arguments (GTP has Canadian and absolute time; no limit is
        ``0 1 0``)."""
        if self.system is TimeSystem.NONE:
            return (0, 1, 0)
        if self.system is TimeSystem.CANADIAN:
            return (self.main_seconds, self.byo_seconds, self.byo_stones)
        return (self.main_seconds, 0, 0)

    def describe(self) -> str:
        """Short human text ("10 min + 5 min / 25 stones") for dialogs and record headers."""
        main = f"{self.main_seconds // 60} min"
        if self.system is TimeSystem.CANADIAN:
            return f"{main} + {self.byo_seconds // 60} min / {self.byo_stones} stones"
        if self.system is TimeSystem.JAPANESE:
            return f"{main} + {self.periods} x {self.byo_seconds} s"
        if self.system is TimeSystem.BRONSTEIN:
            return f"{main}, Bronstein {self.delay_seconds} s"
        if self.system is TimeSystem.NONE:
            return "no time limit"
        return main

    @property
    def sgf_overtime(self) -> str:
        """The SGF ``OT`` text (free form by the SGF spec)."""
        if self.system is TimeSystem.CANADIAN:
            return f"{self.byo_stones}/{self.byo_seconds} Canadian"
        if self.system is TimeSystem.JAPANESE:
            return f"{self.periods}x{self.byo_seconds} byo-yomi"
        if self.system is TimeSystem.BRONSTEIN:
            return f"Bronstein {self.delay_seconds}"
        return ""


NO_LIMIT = TimeSettings(TimeSystem.NONE)


@dataclass(frozen=True, slots=True)
class ClockReading:
    """What a clock shows at one instant."""

    main_seconds: float
    """Main time left (or time left in the current Canadian period when in byo-yomi)."""
    in_byoyomi: bool = False
    byo_seconds: float = 0.0
    """Seconds left in the current byo-yomi period (Japanese) or Canadian period."""
    byo_stones: int = -1
    """Stones still to play in a Canadian period; -1 when not applicable."""
    periods: int = 0
    """Japanese byo-yomi periods left."""
    unlimited: bool = False

    @property
    def seconds_left(self) -> float:
        """The time that matters now: byo-yomi time when in overtime, else main time."""
        return self.byo_seconds if self.in_byoyomi and self.byo_seconds > 0 else self.main_seconds

    def after(self, elapsed: float, settings: TimeSettings | None) -> ClockReading:
        """The reading ``elapsed`` seconds later on a running clock: a Bronstein delay is free,
        main time runs into overtime (Canadian: a fresh period of ``byo_stones`` stones;
        Japanese: periods used up one by one), so a display stays right between the server's
        updates. Without ``settings`` only the time shown runs down."""
        if self.unlimited:
            return self
        if settings is not None and settings.system is TimeSystem.BRONSTEIN:
            elapsed = max(0.0, elapsed - settings.delay_seconds)
        return self._consume(max(0.0, elapsed), settings)

    def _consume(self, elapsed: float, settings: TimeSettings | None) -> ClockReading:
        system = settings.system if settings is not None else TimeSystem.ABSOLUTE
        japanese_period = system is TimeSystem.JAPANESE and self.byo_stones < 0 and self.periods > 0
        if self.in_byoyomi and (self.byo_seconds > 0 or japanese_period):
            # Japanese periods: each exhausted period is lost, the next starts full.
            left = self.byo_seconds - elapsed
            periods = self.periods
            period = float(settings.byo_seconds) if settings is not None else 0.0
            while left <= 0 and periods > 1 and period > 0:
                periods -= 1
                left += period
            if left <= 0:
                periods = 0
            return replace(self, byo_seconds=max(0.0, left), periods=periods)
        left = self.main_seconds - elapsed
        if left > 0 or self.in_byoyomi or settings is None:
            return replace(self, main_seconds=max(0.0, left))
        overflow = -left
        if system is TimeSystem.CANADIAN and settings.byo_seconds:
            return ClockReading(
                max(0.0, settings.byo_seconds - overflow),
                in_byoyomi=True,
                byo_stones=settings.byo_stones,
            )
        if system is TimeSystem.JAPANESE and settings.periods and settings.byo_seconds:
            entered = ClockReading(
                0.0,
                in_byoyomi=True,
                byo_seconds=float(settings.byo_seconds),
                periods=settings.periods,
            )
            return entered._consume(overflow, settings)
        return replace(self, main_seconds=0.0)

    def out_of_time(self, settings: TimeSettings | None) -> bool:
        """No time left at all: main time and every overtime period are gone.

        Without known settings an empty main time counts as a loss only outside byo-yomi
        readings that still show stones, which is what an absolute clock reaching zero means.
        """
        if self.unlimited or self.seconds_left > 0:
            return False
        if self.in_byoyomi:
            return self.periods <= 0
        return settings is None or settings.system in (TimeSystem.ABSOLUTE, TimeSystem.BRONSTEIN)


EPSILON = 1e-6
"""Seconds of slack in "is the time up": a move that takes exactly :meth:`PlayerClock.budget`
is on time even when float sums and differences disagree in the last digit."""


@dataclass(slots=True)
class MoveTiming:
    """What happened to a clock when time was charged to it."""

    ok: bool
    """False: the player has lost on time."""
    entered_byoyomi: bool = False


class PlayerClock:
    """One player's clock, charged with the seconds each move took.

    Use :meth:`spend` when the caller measures a move's time. Use :meth:`start` and
    :meth:`stop` when the clock should measure it between two readings of the same time
    source. :meth:`deadline` says when a running clock runs out, so a server can declare the
    loss without waiting for a move.
    """

    def __init__(self, settings: TimeSettings) -> None:
        self.settings = settings
        self.main_left: float = float(settings.main_seconds)
        self.in_byoyomi = False
        self.byo_left: float = 0.0
        """Seconds left in the current period (Japanese: grace plus the periods left)."""
        self.stones_left = 0
        self.grace = 0.0
        """Free seconds per overtime move; plain Japanese keeps one period as the grace."""
        self.periods_left = settings.periods
        if settings.system is TimeSystem.JAPANESE:
            grace, self.periods_left, _seconds = settings.koryo()
            self.grace = float(grace)
        self.started_at: float | None = None
        self.flagged = False

    def _enter_byoyomi(self) -> None:
        s = self.settings
        self.main_left = 0.0
        self.in_byoyomi = True
        if s.system is TimeSystem.JAPANESE:
            self.byo_left = self.grace + self.periods_left * s.byo_seconds
        else:
            self.byo_left = float(s.byo_seconds)
            self.stones_left = s.byo_stones

    # -- charging ------------------------------------------------------------------------

    @property
    def running(self) -> bool:
        return self.started_at is not None

    def start(self, now: float) -> None:
        self.started_at = now

    def stop(self, now: float) -> MoveTiming:
        """Charge the time since :meth:`start` for a completed move."""
        if self.started_at is None:
            return MoveTiming(ok=not self.flagged)
        elapsed = max(0.0, now - self.started_at)
        self.started_at = None
        return self.spend(elapsed)

    def pause(self, now: float) -> None:
        """Stop the clock without counting a move (game adjourned or in scoring)."""
        if self.started_at is not None:
            elapsed = max(0.0, now - self.started_at)
            self.started_at = None
            self.spend(elapsed, moved=False)

    def spend(self, seconds: float, *, moved: bool = True) -> MoveTiming:
        """Charge ``seconds`` of thinking; ``moved`` says a stone (or pass) was played."""
        if self.flagged:
            return MoveTiming(ok=False)
        timing = self._charge(max(0.0, seconds), counts_move=moved)
        self.flagged = not timing.ok
        return timing

    def add(self, seconds: float) -> None:
        """More main time, or more time in the current byo-yomi period (IGS ``addtime``)."""
        if self.in_byoyomi:
            self.byo_left += seconds
        else:
            self.main_left += seconds

    # -- queries -------------------------------------------------------------------------

    def budget(self) -> float | None:
        """Seconds the player may still think on this move before losing (None: no limit)."""
        s = self.settings
        if s.unlimited:
            return None
        if self.flagged:
            return 0.0
        budget = float(s.delay_seconds)
        if s.system is TimeSystem.JAPANESE:
            overtime = self.grace + self.periods_left * s.byo_seconds
            return budget + (overtime if self.in_byoyomi else self.main_left + overtime)
        if s.system is TimeSystem.CANADIAN:
            return budget + (self.byo_left if self.in_byoyomi else self.main_left + s.byo_seconds)
        return budget + self.main_left

    def deadline(self) -> float | None:
        """Time at which the running player has lost on time (None: no limit/not running)."""
        budget = self.budget()
        if self.started_at is None or budget is None:
            return None
        return self.started_at + budget

    def expired(self, now: float) -> bool:
        deadline = self.deadline()
        return deadline is not None and now > deadline

    def time_left(self) -> tuple[int, int]:
        """GTP ``time_left`` arguments: "While the main time is counting, the number of
        remaining stones is given as 0" (§6.3.4)."""
        if self.in_byoyomi:
            return int(self.byo_left), self.stones_left
        if self.main_left <= 0 and self.settings.system is TimeSystem.CANADIAN:
            # §4.2: "Setting m = 0 means that the engine immediately starts in byo yomi"
            return self.settings.byo_seconds, self.settings.byo_stones
        return int(self.main_left), 0

    def probe(self, now: float) -> PlayerClock:
        """A copy of this clock as it would be if paused at ``now``."""
        copy = PlayerClock(self.settings)
        copy.main_left, copy.in_byoyomi = self.main_left, self.in_byoyomi
        copy.byo_left, copy.stones_left = self.byo_left, self.stones_left
        copy.periods_left, copy.flagged = self.periods_left, self.flagged
        copy.grace = self.grace
        if self.started_at is not None:
            copy._charge(max(0.0, now - self.started_at), counts_move=False)
        return copy

    # -- internals -----------------------------------------------------------------------

    def _charge(self, elapsed: float, *, counts_move: bool = True) -> MoveTiming:
        s = self.settings
        system = s.system
        if system is TimeSystem.NONE:
            return MoveTiming(ok=True)
        elapsed = max(0.0, elapsed - s.delay_seconds)
        entered = False
        if not self.in_byoyomi:
            if elapsed <= self.main_left + EPSILON:
                self.main_left = max(0.0, self.main_left - elapsed)
                return MoveTiming(ok=True)
            elapsed -= self.main_left
            self.main_left = 0.0
            if system in (TimeSystem.ABSOLUTE, TimeSystem.BRONSTEIN):
                return MoveTiming(ok=False)
            self._enter_byoyomi()
            entered = True
        if system is TimeSystem.CANADIAN:
            if elapsed > self.byo_left + EPSILON:
                self.byo_left = 0.0
                return MoveTiming(ok=False, entered_byoyomi=entered)
            self.byo_left = max(0.0, self.byo_left - elapsed)
            if counts_move:
                self.stones_left -= 1
                if self.stones_left <= 0:
                    self.byo_left = float(s.byo_seconds)
                    self.stones_left = s.byo_stones
            return MoveTiming(ok=True, entered_byoyomi=entered)
        # Japanese: the grace first, then whole periods.
        if not counts_move:
            self.byo_left = max(0.0, self.grace + self.periods_left * s.byo_seconds - elapsed)
            return MoveTiming(ok=self.byo_left > 0, entered_byoyomi=entered)
        over = elapsed - self.grace
        if over > EPSILON:
            used = math.ceil((over - EPSILON) / s.byo_seconds)
            if used > self.periods_left:
                self.periods_left = 0
                return MoveTiming(ok=False, entered_byoyomi=entered)
            self.periods_left -= used
        self.byo_left = self.grace + self.periods_left * s.byo_seconds
        return MoveTiming(ok=True, entered_byoyomi=entered)
