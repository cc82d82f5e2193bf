"""Ishi Standard Format (17 March 1990, David Fotland): full reader and full writer.

The spec asks a full reader/writer to "recognize and store all data signalled by the keywords
described in Section 5, and write all that data into an output file without adding to, losing,
or modifying data in the file in any significant way" (§1). Whitespace, keyword case and line
grouping are not significant; everything else round-trips through :mod:`igs_tui.records.model`.

How the spec's structure maps onto the model:

* Each ``EVENT`` is a :class:`GameRecord`; data before any ``EVENT`` belongs to the implicit
  first event, and an ``EVENT`` line before any data names that first event instead of
  starting a second one. An empty file is one empty event.
* Header keywords fill :class:`GameInfo`. Textual data is summed over repeated lines (kept one
  per line, joined with ``"\\n"``): ``ANALYSIS``, ``DATE``, ``PLACE``, ``RECORDER``, ``SOURCE``,
  ``TIMELIMIT``. Once-only data takes the last line: ``BLACK``, ``WHITE``, ``HANDICAP``,
  ``KOMI``, ``RESULT``, ``RULES`` (and ``BOARDSIZE``).
* Commentary, marks and user data before any setup or move apply to the event: the root node.
  ``SETUP`` lines go into the root while the root carries no annotations yet; otherwise (the
  event has its own ``COM``, as in the spec sample's third event) they start a setup node, so
  the event's and the setup's commentary stay apart.
* ``B``/``W`` and ``DIAGRAM`` start a new node. ``VAR`` is an alternative to the current move
  (the spec: "the variation in question applies to the current move"), so its first node is a
  sibling of the current one; ``ENDVAR`` returns to the move the ``VAR`` followed.
* ``REMARK`` lines attach to the next ``EVENT``, ``SETUP``, ``B``/``W`` or ``DIAGRAM``.

Errors raise :class:`RecordError` with the 1-based line and column. The reader is strict about
the fields a keyword defines (``B 22 Q3 R7``, a bad location, move number 0, a duplicate or
decreasing move number in a sequence, an unclosed ``COM``/``VAR``/``USER``, an unmatched
``ENDVAR``) and ignores extra data after fields that end a line (``ENDVAR back to main game``).

Data the format has no keyword for (SGF properties such as ``GN``, time left, circle marks,
labels longer than two characters) is written in a ``USER igs-tui-sgf`` block of SGF property
text (:mod:`igs_tui.records.sgf_props`) and read back from it. So are commentary and user
blocks with a line that would close them early (a line starting with ``ENDCOM``/``ENDUSER``):
the writer never produces a file that reads back differently. Values that the format keeps
on one line (headers, titles, remarks) have their line breaks replaced by spaces.

Writing is lossless by default; pass ``captures`` (see :func:`write_ishi`) to add engine-computed
``PRISONER`` lines to a played game that has none.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from igs_tui.go.coords import CoordinateError, format_point, parse_point
from igs_tui.go.types import Color, Point
from igs_tui.records.model import (
    ALL,
    AllStones,
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
from igs_tui.records.sgf_props import format_sgf_properties, parse_sgf_properties

__all__ = ["SGF_USER_TITLE", "parse_ishi", "write_ishi"]

SGF_USER_TITLE = "igs-tui-sgf"
"""Title of the ``USER`` block that carries data Ishi has no keyword for, as SGF properties."""

MAX_ISHI_SIZE = 25  # the spec stops at 19; the 25 letters A-Z without I allow up to 25

_SUMMED = {
    "ANALYSIS": "annotator",
    "DATE": "date",
    "PLACE": "place",
    "RECORDER": "recorder",
    "SOURCE": "source",
    "TIMELIMIT": "time_limit",
}
_ONCE = {"BLACK": "black", "WHITE": "white", "RESULT": "result", "RULES": "rules"}

_SPECIAL = {
    "d": MarkKind.DIAMOND,
    "t": MarkKind.TRIANGLE,
    "c": MarkKind.CHECK,
    "s": MarkKind.SQUARE,
}
# Not Ishi: our private SGF property ISMK also needs SGF's circle and cross.
_EXTENDED = {**_SPECIAL, "o": MarkKind.CIRCLE, "x": MarkKind.CROSS}
_SPECIAL_CODE = {kind: code for code, kind in _EXTENDED.items()}

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


# --------------------------------------------------------------------------------------------
# Reader
# --------------------------------------------------------------------------------------------


@dataclass
class _Event:
    record: GameRecord
    path: list[Node]
    var_stack: list[tuple[list[Node], int]] = field(default_factory=list)
    in_var_start: bool = False  # after VAR, before the variation's first node
    var_label: str | None = None
    located: bool = False  # a location was parsed: BOARDSIZE can no longer change
    has_data: bool = False


class _Reader:
    def __init__(self, text: str, *, extended_marks: bool = False) -> None:
        self.specials = _EXTENDED if extended_marks else _SPECIAL
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
            **{k: self._header for k in (*_SUMMED, *_ONCE)},
        }

    # --- events and headers ----------------------------------------------------------------

    def _finish_event(self) -> None:
        ev = self.event
        if ev.var_stack:
            _, var_line = ev.var_stack[-1]
            raise RecordError("VAR is never closed by ENDVAR", var_line, 1)
        info = ev.record.info
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
        if keyword in _SUMMED:
            name = _SUMMED[keyword]
            old = getattr(info, name)
            setattr(info, name, value if old is None else f"{old}\n{value}")
        else:
            setattr(info, _ONCE[keyword], value)

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
        if komi is None:
            raise self.error(f"komi {toks[0].text!r} is not a number", toks[0].column)
        info.komi = komi

    def _handicap(self, line: str, kw_end: int, toks: list[_Token]) -> None:
        info = self._touch().record.info
        if not toks:
            raise self.error("HANDICAP needs a number", kw_end + 1)
        info.handicap = self._int(toks[0], "handicap", minimum=0)

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
        self._new_node(Node(move=Play(color, point, number)))

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
        if not tok.text.isascii() or not tok.text.isdigit():
            raise self.error(f"{what} {tok.text!r} is not a number", tok.column)
        value = int(tok.text)
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
    from igs_tui.records.sgf import apply_node_properties

    apply_node_properties(node, props, record, is_root=node is record.root)


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


def format_mark_lines(marks: list[Mark], size: int) -> list[str]:
    """``MARK``/``UNMARK`` lines for ``marks`` in order (inverse of :func:`parse_mark_line`)."""
    return [
        f"{action.value.upper()} " + " ".join(_fmt_mark(m, size) for m in group)
        for action, group in _group_marks(marks)
    ]


def parse_refs(text: str, size: int) -> list[StoneRef]:
    """Parse space-separated locations and ``#n``/``#n-n`` items; raises :class:`RecordError`."""
    reader = _field_reader(size)
    return [reader._stone_ref(t) for t in _tokens(text)]


