"""SGF properties <-> the record model, on decoded values (``{"B": ["pd"], "C": ["..."]}``).

Both directions work on one node at a time and know nothing of files, charsets or sgfmill, so
the Ishi adapter reuses them for its ``USER igs-tui-sgf`` blocks. The property set, including
our private ``IS..`` properties, is documented in :mod:`igs_tui.records.sgf`.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from dataclasses import dataclass

from igs_tui.go.coords import CoordinateError, format_sgf_point, parse_sgf_point
from igs_tui.go.types import Color, Point
from igs_tui.numbers import bounded_int
from igs_tui.records.ishi import (
    format_mark_lines,
    format_refs,
    parse_komi,
    parse_mark_line,
    parse_refs,
)
from igs_tui.records.ishi_read import MAX_KOMI
from igs_tui.records.model import (
    AllStones,
    Comment,
    Diagram,
    GameInfo,
    GameRecord,
    Mark,
    MarkAction,
    MarkKind,
    MoveRange,
    Node,
    Play,
    RecordError,
    UserBlock,
)

__all__ = [
    "PathMoves",
    "PropertyError",
    "apply_node_properties",
    "comment_properties",
    "node_properties",
    "user_properties",
]

_INFO_TEXT = {
    "PB": "black",
    "PW": "white",
    "BR": "black_rank",
    "WR": "white_rank",
    "RE": "result",
    "DT": "date",
    "PC": "place",
    "EV": "event",
    "GN": "game_name",
    "RU": "rules",
    "OT": "overtime",
    "SO": "source",
    "AN": "annotator",
    "US": "recorder",
    "CP": "copyright",
    "CA": "charset",
}
_SIMPLE_MARKS = {"LB": MarkKind.LABEL, "TR": MarkKind.TRIANGLE, "SQ": MarkKind.SQUARE}
_SIMPLE_MARKS.update({"CR": MarkKind.CIRCLE, "MA": MarkKind.CROSS})
_MARK_PROP = {kind: ident for ident, kind in _SIMPLE_MARKS.items()}
_KIND_ORDER = list(_SIMPLE_MARKS.values())
_NUMBER_RE = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)\Z")


MAX_HANDICAP = 361
"""At most every point of a 19x19 board; real games use 2-9."""


class PropertyError(ValueError):
    """A property value that cannot be interpreted; ``ident`` names the property."""

    def __init__(self, ident: str, message: str) -> None:
        super().__init__(message)
        self.ident = ident


# --------------------------------------------------------------------------------------------
# Decoded properties -> model
# --------------------------------------------------------------------------------------------


def _points(ident: str, values: Iterable[str], size: int) -> list[Point]:
    """Point lists, including FF[4] compressed rectangles ``aa:cc``."""
    result: list[Point] = []
    for value in values:
        try:
            if ":" in value:
                a_text, b_text = value.split(":", 1)
                a, b = parse_sgf_point(a_text, size), parse_sgf_point(b_text, size)
                if a is None or b is None:
                    raise CoordinateError(f"{value!r} is not a rectangle")
                for col in range(min(a.col, b.col), max(a.col, b.col) + 1):
                    for row in range(max(a.row, b.row), min(a.row, b.row) - 1, -1):
                        result.append(Point(col, row))
                continue
            point = parse_sgf_point(value, size)
        except (CoordinateError, ValueError) as exc:
            raise PropertyError(ident, f"bad point in {ident}: {exc}") from exc
        if point is None:
            raise PropertyError(ident, f"{ident} needs a point, not a pass")
        result.append(point)
    return result


def _number(ident: str, value: str, kind: type[int] | type[float]) -> float:
    text = value.strip()
    if not _NUMBER_RE.match(text):
        raise PropertyError(ident, f"{ident} must be a number, not {value!r}")
    number = float(text)
    if kind is int and number != int(number):
        raise PropertyError(ident, f"{ident} must be a whole number, not {value!r}")
    return number


def apply_node_properties(
    node: Node,
    props: dict[str, list[str]],
    record: GameRecord,
    *,
    is_root: bool,
    expected_number: int | None = None,
) -> None:
    """Interpret decoded SGF properties into ``node`` (and ``record.info`` on the root).

    ``expected_number`` is the move number a move here gets without ``MN``.
    Raises :class:`ValueError` (with ``.ident``) for a value that cannot be interpreted.
    """
    size = record.size
    info = record.info
    props = dict(props)
    if is_root:
        _apply_root(info, props)
    if "B" in props and "W" in props:
        raise PropertyError("W", "a node cannot hold both a black and a white move")
    for color in (Color.BLACK, Color.WHITE):
        if color.value in props:
            values = props.pop(color.value)
            try:
                point = parse_sgf_point(values[0], size)
            except (CoordinateError, ValueError) as exc:
                raise PropertyError(color.value, f"bad move {values[0]!r}: {exc}") from exc
            number = expected_number
            if "MN" in props:
                number = int(_number("MN", props.pop("MN")[0], int))
                if number < 1:
                    raise PropertyError("MN", "MN must be at least 1")
            node.move = Play(color, point, number)
    node.add_black += _points("AB", props.pop("AB", []), size)
    node.add_white += _points("AW", props.pop("AW", []), size)
    node.add_empty += _points("AE", props.pop("AE", []), size)
    _apply_comments(node, props)
    _apply_marks(node, props, size)
    for ident, attr, kind in (
        ("BL", "black_time", float),
        ("WL", "white_time", float),
        ("OB", "black_periods", int),
        ("OW", "white_periods", int),
    ):
        if ident in props:
            amount = _number(ident, props.pop(ident)[0], kind)
            setattr(node, attr, int(amount) if kind is int else amount)
    node.remarks += props.pop("ISRM", [])
    for value in props.pop("ISUS", []):
        title, *lines = value.split("\n")
        node.users.append(UserBlock(title, tuple(lines)))
    try:
        for value in props.pop("ISHD", []):
            node.hide += parse_refs(value, size)
        for value in props.pop("ISPR", []):
            node.prisoners += parse_refs(value, size)
    except RecordError as exc:
        raise PropertyError("ISPR", exc.message) from exc
    if "ISDG" in props:
        node.diagram = _diagram(props.pop("ISDG")[0], size)
    if "ISVL" in props:
        node.var_label = props.pop("ISVL")[0]
    for ident, values in props.items():
        node.extra.setdefault(ident, []).extend(values)


def _apply_root(info: GameInfo, props: dict[str, list[str]]) -> None:
    for ident, attr in _INFO_TEXT.items():
        if ident in props:
            setattr(info, attr, "\n".join(props.pop(ident)))
    game = props.get("GM", ["1"])[0].strip()
    if game != "1":
        raise PropertyError("GM", f"GM[{game}]: not a game of Go (Go is GM[1])")
    for ident in ("FF", "GM", "SZ"):
        props.pop(ident, None)
    if "KM" in props:
        text = props.pop("KM")[0]
        komi = parse_komi(text)
        if komi is None or not abs(komi) <= MAX_KOMI:
            raise PropertyError("KM", f"KM[{text[:20]}]: komi must be a number up to {MAX_KOMI}")
        info.komi = komi
    if "HA" in props:
        text = props.pop("HA")[0].strip()
        handicap = bounded_int(text)
        if handicap is None or handicap > MAX_HANDICAP:
            raise PropertyError(
                "HA", f"HA[{text[:20]}]: a handicap is a number of stones, 0 to {MAX_HANDICAP}"
            )
        info.handicap = handicap
    if "TM" in props:
        info.time_limit = props.pop("TM")[0]
    if "ISTM" in props:
        info.time_limit = props.pop("ISTM")[0]


def _apply_comments(node: Node, props: dict[str, list[str]]) -> None:
    text = props.pop("C", [None])[0]
    titles = props.pop("ISCT", [])
    texts = props.pop("ISCX", [])
    if texts and text is not None and "\n\n".join(texts) == text:
        titles = titles + [""] * (len(texts) - len(titles))
        node.comments += [Comment(t, title) for t, title in zip(texts, titles, strict=False)]
    elif text is not None:
        node.comments.append(Comment(text, titles[0] if titles else ""))
    elif titles:  # titled blocks whose text was removed: keep the titles
        node.comments += [Comment("", title) for title in titles]


def _apply_marks(node: Node, props: dict[str, list[str]], size: int) -> None:
    simple: list[Mark] = []
    for ident, kind in _SIMPLE_MARKS.items():
        for value in props.pop(ident, []):
            if kind is MarkKind.LABEL:
                where, sep, label = value.partition(":")
                if not sep:
                    raise PropertyError("LB", f"LB value {value!r} needs point:text")
                (point,) = _points("LB", [where], size)
                simple.append(Mark(point, kind, label))
            else:
                simple += [Mark(p, kind) for p in _points(ident, [value], size)]
    if "ISMK" in props:
        for line in props.pop("ISMK"):
            try:
                node.marks += parse_mark_line(line, size)
            except RecordError as exc:
                raise PropertyError("ISMK", exc.message) from exc
    else:
        node.marks += simple


def _diagram(value: str, size: int) -> Diagram:
    text = value.strip()
    if not text:
        return Diagram()
    m = re.fullmatch(r"(\d+)[xX](\d+)", text)
    if m:
        return Diagram(size=int(m.group(1)))
    refs = parse_refs(text, size)
    if len(refs) != 2 or not all(isinstance(r, Point) for r in refs):
        raise PropertyError("ISDG", f"bad diagram region {value!r}")
    a, b = refs
    assert isinstance(a, Point) and isinstance(b, Point)
    return Diagram(corners=(a, b))


# --------------------------------------------------------------------------------------------
# Model -> decoded properties
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PathMoves:
    """Moves on the path from the root, newest first, as a linked list shared between branches."""

    move: Play
    parent: PathMoves | None


def _is_plain_markup(marks: list[Mark]) -> bool:
    """Whether SGF's LB/TR/SQ/CR/MA say exactly what ``marks`` say, in the order we read them."""
    seen: set[Point] = set()
    for mark in marks:
        if mark.action is not MarkAction.MARK or not isinstance(mark.target, Point):
            return False
        if mark.kind not in _MARK_PROP or mark.target in seen:
            return False
        seen.add(mark.target)
    order = [_KIND_ORDER.index(m.kind) for m in marks]
    return order == sorted(order)


