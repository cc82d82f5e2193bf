"""Clocks for the local server: real time, scaled time and a manual clock for tests.

Game time on the server is measured in *game seconds*. A :class:`ScaledClock` runs game time
``scale`` times faster than real time, so tests can exercise main time, byo-yomi periods and
time loss in well under a second of wall-clock time while the server keeps speaking in the
seconds and minutes the protocol shows. A :class:`ManualClock` only moves when told to, for
tests that want exact figures.
"""

from __future__ import annotations

import time
from typing import Protocol


class Clock(Protocol):
    """Anything that tells the current game time in seconds (monotonic)."""

    def now(self) -> float: ...


class ScaledClock:
    """Monotonic time multiplied by ``scale`` (1.0 = real time)."""

    def __init__(self, scale: float = 1.0) -> None:
        if scale <= 0:
            raise ValueError(f"time scale must be positive, not {scale!r}")
        self.scale = scale
        self._origin = time.monotonic()

    def now(self) -> float:
        return (time.monotonic() - self._origin) * self.scale


class ManualClock:
    """A clock that stands still until :meth:`advance` is called."""

    def __init__(self, start: float = 0.0) -> None:
        self._now = start

    def now(self) -> float:
        return self._now

    def advance(self, seconds: float) -> None:
        if seconds < 0:
            raise ValueError("a clock cannot go backwards")
        self._now += seconds
