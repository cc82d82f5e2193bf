"""A score estimate with no engine: which stones are dead, then the count.

GNU Go or another engine answers "who is ahead" well, but a user without one still wants a
number at the end of a game (and a rough one in the middle). This estimate is pure Python on
the rules engine's board, fast enough for every key press (a few milliseconds on 19x19).

**Dead stones.** Seen from colour ``c``, the board splits into *enclosures*: the regions of
points that are not living ``c`` stones (empty points, dead stones, the opponent's stones). An
opponent group inside an enclosure lives only if it has two eyes there: two empty regions
(dead stones count as empty) bordered by its own living stones alone, or one region large
enough to make two. Opponent stones in a closed enclosure without two eyes are dead. When two
enclosures hold each other's candidates (a dead stone inside a territory makes that
territory's region mixed, so the living owner has no clean eye either), the smaller candidate
dies first and everything is looked at again: the territory is then clean and its owner lives.
Enclosures that take up most of the board are open space, not enclosed, so nothing in them
dies (in the opening nobody is dead).

**The count.** The dead chains are removed and counted as prisoners
(:func:`~igs_tui.go.scoring.count_with_dead`). Empty regions bordered by one colour are its
territory, as in the real count; regions touching both colours are split point by point by
distance: a point belongs to the colour whose nearest stone is closer, within
:data:`REACH` steps through empty points (so an open framework counts for its owner in the
middle of a game, while the dame of a finished game, next to both colours, count for nobody).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from types import MappingProxyType
from typing import TYPE_CHECKING

from igs_tui.go.geometry import BLACK, EMPTY, WHITE
from igs_tui.go.rules import ScoringMethod
from igs_tui.go.scoring import Score, count_result, count_with_dead
from igs_tui.go.types import Color, Point

if TYPE_CHECKING:
    from igs_tui.go.game import Game

__all__ = ["OPEN_SHARE", "REACH", "TWO_EYE_SIZE", "dead_stones", "estimate_score"]

TWO_EYE_SIZE = 4
"""An eye region of this many points or more can be made into two eyes."""

OPEN_SHARE = 0.5
"""An enclosure larger than this share of the board is open space: nothing in it dies."""

REACH = 4
"""How far (steps through empty points) a stone claims mixed empty points in the count."""

_CODE = {Color.BLACK: BLACK, Color.WHITE: WHITE}


def _candidates(
    board: Sequence[int],
    dead: set[int],
    neighbours: Sequence[tuple[int, ...]],
    colour: int,
    open_size: float,
) -> list[tuple[list[int], set[int]]]:
    """The opponent stones ``colour`` encloses without two eyes, per enclosure, each with
    the living ``colour`` stones that border the enclosure."""
    other = BLACK + WHITE - colour
    area = len(board)
    seen = [False] * area
    found: list[tuple[list[int], set[int]]] = []
    for start in range(area):
        if seen[start] or (board[start] == colour and start not in dead):
            continue
        seen[start] = True
        region = [start]
        border: set[int] = set()
        i = 0
        while i < len(region):
            for n in neighbours[region[i]]:
                if seen[n]:
                    continue
                if board[n] == colour and n not in dead:
                    border.add(n)
                    continue
                seen[n] = True
                region.append(n)
            i += 1
        stones = [p for p in region if board[p] == other and p not in dead]
        if not stones or len(region) > open_size:
            continue
        if _eyes(board, dead, neighbours, region, other) < 2:
            found.append((stones, border))
    return found


def _eyes(
    board: Sequence[int],
    dead: set[int],
    neighbours: Sequence[tuple[int, ...]],
    region: list[int],
    owner: int,
) -> int:
    """How many eyes ``owner``'s living stones have in ``region``: empty regions (dead
    stones count as empty) bordered only by them; a large one counts twice."""
    inside = set(region)
    seen: set[int] = set()
    eyes = 0
    for start in region:
        if start in seen or (board[start] != EMPTY and start not in dead):
            continue
        seen.add(start)
        space = [start]
        clean = True
        i = 0
        while i < len(space):
            for n in neighbours[space[i]]:
                if n in seen:
                    continue
                if board[n] == EMPTY or n in dead:
                    if n in inside:
                        seen.add(n)
                        space.append(n)
                    else:  # cannot happen: an enclosure holds all empty points it touches
                        clean = False
                elif board[n] != owner:
                    clean = False
            i += 1
        if clean:
            eyes += 2 if len(space) >= TWO_EYE_SIZE else 1
            if eyes >= 2:
                return eyes
    return eyes


def _dead_indices(game: Game) -> set[int]:
    board = game._board
    neighbours = game._geo.neighbours
    open_size = OPEN_SHARE * len(board)
    dead: set[int] = set()
    while True:
        candidates = [
            *_candidates(board, dead, neighbours, BLACK, open_size),
            *_candidates(board, dead, neighbours, WHITE, open_size),
        ]
        if not candidates:
            return dead
        in_question: set[int] = set()
        for stones, _border in candidates:
            in_question.update(stones)
        clear = [stones for stones, border in candidates if not border & in_question]
        if clear:
            for stones in clear:
                dead.update(stones)
        else:  # they hold each other: the smallest dies first, then look again (all of
            # that size at once, so that neither colour is favoured)
            least = min(len(stones) for stones, _border in candidates)
            for stones, _border in candidates:
                if len(stones) == least:
                    dead.update(stones)


def dead_stones(game: Game) -> frozenset[Point]:
    """The stones of ``game``'s position this estimate takes for dead."""
    points = game._geo.points
    return frozenset(points[i] for i in _dead_indices(game))


