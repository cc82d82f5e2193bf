"""Game clocks that count down locally between server updates.

A server tells us the remaining time now and then (with each move, or on request); between
those updates the side to move loses time every second, so the display counts down locally
and is corrected by the next update. Time is passed in (``now``, monotonic seconds) so the
logic is testable and independent of any event loop.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum


class TimeSystem(StrEnum):
    NONE = "none"
    ABSOLUTE = "absolute"
    CANADIAN = "canadian"
    JAPANESE = "japanese"
    BRONSTEIN = "bronstein"


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


@dataclass(slots=True)
class Clock:
    """One player's clock: the last server reading, when it was taken, and whether it runs."""

    reading: ClockReading
    updated_at: float
    running: bool = False

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
        if r.in_byoyomi:
            if r.byo_seconds > 0:
                return replace(r, byo_seconds=max(0.0, r.byo_seconds - elapsed))
            return replace(r, main_seconds=max(0.0, r.main_seconds - elapsed))
        return replace(r, main_seconds=max(0.0, r.main_seconds - elapsed))


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
