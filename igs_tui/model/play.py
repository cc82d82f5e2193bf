"""Play-time state that is not the board: challenges, undo requests, time settings, scores.

Servers announce these things once and expect the client to remember them: a match request
stays open until it is accepted, declined or cancelled; an undo request waits for an answer;
the time system of a game is known from the challenge (IGS headings only repeat the remaining
time). Keeping them here as plain dataclasses lets the UI ask "what is pending?" without
scanning chat lines, and lets another server's adapter fill the same fields.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from igs_tui.go import Point
from igs_tui.model.clocks import TimeSettings
from igs_tui.model.terms import MatchTerms

__all__ = ["Challenge", "Dispute", "ScoreCheck", "ServerScore", "TimeSettings"]


@dataclass(frozen=True, slots=True)
class Challenge:
    """An open match request, from another player (``incoming``) or sent by us.

    ``terms`` are always written from *our* side, as the command that accepts it would state
    them: ``terms.opponent`` is the other player, ``terms.color`` the colour we would play. So
    accepting is just re-sending ``terms``, and a counter-offer is a changed copy.
    """

    terms: MatchTerms
    incoming: bool
    kind: str = ""
    """The server's own name for this kind of request, shown as is (IGS: ``match`` or
    ``nmatch``); empty when a server has one kind. How to answer it is the backend's business."""

    @property
    def opponent(self) -> str:
        return self.terms.opponent


@dataclass(frozen=True, slots=True)
class Dispute:
    """Both sides' terms when two requests do not match (shown side by side)."""

    opponent: str
    mine: tuple[str, ...]
    theirs: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ServerScore:
    """The server's final count, kept next to ours so the UI can show both."""

    black: float
    white: float
    black_territory: int = 0
    white_territory: int = 0
    black_captures: int | None = None
    white_captures: int | None = None
    black_area: frozenset[Point] = field(default=frozenset(), compare=False)
    """The points the server counted as Black's territory (its status board), if it sent them:
    a game's record holds them as ``TB``, for an observer as for a player."""
    white_area: frozenset[Point] = field(default=frozenset(), compare=False)

    @property
    def result(self) -> str:
        from igs_tui.go import count_result

        return count_result(self.black, self.white)


@dataclass(frozen=True, slots=True)
class ScoreCheck:
    """The server's score, ours for the same position and dead stones, and whether they agree."""

    server: ServerScore
    ours_black: float | None
    ours_white: float | None
    ours_result: str
    counted_by: str = "Server"
    """Whose count ``server`` holds: the server's, or in a local game the engine's name."""
    decides: bool = True
    """Whether that count is the result (a server's is; a local engine's only advises, and
    our own count stands)."""

    @property
    def agrees(self) -> bool:
        return self.ours_result == self.server.result
