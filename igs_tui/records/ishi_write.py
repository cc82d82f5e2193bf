"""Ishi Standard Format writer: a :class:`~igs_tui.records.model.Collection` out as text.

See :mod:`igs_tui.records.ishi` for how the model maps onto the format, and for the
``USER igs-tui-sgf`` block that carries what the format cannot say. Every walk is iterative.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from igs_tui.go.coords import format_point, format_sgf_point
from igs_tui.go.types import Color, Point
from igs_tui.records.ishi_syntax import (
    SGF_USER_TITLE,
    SPECIAL_MARKS,
    SUMMED_HEADERS,
    closes_block,
    format_mark,
    format_ref,
    group_marks,
)
from igs_tui.records.model import (
    Collection,
    GameRecord,
    Mark,
    MarkKind,
    Node,
    StoneRef,
)
from igs_tui.records.sgf_props import format_sgf_properties

__all__ = ["format_mark_lines", "format_refs", "write_ishi"]


def format_mark_lines(marks: list[Mark], size: int) -> list[str]:
    """``MARK``/``UNMARK`` lines for ``marks`` in order (inverse of :func:`parse_mark_line`)."""
    return [
        f"{action.value.upper()} " + " ".join(format_mark(m, size) for m in group)
        for action, group in group_marks(marks)
    ]


def format_refs(refs: Iterable[StoneRef], size: int) -> str:
    return " ".join(format_ref(r, size) for r in refs)


def _fmt_komi(komi: float) -> str:
    return str(int(komi)) if komi == int(komi) else str(komi)


def _chunks(items: list[str], per_line: int = 12) -> Iterable[list[str]]:
    for i in range(0, len(items), per_line):
        yield items[i : i + per_line]


class _Writer:
    def __init__(self, captures: Callable[[GameRecord], dict[int, list[Point]]] | None) -> None:
        self.out: list[str] = []
        self.captures_of = captures
        self.numbers: dict[int, int] = {}

    def line(self, text: str) -> None:
        self.out.append(text.rstrip())

    def record(self, record: GameRecord) -> None:
        size = record.size
        info = record.info
        root = record.root
        for remark in root.remarks:
            self.line(f"REMARK {_one_line(remark)}")
        self.line(f"EVENT {_one_line(info.event or '')}")
        once = {
            "BLACK": _player(info.black, info.black_rank),
            "WHITE": _player(info.white, info.white_rank),
        }
        once.update({"RESULT": info.result, "RULES": info.rules})
        for keyword, value in once.items():
            if value is not None:
                self.line(f"{keyword} {_one_line(value)}")
        if info.komi is not None:
            self.line(f"KOMI {_fmt_komi(info.komi)}")
        if info.handicap is not None:
            self.line(f"HANDICAP {info.handicap}")
        for keyword, name in SUMMED_HEADERS.items():
            value = getattr(info, name)
            if value is not None:
                for part in value.split("\n"):
                    self.line(f"{keyword} {part}")
        self.line(f"BOARDSIZE {size}")
        captures = self.captures_of(record) if self.captures_of else {}
        self.numbers = _move_numbers(record)
        self.node(root, size, captures, is_root=True, extras=_root_extras(record))
        self.tree(root, size, captures)

    def tree(self, start: Node, size: int, captures: dict[int, list[Point]]) -> None:
        """Write the moves below ``start``: main child, its variations, then the main line on.

        An explicit stack of pending actions instead of recursion keeps long main lines safe.
        """
        stack: list[tuple[str, Node | None]] = [("seq", start)]
        while stack:
            action, node = stack.pop()
            if action == "endvar":
                self.line("ENDVAR")
                continue
            assert node is not None
            if action == "var":
                label = node.var_label
                self.line("VAR" + (f" {label}" if label and _is_var_label(label) else ""))
                self.node(node, size, captures)
                continue
            if not node.children:
                continue
            main, *alternatives = node.children
            self.node(main, size, captures)
            stack.append(("seq", main))
            for alt in reversed(alternatives):
                stack.extend((("endvar", None), ("seq", alt), ("var", alt)))

    def node(
        self,
        node: Node,
        size: int,
        captures: dict[int, list[Point]],
        *,
        is_root: bool = False,
        extras: dict[str, list[str]] | None = None,
    ) -> None:
        if not is_root:  # the root's remarks precede its EVENT line
            for remark in node.remarks:
                self.line(f"REMARK {_one_line(remark)}")
        if node.move is not None:
            move = node.move
            where = "PASS" if move.point is None else format_point(move.point, size)
            self.line(f"{move.color.value} {self.numbers[id(node)]} {where}")
        elif node.diagram is not None:
            d = node.diagram
            if d.corners is not None:
                a, b = d.corners
                self.line(f"DIAGRAM {format_point(a, size)} {format_point(b, size)}")
            else:
                self.line("DIAGRAM" + (f" {d.size}x{d.size}" if d.size is not None else ""))
        # A node with neither move, setup nor diagram has no Ishi definition line: its data
        # joins the previous definition's (only SGF can hold such nodes exactly).
        self.node_body(node, size, captures, extras or {})

    def node_body(
        self,
        node: Node,
        size: int,
        captures: dict[int, list[Point]],
        extras: dict[str, list[str]],
    ) -> None:
        if node.has_setup:
            for color, points in ((Color.BLACK, node.add_black), (Color.WHITE, node.add_white)):
                for chunk in _chunks([format_point(p, size) for p in points]):
                    self.line(f"SETUP {color.value} " + " ".join(chunk))
        if node.hide:
            for chunk in _chunks([format_ref(r, size) for r in node.hide]):
                self.line("HIDE " + " ".join(chunk))
        prisoners: list[StoneRef] = list(node.prisoners)
        if not prisoners and node.move is not None:
            prisoners = list(captures.get(id(node), []))
        for chunk in _chunks([format_ref(r, size) for r in prisoners]):
            self.line("PRISONER " + " ".join(chunk))
        marks = [m for m in node.marks if _ishi_can_mark(m)]
        for action, group in group_marks(marks):
            for chunk in _chunks([format_mark(m, size) for m in group]):
                self.line(f"{action.value.upper()} " + " ".join(chunk))
        # Imported here: sgf_mapping itself uses the Ishi item syntax (a module cycle).
        from igs_tui.records.sgf_mapping import comment_properties, user_properties

        props = dict(extras)
        props.update(_node_extras(node, size))
        # A body line starting with the closing keyword would end its block early: such
        # blocks travel, intact, in the igs-tui-sgf block instead.
        if any(closes_block(line, "ENDCOM") for c in node.comments for line in c.text.split("\n")):
            props.update(comment_properties(node.comments))
        else:
            for comment in node.comments:
                self.line(f"COM {_one_line(comment.title)}")
                self.out.extend(comment.text.split("\n"))
                self.line("ENDCOM")
        if any(
            u.title.strip() == SGF_USER_TITLE or any(closes_block(x, "ENDUSER") for x in u.lines)
            for u in node.users
        ):
            props.update(user_properties(node.users))
        else:
            for user in node.users:
                self.line(f"USER {_one_line(user.title)}")
                self.out.extend(user.lines)
                self.line("ENDUSER")
        if props:
            self.line(f"USER {SGF_USER_TITLE}")
            for line in format_sgf_properties(props).split("\n"):
                # Inside a value "\\E" reads as "E": the line no longer closes the block.
                self.out.append(
                    re.sub(r"^(\s*)", r"\1\\", line, count=1)
                    if closes_block(line, "ENDUSER")
                    else line
                )
            self.line("ENDUSER")


def _player(name: str | None, rank: str | None) -> str | None:
    """BLACK/WHITE hold "name, rank etc." (spec): the rank follows the name."""
    if name is None and rank is None:
        return None
    return " ".join(x for x in (name, rank) if x)


def _one_line(text: str) -> str:
    """Header, title and remark data end at the line's end: join a multi-line value."""
    return " ".join(text.splitlines())


