"""Ishi Standard Format reader: text in, :class:`~igs_tui.records.model.Collection` out.

See :mod:`igs_tui.records.ishi` for how the format maps onto the model. The reader works line
by line: a keyword dispatch table, with COM and USER blocks read whole because their bodies
are not keyword lines. Errors carry the 1-based line and column of the offending field.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from igs_tui.go.coords import CoordinateError, parse_point
from igs_tui.go.types import Color, Point
from igs_tui.numbers import bounded_int
from igs_tui.records.ishi_syntax import (
    EXTENDED_MARKS,
    MAX_ISHI_SIZE,
    ONCE_HEADERS,
    SGF_USER_TITLE,
    SPECIAL_MARKS,
    SUMMED_HEADERS,
)
from igs_tui.records.model import (
    ALL,
    Collection,
    Comment,
    Diagram,
    GameRecord,
    Mark,
    MarkAction,
    MarkKind,
    MarkTarget,
    MoveRange,
    Node,
    Play,
    RecordError,
    StoneRef,
    UserBlock,
)
from igs_tui.records.sgf_props import parse_sgf_properties

__all__ = ["parse_ishi", "parse_komi", "parse_mark_line", "parse_refs"]

_RANGE_RE = re.compile(r"#(\d+)(?:-(\d+))?\Z")
_NXN_RE = re.compile(r"(\d+)[xX](\d+)\Z")
_KOMI_RE = re.compile(r"([+-]?)(\d+)?(?:\.(\d+))?(?:\s*(1/2|½))?\Z")


@dataclass
class _Token:
    text: str
    column: int  # 1-based


def _tokens(line: str) -> list[_Token]:
    return [_Token(m.group(), m.start() + 1) for m in re.finditer(r"\S+", line)]


def _rest(line: str, keyword_end: int) -> str:
    """Free-form data after the keyword, without the blanks around it (not significant, §1)."""
    return line[keyword_end:].strip()


@dataclass
class _Event:
    record: GameRecord
    path: list[Node]
    var_stack: list[tuple[list[Node], int]] = field(default_factory=list)
    in_var_start: bool = False  # after VAR, before the variation's first node
    var_label: str | None = None
    located: bool = False  # a location was parsed: BOARDSIZE can no longer change
    has_data: bool = False
    handicap_at: tuple[int, int] = (1, 1)
    """Where the last HANDICAP line's number is (a wrong one is reported there)."""