def _mark_effect(marks: list[Mark], chain: PathMoves | None) -> dict[Point, tuple[MarkKind, str]]:
    """The marks' final display: apply MARK/UNMARK in order, resolving move numbers on the path.

    "#n" is the most recent move with that number (spec, MARK). Stones that were captured are
    not tracked here: this is the picture for other SGF programs, not our own display.
    """
    by_number: dict[int, Point] = {}
    by_point: dict[Point, int] = {}
    link = chain
    while link is not None:
        move = link.move
        if move.point is not None and move.number is not None:
            by_number.setdefault(move.number, move.point)
            by_point.setdefault(move.point, move.number)
        link = link.parent
    state: dict[Point, tuple[MarkKind, str]] = {}
    for mark in marks:
        target = mark.target
        if isinstance(target, AllStones):
            points = list(by_point)
        elif isinstance(target, MoveRange):
            points = [by_number[n] for n in range(target.first, target.last + 1) if n in by_number]
        else:
            points = [target]
        for point in points:
            if mark.action is MarkAction.UNMARK:
                state.pop(point, None)
            elif mark.kind is MarkKind.NUMBER:
                if point in by_point:
                    state[point] = (MarkKind.LABEL, str(by_point[point]))
            else:
                state[point] = (mark.kind, mark.label or "")
    return state


