"""The built-in engine's move choice: legal, cheap, seedable, and sure to let games end.

This is not a strong player and is not meant to be one: it exists so that ``igs-tui`` can run
a complete engine game (and the test suite a complete GTP session) without any external
program. The rules, in order:

1. never fill one of our own single-point eyes (that is how random players kill themselves
   and how games fail to end);
2. take the move that captures the most stones, if any captures;
3. otherwise a random legal move that does not put the played stone's group in atari;
4. otherwise pass.

Captures that would repeat an earlier whole-board position are skipped (positional superko),
so capture-happy play cannot cycle in a triple ko.

Because rule 1 shrinks the set of acceptable moves as the board fills, two of these players
reach a position where both pass, which is what "so games end" requires.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Set

from igs_tui.go import Color, Game, Point, fixed_handicap_points, max_fixed_handicap


def neighbours(point: Point, size: int) -> Iterator[Point]:
    col, row = point
    if col > 0:
        yield Point(col - 1, row)
    if col < size - 1:
        yield Point(col + 1, row)
    if row > 0:
        yield Point(col, row - 1)
    if row < size - 1:
        yield Point(col, row + 1)


def _diagonals(point: Point, size: int) -> list[Point]:
    col, row = point
    return [
        Point(c, r)
        for c, r in ((col - 1, row - 1), (col - 1, row + 1), (col + 1, row - 1), (col + 1, row + 1))
        if 0 <= c < size and 0 <= r < size
    ]


def is_own_eye(board: Game, point: Point, color: Color) -> bool:
    """Whether ``point`` is an eye of ``color``: every neighbour is ours, and the diagonals
    do not make it false (at most one enemy diagonal in the middle, none on the edge)."""
    size = board.size
    if any(board.get(n) is not color for n in neighbours(point, size)):
        return False
    diagonals = _diagonals(point, size)
    enemy = sum(1 for d in diagonals if board.get(d) is color.opponent)
    allowed = 1 if len(diagonals) == 4 else 0
    return enemy <= allowed


def liberties_after(board: Game, point: Point, color: Color) -> int:
    """Liberties of the group a stone at ``point`` would join, captures not counted.

    Only used when the move captures nothing, so the board around it does not change.
    """
    size = board.size
    group = {point}
    stack = [point]
    liberties: set[Point] = set()
    while stack:
        current = stack.pop()
        for n in neighbours(current, size):
            if n in group:
                continue
            occupant = board.get(n)
            if occupant is None:
                liberties.add(n)
            elif occupant is color:
                group.add(n)
                stack.append(n)
    liberties.discard(point)
    return len(liberties)


def _repeats(board: Game, point: Point, color: Color, seen: Set[int]) -> bool:
    """Whether playing ``point`` recreates a position in ``seen`` (positional superko).

    Only captures can repeat a position, and captures are rare, so trying the move and
    undoing it is cheap; without this, capture-preferring players can loop forever in a
    triple ko.
    """
    board.play(point, color)
    try:
        return board.position_hash in seen
    finally:
        board.undo()


def choose_move(
    board: Game, color: Color, rng: random.Random, seen: Set[int] = frozenset()
) -> Point | None:
    """Pick a move for ``color`` by the rules in the module docstring; ``None`` is a pass.

    ``seen`` holds the position hashes of the game so far; capturing moves that would
    repeat one of them are skipped.
    """
    size = board.size
    empties = [
        Point(col, row)
        for row in range(size)
        for col in range(size)
        if board.get(Point(col, row)) is None
    ]
    rng.shuffle(empties)
    best_capture: Point | None = None
    most_captured = 0
    quiet: Point | None = None
    for point in empties:
        if is_own_eye(board, point, color):
            continue
        check = board.check(point, color)
        if not check.legal:
            continue
        captured = len(check.captures)
        if captured and seen and _repeats(board, point, color, seen):
            continue
        if captured > most_captured:
            best_capture, most_captured = point, captured
        elif captured == 0 and quiet is None and liberties_after(board, point, color) >= 2:
            quiet = point
    return best_capture if best_capture is not None else quiet


def free_handicap_points(size: int, count: int, rng: random.Random) -> list[Point]:
    """Choose ``count`` handicap points (2 <= count < size*size) for free placement.

    The fixed points first (they are good points), then random points on the same colour of
    a checkerboard: §8.2 asks weak engines to provide placements "all the way up to the full
    chessboard pattern", and stones on one colour of the checkerboard never touch, so none
    is left without liberties. Beyond the checkerboard the other colour is used.
    """
    if not 2 <= count < size * size:
        raise ValueError(f"free handicap on {size}x{size} must be 2..{size * size - 1} stones")
    fixed = min(count, max_fixed_handicap(size))
    chosen = list(fixed_handicap_points(size, fixed)) if fixed >= 2 else []
    parity = (chosen[0].col + chosen[0].row) % 2 if chosen else 0
    taken = set(chosen)
    same = [
        Point(c, r)
        for r in range(size)
        for c in range(size)
        if (c + r) % 2 == parity and Point(c, r) not in taken
    ]
    other = [Point(c, r) for r in range(size) for c in range(size) if (c + r) % 2 != parity]
    rng.shuffle(same)
    rng.shuffle(other)
    chosen.extend((same + other)[: count - len(chosen)])
    return chosen