class _Reader:
    def __init__(self, text: str, *, extended_marks: bool = False) -> None:
        self.specials = EXTENDED_MARKS if extended_marks else SPECIAL_MARKS
        self.lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
        self.collection = Collection()
        self.pending_remarks: list[str] = []
        self.event = self._new_event()
        self.lineno = 0

    def _new_event(self) -> _Event:
        record = GameRecord()
        return _Event(record, [record.root])

    def error(self, message: str, column: int | None = 1) -> RecordError:
        return RecordError(message, self.lineno, column)

    # --- main loop -------------------------------------------------------------------------

    def read(self) -> Collection:
        index = 0
        while index < len(self.lines):
            line = self.lines[index]
            self.lineno = index + 1
            index += 1
            toks = _tokens(line)
            if not toks:
                continue
            keyword = toks[0].text.upper()
            kw_end = toks[0].column - 1 + len(toks[0].text)
            if keyword == "COM":
                index = self._read_comment(line, kw_end, index)
                continue
            if keyword == "USER":
                index = self._read_user(line, kw_end, index)
                continue
            handler = self._handlers().get(keyword)
            if handler is None:
                raise self.error(f"unknown keyword {toks[0].text!r}", toks[0].column)
            handler(line, kw_end, toks[1:])
        self._finish_event()
        self.collection.trailing_remarks = self.pending_remarks
        return self.collection

    def _handlers(self) -> dict[str, Callable[[str, int, list[_Token]], None]]:
        return {
            "REMARK": self._remark,
            "EVENT": self._event_line,
            "BOARDSIZE": self._boardsize,
            "KOMI": self._komi,
            "HANDICAP": self._handicap,
            "B": self._move,
            "W": self._move,
            "SETUP": self._setup,
            "DIAGRAM": self._diagram,
            "HIDE": self._hide,
            "MARK": self._mark,
            "UNMARK": self._unmark,
            "PRISONER": self._prisoner,
            "VAR": self._var,
            "ENDVAR": self._endvar,
            "ENDCOM": self._stray_end,
            "ENDUSER": self._stray_end,
            **{k: self._header for k in (*SUMMED_HEADERS, *ONCE_HEADERS)},
        }

    # --- events and headers ----------------------------------------------------------------

    def _finish_event(self) -> None:
        ev = self.event
        if ev.var_stack:
            _, var_line = ev.var_stack[-1]
            raise RecordError("VAR is never closed by ENDVAR", var_line, 1)
        info = ev.record.info
        if (problem := ev.record.handicap_problem()) is not None:
            raise RecordError(problem, *ev.handicap_at)
        # The writer puts a rank both on the BLACK/WHITE line and in the igs-tui-sgf block.
        if info.black and info.black_rank and info.black.endswith(f" {info.black_rank}"):
            info.black = info.black[: -len(info.black_rank) - 1]
        if info.white and info.white_rank and info.white.endswith(f" {info.white_rank}"):
            info.white = info.white[: -len(info.white_rank) - 1]
        self.collection.records.append(ev.record)

    def _touch(self) -> _Event:
        self.event.has_data = True
        return self.event

    def _remark(self, line: str, kw_end: int, toks: list[_Token]) -> None:
        self.pending_remarks.append(_rest(line, kw_end))

    def _event_line(self, line: str, kw_end: int, toks: list[_Token]) -> None:
        if self.event.has_data or self.collection.records:
            self._finish_event()
            self.event = self._new_event()
        ev = self._touch()
        title = _rest(line, kw_end)
        ev.record.info.event = title or None
        ev.record.root.remarks.extend(self.pending_remarks)
        self.pending_remarks = []

    def _header(self, line: str, kw_end: int, toks: list[_Token]) -> None:
        info = self._touch().record.info
        keyword = line.split(None, 1)[0].upper()
        value = _rest(line, kw_end)
        if keyword in SUMMED_HEADERS:
            name = SUMMED_HEADERS[keyword]
            old = getattr(info, name)
            setattr(info, name, value if old is None else f"{old}\n{value}")
        else:
            setattr(info, ONCE_HEADERS[keyword], value)

    def _boardsize(self, line: str, kw_end: int, toks: list[_Token]) -> None:
        ev = self._touch()
        if not toks:
            raise self.error("BOARDSIZE needs a size", kw_end + 1)
        size = self._int(toks[0], "board size")
        if not 2 <= size <= MAX_ISHI_SIZE:
            raise self.error(f"board size must be 2..{MAX_ISHI_SIZE}, not {size}", toks[0].column)
        if ev.located and size != ev.record.size:
            raise self.error("BOARDSIZE changes after locations were given", toks[0].column)
        ev.record.size = size

    def _komi(self, line: str, kw_end: int, toks: list[_Token]) -> None:
        info = self._touch().record.info
        if not toks:
            raise self.error("KOMI needs a number", kw_end + 1)
        # The number is the first field ("3 1/2" spans two); words after it are extra data,
        # which the spec lets a reader ignore ("KOMI 5 points").
        two = " ".join(t.text for t in toks[:2])
        komi = parse_komi(two) if len(toks) > 1 and toks[1].text == "1/2" else None
        if komi is None:
            komi = parse_komi(toks[0].text)
        if komi is None or not abs(komi) <= MAX_KOMI:
            shown = toks[0].text if len(toks[0].text) <= 20 else toks[0].text[:20] + "..."
            raise self.error(f"komi {shown!r} is not a number up to {MAX_KOMI:g}", toks[0].column)
        info.komi = komi

    def _handicap(self, line: str, kw_end: int, toks: list[_Token]) -> None:
        info = self._touch().record.info
        if not toks:
            raise self.error("HANDICAP needs a number", kw_end + 1)
        info.handicap = self._int(toks[0], "handicap", minimum=0)
        self.event.handicap_at = (self.lineno, toks[0].column)

    # --- tree ------------------------------------------------------------------------------

    def _new_node(self, node: Node) -> Node:
        ev = self._touch()
        if ev.in_var_start:
            ev.in_var_start = False
            node.var_label = ev.var_label
            ev.var_label = None
        ev.path[-1].children.append(node)
        ev.path.append(node)
        node.remarks.extend(self.pending_remarks)
        self.pending_remarks = []
        return node

    def _move(self, line: str, kw_end: int, toks: list[_Token]) -> None:
        ev = self._touch()
        color = Color.parse(line.split(None, 1)[0])
        if len(toks) < 2:
            raise self.error(f"{color.value} needs a move number and a location or PASS", 1)
        if len(toks) > 2:
            raise self.error(f"unexpected {toks[2].text!r} after the move", toks[2].column)
        number = self._int(toks[0], "move number")
        point = None if toks[1].text.upper() == "PASS" else self._loc(toks[1])
        previous = self._last_number(ev)
        if previous is not None and number <= previous:
            what = "duplicate" if number == previous else "out-of-sequence"
            raise self.error(
                f"{what} move number {number} after move {previous} in this sequence",
                toks[0].column,
            )
        self._new_node(Node(move=Play(color, point, number), source=(self.lineno, 1)))

    def _last_number(self, ev: _Event) -> int | None:
        for node in reversed(ev.path):
            if node.move is not None and node.move.number is not None:
                return node.move.number
        return None

    def _setup(self, line: str, kw_end: int, toks: list[_Token]) -> None:
        ev = self._touch()
        node = ev.path[-1]
        if ev.in_var_start or not _accepts_setup(node, is_root=len(ev.path) == 1):
            node = self._new_node(Node())
        else:
            node.remarks.extend(self.pending_remarks)
            self.pending_remarks = []
        color: Color | None = None
        for tok in toks:
            if tok.text.upper() in ("B", "W"):
                color = Color.parse(tok.text)
                continue
            if color is None:
                raise self.error("SETUP needs B or W before its locations", tok.column)
            point = self._loc(tok)
            (node.add_black if color is Color.BLACK else node.add_white).append(point)

    def _diagram(self, line: str, kw_end: int, toks: list[_Token]) -> None:
        diagram = Diagram()
        if toks:
            m = _NXN_RE.match(toks[0].text)
            if m:
                a, b = int(m.group(1)), int(m.group(2))
                if a != b or not 2 <= a <= MAX_ISHI_SIZE:
                    raise self.error(f"bad diagram size {toks[0].text!r}", toks[0].column)
                diagram = Diagram(size=a)
            else:
                if len(toks) < 2:
                    raise self.error("DIAGRAM region needs two corner locations", toks[0].column)
                diagram = Diagram(corners=(self._loc(toks[0]), self._loc(toks[1])))
        self._new_node(Node(diagram=diagram))

    def _current(self) -> Node:
        """The node that annotations (COM, MARK, PRISONER, USER, HIDE...) attach to."""
        ev = self._touch()
        if ev.in_var_start:
            # Data between VAR and the variation's first move would belong to no move.
            raise self.error("a variation must start with B, W, SETUP or DIAGRAM after VAR", 1)
        return ev.path[-1]

    def _hide(self, line: str, kw_end: int, toks: list[_Token]) -> None:
        self._current().hide.extend(self._stone_ref(t) for t in toks)

    def _prisoner(self, line: str, kw_end: int, toks: list[_Token]) -> None:
        self._current().prisoners.extend(self._stone_ref(t) for t in toks)

    def _mark(self, line: str, kw_end: int, toks: list[_Token]) -> None:
        self._current().marks.extend(self._mark_item(t) for t in toks)

    def _unmark(self, line: str, kw_end: int, toks: list[_Token]) -> None:
        node = self._current()
        for tok in toks:
            if "@" in tok.text:
                raise self.error(f"UNMARK takes no mark characters: {tok.text!r}", tok.column)
            node.marks.append(Mark(self._target(tok), action=MarkAction.UNMARK))

    def _var(self, line: str, kw_end: int, toks: list[_Token]) -> None:
        ev = self._touch()
        if len(ev.path) < 2 or ev.in_var_start:
            raise self.error("VAR must follow a move it is a variation of", 1)
        label = None
        if toks:
            label = toks[0].text
            if len(label) > 2:
                raise self.error(
                    f"VAR marker {label!r} is longer than two characters", toks[0].column
                )
        ev.var_stack.append((list(ev.path), self.lineno))
        ev.path.pop()
        ev.in_var_start = True
        ev.var_label = label

    def _endvar(self, line: str, kw_end: int, toks: list[_Token]) -> None:
        ev = self._touch()
        if not ev.var_stack:
            raise self.error("ENDVAR without VAR", 1)
        if ev.in_var_start:
            raise self.error("empty variation: VAR followed by ENDVAR", 1)
        ev.path, _ = ev.var_stack.pop()

    def _stray_end(self, line: str, kw_end: int, toks: list[_Token]) -> None:
        keyword = line.split(None, 1)[0].upper()
        opener = "COM" if keyword == "ENDCOM" else "USER"
        raise self.error(f"{keyword} without {opener}", 1)

    def _read_block(self, start: int, end_keyword: str, opener: str) -> tuple[list[str], int]:
        body: list[str] = []
        index = start
        while index < len(self.lines):
            text = self.lines[index]
            first = text.split(None, 1)
            if first and first[0].upper() == end_keyword:
                return body, index + 1
            body.append(text)
            index += 1
        raise RecordError(f"{opener} is never closed by {end_keyword}", start, 1)

    def _read_comment(self, line: str, kw_end: int, index: int) -> int:
        body, index = self._read_block(index, "ENDCOM", "COM")
        self._current().comments.append(Comment("\n".join(body), _rest(line, kw_end)))
        return index

    def _read_user(self, line: str, kw_end: int, index: int) -> int:
        body, index = self._read_block(index, "ENDUSER", "USER")
        title = _rest(line, kw_end)
        node = self._current()
        if title == SGF_USER_TITLE:
            try:
                props = parse_sgf_properties("\n".join(body))
            except ValueError as exc:
                raise self.error(f"bad {SGF_USER_TITLE} block: {exc}") from exc
            _apply_sgf_extras(node, props, self.event.record)
        else:
            node.users.append(UserBlock(title, tuple(body)))
        return index

    # --- fields ----------------------------------------------------------------------------

    def _int(self, tok: _Token, what: str, minimum: int = 1) -> int:
        value = bounded_int(tok.text)
        if value is None:
            raise self.error(f"{what} {tok.text!r} is not a number", tok.column)
        if value < minimum:
            raise self.error(f"{what} must be at least {minimum}, not {value}", tok.column)
        return value

    def _loc(self, tok: _Token) -> Point:
        self.event.located = True
        try:
            return parse_point(tok.text, self.event.record.size)
        except CoordinateError as exc:
            raise self.error(f"bad location: {exc}", tok.column) from exc

    def _range(self, tok: _Token, text: str, column: int) -> MoveRange:
        m = _RANGE_RE.match(text)
        if not m:
            raise self.error(f"bad move reference {text!r}", column)
        first = int(m.group(1))
        last = int(m.group(2)) if m.group(2) else first
        if first < 1 or last < first:
            raise self.error(f"bad move range {text!r}", column)
        return MoveRange(first, last)

    def _stone_ref(self, tok: _Token) -> StoneRef:
        if tok.text.startswith("#"):
            return self._range(tok, tok.text, tok.column)
        return self._loc(tok)

    def _target(
        self, tok: _Token, text: str | None = None, column: int | None = None
    ) -> MarkTarget:
        text = tok.text if text is None else text
        column = tok.column if column is None else column
        if text.upper() == "ALL":
            return ALL
        if text.startswith("#"):
            return self._range(tok, text, column)
        return self._loc(_Token(text, column))

    def _mark_item(self, tok: _Token) -> Mark:
        if "@" not in tok.text:
            return Mark(self._target(tok))
        label, _, where = tok.text.rpartition("@")
        column = tok.column + len(label) + 1
        if not where or where.upper() == "ALL":
            raise self.error(f"mark {tok.text!r} needs a location or move number", column)
        target = self._target(tok, where, column)
        if len(label) == 2 and label[0] == "\\" and label[1].lower() in self.specials:
            return Mark(target, self.specials[label[1].lower()])
        if not 1 <= len(label) <= 2:
            raise self.error(f"mark characters {label!r} must be one or two", tok.column)
        return Mark(target, MarkKind.LABEL, label)


