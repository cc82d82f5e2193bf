"""The game-record model: one tree of nodes per game, in our own terms, for every file format.

Both file formats we read (SGF FF[4] and the Ishi Standard Format) are adapters onto this
model, so conversion between them is "read into the model, write out of it" and the rest of
the program (the UI, the local server, the engine replay) never sees either syntax.

Shape of a record:

* A file is a :class:`Collection` of :class:`GameRecord` s (SGF game trees; Ishi events).
* A record has a board size, a :class:`GameInfo` header and a root :class:`Node`.
* A node holds at most one move (a play or a pass), setup stones, annotations and its children.
  ``children[0]`` is the main line; the others are variations *instead of* ``children[0]``.
  This matches both formats: SGF variations are alternative next nodes, and an Ishi ``VAR``
  block is an alternative to the move it follows.

Ishi-only data (``REMARK`` lines, ``USER`` blocks, ``HIDE`` lists, ``DIAGRAM`` regions, the
ordered ``MARK``/``UNMARK`` sequence with move-number targets, ``PRISONER`` lists, comment
titles) lives on the node as well; the SGF adapter stores it in private properties so that
nothing is lost on the way through SGF.

Equality is structural (two records read from equivalent files compare equal) and, like every
walk over the tree here, iterative: a 400-move main line is 400 nested nodes, and recursive
comparison would hit Python's recursion limit.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, fields
from enum import Enum, StrEnum
from typing import TypeAlias

from igs_tui.go.types import Color, Point

__all__ = [
    "ALL",
    "AllStones",
    "Collection",
    "Comment",
    "Diagram",
    "GameInfo",
    "GameRecord",
    "Mark",
    "MarkAction",
    "MarkKind",
    "MarkTarget",
    "MoveRange",
    "Node",
    "Play",
    "RecordError",
    "StoneRef",
    "UserBlock",
]


class RecordError(ValueError):
    """A game-record file that cannot be read, with the 1-based position of the problem.

    ``line``/``column`` are ``None`` when the problem is not tied to a place in the text (for
    example a record that cannot be written). ``str()`` names the position so that a caller
    can print it as is.
    """

    def __init__(self, message: str, line: int | None = None, column: int | None = None) -> None:
        self.message = message
        self.line = line
        self.column = column
        if line is not None:
            where = f"line {line}" + (f", column {column}" if column is not None else "")
            super().__init__(f"{where}: {message}")
        else:
            super().__init__(message)


class AllStones(Enum):
    """The ``ALL`` target of an Ishi ``MARK``/``UNMARK``: every visible numbered stone."""

    ALL = "all"


ALL = AllStones.ALL


@dataclass(frozen=True, order=True)
class MoveRange:
    """Moves ``first``..``last`` inclusive, by move number (Ishi ``#n`` is ``first == last``)."""

    first: int
    last: int

    def __post_init__(self) -> None:
        if self.first < 1 or self.last < self.first:
            raise ValueError(f"bad move range {self.first}-{self.last}")

    def __contains__(self, number: object) -> bool:
        return isinstance(number, int) and self.first <= number <= self.last


MarkTarget: TypeAlias = AllStones | Point | MoveRange
"""What a mark applies to: all stones, one board point, or moves by number."""

StoneRef: TypeAlias = Point | MoveRange
"""A stone named by location or by move number(s) (Ishi ``HIDE``/``PRISONER`` items)."""


class MarkKind(StrEnum):
    """What a mark shows. ``NUMBER`` shows the move number of the stone (Ishi's plain mark)."""

    NUMBER = "number"
    LABEL = "label"
    TRIANGLE = "triangle"
    SQUARE = "square"
    DIAMOND = "diamond"
    CHECK = "check"
    CIRCLE = "circle"
    CROSS = "cross"


class MarkAction(StrEnum):
    MARK = "mark"
    UNMARK = "unmark"


@dataclass(frozen=True)
class Mark:
    """One mark operation. The order of a node's operations matters (Ishi spec, ``MARK``).

    ``label`` is set only for :attr:`MarkKind.LABEL` (one or two characters, case kept).
    An ``UNMARK`` has kind ``NUMBER`` and no label: it removes whatever was shown.
    """

    target: MarkTarget
    kind: MarkKind = MarkKind.NUMBER
    label: str | None = None
    action: MarkAction = MarkAction.MARK


@dataclass(frozen=True)
class Play:
    """A move: ``point`` ``None`` is a pass. ``number`` is the move number if known."""

    color: Color
    point: Point | None
    number: int | None = None

    @property
    def is_pass(self) -> bool:
        return self.point is None


@dataclass(frozen=True)
class Comment:
    """A commentary block; ``title`` is the Ishi ``COM`` line's title data ("" for none)."""

    text: str
    title: str = ""


@dataclass(frozen=True)
class UserBlock:
    """An Ishi ``USER`` block: the title after ``USER`` and the verbatim lines up to ``ENDUSER``."""

    title: str = ""
    lines: tuple[str, ...] = ()


@dataclass(frozen=True)
class Diagram:
    """An Ishi ``DIAGRAM``: the whole board (both ``None``), an ``n``x``n`` board, or a region.

    ``corners`` are kept as written (``b12 j5`` and ``b5 j12`` name the same region but the
    spec lets a writer keep either); use :meth:`region` for the normalised rectangle.
    """

    size: int | None = None
    corners: tuple[Point, Point] | None = None

    def region(self, board_size: int) -> tuple[Point, Point]:
        """Lower-left and upper-right corners of the displayed area."""
        if self.corners is not None:
            a, b = self.corners
            return (
                Point(min(a.col, b.col), min(a.row, b.row)),
                Point(max(a.col, b.col), max(a.row, b.row)),
            )
        n = self.size if self.size is not None else board_size
        return Point(0, 0), Point(n - 1, n - 1)


@dataclass(eq=False)
class Node:
    """One step of a game tree. See the module docstring for the meaning of ``children``.

    ``extra`` holds properties we do not model, as SGF identifier -> decoded values, so that
    they survive a round trip (through Ishi they travel in a ``USER`` block).
    """

    move: Play | None = None
    add_black: list[Point] = field(default_factory=list)
    add_white: list[Point] = field(default_factory=list)
    add_empty: list[Point] = field(default_factory=list)
    comments: list[Comment] = field(default_factory=list)
    marks: list[Mark] = field(default_factory=list)
    prisoners: list[StoneRef] = field(default_factory=list)
    black_time: float | None = None
    white_time: float | None = None
    black_periods: int | None = None
    white_periods: int | None = None
    remarks: list[str] = field(default_factory=list)
    users: list[UserBlock] = field(default_factory=list)
    hide: list[StoneRef] = field(default_factory=list)
    diagram: Diagram | None = None
    var_label: str | None = None
    extra: dict[str, list[str]] = field(default_factory=dict)
    children: list[Node] = field(default_factory=list)
    source: tuple[int, int] | None = field(default=None, compare=False, repr=False)
    """(line, column) of this node in the file it was read from, for error messages."""

    @property
    def has_setup(self) -> bool:
        return bool(self.add_black or self.add_white or self.add_empty)

    @property
    def comment(self) -> str:
        """All commentary texts as one text (blank line between blocks), as SGF ``C`` holds it."""
        return "\n\n".join(c.text for c in self.comments)

    def add_child(self, child: Node | None = None) -> Node:
        """Append ``child`` (a new empty node by default) and return it."""
        node = child if child is not None else Node()
        self.children.append(node)
        return node

    def own_fields(self) -> tuple[object, ...]:
        """What makes two nodes equal apart from their subtrees (not ``children``, nor where
        the node stood in a file)."""
        return tuple(
            getattr(self, f.name) for f in fields(self) if f.compare and f.name != "children"
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Node):
            return NotImplemented
        stack: list[tuple[Node, Node]] = [(self, other)]
        while stack:
            a, b = stack.pop()
            if a is b:
                continue
            if len(a.children) != len(b.children) or a.own_fields() != b.own_fields():
                return False
            stack.extend(zip(a.children, b.children, strict=True))
        return True

    __hash__ = None  # type: ignore[assignment]  # mutable, compared by value

    def walk(self) -> Iterator[Node]:
        """Every node of the subtree in file order (depth first, main line first)."""
        stack = [self]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(node.children))

    def main_line(self) -> list[Node]:
        """This node and the ``children[0]`` chain below it."""
        line = [self]
        while line[-1].children:
            line.append(line[-1].children[0])
        return line


