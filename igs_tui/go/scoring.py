"""Counting a finished game: dead-stone marking (as on IGS) and territory or area scores.

IGS rules: "Territory includes connected units of empty grid points that are not adjacent to an
opponent's stone, with each grid point being worth one point, and removed opponent's stones,
with each stone being worth one point. The komi is added to the white territory."

So after the dead stones are removed, every maximal empty region bordered by one colour only is
that colour's territory; a region touching both colours (dame, and the shared liberties of a
seki) counts for nobody. This is also what the server's own count does, so our totals agree with
its score lines. Area scoring (Chinese, GOE) counts living stones instead of prisoners.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING

from igs_tui.go.geometry import BLACK, EMPTY, WHITE
from igs_tui.go.rules import ScoringMethod
from igs_tui.go.types import Color, Point

if TYPE_CHECKING:
    from igs_tui.go.game import Game


def format_margin(margin: float) -> str:
    """``3.5`` -> ``"3.5"``, ``12.0`` -> ``"12"``: no trailing zeros."""
    if margin == int(margin):
        return str(int(margin))
    return f"{margin:.2f}".rstrip("0").rstrip(".")


_WORD_MARGINS = {"R": "R", "RESIGN": "R", "T": "T", "TIME": "T", "F": "F", "FORFEIT": "F"}


def result_string(winner: Color | None, margin: float | str) -> str:
    """The SGF ``RE`` style result: ``"B+3.5"``, ``"W+R"`` (resign), ``"B+T"`` (time), ``"0"``.

    ``winner`` ``None`` (or a zero margin) is a draw (jigo), ``"0"``. Raises
    :class:`ValueError` for a negative or unknown margin.
    """
    if isinstance(margin, str):
        word = _WORD_MARGINS.get(margin.strip().upper())
        if word is None:
            try:
                margin = float(margin)
            except ValueError:
                raise ValueError(f"unknown result margin {margin!r}") from None
        elif winner is None:
            raise ValueError(f"a {word!r} result needs a winner")
        else:
            return f"{winner.value}+{word}"
    if margin < 0:
        raise ValueError(f"margin cannot be negative: {margin}")
    if winner is None or margin == 0:
        return "0"
    return f"{winner.value}+{format_margin(margin)}"


def count_result(black: float, white: float) -> str:
    """The result of a count from the two totals: ``"B+3.5"``, ``"W+0.5"``, ``"0"`` when
    they are equal."""
    winner = Color.BLACK if black > white else Color.WHITE if white > black else None
    return result_string(winner, abs(black - white))


@dataclass(frozen=True)
class Score:
    """A complete count. ``black``/``white`` are totals (komi included in white's)."""

    black: float
    white: float
    method: ScoringMethod
    territory: Mapping[Color, frozenset[Point]]
    dame: frozenset[Point]
    dead: frozenset[Point]
    #: captures during play plus removed dead stones, by the colour that took them
    prisoners: Mapping[Color, int]
    result: str

    @property
    def winner(self) -> Color | None:
        if self.black > self.white:
            return Color.BLACK
        if self.white > self.black:
            return Color.WHITE
        return None

    @property
    def margin(self) -> float:
        return abs(self.black - self.white)


class ScoringSession:
    """Dead-stone marking on a snapshot of a game's final position, then the count.

    The session copies what it needs, so the game may change afterwards without affecting it.
    Marking works on whole chains, like clicking a stone on IGS during removal.
    """

    def __init__(self, game: Game) -> None:
        self.size = game.size
        self.komi = game.komi
        self.method = game.ruleset.scoring
        self._board = game._board.copy()
        self._geo = game._geo
        self._captures = game.prisoners
        self._dead: set[int] = set()

    def _chain_indices(self, point: Point) -> list[int]:
        geo = self._geo
        if not geo.contains(point):
            raise ValueError(f"{tuple(point)!r} is off the {self.size}x{self.size} board")
        start = geo.index(point)
        board = self._board
        color = board[start]
        if color == EMPTY:
            return []
        neighbours = geo.neighbours
        stones = [start]
        seen = {start}
        i = 0
        while i < len(stones):
            for n in neighbours[stones[i]]:
                if board[n] == color and n not in seen:
                    seen.add(n)
                    stones.append(n)
            i += 1
        return stones

    def _points(self, indices: list[int] | set[int]) -> frozenset[Point]:
        points = self._geo.points
        return frozenset(points[i] for i in indices)

    def toggle(self, point: Point) -> frozenset[Point]:
        """Mark the chain at ``point`` dead, or alive again if it was dead; returns the chain."""
        stones = self._chain_indices(point)
        if stones and stones[0] in self._dead:
            self._dead.difference_update(stones)
        else:
            self._dead.update(stones)
        return self._points(stones)

    def mark_dead(self, point: Point) -> frozenset[Point]:
        """Mark the chain at ``point`` dead (idempotent); returns the chain."""
        stones = self._chain_indices(point)
        self._dead.update(stones)
        return self._points(stones)

    def is_dead(self, point: Point) -> bool:
        return self._geo.contains(point) and self._geo.index(point) in self._dead

    @property
    def dead(self) -> frozenset[Point]:
        return self._points(self._dead)

    def restore(self) -> None:
        """Unmark every dead stone (IGS ``undo`` during removal restores the board)."""
        self._dead.clear()

    def score(self, method: ScoringMethod | None = None, komi: float | None = None) -> Score:
        """Count the position with the current dead stones removed."""
        method = self.method if method is None else ScoringMethod(method)
        komi = self.komi if komi is None else komi
        board = self._board.copy()
        dead_black = dead_white = 0
        for i in self._dead:
            if board[i] == BLACK:
                dead_black += 1
            else:
                dead_white += 1
            board[i] = EMPTY
        neighbours = self._geo.neighbours
        territory_black: list[int] = []
        territory_white: list[int] = []
        dame: list[int] = []
        seen = [False] * len(board)
        for start, v in enumerate(board):
            if v or seen[start]:
                continue
            seen[start] = True
            region = [start]
            mask = 0
            i = 0
            while i < len(region):
                for n in neighbours[region[i]]:
                    w = board[n]
                    if w:
                        mask |= w
                    elif not seen[n]:
                        seen[n] = True
                        region.append(n)
                i += 1
            if mask == BLACK:
                territory_black.extend(region)
            elif mask == WHITE:
                territory_white.extend(region)
            else:
                dame.extend(region)
        prisoners = {
            Color.BLACK: self._captures[Color.BLACK] + dead_white,
            Color.WHITE: self._captures[Color.WHITE] + dead_black,
        }
        if method is ScoringMethod.AREA:
            black = len(territory_black) + board.count(BLACK)
            white = len(territory_white) + board.count(WHITE) + komi
        else:
            black = len(territory_black) + prisoners[Color.BLACK]
            white = len(territory_white) + prisoners[Color.WHITE] + komi
        result = count_result(black, white)
        return Score(
            black=black,
            white=white,
            method=method,
            territory=MappingProxyType(
                {
                    Color.BLACK: self._points(territory_black),
                    Color.WHITE: self._points(territory_white),
                }
            ),
            dame=self._points(dame),
            dead=self.dead,
            prisoners=MappingProxyType(prisoners),
            result=result,
        )


def count_with_dead(
    game: Game,
    dead: Iterable[Point],
    *,
    method: ScoringMethod | None = None,
    komi: float | None = None,
) -> Score:
    """Count ``game``'s position with the chains of ``dead`` removed: the one way every part of
    the client counts a finished game (our cross-check of a server's count, the scoring preview,
    local engine games). Points that are empty or off the board are ignored, so a stale or
    hostile dead-stone list cannot break the count."""
    session = ScoringSession(game)
    size = game.size
    for point in dead:
        on_board = 0 <= point.col < size and 0 <= point.row < size
        if on_board and game.get(point) is not None and not session.is_dead(point):
            session.mark_dead(point)
    return session.score(method, komi)