def _accepts_setup(node: Node, *, is_root: bool) -> bool:
    """Whether a SETUP line adds to ``node`` rather than starting a setup node after it.

    A series of SETUP lines is one generalised move (spec, SETUP); annotations end the series
    ("only the last of a series of SETUP lines can have MARKs, UNMARKs, commentary or
    user-defined data"). A diagram takes its setup lines in any order with its other data.
    """
    if node.diagram is not None:
        return True
    if node.move is not None:
        return False
    if node.comments or node.marks or node.users or node.prisoners or node.hide:
        return False
    return is_root or node.has_setup


def _apply_sgf_extras(node: Node, props: dict[str, list[str]], record: GameRecord) -> None:
    """Put the properties of an ``igs-tui-sgf`` block back where the SGF reader would."""
    # Imported here: sgf_mapping itself uses the Ishi item syntax (a module cycle).
    from igs_tui.records.sgf_mapping import apply_node_properties

    apply_node_properties(node, props, record, is_root=node is record.root)


MAX_KOMI = 1000.0
"""Larger komi is no Go game (a 25x25 board has 625 points); SGF's ``KM`` has the same cap."""


def parse_komi(text: str) -> float | None:
    """Komi as a number: ``4.5``, ``5``, ``3 1/2``, ``-2``; ``None`` if it is not one."""
    t = text.strip()
    m = _KOMI_RE.match(t)
    if not t or not m or (m.group(2) is None and m.group(4) is None):
        return None
    value = float(f"{m.group(2) or 0}.{m.group(3) or 0}")
    if m.group(4):
        value += 0.5
    return -value if m.group(1) == "-" else value


