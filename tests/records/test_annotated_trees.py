"""Property tests: random annotated trees (everything Ishi can say) survive every round trip.

The generator stays inside what the Ishi format can express (see the notes by each field),
because "Full read + full write must round-trip without significant loss" (spec §1) is a
statement about Ishi data; the same trees must then also pass through SGF unchanged.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from igs_tui.go.types import Color, Point
from igs_tui.records.ishi import parse_ishi, write_ishi
from igs_tui.records.model import (
    ALL,
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
    UserBlock,
)
from igs_tui.records.sgf import parse_sgf, write_sgf

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])

_ALPHABET = "".join(chr(c) for c in range(32, 127)) + "éü围"
_TEXT = st.text(alphabet=_ALPHABET, max_size=12)
# Free text after a keyword is read up to the line's end without surrounding blanks.
_LINE = _TEXT.map(str.strip)
# Body lines that look like a closing keyword make the writer move the block into the
# igs-tui-sgf block; they must come back all the same.
_BODY_LINE = _TEXT | st.sampled_from(["ENDCOM", "  endUser and more", "ENDCOM]\\"])
_LABEL = st.text(alphabet=_ALPHABET[1:95], min_size=1, max_size=2)
_LABEL = _LABEL.filter(lambda s: not s.startswith("\\"))


def points(size: int) -> st.SearchStrategy[Point]:
    return st.builds(Point, st.integers(0, size - 1), st.integers(0, size - 1))


def ranges() -> st.SearchStrategy[MoveRange]:
    return st.builds(lambda a, n: MoveRange(a, a + n), st.integers(1, 300), st.integers(0, 20))


def marks(size: int) -> st.SearchStrategy[Mark]:
    target = st.one_of(points(size), ranges())
    special = st.sampled_from(
        [MarkKind.TRIANGLE, MarkKind.SQUARE, MarkKind.DIAMOND, MarkKind.CHECK]
    )
    return st.one_of(
        st.just(Mark(ALL)),
        st.builds(Mark, target),
        st.builds(Mark, target, special),
        st.builds(lambda t, label: Mark(t, MarkKind.LABEL, label), target, _LABEL),
        st.builds(lambda t: Mark(t, action=MarkAction.UNMARK), st.one_of(st.just(ALL), target)),
    )


def annotate(draw: st.DrawFn, node: Node, size: int) -> None:
    node.comments = draw(
        st.lists(
            st.builds(
                Comment,
                st.lists(_BODY_LINE, max_size=3).map("\n".join),
                _LINE,
            ),
            max_size=2,
        )
    )
    node.marks = draw(st.lists(marks(size), max_size=5))
    node.remarks = draw(st.lists(_LINE, max_size=2))
    node.users = draw(
        st.lists(
            st.builds(
                UserBlock,
                _LINE | st.just("igs-tui-sgf"),
                st.lists(_BODY_LINE, max_size=3).map(tuple),
            ),
            max_size=1,
        )
    )


@st.composite
def records(draw: st.DrawFn) -> GameRecord:
    size = draw(st.integers(5, 19))
    info = GameInfo(
        black=draw(st.none() | _LINE),
        white=draw(st.none() | _LINE),
        result=draw(st.none() | _LINE),
        rules=draw(st.none() | _LINE),
        event=draw(st.none() | _LINE.filter(bool)),
        komi=draw(st.none() | st.integers(-20, 20).map(lambda k: k / 2)),
        handicap=draw(st.none() | st.integers(0, 9)),
        source=draw(st.none() | st.lists(_LINE, min_size=1, max_size=3).map("\n".join)),
        place=draw(st.none() | _LINE),
    )
    record = GameRecord(size=size, info=info)
    root = record.root
    root.add_black = draw(st.lists(points(size), max_size=4))
    root.add_white = draw(st.lists(points(size), max_size=4)) if root.add_black else []
    annotate(draw, root, size)
    # Grow a tree: each new node is a move after a random existing move node (or the root).
    nodes: list[tuple[Node, int]] = [(root, 0)]
    for _ in range(draw(st.integers(0, 8))):
        parent, last = draw(st.sampled_from(nodes))
        number = last + draw(st.integers(1, 3))
        color = draw(st.sampled_from(Color))
        where = draw(st.none() | points(size))
        child = Node(move=Play(color, where, number))
        child.prisoners = draw(st.lists(st.one_of(points(size), ranges()), max_size=2))
        annotate(draw, child, size)
        if parent.children:  # a VAR: it may carry a marker
            child.var_label = draw(st.none() | _LABEL.filter(lambda s: not s.isspace()))
        parent.children.append(child)
        nodes.append((child, number))
    if len(nodes) > 1 and draw(st.booleans()):
        # "VAR DIAGRAM HIDE ... ENDVAR" after a move, as in the spec sample.
        parent = draw(st.sampled_from([n for n, _ in nodes if n.move is not None]))
        holder = next(n for n, _ in nodes if parent in n.children)
        diagram = Node(
            diagram=draw(
                st.sampled_from([Diagram(), Diagram(size=size)])
                | st.builds(lambda a, b: Diagram(corners=(a, b)), points(size), points(size))
            ),
            hide=draw(st.lists(st.one_of(points(size), ranges()), max_size=3)),
            add_black=draw(st.lists(points(size), max_size=2)),
        )
        annotate(draw, diagram, size)
        holder.children.append(diagram)
    return record


@st.composite
def collections(draw: st.DrawFn) -> Collection:
    return Collection(
        draw(st.lists(records(), min_size=1, max_size=2)),
        draw(st.lists(_LINE, max_size=1)),
    )


@SETTINGS
@given(collections())
def test_ishi_write_read_is_lossless(collection: Collection) -> None:
    assert parse_ishi(write_ishi(collection)) == collection


@SETTINGS
@given(collections())
def test_ishi_to_sgf_to_ishi_is_lossless(collection: Collection) -> None:
    via_sgf = parse_sgf(write_sgf(collection))
    assert len(via_sgf) == len(collection)
    for record in via_sgf:
        assert record.info.charset == "UTF-8"
        record.info.charset = None
    assert via_sgf.records == collection.records
    assert parse_ishi(write_ishi(via_sgf)).records == collection.records