@dataclass
class GameInfo:
    """Header data of a game. Free texts use ``"\\n"`` between lines summed from repeated
    Ishi header lines (``SOURCE``, ``PLACE``, ...); ``None`` means absent.
    """

    black: str | None = None
    white: str | None = None
    black_rank: str | None = None
    white_rank: str | None = None
    komi: float | None = None
    handicap: int | None = None
    result: str | None = None
    date: str | None = None
    place: str | None = None
    event: str | None = None
    game_name: str | None = None
    rules: str | None = None
    time_limit: str | None = None
    overtime: str | None = None
    source: str | None = None
    annotator: str | None = None
    recorder: str | None = None
    copyright: str | None = None
    charset: str | None = None


MAX_TABLE_HANDICAP = 9
"""The largest handicap the fixed tables give (19x19; GTP, IGS)."""


@dataclass
class GameRecord:
    """One game (or problem, joseki, diagram...): board size, header and the tree of nodes."""

    size: int = 19
    info: GameInfo = field(default_factory=GameInfo)
    root: Node = field(default_factory=Node)

    def main_line(self) -> list[Node]:
        """The root and the nodes of the main line, in order."""
        return self.root.main_line()

    def main_moves(self) -> list[Play]:
        """The moves of the main line, in order."""
        return [n.move for n in self.main_line() if n.move is not None]

    def variations(self) -> Iterator[list[Node]]:
        """Every line of play from the root to a leaf; the main line comes first."""
        stack: list[list[Node]] = [[self.root]]
        while stack:
            path = stack.pop()
            node = path[-1]
            if not node.children:
                yield path
                continue
            stack.extend([*path, child] for child in reversed(node.children))

    def is_empty(self) -> bool:
        return self.root == Node() and self.info == GameInfo() and self.size == 19

    def handicap_problem(self) -> str | None:
        """Why the header's handicap can be no game's, or ``None``.

        The header's handicap is informational (Ishi: "does not necessarily have to match the
        actual setup"), so any count up to :data:`MAX_TABLE_HANDICAP` passes; more is a free
        handicap, and then the record places that many black stones itself. ``HANDICAP 99``
        on an empty board is a broken record, not a game to write out as ``HA[99]``.
        """
        handicap = self.info.handicap
        placed = len(self.root.add_black)
        if not handicap or handicap <= max(MAX_TABLE_HANDICAP, placed):
            return None
        return (
            f"a handicap of {handicap} stones: more than {MAX_TABLE_HANDICAP} must be placed "
            f"on the board, and the record places {placed}"
        )


@dataclass
class Collection:
    """The records of one file, in file order.

    ``trailing_remarks`` keeps Ishi ``REMARK`` lines at the end of a file: a remark applies to
    the *next* definition, and there is none.
    """

    records: list[GameRecord] = field(default_factory=list)
    trailing_remarks: list[str] = field(default_factory=list)

    def __iter__(self) -> Iterator[GameRecord]:
        return iter(self.records)

    def __len__(self) -> int:
        return len(self.records)

    def __getitem__(self, index: int) -> GameRecord:
        return self.records[index]
