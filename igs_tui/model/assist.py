"""Engine assistance as the UI sees it: a score estimate and a dead-stone suggestion.

A port, not an implementation: the UI asks these questions of whatever was configured (a GTP
engine today, perhaps a server-side estimator with another backend) and must never block on
the answer, so both calls are coroutines that return ``None`` when no answer came in time.
"""

from __future__ import annotations

from typing import Protocol

from igs_tui.go import Point
from igs_tui.model.games import FollowedGame


class EngineAssist(Protocol):
    """Answers questions about a followed game's current position."""

    @property
    def name(self) -> str:
        """What to call the helper in messages, e.g. ``"GNU Go"``."""
        ...

    async def estimate(self, game: FollowedGame) -> str | None:
        """A score estimate such as ``"W+3.5"``, or ``None`` on timeout or failure."""
        ...

    async def suggest_dead(self, game: FollowedGame) -> frozenset[Point] | None:
        """Stones the engine thinks are dead, or ``None`` on timeout or failure."""
        ...
