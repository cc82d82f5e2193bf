"""The board position and its move history: the one stateful object of the rules engine.

Theory of operation
-------------------
The position is a flat list of colour codes (see :mod:`igs_tui.go.geometry`). Next to it every
stone points at a :class:`_Chain` object holding the chain's stones and its *set* of liberties,
and the chains are kept up to date incrementally: a move touches at most four chains, merges
its own neighbours into the largest of them and removes opponent chains whose only liberty it
filled. Legality therefore needs no flood fill at all:

- occupied: one list lookup;
- ko (IGS "basic ko": "If a single stone removes a single stone, then no single stone may remove
  it immediately"): the forbidden point and the colour it is forbidden to are remembered;
- suicide: the move has an empty neighbour, or captures, or joins a chain that keeps another
  liberty.

Undo works from recorded diffs: the played point and the captured points. It restores those
stones and rebuilds only the chains around them (the merged chain splits back into the chains it
came from), so it costs the size of the chains touched, not of the board. Setups (handicap, SGF
``AB``/``AW``/``AE``) are rare and simply rebuild all chains.

The Zobrist hash covers stones only, so equal positions hash equally whatever led to them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from igs_tui.go.coords import CoordinateError, check_size, format_point
from igs_tui.go.geometry import BLACK, EMPTY, WHITE, Geometry, geometry
from igs_tui.go.handicap import fixed_handicap_points
from igs_tui.go.rules import (
    IGS_RULES,
    IllegalMove,
    IllegalReason,
    Move,
    MoveCheck,
    Ruleset,
    Setup,
)
from igs_tui.go.types import Color, Point

_CODE = {Color.BLACK: BLACK, Color.WHITE: WHITE}
_COLOR = (None, Color.BLACK, Color.WHITE)
_NO_POINTS: tuple[Point, ...] = ()
_NO_INDICES: list[int] = []  # shared and never mutated: moves without captures
_BLACK = Color.BLACK
_WHITE = Color.WHITE
_ASCII = {EMPTY: ".", BLACK: "X", WHITE: "O"}

# Undo record kinds (first element of each record tuple).
_PLAY = 0
_PASS = 1
_SETUP = 2


class _Chain:
    """A maximal connected set of same-coloured stones and its liberties (flat indices)."""

    __slots__ = ("libs", "stones")

    def __init__(self, stones: list[int], libs: set[int]) -> None:
        self.stones = stones
        self.libs = libs


def _flood(
    board: list[int],
    neighbours: tuple[tuple[int, ...], ...],
    start: int,
    chain_of: list[_Chain | None],
) -> _Chain:
    """Build the chain through ``start`` from scratch and point its stones at it."""
    color = board[start]
    stones = [start]
    seen = {start}
    libs: set[int] = set()
    i = 0
    while i < len(stones):
        for n in neighbours[stones[i]]:
            v = board[n]
            if v == EMPTY:
                libs.add(n)
            elif v == color and n not in seen:
                seen.add(n)
                stones.append(n)
        i += 1
    chain = _Chain(stones, libs)
    for s in stones:
        chain_of[s] = chain
    return chain


def _all_chains(board: list[int], geo: Geometry) -> list[_Chain | None]:
    chain_of: list[_Chain | None] = [None] * geo.area
    for i, v in enumerate(board):
        if v and chain_of[i] is None:
            _flood(board, geo.neighbours, i, chain_of)
    return chain_of


def _as_color(color: Color | str) -> Color:
    """Accept a :class:`Color` or its text ("B", "white"); raise :class:`ValueError` otherwise."""
    if isinstance(color, Color):
        return color
    return Color.parse(color)


class Game:
    """A game of Go under a :class:`Ruleset`: position, turn, prisoners, ko, passes, history.

    ``play``/``pass_move``/``setup`` append to the history; ``undo`` restores the state before
    the last entry exactly. ``check`` answers legality questions without changing anything.
    """

    def __init__(
        self,
        size: int = 19,
        *,
        komi: float = 0.0,
        ruleset: Ruleset = IGS_RULES,
        handicap: int = 0,
    ) -> None:
        check_size(size)
        self.size = size
        self.komi = komi
        self.ruleset = ruleset
        self._geo = geometry(size)
        self._neighbours = self._geo.neighbours
        self._zobrist = self._geo.zobrist
        self._points = self._geo.points
        self._board: list[int] = [EMPTY] * self._geo.area
        self._chain_of: list[_Chain | None] = [None] * self._geo.area
        self._hash = 0
        self._prisoners = [0, 0, 0]
        self._ko = -1
        self._ko_code = 0
        self._to_move = Color.BLACK
        self._passes = 0
        self._move_count = 0
        self._history: list[Move | Setup] = []
        self._undo: list[tuple[Any, ...]] = []
        if handicap >= 2:
            self.place_handicap(handicap)
        elif handicap < 0:
            raise ValueError(f"handicap cannot be negative: {handicap}")

    def __repr__(self) -> str:
        return (
            f"<Game {self.size}x{self.size} {self.ruleset.name} komi={self.komi} "
            f"moves={self._move_count} to_move={self._to_move.name}>"
        )

    # ------------------------------------------------------------------ queries

    @property
    def to_move(self) -> Color:
        """Black first, White after a handicap, otherwise the opponent of the last mover."""
        return self._to_move

    @property
    def position_hash(self) -> int:
        """Zobrist hash of the stones on the board (not of turn, ko or prisoners)."""
        return self._hash

    @property
    def prisoners(self) -> dict[Color, int]:
        """Stones captured *by* each colour during play (a copy)."""
        return {Color.BLACK: self._prisoners[BLACK], Color.WHITE: self._prisoners[WHITE]}

    @property
    def history(self) -> tuple[Move | Setup, ...]:
        return tuple(self._history)

    @property
    def moves(self) -> tuple[Move, ...]:
        return tuple(e for e in self._history if isinstance(e, Move))

    @property
    def move_count(self) -> int:
        """Number of :class:`Move` entries in the history (the last move's number)."""
        return self._move_count

    @property
    def last_move(self) -> Move | None:
        for entry in reversed(self._history):
            if isinstance(entry, Move):
                return entry
        return None

    @property
    def consecutive_passes(self) -> int:
        return self._passes

    @property
    def play_ended(self) -> bool:
        """True once ``ruleset.passes_to_end`` consecutive passes were made (3 on IGS)."""
        return self._passes >= self.ruleset.passes_to_end

    @property
    def ko_point(self) -> Point | None:
        """The point the player to move may not play right now because of basic ko."""
        if self._ko >= 0 and self._ko_code == _CODE[self._to_move]:
            return self._geo.points[self._ko]
        return None

    def get(self, point: Point) -> Color | None:
        """The colour of the stone at ``point``, or ``None`` if it is empty."""
        return _COLOR[self._board[self._index(point)]]

    def stones(self) -> dict[Point, Color]:
        """All stones on the board, as a new dict."""
        points = self._geo.points
        return {points[i]: _COLOR[v] for i, v in enumerate(self._board) if v}  # type: ignore[misc]

    def chain(self, point: Point) -> frozenset[Point]:
        """The stones connected to the stone at ``point`` (empty set for an empty point)."""
        chain = self._chain_of[self._index(point)]
        if chain is None:
            return frozenset()
        points = self._geo.points
        return frozenset(points[s] for s in chain.stones)

    def liberties(self, point: Point) -> frozenset[Point]:
        """The liberties of the chain at ``point`` (empty set for an empty point)."""
        chain = self._chain_of[self._index(point)]
        if chain is None:
            return frozenset()
        points = self._geo.points
        return frozenset(points[s] for s in chain.libs)

    def check(
        self,
        point: Point | None,
        color: Color | None = None,
        *,
        enforce_turn: bool = False,
    ) -> MoveCheck:
        """Is this move legal, why not, and what would it capture? Never changes the game.

        ``point`` ``None`` is a pass, legal unless play has ended. ``color`` ``None`` means the
        player to move; an explicit other colour is legal (IGS and GTP allow it) unless
        ``enforce_turn`` is true, which reports :attr:`IllegalReason.NOT_YOUR_TURN` for UIs.
        """
        color = self._to_move if color is None else _as_color(color)
        if self._passes >= self.ruleset.passes_to_end:
            return MoveCheck(False, IllegalReason.GAME_OVER, _NO_POINTS)
        if enforce_turn and color is not self._to_move:
            return MoveCheck(False, IllegalReason.NOT_YOUR_TURN, _NO_POINTS)
        if point is None:
            return MoveCheck(True, None, _NO_POINTS)
        if not self._contains(point):
            return MoveCheck(False, IllegalReason.OFF_BOARD, _NO_POINTS)
        p = point[1] * self.size + point[0]
        c = _CODE[color]
        if self._board[p]:
            return MoveCheck(False, IllegalReason.OCCUPIED, _NO_POINTS)
        if p == self._ko and c == self._ko_code:
            return MoveCheck(False, IllegalReason.KO, _NO_POINTS)
        board = self._board
        chain_of = self._chain_of
        has_liberty = False
        dead: list[_Chain] = []
        for q in self._geo.neighbours[p]:
            v = board[q]
            if v == EMPTY:
                has_liberty = True
                continue
            chain = chain_of[q]
            assert chain is not None
            if v == c:
                if len(chain.libs) > 1:
                    has_liberty = True
            elif len(chain.libs) == 1 and chain not in dead:
                dead.append(chain)
        if not dead:
            if has_liberty:
                return MoveCheck(True, None, _NO_POINTS)
            return MoveCheck(False, IllegalReason.SUICIDE, _NO_POINTS)
        points = self._geo.points
        return MoveCheck(
            True, None, tuple([points[s] for s in sorted(s for ch in dead for s in ch.stones)])
        )

    def is_legal(self, point: Point | None, color: Color | None = None) -> bool:
        return self.check(point, color).legal

    # ------------------------------------------------------------------ moves

    def play(self, point: Point | None, color: Color | None = None) -> Move:
        """Play a stone (``point``) or pass (``None``) for ``color`` (default: to move).

        Raises :class:`IllegalMove` (a :class:`ValueError`) and then changes nothing.
        """
        # This is the engine's hot path (see benchmarks/bench_rules.py): locals instead of
        # attribute chains, and no work for cases that do not arise (no merge, no capture).
        if color is None:
            color = self._to_move
        elif color.__class__ is not Color:
            color = _as_color(color)
        if self._passes and self._passes >= self.ruleset.passes_to_end:
            raise self._illegal(IllegalReason.GAME_OVER, color, point)
        if point is None:
            return self._pass(color)
        size = self.size
        try:  # free in CPython 3.11 unless it raises
            col, row = point
            inside = 0 <= col < size and 0 <= row < size
        except (TypeError, ValueError):
            raise TypeError(f"a move is a Point(col, row) or None, not {point!r}") from None
        if not inside:
            raise self._illegal(IllegalReason.OFF_BOARD, color, point)
        p = row * size + col
        board = self._board
        if board[p]:
            raise self._illegal(IllegalReason.OCCUPIED, color, point)
        c = BLACK if color is _BLACK else WHITE
        if p == self._ko and c == self._ko_code:
            raise self._illegal(IllegalReason.KO, color, point)
        chain_of = self._chain_of
        neighbours = self._neighbours
        # Classify the neighbours without changing anything yet.
        libs = []
        own: list[_Chain] = []
        dead: list[_Chain] = []
        hurt: list[_Chain] = []
        for q in neighbours[p]:
            v = board[q]
            if not v:
                libs.append(q)
                continue
            chain: _Chain = chain_of[q]  # type: ignore[assignment]
            if v == c:
                if chain not in own:
                    own.append(chain)
            elif len(chain.libs) == 1:
                if chain not in dead:
                    dead.append(chain)
            else:
                hurt.append(chain)  # a duplicate only means a second harmless discard
        if not libs and not dead:
            for chain in own:
                if len(chain.libs) > 1:
                    break
            else:
                raise self._illegal(IllegalReason.SUICIDE, color, point)

        # Commit: place the stone, update the chains, take the captures.
        board[p] = c
        zobrist = self._zobrist
        old_hash = self._hash
        h = old_hash ^ zobrist[c][p]
        for chain in hurt:
            chain.libs.discard(p)
        if own:
            big = own[0]
            if len(own) > 1:
                for chain in own:
                    if len(chain.stones) > len(big.stones):
                        big = chain
                for chain in own:
                    if chain is not big:
                        for s in chain.stones:
                            chain_of[s] = big
                        big.stones.extend(chain.stones)
                        big.libs |= chain.libs
            big.stones.append(p)
            big_libs = big.libs
            big_libs.discard(p)
            if libs:
                big_libs.update(libs)
            chain_of[p] = big
        else:
            chain_of[p] = _Chain([p], set(libs))
        if dead:
            captured: list[int] = []
            zo = zobrist[3 - c]
            for chain in dead:
                for s in chain.stones:
                    board[s] = EMPTY
                    chain_of[s] = None
                    h ^= zo[s]
                captured.extend(chain.stones)
            for s in captured:
                for n in neighbours[s]:
                    if board[n] == c:
                        chain_of[n].libs.add(s)  # type: ignore[union-attr]
            # Chain order depends on merge history; sort so a Move never depends on it.
            captured.sort()
            self._prisoners[c] += len(captured)
            points = self._points
            captures = tuple([points[s] for s in captured])
        else:
            captured = _NO_INDICES
            captures = _NO_POINTS
        self._undo.append(
            (_PLAY, p, c, captured, self._ko, self._ko_code, self._passes, self._to_move, old_hash)
        )
        if not own and not libs and len(captured) == 1:
            self._ko = captured[0]
            self._ko_code = 3 - c
        else:
            self._ko = -1
        self._hash = h
        self._passes = 0
        self._to_move = _WHITE if c == BLACK else _BLACK
        n = self._move_count = self._move_count + 1
        move = Move(color, self._points[p], captures, n)
        self._history.append(move)
        return move

    def pass_move(self, color: Color | None = None) -> Move:
        """Pass for ``color`` (default: to move); raises :class:`IllegalMove` once play ended."""
        return self.play(None, color)

    def _pass(self, color: Color) -> Move:
        self._undo.append((_PASS, self._ko, self._ko_code, self._passes, self._to_move, self._hash))
        self._ko = -1
        self._passes += 1
        self._to_move = color.opponent
        self._move_count += 1
        move = Move(color, None, _NO_POINTS, self._move_count)
        self._history.append(move)
        return move

    def setup(
        self,
        black: Iterable[Point] = (),
        white: Iterable[Point] = (),
        empty: Iterable[Point] = (),
        *,
        to_move: Color | None = None,
    ) -> Setup:
        """Place black/white stones and clear points outside of play (one history entry).

        Raises :class:`ValueError` (changing nothing) for off-board points, a point named in
        two lists, or a result with a chain that has no liberties. Clears any ko; ``to_move``
        optionally sets the player to move.
        """
        lists = [
            tuple(Point(*p) for p in black),
            tuple(Point(*p) for p in white),
            tuple(Point(*p) for p in empty),
        ]
        seen: dict[Point, int] = {}
        for which, points in enumerate(lists):
            for pt in points:
                if not self._geo.contains(pt):
                    raise CoordinateError(f"setup point {tuple(pt)!r} is off the board")
                if seen.setdefault(pt, which) != which:
                    raise ValueError(f"setup names {self._name(pt)} more than once")
        new_board = self._board.copy()
        changes: list[tuple[int, int]] = []
        for code, points in zip((BLACK, WHITE, EMPTY), lists, strict=True):
            for pt in points:
                i = self._geo.index(pt)
                if new_board[i] != code:
                    changes.append((i, self._board[i]))
                    new_board[i] = code
        chain_of = _all_chains(new_board, self._geo)
        for chain in chain_of:
            if chain is not None and not chain.libs:
                where = self._name(self._geo.points[min(chain.stones)])
                raise ValueError(f"setup leaves the chain at {where} without liberties")
        self._undo.append((_SETUP, changes, self._ko, self._ko_code, self._to_move, self._hash))
        zobrist = self._geo.zobrist
        for i, old in changes:
            self._hash ^= zobrist[old][i] ^ zobrist[new_board[i]][i]
        self._board = new_board
        self._chain_of = chain_of
        self._ko = -1
        if to_move is not None:
            self._to_move = _as_color(to_move)
        entry = Setup(*lists)
        self._history.append(entry)
        return entry

    def place_handicap(self, count: int) -> tuple[Point, ...]:
        """Place ``count`` fixed handicap stones (GTP §4.1.1) as a setup; White moves next.

        Raises :class:`ValueError` for a count the board size does not allow or if a
        handicap point is occupied.
        """
        points = fixed_handicap_points(self.size, count)
        if not points:
            return points
        for pt in points:
            if self._board[self._geo.index(pt)]:
                raise ValueError(f"handicap point {self._name(pt)} is occupied")
        self.setup(black=points, to_move=Color.WHITE)
        return points

    # ------------------------------------------------------------------ undo

    def undo(self) -> Move | Setup:
        """Take back the last history entry, restoring the previous state exactly."""
        if not self._history:
            raise ValueError("nothing to undo")
        record = self._undo.pop()
        kind = record[0]
        if kind == _PLAY:
            self._undo_play(record)
        elif kind == _PASS:
            _, self._ko, self._ko_code, self._passes, self._to_move, self._hash = record
        else:
            _, changes, self._ko, self._ko_code, self._to_move, self._hash = record
            for i, old in changes:
                self._board[i] = old
            self._chain_of = _all_chains(self._board, self._geo)
        entry = self._history.pop()
        if isinstance(entry, Move):
            self._move_count -= 1
        return entry

    def _undo_play(self, record: tuple[Any, ...]) -> None:
        _, p, c, captured, self._ko, self._ko_code, self._passes, self._to_move, self._hash = record
        board = self._board
        chain_of = self._chain_of
        neighbours = self._geo.neighbours
        o = 3 - c
        board[p] = EMPTY
        chain_of[p] = None
        for s in captured:
            board[s] = o
        self._prisoners[c] -= len(captured)
        # Rebuild the chains the move merged and the chains it captured.
        rebuilt: set[int] = set()
        for start in neighbours[p]:
            if board[start] == c and start not in rebuilt:
                rebuilt.update(_flood(board, neighbours, start, chain_of).stones)
        for start in captured:
            if start not in rebuilt:
                rebuilt.update(_flood(board, neighbours, start, chain_of).stones)
        # Neighbouring chains that were not rebuilt get their liberties back/taken.
        for q in neighbours[p]:
            if board[q] == o and q not in rebuilt:
                chain_of[q].libs.add(p)  # type: ignore[union-attr]
        for s in captured:
            for n in neighbours[s]:
                if board[n] == c and n not in rebuilt:
                    chain_of[n].libs.discard(s)  # type: ignore[union-attr]

    def undo_to(self, length: int) -> None:
        """Undo entries until ``len(history) == length``."""
        if not 0 <= length <= len(self._history):
            raise ValueError(f"cannot undo to {length}: history has {len(self._history)} entries")
        while len(self._history) > length:
            self.undo()

    # ------------------------------------------------------------------ copies & text

    def copy(self) -> Game:
        """An independent game with the same state and history (undo works on both)."""
        other = Game.__new__(Game)
        other.size = self.size
        other.komi = self.komi
        other.ruleset = self.ruleset
        other._geo = self._geo
        other._neighbours = self._neighbours
        other._zobrist = self._zobrist
        other._points = self._points
        other._board = self._board.copy()
        # Copy each chain object once (cheaper than flood-filling the board again).
        chain_of: list[_Chain | None] = [None] * self._geo.area
        for chain in {id(c): c for c in self._chain_of if c is not None}.values():
            twin = _Chain(chain.stones.copy(), chain.libs.copy())
            for s in twin.stones:
                chain_of[s] = twin
        other._chain_of = chain_of
        other._hash = self._hash
        other._prisoners = self._prisoners.copy()
        other._ko = self._ko
        other._ko_code = self._ko_code
        other._to_move = self._to_move
        other._passes = self._passes
        other._move_count = self._move_count
        other._history = self._history.copy()
        other._undo = self._undo.copy()
        return other

    def to_ascii(self) -> str:
        """The board as text: rows top to bottom, ``X`` black, ``O`` white, ``.`` empty."""
        size = self.size
        board = self._board
        rows = []
        for row in range(size - 1, -1, -1):
            rows.append(" ".join(_ASCII[board[row * size + col]] for col in range(size)))
        return "\n".join(rows) + "\n"

    @classmethod
    def from_ascii(cls, diagram: str, *, to_move: Color | None = None, **kwargs: Any) -> Game:
        """Build a game from a diagram like :meth:`to_ascii` writes (whitespace is ignored).

        The stones become one :class:`Setup` entry. Raises :class:`ValueError` with the line
        number for ragged rows or unknown characters.
        """
        rows = ["".join(line.split()) for line in diagram.splitlines()]
        rows = [r for r in rows if r]
        size = len(rows)
        check_size(size)
        black: list[Point] = []
        white: list[Point] = []
        for n, text in enumerate(rows):
            if len(text) != size:
                raise ValueError(f"diagram row {n + 1}: {len(text)} points, expected {size}")
            row = size - 1 - n
            for col, ch in enumerate(text):
                if ch == "X":
                    black.append(Point(col, row))
                elif ch == "O":
                    white.append(Point(col, row))
                elif ch not in ".+":
                    raise ValueError(f"diagram row {n + 1}, column {col + 1}: unknown {ch!r}")
        game = cls(size, **kwargs)
        if black or white or to_move is not None:
            game.setup(black, white, to_move=to_move)
        return game

    # ------------------------------------------------------------------ helpers

    def _contains(self, point: Point) -> bool:
        """Is ``point`` on the board? Raises a clear :class:`TypeError` for non-points."""
        try:
            return self._geo.contains(point)
        except (TypeError, ValueError):
            raise TypeError(f"expected a Point(col, row), not {point!r}") from None

    def _index(self, point: Point) -> int:
        if not self._contains(point):
            raise CoordinateError(f"{tuple(point)!r} is off the {self.size}x{self.size} board")
        return point[1] * self.size + point[0]

    def _name(self, point: tuple[int, int] | None) -> str:
        if point is None:
            return "pass"
        if self._geo.contains(point):
            return format_point(Point(*point), self.size)
        return repr(tuple(point))

    def _illegal(self, reason: IllegalReason, color: Color, point: Point | None) -> IllegalMove:
        who = color.name.capitalize()
        where = self._name(point)
        messages = {
            IllegalReason.OCCUPIED: f"{where} is occupied",
            IllegalReason.SUICIDE: f"{who} at {where} would be suicide",
            IllegalReason.KO: f"{who} may not retake the ko at {where} immediately",
            IllegalReason.NOT_YOUR_TURN: f"it is not {who}'s turn",
            IllegalReason.OFF_BOARD: f"{where} is off the {self.size}x{self.size} board",
            IllegalReason.GAME_OVER: (
                f"play has ended after {self.ruleset.passes_to_end} consecutive passes"
            ),
        }
        return IllegalMove(reason, color, point, messages[reason])