def node_properties(
    node: Node,
    record: GameRecord,
    *,
    is_root: bool,
    expected_number: int | None,
    chain: PathMoves | None = None,
) -> dict[str, list[str]]:
    """The decoded SGF properties for ``node`` (root info included when ``is_root``)."""
    size = record.size
    props: dict[str, list[str]] = {}
    if is_root:
        props.update(_root_properties(record.info))
    if node.move is not None:
        props[node.move.color.value] = [format_sgf_point(node.move.point, size)]
        if node.move.number is not None and node.move.number != expected_number:
            props["MN"] = [str(node.move.number)]
    for ident, points in (("AB", node.add_black), ("AW", node.add_white), ("AE", node.add_empty)):
        if points:
            props[ident] = [format_sgf_point(p, size) for p in points]
    props.update(comment_properties(node.comments))
    if node.marks:
        if _is_plain_markup(node.marks):
            for mark in node.marks:
                ident = _MARK_PROP[mark.kind]
                where = format_sgf_point(mark.target, size)  # type: ignore[arg-type]
                value = f"{where}:{mark.label}" if mark.kind is MarkKind.LABEL else where
                props.setdefault(ident, []).append(value)
        else:
            for point, (kind, label) in _mark_effect(node.marks, chain).items():
                if kind in _MARK_PROP:
                    where = format_sgf_point(point, size)
                    value = f"{where}:{label}" if kind is MarkKind.LABEL else where
                    props.setdefault(_MARK_PROP[kind], []).append(value)
            props["ISMK"] = format_mark_lines(node.marks, size)
    for ident, amount in (
        ("BL", node.black_time),
        ("WL", node.white_time),
        ("OB", node.black_periods),
        ("OW", node.white_periods),
    ):
        if amount is not None:
            props[ident] = [_fmt_number(float(amount))]
    if node.remarks:
        props["ISRM"] = list(node.remarks)
    props.update(user_properties(node.users))
    if node.hide:
        props["ISHD"] = [format_refs(node.hide, size)]
    if node.prisoners:
        props["ISPR"] = [format_refs(node.prisoners, size)]
    if node.diagram is not None:
        props["ISDG"] = [_fmt_diagram(node.diagram, size)]
    if node.var_label is not None:
        props["ISVL"] = [node.var_label]
    for ident, values in node.extra.items():
        props.setdefault(ident, []).extend(values)
    return props


