"""Engine analysis as the UI sees it: the position asked about, the answers, and what a view
keeps of them.

A port, like :mod:`igs_tui.model.assist`: the UI hands an :class:`AnalysisPosition` (a
value: size, komi, handicap and the moves that lead to it) to whatever
:class:`EngineAnalysis` was configured and reads :class:`PositionAnalysis` updates as they
come, from a worker, so the keys never wait. :class:`AnalysisState` is the pure part of a
view: which position is on screen, the newest answer *for that position* (an answer for a
position the user has left is dropped), and the score estimates met so far, per position, for
the graph over the game.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from igs_tui.go import Color, Point, fixed_handicap_points, max_fixed_handicap

__all__ = [
    "AnalysisPosition",
    "AnalysisState",
    "Candidate",
    "EngineAnalysis",
    "PositionAnalysis",
    "next_key",
    "prefix_keys",
    "start_key",
]

Move = tuple[Color, Point | None]
"""A move as the engine is told it: a colour and a point (``None``: pass)."""


def start_key(size: int, komi: float, handicap: int) -> int:
    """The key of the position before any move (see :func:`prefix_keys`)."""
    return hash(("analysis", size, komi, handicap))


def next_key(key: int, move: Move) -> int:
    """The key of the position after ``move`` from the position keyed ``key``."""
    return hash((key, move))


def prefix_keys(size: int, komi: float, handicap: int, moves: Sequence[Move]) -> list[int]:
    """A key per position along ``moves``: ``keys[i]`` names the position after ``i`` moves.

    Computed in one pass, so a view can look up the estimate of every earlier position of a
    long game on each redraw without hashing ever longer move lists.
    """
    key = start_key(size, komi, handicap)
    keys = [key]
    for move in moves:
        key = next_key(key, move)
        keys.append(key)
    return keys


@dataclass(frozen=True, slots=True)
class AnalysisPosition:
    """A position to analyse: a fixed handicap (GTP ``fixed_handicap``), then ``moves``.

    Setup stones of a record are moves too (Black's, then White's): every engine takes
    ``play``, and the moves keep the captures and ko that a bare diagram would lose.
    ``to_move`` is who plays next (``None``: after the last move's colour, by the rules).
    """

    size: int
    komi: float
    moves: tuple[Move, ...] = ()
    handicap: int = 0
    next_color: Color | None = None
    key: int = field(default=0, compare=False)
    """:func:`prefix_keys` of this position (filled in by :meth:`make`)."""

    @classmethod
    def make(
        cls,
        size: int,
        komi: float,
        moves: Sequence[Move],
        *,
        handicap: int = 0,
        next_color: Color | None = None,
        keys: Sequence[int] | None = None,
    ) -> AnalysisPosition:
        """Build a position and its key (``keys``: :func:`prefix_keys` of a longer line
        through it, to save computing them again)."""
        if handicap and not 2 <= handicap <= max_fixed_handicap(size):
            handicap = 0
        key = (
            keys[len(moves)]
            if keys is not None and len(keys) > len(moves)
            else prefix_keys(size, komi, handicap, moves)[-1]
        )
        return cls(size, komi, tuple(moves), handicap, next_color, key)

    @property
    def to_move(self) -> Color:
        if self.next_color is not None:
            return self.next_color
        if self.moves:
            return self.moves[-1][0].opponent
        return Color.WHITE if self.handicap >= 2 else Color.BLACK

    def handicap_points(self) -> list[Point]:
        return list(fixed_handicap_points(self.size, self.handicap)) if self.handicap else []


@dataclass(frozen=True, slots=True)
class Candidate:
    """A move the engine suggests and what it said of it (``None``: not said).

    ``winrate`` is Black's winning chance (0-1) after the move, ``score_lead`` Black's lead in
    points; ``value`` and ``probability`` are GNU Go's move value and probability; ``pv`` the
    expected continuation (the move first).
    """

    point: Point | None
    visits: int | None = None
    winrate: float | None = None
    score_lead: float | None = None
    value: float | None = None
    probability: float | None = None
    pv: tuple[Point | None, ...] = ()


@dataclass(frozen=True, slots=True)
class PositionAnalysis:
    """One update about a position: the candidates best first, Black's winrate and lead for
    the position (from the best candidate, or ``estimate_score``), and a ``note`` when the
    engine could not answer (no analysis commands, a refused move, a crash)."""

    candidates: tuple[Candidate, ...] = ()
    winrate: float | None = None
    score_lead: float | None = None
    final: bool = False
    """No more updates will come for this position (one-shot engines, errors)."""
    note: str = ""
    method: str = ""
    """What the engine was asked (``kata-analyze``, ``top_moves_<color>, estimate_score``)."""


class EngineAnalysis(Protocol):
    """Analyses positions; one at a time (a new :meth:`analyse` ends the one before)."""

    @property
    def name(self) -> str:
        """What to call the engine in the panel, e.g. ``"GNU Go"``."""
        ...

    def analyse(
        self, position: AnalysisPosition, *, estimate_only: bool = False
    ) -> AsyncIterator[PositionAnalysis]:
        """Updates about ``position`` as they come; closing the iterator stops the engine's
        work on it. Never raises for engine trouble: that arrives as a ``note``.
        ``estimate_only``: just the score, as cheaply as the engine can (filling the graph
        of earlier positions)."""
        ...

    async def close(self) -> None:
        """Stop the engine (the app is ending)."""
        ...


@dataclass
class AnalysisState:
    """What one view knows of the analysis: on or off, the position shown, its newest
    answer, and every position's estimate met so far (for the graph)."""

    on: bool = False
    position: AnalysisPosition | None = None
    latest: PositionAnalysis | None = None
    leads: dict[int, float] = field(default_factory=dict)
    """Black's score lead per position key."""
    winrates: dict[int, float] = field(default_factory=dict)
    """Black's winrate per position key (engines that give no score)."""
    tried: set[int] = field(default_factory=set)
    """Positions asked about for the graph (asked once, even if the engine had no answer)."""

    def show(self, position: AnalysisPosition) -> bool:
        """The view now shows ``position``; True if that is a new one to ask about (the old
        answer is dropped, and any late answer for the old position will be refused)."""
        if self.position == position:
            return False
        self.position = position
        self.latest = None
        return True

    def turn_off(self) -> None:
        self.on = False
        self.position = None
        self.latest = None

    def accept(self, position: AnalysisPosition, update: PositionAnalysis) -> bool:
        """Keep ``update`` if it is about the position shown (True); a stale one is dropped."""
        if not self.on or position != self.position:
            return False
        self.latest = update
        if update.score_lead is not None:
            self.leads[position.key] = update.score_lead
        if update.winrate is not None:
            self.winrates[position.key] = update.winrate
        return True

    def record(self, position: AnalysisPosition, update: PositionAnalysis) -> None:
        """Keep the estimate of a position that is not the one shown (the graph's filling)."""
        self.tried.add(position.key)
        if update.score_lead is not None:
            self.leads[position.key] = update.score_lead
        if update.winrate is not None:
            self.winrates[position.key] = update.winrate

    def next_gap(self, keys: Sequence[int], shown: int) -> int | None:
        """The index along ``keys`` of the next position to estimate for the graph: the
        nearest before ``shown`` first (going back), then after it; ``None`` when every
        position has an estimate or was tried."""
        known = self.leads if self.leads or not self.winrates else self.winrates
        shown = max(0, min(shown, len(keys) - 1))
        order: list[int] = [*range(shown - 1, -1, -1), *range(shown + 1, len(keys))]
        for index in order:
            key = keys[index]
            if key not in known and key not in self.tried:
                return index
        return None

    def history(self, keys: Sequence[int]) -> tuple[list[float | None], bool]:
        """The estimates along a line of positions (``None``: not analysed yet), and whether
        they are score leads (else winrates, for engines without a score)."""
        leads = [self.leads.get(key) for key in keys]
        if any(value is not None for value in leads) or not self.winrates:
            return leads, True
        return [self.winrates.get(key) for key in keys], False
