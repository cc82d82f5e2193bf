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

from sgfmill import sgf, sgf_grammar

from igs_tui.go.coords import check_size
from igs_tui.records.model import Collection, GameRecord, Node, RecordError
from igs_tui.records.sgf_mapping import (
    PathMoves,
    PropertyError,
    apply_node_properties,
    node_properties,
)
from igs_tui.records.sgf_structure import structure_problem

__all__ = ["GrowingSgf", "parse_sgf", "write_sgf"]


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
        if (fault := structure_problem(data, start, end)) is not None:
            raise _error_at(data, *fault)
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
        record = _read_game(game, data, start, original_ca)
        if (problem := record.handicap_problem()) is not None:
            raise _error_at(data, _find_property(data, start, "HA"), problem)
        collection.records.append(record)
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
    # Nodes come off the stack in file order (root, then each child's subtree in turn), the
    # order of the ';' that start them.
    offsets = iter(_node_offsets(data, start))
    while stack:
        sgf_node, node, last_number = stack.pop()
        offset = next(offsets, start)
        node.source = _position(data, offset)
        props = _decoded(sgf_node)
        try:
            apply_node_properties(
                node,
                props,
                record,
                is_root=node is record.root,
                expected_number=last_number + 1,
            )
        except PropertyError as exc:
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


def _node_offsets(data: bytes, start: int) -> list[int]:
    """Offsets of the ``;`` that start each node of the game tree at ``start``, in file order
    (sgfmill keeps no positions): a ``;`` inside a property value does not count."""
    offsets: list[int] = []
    depth = 0
    in_value = False
    escaped = False
    for index in range(start, len(data)):
        byte = data[index]
        if in_value:
            if escaped:
                escaped = False
            elif byte == 0x5C:  # backslash
                escaped = True
            elif byte == 0x5D:  # ]
                in_value = False
        elif byte == 0x5B:  # [
            in_value = True
        elif byte == 0x3B:  # ;
            offsets.append(index)
        elif byte == 0x28:  # (
            depth += 1
        elif byte == 0x29:  # )
            depth -= 1
            if depth == 0:
                break
    return offsets


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
    serialised: bytes = _sgfmill_game(record).serialise()
    return serialised.rstrip(b"\n") + b"\n"


def _sgfmill_game(record: GameRecord) -> sgf.Sgf_game:
    """``record`` as an sgfmill game whose raw properties are the ones we write."""
    check_size(record.size)
    game = sgf.Sgf_game(record.size, encoding="UTF-8")
    stack: list[tuple[Node, sgf.Tree_node, int, PathMoves | None]] = [
        (record.root, game.get_root(), 0, None)
    ]
    while stack:
        node, sgf_node, last_number, chain = stack.pop()
        if node.move is not None:  # marks refer to the position after this node's move
            chain = PathMoves(node.move, chain)
        for ident, values in _raw_properties(node, record, last_number, chain):
            sgf_node.set_raw_list(ident, values)
        last_number = _number_after(node, last_number)
        for child in reversed(node.children):
            # new_child(0) keeps the file order while we push in reverse
            stack.append((child, sgf_node.new_child(0), last_number, chain))
    return game


def _raw_properties(
    node: Node, record: GameRecord, last_number: int, chain: PathMoves | None
) -> list[tuple[str, list[bytes]]]:
    """The properties we set on the sgfmill node of ``node``, escaped (sgfmill adds the root's
    ``FF GM SZ CA`` itself)."""
    props = node_properties(
        node, record, is_root=node is record.root, expected_number=last_number + 1, chain=chain
    )
    return [
        (ident, [_escape(v) for v in values])
        for ident, values in props.items()
        if ident not in ("FF", "GM", "SZ", "CA")
    ]


def _escape(value: str) -> bytes:
    """``value`` as FF[4] Text: sgfmill escapes ``\\`` and ``]``; we escape ``[`` as well, so
    that a comment holding ``;B[cc`` is never taken for a node swallowed by a lost ``]``
    (see :mod:`.sgf_structure`). Every reader drops the backslash again."""
    escaped: bytes = sgf_grammar.escape_text(value.encode("utf-8"))
    return escaped.replace(b"[", b"\\[")


def _number_after(node: Node, last_number: int) -> int:
    """The number of the last move on the path once ``node`` is played."""
    if node.move is None:
        return last_number
    return node.move.number if node.move.number is not None else last_number + 1


WRAP = 79
"""sgfmill's line width for written SGF."""


class GrowingSgf:
    """The SGF bytes of a record without variations that grows one move at a time.

    :meth:`data` is exactly ``write_sgf(record)`` of the record as grown, but :meth:`append`
    formats only the new node: sgfmill's writer lays a file out piece by piece (``(``, ``;``,
    each property) into lines of at most 79 bytes, so the lines before the end never change
    when a node is added. Autosave rewrites a game after every move; serialising every earlier
    move again made that cost grow with the game.

    Raises ``ValueError`` (as :func:`write_sgf` does) for a record with variations, a board
    size SGF cannot hold or a property sgfmill refuses.
    """

    def __init__(self, record: GameRecord) -> None:
        self.record = record
        self._lines: list[bytes] = []
        self._line = b""
        tail, last_number, chain = record.root, 0, None
        while True:
            if tail.move is not None:
                chain = PathMoves(tail.move, chain)
            last_number = _number_after(tail, last_number)
            if not tail.children:
                break
            if len(tail.children) > 1:
                raise ValueError("a record with variations cannot grow at its end")
            tail = tail.children[0]
        self._tail, self._last_number, self._chain = tail, last_number, chain
        game = _sgfmill_game(record)
        self._feed(b"(")
        node: sgf.Tree_node | None = game.get_root()
        while node is not None:
            self._node(node.get_raw_property_map())
            node = node[0] if len(node) else None

    @property
    def tail(self) -> Node:
        """The last node of the record."""
        return self._tail

    def append(self, node: Node) -> None:
        """Add ``node`` (without children) after the last node, in the record and the text."""
        if node.children:
            raise ValueError("only a node without children can be appended")
        chain = PathMoves(node.move, self._chain) if node.move is not None else self._chain
        raw = _raw_properties(node, self.record, self._last_number, chain)
        for ident, values in raw:
            if not sgf_grammar.is_valid_property_identifier(ident):
                raise ValueError("ill-formed property identifier")
            if not values or not all(sgf_grammar.is_valid_property_value(v) for v in values):
                raise ValueError("ill-formed raw property value")
        self._tail.add_child(node)
        self._tail, self._chain = node, chain
        self._last_number = _number_after(node, self._last_number)
        self._node(dict(raw))

    def data(self) -> bytes:
        """The file: what :func:`write_sgf` writes for the record."""
        lines, line = list(self._lines), self._line
        for piece in (b")", b"\n"):
            if len(line) + len(piece) > WRAP:
                lines.append(line)
                line = b""
            line += piece
        if line:
            lines.append(line)
        return b"\n".join(lines).rstrip(b"\n") + b"\n"

    def _node(self, props: dict[str, list[bytes]]) -> None:
        """One node's pieces, in the order sgfmill writes them (``FF`` first, then by name)."""
        self._feed(b";")
        for ident in sorted(props, key=lambda i: (i != "FF", i)):
            self._feed(ident.encode("ascii") + b"".join(b"[" + v + b"]" for v in props[ident]))

    def _feed(self, piece: bytes) -> None:
        """sgfmill's ``block_format``, one piece at a time."""
        if len(self._line) + len(piece) > WRAP:
            self._lines.append(self._line)
            self._line = b""
        self._line += piece
