"""Which match requests the bot bridge accepts, and how it answers undo requests.

Kept pure (no sockets, no engine) so every filtering rule is unit tested on its own; the
bridge only translates protocol events into :class:`MatchTerms` and acts on the verdict.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


class UndoPolicy(StrEnum):
    ACCEPT = "accept"
    DECLINE = "decline"


@dataclass(frozen=True, slots=True)
class MatchTerms:
    """What an opponent asked for (time in minutes, as IGS match requests give it)."""

    opponent: str
    size: int
    handicap: int
    time_minutes: int
    rated: bool = True


@dataclass(frozen=True, slots=True)
class BotPolicy:
    sizes: frozenset[int] = field(default_factory=lambda: frozenset({9, 13, 19}))
    max_handicap: int = 9
    min_time: int = 0
    max_time: int = 90
    rated: bool | None = None
    """``True`` only rated, ``False`` only free, ``None`` either."""
    undo: UndoPolicy = UndoPolicy.DECLINE

    def refusal(self, terms: MatchTerms) -> str | None:
        """Why ``terms`` are refused, or ``None`` to accept (the reason goes to the log)."""
        if terms.size not in self.sizes:
            wanted = ",".join(str(s) for s in sorted(self.sizes))
            return f"board size {terms.size} not in {wanted}"
        if not 0 <= terms.handicap <= self.max_handicap:
            return f"handicap {terms.handicap} above {self.max_handicap}"
        if not self.min_time <= terms.time_minutes <= self.max_time:
            return f"time {terms.time_minutes} min outside {self.min_time}-{self.max_time}"
        if self.rated is not None and terms.rated != self.rated:
            return "only rated games" if self.rated else "only free games"
        return None

    def accepts_undo(self) -> bool:
        return self.undo is UndoPolicy.ACCEPT
