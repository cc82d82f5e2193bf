"""Editing a game record at a reviewer's place in it: moves, variations, comments, marks,
setup stones and game info, each undoable.

:class:`RecordEditor` works on the record a :class:`~igs_tui.records.cursor.RecordCursor`
walks, at the cursor's node, and moves the cursor as a user expects (onto the move just
added, back to the parent of a deleted branch). The rules as sgfmill and SGF FF[4] have them:

* a move is added as a child of the current node; if the node already continues, the new
  move is a *variation* (a further child), never a replacement; the same move again only
  steps onto the existing child;
* setup stones (``AB``/``AW``/``AE``) never share a node with a move (FF[4]: "setup
  properties and move properties must not be mixed within a node"): on a move, the first
  setup edit adds a node of its own after it;
* shapes and labels are the node's ``TR``/``SQ``/``CR``/``MA``/``LB`` markup, one per point,
  kept in the order the SGF writer lists them so that a saved file carries them as plain
  properties;
* game info edits the record's header (``PB``, ``KM``, ``RE`` ...).

Everything the file held and the edit did not touch (unknown properties, Ishi remarks, clock
readings) stays on its node. Undo restores the tree and the cursor as they were before each
edit, from copies taken iteratively (a 400-move line is 400 nested nodes: no recursion).

Pure: no I/O, no Textual. Refused edits raise :class:`EditRefused` with the reason to show.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from itertools import pairwise
from string import ascii_lowercase, ascii_uppercase

from igs_tui.go import Color, Point, format_point
from igs_tui.records.cursor import RecordCursor
from igs_tui.records.model import (
    Comment,
    GameInfo,
    GameRecord,
    Mark,
    MarkAction,
    MarkKind,
    Node,
    Play,
)
from igs_tui.records.replay import replay_path

__all__ = [
    "EDIT_SHAPES",
    "INFO_FIELDS",
    "EditRefused",
    "RecordEditor",
    "copy_tree",
]

EDIT_SHAPES = (MarkKind.TRIANGLE, MarkKind.SQUARE, MarkKind.CIRCLE, MarkKind.CROSS)
"""The shapes a user can put on a point (``LB`` labels are placed separately)."""

_MARK_ORDER = (MarkKind.LABEL, *EDIT_SHAPES)
"""The order the SGF writer lists markup in (LB, TR, SQ, CR, MA)."""

INFO_FIELDS: dict[str, str] = {
    "black": "Black",
    "black_rank": "Black's rank",
    "white": "White",
    "white_rank": "White's rank",
    "komi": "Komi",
    "handicap": "Handicap",
    "result": "Result",
    "date": "Date",
    "event": "Event",
    "place": "Place",
    "game_name": "Game name",
    "rules": "Rules",
    "annotator": "Annotator",
    "source": "Source",
}
"""The header fields a user edits, with their labels (the other fields are kept as read)."""

UNDO_KEPT = 200
"""Edits that can be undone (the oldest are forgotten)."""

_LABELS = ascii_uppercase + ascii_lowercase
"""Automatic labels, in the order they are handed out."""


class EditRefused(ValueError):
    """An edit that cannot be made; ``str()`` is the reason, for the status line."""


def _copy_node(node: Node) -> Node:
    return replace(
        node,
        add_black=list(node.add_black),
        add_white=list(node.add_white),
        add_empty=list(node.add_empty),
        comments=list(node.comments),
        marks=list(node.marks),
        prisoners=list(node.prisoners),
        remarks=list(node.remarks),
        users=list(node.users),
        hide=list(node.hide),
        extra={key: list(values) for key, values in node.extra.items()},
        children=[],
    )


def copy_tree(root: Node) -> Node:
    """A copy of the tree under ``root`` that shares nothing mutable with it (iterative)."""
    top = _copy_node(root)
    stack = [(root, top)]
    while stack:
        old, new = stack.pop()
        for child in old.children:
            copy = _copy_node(child)
            new.children.append(copy)
            stack.append((child, copy))
    return top


@dataclass(frozen=True)
class _Before:
    """The record and the cursor before one edit (what undo brings back)."""

    root: Node
    info: GameInfo
    indices: tuple[int, ...]
    index: int
    what: str


class RecordEditor:
    """Edits ``cursor.record`` at the cursor; :attr:`changed` says whether it differs from
    what was last saved (or read)."""

    def __init__(self, cursor: RecordCursor) -> None:
        self.cursor = cursor
        self._undo: list[_Before] = []
        self.changed = False
        self.version = 0
        """Counts edits and undos: anything computed from the record is stale once it moves."""

    @property
    def record(self) -> GameRecord:
        return self.cursor.record

    # undo -------------------------------------------------------------------------------------
    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    def _remember(self, what: str) -> None:
        record = self.cursor.record
        self._undo.append(
            _Before(
                copy_tree(record.root),
                replace(record.info),
                self.cursor.child_indices(),
                self.cursor.index,
                what,
            )
        )
        del self._undo[:-UNDO_KEPT]
        self.changed = True
        self.version += 1

    def undo(self) -> str:
        """Take back the last edit; returns what was undone. Raises :class:`EditRefused`."""
        if not self._undo:
            raise EditRefused("Nothing to undo")
        before = self._undo.pop()
        record = self.cursor.record
        record.root, record.info = before.root, before.info
        self.cursor.follow(before.indices, before.index)
        self.changed = True
        self.version += 1
        return f"Undone: {before.what}"

    def saved(self) -> None:
        """The record was written out: it no longer differs from a file."""
        self.changed = False

    # moves ------------------------------------------------------------------------------------
    def to_move(self) -> Color:
        """Whose move comes next at the cursor: after a move, the other colour; else the
        node's or an earlier ``PL``; else White after handicap stones alone, Black otherwise."""
        path = self.cursor.path
        for node in reversed(path):
            player = node.extra.get("PL")
            if player:
                try:
                    return Color.parse(player[0])
                except ValueError:
                    pass
            if node.move is not None:
                return node.move.color.opponent
        root = path[0]
        handicap = self.cursor.record.info.handicap or 0
        if (root.add_black and not root.add_white) or handicap >= 2:
            return Color.WHITE
        return Color.BLACK

    def play(self, point: Point | None) -> str:
        """Add the next player's move (``None``: a pass) after the cursor and step onto it.
        A move the node already continues with is only stepped onto."""
        colour = self.to_move()
        node = self.cursor.node
        for index, child in enumerate(node.children):
            move = child.move
            if move is not None and move.color is colour and move.point == point:
                self.cursor.select_next(index)
                self.cursor.forward()
                return "This move is already in the record"
        try:
            game = replay_path(self.cursor.record, self.cursor.path)
        except ValueError as exc:
            raise EditRefused(f"The position here is broken: {exc}") from exc
        check = game.check(point, colour)
        if not check.legal:
            reason = check.reason.value if check.reason is not None else "illegal"
            raise EditRefused(f"{self._name(point)} is not a legal move: {reason}")
        self._remember(f"{colour.name.lower()} {self._name(point)}")
        node.children.append(Node(move=Play(colour, point, self.cursor.move_number + 1)))
        self.cursor.select_next(len(node.children) - 1)
        self.cursor.forward()
        if len(node.children) > 1:
            return (
                f"Variation {len(node.children)} added: {colour.name.lower()} {self._name(point)}"
            )
        return f"Added {colour.name.lower()} {self._name(point)}"

    def _name(self, point: Point | None) -> str:
        return "pass" if point is None else format_point(point, self.cursor.record.size)

    def delete_branch(self) -> str:
        """Delete the current node and everything after it; the cursor goes to its parent."""
        if self.cursor.at_start:
            raise EditRefused("The start of the record cannot be deleted")
        parent = self.cursor.path[-2]
        gone = self.cursor.node
        index = next(i for i, child in enumerate(parent.children) if child is gone)
        count = sum(1 for _ in gone.walk())
        self._remember(f"deleting {count} node(s)")
        del parent.children[index]
        self.cursor.back()
        self.cursor.retrace()
        return f"Deleted {count} node(s)"

    def promote(self) -> str:
        """Make the line through the current node the main line at every branch above it."""
        steps = list(pairwise(self.cursor.path))
        if all(parent.children[0] is child for parent, child in steps):
            raise EditRefused("This is the main line already")
        self._remember("making this the main line")
        for parent, child in steps:  # by identity: equal variations may stand side by side
            index = next(i for i, node in enumerate(parent.children) if node is child)
            parent.children.insert(0, parent.children.pop(index))
        self.cursor.follow(self.cursor.child_indices(), self.cursor.index)
        return "This line is now the main line"

    # comments ---------------------------------------------------------------------------------
    def set_comment(self, text: str) -> str:
        """Replace the node's commentary with ``text`` (empty: no comment). A single block
        keeps its Ishi title."""
        text = text.strip("\n").rstrip()
        node = self.cursor.node
        if text == node.comment:
            return "Comment unchanged"
        self._remember("comment")
        title = node.comments[0].title if len(node.comments) == 1 else ""
        node.comments = [Comment(text, title)] if text else []
        return "Comment saved" if text else "Comment removed"

    # marks and labels -------------------------------------------------------------------------
    def _point_marks(self, node: Node, point: Point) -> list[Mark]:
        return [
            m
            for m in node.marks
            if m.target == point and m.action is MarkAction.MARK and m.kind in _MARK_ORDER
        ]

    def _put_mark(self, node: Node, point: Point, mark: Mark | None) -> None:
        """Replace the point's markup with ``mark`` (or none), in the writer's order."""
        node.marks = [m for m in node.marks if m not in self._point_marks(node, point)]
        if mark is not None:
            node.marks.append(mark)
        if all(isinstance(m.target, Point) and m.action is MarkAction.MARK for m in node.marks):
            node.marks.sort(key=lambda m: _MARK_ORDER.index(m.kind) if m.kind in _MARK_ORDER else 0)

    def toggle_mark(self, point: Point, kind: MarkKind) -> str:
        """Put shape ``kind`` on ``point`` (replacing its other markup), or take it off."""
        if kind not in EDIT_SHAPES:
            raise EditRefused(f"{kind.value} is not a shape")
        node = self.cursor.node
        present = any(m.kind is kind for m in self._point_marks(node, point))
        self._remember(f"{kind.value} at {self._name(point)}")
        self._put_mark(node, point, None if present else Mark(point, kind))
        return (
            f"{kind.value.capitalize()} {'removed from' if present else 'on'} {self._name(point)}"
        )

    def toggle_label(self, point: Point, text: str | None = None) -> str:
        """Label ``point`` with ``text`` (default: the first letter not yet used on this
        node), or remove its label."""
        node = self.cursor.node
        present = [m for m in self._point_marks(node, point) if m.kind is MarkKind.LABEL]
        if present and text is None:
            self._remember(f"label at {self._name(point)}")
            self._put_mark(node, point, None)
            return f"Label removed from {self._name(point)}"
        if text is None:
            used = {m.label for m in node.marks if m.kind is MarkKind.LABEL}
            text = next((c for c in _LABELS if c not in used), None)
            if text is None:
                raise EditRefused("Every letter is used on this move")
        text = " ".join(text.split())
        if not text:
            raise EditRefused("A label needs some text")
        self._remember(f"label at {self._name(point)}")
        self._put_mark(node, point, Mark(point, MarkKind.LABEL, text))
        return f"Label {text} on {self._name(point)}"

    # setup stones -----------------------------------------------------------------------------
    def place(self, point: Point, colour: Color | None) -> str:
        """Toggle a setup stone of ``colour`` (``None``: an emptied point, ``AE``) at ``point``.

        On a node with a move, a setup node is added after it first (as a variation if the
        move already continues). A stone that would leave a chain without liberties is
        refused (setup does not capture)."""
        record = self.cursor.record
        node = self.cursor.node
        self._remember(f"setup at {self._name(point)}")
        if node.move is not None:
            node.children.append(Node())
            self.cursor.select_next(len(node.children) - 1)
            self.cursor.forward()
            node = self.cursor.node
        path = self.cursor.path
        try:
            before = replay_path(record, path[:-1]).get(point)
            now = replay_path(record, path).get(point)
        except ValueError as exc:
            self.undo()
            raise EditRefused(f"The position here is broken: {exc}") from exc
        if colour is None:  # emptying an empty point gives it back what it had before
            wanted = before if now is None else None
        else:
            wanted = None if now == colour else colour
        lists = {Color.BLACK: node.add_black, Color.WHITE: node.add_white, None: node.add_empty}
        for points in lists.values():
            while point in points:
                points.remove(point)
        if wanted != before:
            lists[wanted].append(point)
        try:
            replay_path(record, path)
        except ValueError as exc:
            self.undo()
            raise EditRefused(f"Cannot set up {self._name(point)}: {exc}") from exc
        if wanted is None:
            return f"{self._name(point)} emptied"
        return f"{wanted.name.capitalize()} stone set up on {self._name(point)}"

    # game info --------------------------------------------------------------------------------
    def set_info(self, values: dict[str, str]) -> str:
        """Set header fields from text (``""``: absent). Komi must be a number, handicap a
        whole number from 0 to 9; everything else is one line of text."""
        info = replace(self.cursor.record.info)
        names = {f.name for f in fields(GameInfo)}
        for name, raw in values.items():
            if name not in names:
                raise EditRefused(f"No game info field {name!r}")
            text = " ".join(raw.split())
            value: object = text or None
            if name == "komi" and text:
                try:
                    value = float(text)
                except ValueError:
                    raise EditRefused(f"Komi must be a number, not {text!r}") from None
                if not -1000 < float(text) < 1000:
                    raise EditRefused("Komi must be between -1000 and 1000")
            if name == "handicap" and text:
                if not (text.isascii() and text.isdigit() and int(text) <= 9):
                    raise EditRefused("Handicap must be a whole number from 0 to 9")
                value = int(text)
            setattr(info, name, value)
        if info == self.cursor.record.info:
            return "Game info unchanged"
        self._remember("game info")
        self.cursor.record.info = info
        return "Game info saved"
