"""The one manual clock of the test suite: time moves only when a test says so.

Product code takes its time source as a callable (``now=...``, ``clock=...``); tests pass a
:class:`ManualClock` and call :meth:`ManualClock.advance`, so nothing waits on the wall clock.
"""

from __future__ import annotations


class ManualClock:
    """Monotonic seconds that stand still until :meth:`advance` (or setting :attr:`now`)."""

    def __init__(self, start: float = 1000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        if seconds < 0:
            raise ValueError("a clock cannot go backwards")
        self.now += seconds
