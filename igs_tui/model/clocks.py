"""Game clocks that count down locally between server updates.

A server tells us the remaining time now and then (with each move, or on request); between
those updates the side to move loses time every second, so the display counts down locally
and is corrected by the next update. Time is passed in (``now``, monotonic seconds) so the
logic is testable and independent of any event loop.

The time systems and their settings are :mod:`igs_tui.go.timecontrol`'s (re-exported here);
this module only extrapolates the *readings* a server sends, which is what the model shows.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from igs_tui.go.timecontrol import TimeSettings, TimeSystem

__all__ = [
    "LOW_TIME_SECONDS",
    "Clock",
    "ClockReading",
    "TimeSettings",
    "TimeSystem",
    "format_reading",
    "format_seconds",
]


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


LOW_TIME_SECONDS = 10.0
"""Below this many seconds on the clock that matters now, the UI warns (and may beep)."""


@dataclass(slots=True)
class Clock:
    """One player's clock: the last server reading, when it was taken, and whether it runs.

    With :attr:`settings` known, a running clock rolls from main time into overtime locally
    (Canadian: a fresh period of ``byo_stones`` stones; Japanese: periods are used up one by
    one) so the display stays right between server updates; each update replaces the reading.
    """

    reading: ClockReading
    updated_at: float
    running: bool = False
    settings: TimeSettings | None = None

    def set(self, reading: ClockReading, now: float) -> None:
        self.reading = reading
        self.updated_at = now

    def start(self, now: float) -> None:
        if not self.running:
            self.reading = self.at(now)
            self.updated_at = now
            self.running = True

    def stop(self, now: float) -> None:
        if self.running:
            self.reading = self.at(now)
            self.updated_at = now
            self.running = False

    def at(self, now: float) -> ClockReading:
        """The reading at ``now``: the last one minus elapsed time if the clock runs."""
        r = self.reading
        if not self.running or r.unlimited:
            return r
        elapsed = max(0.0, now - self.updated_at)
        settings = self.settings
        if settings is not None and settings.system is TimeSystem.BRONSTEIN:
            elapsed = max(0.0, elapsed - settings.delay_seconds)
        return _consume(r, elapsed, settings)

    def is_low(self, now: float, threshold: float = LOW_TIME_SECONDS) -> bool:
        """True when the time that matters now is short (and the clock is limited)."""
        r = self.at(now)
        return not r.unlimited and r.seconds_left <= threshold and not self.flag_fell(now)

    def flag_fell(self, now: float) -> bool:
        """True when no time is left at all: main time and every overtime period are gone.

        Without known settings an empty main time counts as a loss only outside byo-yomi
        readings that still show stones, which is what an absolute clock reaching zero means.
        """
        r = self.at(now)
        if r.unlimited or r.seconds_left > 0:
            return False
        if r.in_byoyomi:
            return r.periods <= 0
        settings = self.settings
        return settings is None or settings.system in (TimeSystem.ABSOLUTE, TimeSystem.BRONSTEIN)


def _consume(r: ClockReading, elapsed: float, settings: TimeSettings | None) -> ClockReading:
    """Take ``elapsed`` seconds off a reading, entering or using up overtime as the rules say."""
    system = settings.system if settings is not None else TimeSystem.ABSOLUTE
    japanese_period = system is TimeSystem.JAPANESE and r.byo_stones < 0 and r.periods > 0
    if r.in_byoyomi and (r.byo_seconds > 0 or japanese_period):
        # Japanese periods: each exhausted period is lost, the next starts full.
        left = r.byo_seconds - elapsed
        periods = r.periods
        period = float(settings.byo_seconds) if settings is not None else 0.0
        while left <= 0 and periods > 1 and period > 0:
            periods -= 1
            left += period
        if left <= 0:
            periods = 0
        return replace(r, byo_seconds=max(0.0, left), periods=periods)
    left = r.main_seconds - elapsed
    if left > 0 or r.in_byoyomi or settings is None:
        return replace(r, main_seconds=max(0.0, left))
    overflow = -left
    if system is TimeSystem.CANADIAN and settings.byo_seconds:
        return ClockReading(
            max(0.0, settings.byo_seconds - overflow),
            in_byoyomi=True,
            byo_stones=settings.byo_stones,
        )
    if system is TimeSystem.JAPANESE and settings.periods and settings.byo_seconds:
        entered = ClockReading(
            0.0, in_byoyomi=True, byo_seconds=float(settings.byo_seconds), periods=settings.periods
        )
        return _consume(entered, overflow, settings)
    return replace(r, main_seconds=0.0)


def format_seconds(seconds: float) -> str:
    """``h:mm:ss`` above an hour, else ``m:ss`` (what Go clocks usually show)."""
    s = max(0, int(seconds + 0.999))
    h, rest = divmod(s, 3600)
    m, sec = divmod(rest, 60)
    return f"{h}:{m:02d}:{sec:02d}" if h else f"{m}:{sec:02d}"


def format_reading(r: ClockReading) -> str:
    if r.unlimited:
        return "--:--"
    if r.in_byoyomi:
        if r.byo_stones >= 0:
            return f"{format_seconds(r.main_seconds)} / {r.byo_stones}"
        if r.byo_seconds > 0 or r.periods:
            return f"{format_seconds(r.byo_seconds)} ({r.periods})"
    return format_seconds(r.main_seconds)