def _is_var_label(label: str) -> bool:
    return 1 <= len(label) <= 2 and not any(ch.isspace() for ch in label)


def _ishi_can_mark(mark: Mark) -> bool:
    """Whether a MARK item can say this: Ishi has no circle or cross, and its mark characters
    are one or two non-blank characters that do not spell a special (``\\t``...)."""
    if mark.kind in (MarkKind.CIRCLE, MarkKind.CROSS):
        return False
    if mark.kind is not MarkKind.LABEL:
        return True
    label = mark.label or ""
    if not _is_var_label(label):
        return False
    return not (len(label) == 2 and label[0] == "\\" and label[1].lower() in SPECIAL_MARKS)


def _move_numbers(record: GameRecord) -> dict[int, int]:
    """``{id(node): number}`` for every move: its own number, else one more than the last
    number on its path (Ishi requires a number on every B/W line; a live game may not have one).
    """
    numbers: dict[int, int] = {}
    stack: list[tuple[Node, int]] = [(record.root, 0)]
    while stack:
        node, last = stack.pop()
        if node.move is not None:
            last = node.move.number if node.move.number is not None else last + 1
            numbers[id(node)] = last
        stack.extend((child, last) for child in node.children)
    return numbers


def _root_extras(record: GameRecord) -> dict[str, list[str]]:
    """Header data Ishi has no keyword for, as SGF properties for the root's USER block."""
    info = record.info
    props: dict[str, list[str]] = {}
    for ident, value in (
        ("GN", info.game_name),
        ("OT", info.overtime),
        ("CP", info.copyright),
        ("BR", info.black_rank),
        ("WR", info.white_rank),
    ):
        if value is not None:
            props[ident] = [value]
    return props


