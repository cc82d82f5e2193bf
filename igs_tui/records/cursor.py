"""A reviewer's place in a game record: which line of play is followed and how far along it.

Reviewing a record means walking one *line* of its tree (root to leaf) back and forth, and
changing line at a branch. :class:`RecordCursor` holds that line and an index into it, so that
going back and then forward again retraces the variation the reader came from instead of
falling back to the main line; choosing another variation replaces the line from the branch on
(continuing along each node's main line, ``children[0]``).

Two kinds of choice are offered, as the node model has them (see :mod:`.model`):

* the *next-move* choices: the children of the current node; the one the line continues with
  is "selected", and stepping forward plays it (:meth:`RecordCursor.select_next`);
* the *alternatives to the current move*: its siblings (:meth:`RecordCursor.switch_sibling`),
  so one key press shows the other answer at the same move.

:meth:`RecordCursor.position` replays the path through the rules engine and describes what a
viewer shows: stones, the last move, captures, the comment, the choices. Pure: no I/O, no UI.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from igs_tui.go import Color, Point
from igs_tui.records.marks import ShownMark, marks_at
from igs_tui.records.model import GameRecord, Node, Play
from igs_tui.records.replay import replay_path

__all__ = ["Choice", "RecordCursor", "ReviewPosition", "line_numbers"]


@dataclass(frozen=True)
class Choice:
    """One variation at a branch: its index among the children and the move that starts it."""

    index: int
    move: Play | None
    label: str | None = None
    """The Ishi ``VAR`` marker of the node, if any."""


@dataclass(frozen=True)
class ReviewPosition:
    """What a viewer shows at the cursor. ``error`` is set (and ``stones`` empty) when the
    rules refuse a move or setup on the path (a record that was not checked on reading)."""

    size: int
    stones: dict[Point, Color]
    last_move: Play | None
    move_number: int
    """The number of the last move on the path (0 before the first move)."""
    last_number: int
    """The number of the last move of the line being followed."""
    captures: dict[Color, int]
    """Stones captured *by* each colour so far."""
    comment: str
    choices: tuple[Choice, ...]
    """The next-move variations (empty unless the node branches)."""
    selected: int
    """Index of the choice the line continues with (meaningful when ``choices`` is set)."""
    alternative: tuple[int, int] | None
    """``(k, n)``: the current move is variation ``k`` (1-based) of ``n`` (``None``: no branch)."""
    error: str = ""
    marks: dict[Point, ShownMark] = field(default_factory=dict)
    """The node's marks and labels (see :mod:`igs_tui.records.marks`)."""


def line_numbers(line: Sequence[Node]) -> list[int]:
    """The move number after each node of ``line``: a move's own ``number`` when the record
    gives one (Ishi files may start a diagram at move 101), else one more than the previous."""
    numbers: list[int] = []
    current = 0
    for node in line:
        move = node.move
        if move is not None:
            current = move.number if move.number is not None else current + 1
        numbers.append(current)
    return numbers