def comment_properties(comments: list[Comment]) -> dict[str, list[str]]:
    """``C`` (all texts) plus ``ISCT``/``ISCX`` when titles or several blocks need them."""
    props: dict[str, list[str]] = {}
    if comments:
        props["C"] = ["\n\n".join(c.text for c in comments)]
        if any(c.title for c in comments):
            props["ISCT"] = [c.title for c in comments]
        if len(comments) > 1:
            props["ISCX"] = [c.text for c in comments]
    return props


def user_properties(users: list[UserBlock]) -> dict[str, list[str]]:
    return {"ISUS": ["\n".join((u.title, *u.lines)) for u in users]} if users else {}


def _fmt_number(value: float) -> str:
    """``5``, ``6.5``; a value no reader lets through (inf, nan) is refused, not an
    ``OverflowError`` from ``int``."""
    if not math.isfinite(value):
        raise ValueError(f"{value} is not a number a record can hold")
    return str(int(value)) if value == int(value) else repr(value)


def _fmt_diagram(diagram: Diagram, size: int) -> str:
    if diagram.corners is not None:
        return format_refs(diagram.corners, size)
    return "" if diagram.size is None else f"{diagram.size}x{diagram.size}"


def _root_properties(info: GameInfo) -> dict[str, list[str]]:
    props: dict[str, list[str]] = {}
    for ident, attr in _INFO_TEXT.items():
        value = getattr(info, attr)
        if value is not None and ident != "CA":
            props[ident] = [value]
    if info.komi is not None:
        props["KM"] = [_fmt_number(info.komi)]
    if info.handicap is not None:
        props["HA"] = [str(info.handicap)]
    if info.time_limit is not None:
        ident = "TM" if _NUMBER_RE.match(info.time_limit.strip()) else "ISTM"
        props[ident] = [info.time_limit]
    return props
