"""SGF FF[4] reading and writing, on top of sgfmill's grammar, charset and tree handling.

sgfmill does the syntax: tokenising, collections, escaping, the ``CA`` charset (a file is
decoded with its ``CA``; without one we take UTF-8 when the bytes are valid UTF-8, else
sgfmill's FF[4] default ISO-8859-1). This module maps decoded property values onto
:mod:`igs_tui.records.model` and back. Files are always written as UTF-8 (``CA[UTF-8]``).

Standard properties understood: ``B W MN AB AW AE C LB TR SQ MA CR BL WL OB OW`` on nodes,
``SZ PB PW BR WR KM HA RE DT PC EV GN RU TM OT SO AN US CP CA`` on the root. Everything else
is kept in :attr:`Node.extra` and written back unchanged.

Private properties (uppercase identifiers that FF[4] does not define) carry the Ishi data
that SGF has no property for, so Ishi -> SGF -> Ishi loses nothing:

``ISRM[text]...``   Ishi ``REMARK`` lines attached to the node, in order.
``ISUS[title\\nline...]...``  Ishi ``USER`` blocks: title, then the block's lines.
``ISHD[refs]``      Ishi ``HIDE`` items, Ishi syntax: ``Q9 #3-9``.
``ISPR[refs]``      Ishi ``PRISONER`` items, Ishi syntax.
``ISDG[region]``    Ishi ``DIAGRAM``: ``[]`` whole board, ``[9x9]``, or ``[A1 J9]``.
``ISMK[line]...``   The ordered ``MARK``/``UNMARK`` lines in Ishi syntax (``\\o``/``\\x`` add
                    circle and cross). Written only when the marks are more than SGF's plain
                    markup (move-number targets, ``UNMARK``, ``ALL``, diamonds, checks, order);
                    the standard ``LB/TR/SQ/CR/MA`` are then written as well, for other
                    programs, showing the marks' final effect. On reading, ``ISMK`` wins.
``ISCT[title]...``  Ishi ``COM`` titles, one per commentary block.
``ISCX[text]...``   The texts of several commentary blocks; used only while ``C`` still equals
                    their join (a program that edits ``C`` makes it one block again).
``ISVL[cc]``        The one/two-character marker of an Ishi ``VAR``.
``ISTM[text]``      A time limit that is not a number of seconds (``TM`` is a Real).

Move numbers: a move's number is ``MN`` if present, else one more than the previous move's
number on the path from the root; ``MN`` is written only where that rule would be wrong.
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Iterable
from dataclasses import dataclass

from sgfmill import sgf, sgf_grammar

from igs_tui.go.coords import CoordinateError, check_size, format_sgf_point, parse_sgf_point
from igs_tui.go.types import Color, Point
from igs_tui.records.ishi import (
    format_mark_lines,
    format_refs,
    parse_komi,
    parse_mark_line,
    parse_refs,
)
from igs_tui.records.model import (
    AllStones,
    Collection,
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
    "apply_node_properties",
    "comment_properties",
    "node_properties",
    "parse_sgf",
    "user_properties",
    "write_sgf",
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


class _PropError(ValueError):
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
            raise _PropError(ident, f"bad point in {ident}: {exc}") from exc
        if point is None:
            raise _PropError(ident, f"{ident} needs a point, not a pass")
        result.append(point)
    return result


def _number(ident: str, value: str, kind: type[int] | type[float]) -> float:
    text = value.strip()
    if not _NUMBER_RE.match(text):
        raise _PropError(ident, f"{ident} must be a number, not {value!r}")
    number = float(text)
    if kind is int and number != int(number):
        raise _PropError(ident, f"{ident} must be a whole number, not {value!r}")
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
        raise _PropError("W", "a node cannot hold both a black and a white move")
    for color in (Color.BLACK, Color.WHITE):
        if color.value in props:
            values = props.pop(color.value)
            try:
                point = parse_sgf_point(values[0], size)
            except (CoordinateError, ValueError) as exc:
                raise _PropError(color.value, f"bad move {values[0]!r}: {exc}") from exc
            number = expected_number
            if "MN" in props:
                number = int(_number("MN", props.pop("MN")[0], int))
                if number < 1:
                    raise _PropError("MN", "MN must be at least 1")
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
        raise _PropError("ISPR", exc.message) from exc
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
    for ident in ("FF", "GM", "SZ"):
        props.pop(ident, None)
    if "KM" in props:
        komi = parse_komi(props["KM"][0])
        if komi is not None:
            info.komi = komi
            del props["KM"]
    if "HA" in props and props["HA"][0].strip().isdigit():
        info.handicap = int(props.pop("HA")[0])
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
                    raise _PropError("LB", f"LB value {value!r} needs point:text")
                (point,) = _points("LB", [where], size)
                simple.append(Mark(point, kind, label))
            else:
                simple += [Mark(p, kind) for p in _points(ident, [value], size)]
    if "ISMK" in props:
        for line in props.pop("ISMK"):
            try:
                node.marks += parse_mark_line(line, size)
            except RecordError as exc:
                raise _PropError("ISMK", exc.message) from exc
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
        raise _PropError("ISDG", f"bad diagram region {value!r}")
    a, b = refs
    assert isinstance(a, Point) and isinstance(b, Point)
    return Diagram(corners=(a, b))


# --------------------------------------------------------------------------------------------
# Model -> decoded properties
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Chain:
    """Moves on the path from the root, newest first, as a linked list shared between branches."""

    move: Play
    parent: _Chain | None


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


def _mark_effect(marks: list[Mark], chain: _Chain | None) -> dict[Point, tuple[MarkKind, str]]:
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
    chain: _Chain | None = None,
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


# --------------------------------------------------------------------------------------------
# Files
# --------------------------------------------------------------------------------------------


def _position(data: bytes, offset: int) -> tuple[int, int]:
    """1-based line and column of a byte offset."""
    offset = max(0, min(offset, len(data)))
    line = data.count(b"\n", 0, offset) + 1
    column = offset - (data.rfind(b"\n", 0, offset) + 1) + 1
    return line, column


def _error_at(data: bytes, offset: int, message: str) -> RecordError:
    line, column = _position(data, offset)
    return RecordError(message, line, column)


def _split_games(data: bytes) -> list[tuple[int, int]]:
    """(start, end) byte spans of the game trees, found with sgfmill's tokeniser."""
    spans: list[tuple[int, int]] = []
    pos = 0
    while True:
        tokens, end = sgf_grammar.tokenise(data, pos)
        if not tokens:
            return spans
        m = re.compile(rb"\(\s*;").search(data, pos)
        assert m is not None  # the tokeniser found one
        spans.append((m.start(), end))
        pos = end