def format_refs(refs: Iterable[StoneRef], size: int) -> str:
    return " ".join(_fmt_ref(r, size) for r in refs)


# --------------------------------------------------------------------------------------------
# Writer
# --------------------------------------------------------------------------------------------


def _fmt_komi(komi: float) -> str:
    return str(int(komi)) if komi == int(komi) else str(komi)


def _fmt_ref(ref: StoneRef | AllStones, size: int) -> str:
    if isinstance(ref, AllStones):
        return "ALL"
    if isinstance(ref, MoveRange):
        return f"#{ref.first}" if ref.first == ref.last else f"#{ref.first}-{ref.last}"
    return format_point(ref, size)


def _fmt_mark(mark: Mark, size: int) -> str:
    target = _fmt_ref(mark.target, size)
    if mark.action is MarkAction.UNMARK or mark.kind is MarkKind.NUMBER:
        return target
    if mark.kind is MarkKind.LABEL:
        return f"{mark.label}@{target}"
    return f"\\{_SPECIAL_CODE[mark.kind]}@{target}"


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
        for keyword, name in _SUMMED.items():
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
            for chunk in _chunks([_fmt_ref(r, size) for r in node.hide]):
                self.line("HIDE " + " ".join(chunk))
        prisoners: list[StoneRef] = list(node.prisoners)
        if not prisoners and node.move is not None:
            prisoners = list(captures.get(id(node), []))
        for chunk in _chunks([_fmt_ref(r, size) for r in prisoners]):
            self.line("PRISONER " + " ".join(chunk))
        marks = [m for m in node.marks if _ishi_can_mark(m)]
        for action, group in _group_marks(marks):
            for chunk in _chunks([_fmt_mark(m, size) for m in group]):
                self.line(f"{action.value.upper()} " + " ".join(chunk))
        from igs_tui.records.sgf import comment_properties, user_properties

        props = dict(extras)
        props.update(_node_extras(node, size))
        # A body line starting with the closing keyword would end its block early: such
        # blocks travel, intact, in the igs-tui-sgf block instead.
        if any(_closes(line, "ENDCOM") for c in node.comments for line in c.text.split("\n")):
            props.update(comment_properties(node.comments))
        else:
            for comment in node.comments:
                self.line(f"COM {_one_line(comment.title)}")
                self.out.extend(comment.text.split("\n"))
                self.line("ENDCOM")
        if any(
            u.title.strip() == SGF_USER_TITLE or any(_closes(x, "ENDUSER") for x in u.lines)
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
                    re.sub(r"^(\s*)", r"\1\\", line, count=1) if _closes(line, "ENDUSER") else line
                )
            self.line("ENDUSER")


def _player(name: str | None, rank: str | None) -> str | None:
    """BLACK/WHITE hold "name, rank etc." (spec): the rank follows the name."""
    if name is None and rank is None:
        return None
    return " ".join(x for x in (name, rank) if x)


def _closes(line: str, keyword: str) -> bool:
    """Whether a block body line would be read as the block's closing keyword line."""
    first = line.split(None, 1)
    return bool(first) and first[0].upper() == keyword


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
    return not (len(label) == 2 and label[0] == "\\" and label[1].lower() in _SPECIAL)


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


def _group_marks(marks: list[Mark]) -> Iterable[tuple[MarkAction, list[Mark]]]:
    group: list[Mark] = []
    for mark in marks:
        if group and group[-1].action is not mark.action:
            yield group[0].action, group
            group = []
        group.append(mark)
    if group:
        yield group[0].action, group


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
    from igs_tui.go.coords import format_sgf_point

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
