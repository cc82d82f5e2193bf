"""The board marks to show at a node of a record: where each mark of the node lands.

SGF markup (``TR``, ``SQ``, ``CR``, ``MA``, ``LB``) and Ishi ``MARK``/``UNMARK`` lines belong
to one node and are shown with it only. Ishi names stones by location or by move number
(``#21``, ``#21-28``: the most recent move with that number on the way to the node) and
``ALL`` (every numbered stone still on the board); its operations apply in order, so that
``MARK #1-33``, ``UNMARK #6-20``, ``MARK #11`` shows 1-5, 11 and 21-33. A mark of kind
:attr:`MarkKind.NUMBER` shows the stone's move number.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from igs_tui.go import Color, Point
from igs_tui.records.model import AllStones, MarkAction, MarkKind, MoveRange, Node

__all__ = ["ShownMark", "marks_at"]


@dataclass(frozen=True)
class ShownMark:
    """A mark on one point: a shape, or ``text`` (a label, or the move number of a
    :attr:`MarkKind.NUMBER` mark)."""

    kind: MarkKind
    text: str = ""


def marks_at(
    path: Sequence[Node], numbers: Sequence[int], stones: Mapping[Point, Color]
) -> dict[Point, ShownMark]:
    """The marks of the last node of ``path``; ``numbers`` are the move numbers after each node
    of ``path`` (see :func:`~igs_tui.records.cursor.line_numbers`) and ``stones`` the position
    there (``ALL`` numbers only the stones still on the board)."""
    if not path or not path[-1].marks:
        return {}
    moves: dict[int, Point] = {}
    """Each move number's point (the most recent move with that number)."""
    latest: dict[Point, int] = {}
    """Each point's latest move: the stone shown there, if it is still on the board."""
    for node, move_number in zip(path, numbers, strict=False):
        if node.move is not None and node.move.point is not None:
            moves[move_number] = node.move.point
            latest[node.move.point] = move_number
    shown: dict[Point, ShownMark] = {}
    for mark in path[-1].marks:
        targets: list[tuple[Point, int | None]]
        if isinstance(mark.target, Point):
            on_board = mark.target in stones
            targets = [(mark.target, latest.get(mark.target) if on_board else None)]
        elif isinstance(mark.target, MoveRange):
            targets = [(p, n) for n, p in moves.items() if n in mark.target and latest[p] == n]
        elif isinstance(mark.target, AllStones):
            targets = [(p, n) for p, n in latest.items() if p in stones]
        else:  # pragma: no cover - the model has no other target
            continue
        for point, number in targets:
            if mark.action is MarkAction.UNMARK:
                shown.pop(point, None)
            elif mark.kind is MarkKind.NUMBER:
                if number is not None:
                    shown[point] = ShownMark(MarkKind.NUMBER, str(number))
            else:
                shown[point] = ShownMark(mark.kind, mark.label or "")
    return shown