def _encoding_for(data: bytes, ca: bytes | None) -> str | None:
    """``None`` to let sgfmill follow ``CA``; else the codec to read a game with.

    Without ``CA`` (or with one Python has no codec for), UTF-8 if the bytes are valid UTF-8,
    else ISO-8859-1, which decodes anything: a record is never refused over its charset.
    """
    if ca is not None:
        try:
            codecs.lookup(ca.decode("ascii", errors="replace").strip())
        except LookupError:
            pass
        else:
            return None
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return None if ca is None else "ISO-8859-1"
    return "UTF-8"


def parse_sgf(data: bytes | str) -> Collection:
    """Read an SGF collection. Raises :class:`RecordError` with the line and column.

    ``str`` input is taken as already decoded (its ``CA`` is then irrelevant).
    """
    if isinstance(data, str):
        data = data.encode("utf-8")
        forced: str | None = "UTF-8"
    else:
        forced = None
    spans = _split_games(data)
    if not spans:
        raise _error_at(data, 0, "no SGF game found (a game starts with '(;')")
    collection = Collection()
    for start, end in spans:
        try:
            coarse = sgf_grammar.parse_sgf_game(data[start:end])
        except ValueError as exc:
            where = end if "end of SGF data" in str(exc) else start
            if where >= len(data) and "end" in str(exc):
                raise _error_at(data, where, f"SGF data ends inside a game ({exc})") from exc
            raise _error_at(data, where, f"malformed SGF: {exc}") from exc
        # Read CA first: sgfmill rewrites it in place when we override the encoding.
        original_ca: bytes | None = coarse.sequence[0].get("CA", [None])[0]
        encoding = forced or _encoding_for(data[start:end], original_ca)
        try:
            game = sgf.Sgf_game.from_coarse_game_tree(coarse, encoding)
            check_size(game.get_size())
        except (ValueError, LookupError) as exc:
            raise _error_at(data, start, f"bad game root: {exc}") from exc
        collection.records.append(_read_game(game, data, start, original_ca))
    return collection