def estimate_score(
    game: Game, *, method: ScoringMethod | None = None, komi: float | None = None
) -> Score:
    """Estimate the score of ``game``'s position: dead stones (:func:`dead_stones`) removed
    and counted as prisoners, komi (the game's unless given) added to White's total."""
    dead = dead_stones(game)
    score = count_with_dead(game, dead, method=method, komi=komi)
    if not score.dame:
        return score
    gained = _claim_dame(game, dead, score.dame)
    if not gained[Color.BLACK] and not gained[Color.WHITE]:
        return score
    territory = {
        colour: score.territory[colour] | gained[colour] for colour in (Color.BLACK, Color.WHITE)
    }
    black = score.black + len(gained[Color.BLACK])
    white = score.white + len(gained[Color.WHITE])
    result = count_result(black, white)
    return replace(
        score,
        black=black,
        white=white,
        territory=MappingProxyType(territory),
        dame=score.dame - gained[Color.BLACK] - gained[Color.WHITE],
        result=result,
    )


def _claim_dame(
    game: Game, dead: frozenset[Point], dame: frozenset[Point]
) -> dict[Color, frozenset[Point]]:
    """The points of mixed regions nearer (within :data:`REACH`) to one colour's living
    stones than to the other's."""
    geo = game._geo
    board = list(game._board)
    for point in dead:
        board[geo.index(point)] = EMPTY
    distance = {
        BLACK: _distances(board, geo.neighbours, BLACK),
        WHITE: _distances(board, geo.neighbours, WHITE),
    }
    gained: dict[Color, set[Point]] = {Color.BLACK: set(), Color.WHITE: set()}
    for point in dame:
        i = geo.index(point)
        black, white = distance[BLACK][i], distance[WHITE][i]
        if black < white and black <= REACH:
            gained[Color.BLACK].add(point)
        elif white < black and white <= REACH:
            gained[Color.WHITE].add(point)
    return {colour: frozenset(points) for colour, points in gained.items()}


def _distances(
    board: Sequence[int], neighbours: Sequence[tuple[int, ...]], colour: int
) -> list[int]:
    """Steps from each point to the nearest ``colour`` stone, through empty points."""
    far = len(board)
    distance = [far] * len(board)
    frontier = [i for i, v in enumerate(board) if v == colour]
    for i in frontier:
        distance[i] = 0
    step = 0
    while frontier and step < REACH:
        step += 1
        following = []
        for i in frontier:
            for n in neighbours[i]:
                if board[n] == EMPTY and distance[n] == far:
                    distance[n] = step
                    following.append(n)
        frontier = following
    return distance