def _node_extras(node: Node, size: int) -> dict[str, list[str]]:
    """Node data Ishi has no keyword for, as SGF properties for the node's USER block."""

    props: dict[str, list[str]] = {k: list(v) for k, v in node.extra.items()}
    for ident, num in (
        ("BL", node.black_time),
        ("WL", node.white_time),
        ("OB", node.black_periods),
        ("OW", node.white_periods),
    ):
        if num is not None:
            props[ident] = [_fmt_komi(float(num))]
    if node.add_empty:
        props["AE"] = [format_sgf_point(p, size) for p in node.add_empty]
    for mark in node.marks:
        if _ishi_can_mark(mark) or not isinstance(mark.target, Point):
            continue
        where = format_sgf_point(mark.target, size)
        if mark.kind is MarkKind.LABEL:
            props.setdefault("LB", []).append(f"{where}:{mark.label}")
        elif mark.kind in (MarkKind.CIRCLE, MarkKind.CROSS):
            props.setdefault("CR" if mark.kind is MarkKind.CIRCLE else "MA", []).append(where)
    return props


def write_ishi(
    collection: Collection | GameRecord,
    *,
    captures: Callable[[GameRecord], dict[int, list[Point]]] | None = None,
) -> str:
    """Write a collection (or one record) as Ishi Standard Format text.

    ``captures`` maps a record to ``{id(node): captured points}``; moves without ``PRISONER``
    data get a ``PRISONER`` line from it. :func:`igs_tui.records.replay.captures_by_node` is
    the rules engine's answer and what :func:`igs_tui.records.convert` passes.
    """
    if isinstance(collection, GameRecord):
        collection = Collection([collection])
    writer = _Writer(captures)
    for record in collection.records:
        writer.record(record)
    for remark in collection.trailing_remarks:
        writer.line(f"REMARK {remark}")
    return "\n".join(writer.out) + "\n"