def parse_ishi(text: str) -> Collection:
    """Read Ishi Standard Format text. Raises :class:`RecordError` with line and column."""
    return _Reader(text).read()


def _field_reader(size: int, extended_marks: bool = False) -> _Reader:
    reader = _Reader("", extended_marks=extended_marks)
    reader.event.record.size = size
    reader.lineno = 1
    return reader


def parse_mark_line(text: str, size: int) -> list[Mark]:
    """Parse ``MARK ...``/``UNMARK ...`` (``\\o``/``\\x`` also allowed: circle, cross).

    Used by the SGF adapter for its private ``ISMK`` property; raises :class:`RecordError`.
    """
    reader = _field_reader(size, extended_marks=True)
    toks = _tokens(text)
    if not toks or toks[0].text.upper() not in ("MARK", "UNMARK"):
        raise RecordError(f"not a MARK or UNMARK line: {text!r}")
    node = reader.event.path[-1]
    kw_end = toks[0].column - 1 + len(toks[0].text)
    (reader._mark if toks[0].text.upper() == "MARK" else reader._unmark)(text, kw_end, toks[1:])
    return node.marks


def parse_refs(text: str, size: int) -> list[StoneRef]:
    """Parse space-separated locations and ``#n``/``#n-n`` items; raises :class:`RecordError`."""
    reader = _field_reader(size)
    return [reader._stone_ref(t) for t in _tokens(text)]
