"""Game clocks that count down locally between server updates.

A server tells us the remaining time now and then (with each move, or on request); between
those updates the side to move loses time every second, so the display counts down locally
and is corrected by the next update. Time is passed in (``now``, monotonic seconds) so the
logic is testable and independent of any event loop.

The time systems, their settings, the readings and all the arithmetic of overtime are
:mod:`igs_tui.go.timecontrol`'s (re-exported here); this module keeps each player's last
reading and when it was taken, and formats readings for the screen.
"""

from __future__ import annotations

from dataclasses import dataclass

from igs_tui.go.timecontrol import ClockReading, TimeSettings, TimeSystem

__all__ = [
    "LOW_TIME_SECONDS",
    "Clock",
    "ClockReading",
    "TimeSettings",
    "TimeSystem",
    "format_reading",
    "format_seconds",
]


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
        return r.after(max(0.0, now - self.updated_at), self.settings)

    def is_low(self, now: float, threshold: float = LOW_TIME_SECONDS) -> bool:
        """True when the time that matters now is short (and the clock is limited)."""
        r = self.at(now)
        return not r.unlimited and r.seconds_left <= threshold and not self.flag_fell(now)

    def flag_fell(self, now: float) -> bool:
        """True when no time is left at all (see :meth:`ClockReading.out_of_time`)."""
        return self.at(now).out_of_time(self.settings)


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