class RecordCursor:
    """A line of play through ``record`` and a place on it (index 0 is the root)."""

    def __init__(self, record: GameRecord) -> None:
        self.record = record
        self._line: list[Node] = record.main_line()
        self._numbers = line_numbers(self._line)
        self._index = 0

    # where we are -----------------------------------------------------------------------------
    @property
    def index(self) -> int:
        """Steps from the root (0: the root)."""
        return self._index

    @property
    def line(self) -> tuple[Node, ...]:
        """The whole line followed, root to leaf."""
        return tuple(self._line)

    @property
    def path(self) -> tuple[Node, ...]:
        """The nodes from the root to the current node."""
        return tuple(self._line[: self._index + 1])

    @property
    def node(self) -> Node:
        return self._line[self._index]

    @property
    def move_number(self) -> int:
        return self._numbers[self._index]

    @property
    def at_start(self) -> bool:
        return self._index == 0

    @property
    def at_end(self) -> bool:
        return self._index == len(self._line) - 1

    @property
    def on_main_line(self) -> bool:
        """Whether the path so far is the record's main line."""
        return all(
            parent.children[0] is child
            for parent, child in zip(self._line, self._line[1 : self._index + 1], strict=False)
        )

    # moving along the line --------------------------------------------------------------------
    def forward(self, steps: int = 1) -> bool:
        """Move ``steps`` nodes on along the line (as far as it goes); whether we moved."""
        target = min(len(self._line) - 1, self._index + max(0, steps))
        moved = target != self._index
        self._index = target
        return moved

    def back(self, steps: int = 1) -> bool:
        """Move ``steps`` nodes back towards the root; whether we moved."""
        target = max(0, self._index - max(0, steps))
        moved = target != self._index
        self._index = target
        return moved

    def first(self) -> None:
        self._index = 0

    def last(self) -> None:
        """The end of the line followed (not necessarily of the main line)."""
        self._index = len(self._line) - 1

    def go_to_move(self, number: int) -> int:
        """Go to the first node of the line where ``number`` moves have been played; a number
        before the first move goes to the root (or to that first move when the record numbers
        it higher), one past the end goes to the end. Returns the move number reached."""
        target = len(self._line) - 1
        for index, reached in enumerate(self._numbers):
            if reached >= number:
                target = index
                break
        self._index = target
        return self.move_number

    # choosing variations ----------------------------------------------------------------------
    def choices(self) -> tuple[Choice, ...]:
        """The next-move variations at the current node (empty when it does not branch)."""
        children = self.node.children
        if len(children) < 2:
            return ()
        return tuple(Choice(i, child.move, child.var_label) for i, child in enumerate(children))

    @property
    def selected(self) -> int:
        """Which child of the current node the line continues with (0 at the end)."""
        if self.at_end:
            return 0
        return _child_index(self.node, self._line[self._index + 1])

    def select_next(self, index: int) -> bool:
        """Make the line continue with child ``index`` of the current node (its main line
        after it); the cursor stays. Whether the choice exists."""
        children = self.node.children
        if not 0 <= index < len(children):
            return False
        self._replace_from(self._index + 1, children[index])
        return True

    def cycle_next(self, delta: int) -> bool:
        """Select the next (``delta`` 1) or previous (-1) next-move variation, wrapping."""
        count = len(self.node.children)
        if count < 2:
            return False
        return self.select_next((self.selected + delta) % count)

    def alternative(self) -> tuple[int, int] | None:
        """``(k, n)``: the current node is child ``k`` (1-based) of ``n`` of its parent."""
        if self._index == 0:
            return None
        parent = self._line[self._index - 1]
        if len(parent.children) < 2:
            return None
        return _child_index(parent, self.node) + 1, len(parent.children)

    def switch_sibling(self, delta: int) -> bool:
        """Show the next (``delta`` 1) or previous (-1) alternative to the current move,
        wrapping; the cursor stays at the same depth. Whether there was one."""
        if self._index == 0:
            return False
        parent = self._line[self._index - 1]
        count = len(parent.children)
        if count < 2:
            return False
        index = (_child_index(parent, self.node) + delta) % count
        self._replace_from(self._index, parent.children[index])
        return True

    # after the tree changed (editing) ----------------------------------------------------------
    def child_indices(self) -> tuple[int, ...]:
        """The line followed, as the index of each step among its parent's children: with
        :meth:`follow` it finds the same place again in a copy of the tree."""
        return tuple(
            _child_index(parent, child)
            for parent, child in zip(self._line, self._line[1:], strict=False)
        )

    def follow(self, indices: Sequence[int], index: int) -> None:
        """Follow the children ``indices`` from the root (as far as they exist, then the main
        line) and stand ``index`` steps in (the nearest node there is)."""
        line = [self.record.root]
        for step in indices:
            children = line[-1].children
            if not 0 <= step < len(children):
                break
            line.append(children[step])
        line.extend(line[-1].main_line()[1:])
        self._line = line
        self._numbers = line_numbers(line)
        self._index = max(0, min(index, len(line) - 1))

    def retrace(self) -> None:
        """The tree changed below the current node (a move added or a branch deleted): keep
        the path to it and continue from it along the main line."""
        self._line[self._index + 1 :] = self.node.main_line()[1:]
        self._numbers = line_numbers(self._line)

    def _replace_from(self, index: int, node: Node) -> None:
        self._line[index:] = node.main_line()
        self._numbers = line_numbers(self._line)

    # what to show -----------------------------------------------------------------------------
    def position(self) -> ReviewPosition:
        """The position at the cursor, replayed by the rules engine."""
        last_move = next(
            (n.move for n in reversed(self._line[1 : self._index + 1]) if n.move is not None),
            None,
        )
        error = ""
        try:
            game = replay_path(self.record, self.path)
            stones, captures = game.stones(), game.prisoners
        except ValueError as exc:  # RecordError, or a setup the rules refuse
            stones, captures = {}, {Color.BLACK: 0, Color.WHITE: 0}
            last_move, error = None, str(exc)
        return ReviewPosition(
            size=self.record.size,
            stones=stones,
            last_move=last_move,
            move_number=self.move_number,
            last_number=self._numbers[-1],
            captures=captures,
            comment=self.node.comment,
            choices=self.choices(),
            selected=self.selected,
            alternative=self.alternative(),
            error=error,
            marks=marks_at(self.path, self._numbers[: self._index + 1], stones),
        )


def _child_index(parent: Node, child: Node) -> int:
    """The index of ``child`` among ``parent.children`` by identity (nodes compare by value,
    and two variations may well be equal)."""
    for index, candidate in enumerate(parent.children):
        if candidate is child:
            return index
    raise ValueError("node is not a child of its parent on the line")