def _decoded(node: sgf.Tree_node) -> dict[str, list[str]]:
    encoding = node.get_encoding()
    return {
        ident: [
            sgf_grammar.text_value(raw).decode(encoding, errors="replace")
            for raw in node.get_raw_list(ident)
        ]
        for ident in node.properties()
    }


def _read_game(
    game: sgf.Sgf_game, data: bytes, start: int, original_ca: bytes | None
) -> GameRecord:
    record = GameRecord(size=game.get_size())
    stack: list[tuple[sgf.Tree_node, Node, int]] = [(game.get_root(), record.root, 0)]
    while stack:
        sgf_node, node, last_number = stack.pop()
        props = _decoded(sgf_node)
        try:
            apply_node_properties(
                node,
                props,
                record,
                is_root=node is record.root,
                expected_number=last_number + 1,
            )
        except _PropError as exc:
            raise _error_at(data, _find_property(data, start, exc.ident), str(exc)) from exc
        number = node.move.number if node.move and node.move.number else last_number
        children = [Node() for _ in range(len(sgf_node))]
        node.children.extend(children)
        stack.extend((sgf_node[i], children[i], number) for i in reversed(range(len(children))))
    # The charset the file declared (sgfmill rewrites CA when we choose the codec ourselves).
    record.info.charset = (
        None if original_ca is None else original_ca.decode("ascii", errors="replace")
    )
    return record


def _find_property(data: bytes, start: int, ident: str) -> int:
    """Best-effort offset of a property for error messages (sgfmill keeps no positions)."""
    m = re.compile(rb"(?<![A-Za-z])" + ident.encode() + rb"\s*\[").search(data, start)
    return m.start() if m else start


def write_sgf(collection: Collection | GameRecord) -> bytes:
    """Serialise records as an SGF FF[4] collection in UTF-8 (one game tree per record)."""
    if isinstance(collection, GameRecord):
        collection = Collection([collection])
    return b"".join(_write_game(record) for record in collection.records)


def _write_game(record: GameRecord) -> bytes:
    check_size(record.size)
    game = sgf.Sgf_game(record.size, encoding="UTF-8")
    stack: list[tuple[Node, sgf.Tree_node, int, _Chain | None]] = [
        (record.root, game.get_root(), 0, None)
    ]
    while stack:
        node, sgf_node, last_number, chain = stack.pop()
        if node.move is not None:  # marks refer to the position after this node's move
            chain = _Chain(node.move, chain)
        props = node_properties(
            node,
            record,
            is_root=node is record.root,
            expected_number=last_number + 1,
            chain=chain,
        )
        for ident, values in props.items():
            if ident in ("FF", "GM", "SZ", "CA"):
                continue
            sgf_node.set_raw_list(
                ident, [sgf_grammar.escape_text(v.encode("utf-8")) for v in values]
            )
        if node.move is not None:
            if node.move.number is not None:
                last_number = node.move.number
            else:
                last_number += 1
        for child in reversed(node.children):
            # new_child(0) keeps the file order while we push in reverse
            stack.append((child, sgf_node.new_child(0), last_number, chain))
    serialised: bytes = game.serialise()
    return serialised.rstrip(b"\n") + b"\n"
