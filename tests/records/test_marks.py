"""Which marks a reviewed node shows, and where (igs_tui.records.marks)."""

from __future__ import annotations

from igs_tui.go import Point
from igs_tui.records.cursor import RecordCursor
from igs_tui.records.ishi_read import parse_ishi
from igs_tui.records.marks import ShownMark
from igs_tui.records.model import MarkKind
from igs_tui.records.sgf import parse_sgf
from igs_tui.ui.board.board_render import BoardLayout, BoardPicture, PointMark, render_board_lines

# Ishi: move numbers, ALL and the order of MARK/UNMARK (the spec's own example, in small).
ISHI = """EVENT marks
BOARDSIZE 9
B 1 E5
W 2 C7
B 3 G7
W 4 C3
B 5 G3
MARK ALL
UNMARK #2-4
MARK #3 \\t@E5 x@#4 AB@J9
"""


def shown_at_end(cursor: RecordCursor) -> dict[Point, ShownMark]:
    cursor.last()
    return cursor.position().marks


def test_ishi_marks_apply_in_order_by_number_location_and_all() -> None:
    marks = shown_at_end(RecordCursor(parse_ishi(ISHI)[0]))
    e5, c7, g7, c3, g3 = Point(4, 4), Point(2, 6), Point(6, 6), Point(2, 2), Point(6, 2)
    assert marks[g3] == ShownMark(MarkKind.NUMBER, "5")  # from ALL
    assert c7 not in marks  # ALL, then UNMARK #2-4
    assert marks[g7] == ShownMark(MarkKind.NUMBER, "3")  # marked again
    assert marks[e5].kind is MarkKind.TRIANGLE  # a shape replaces the number
    assert marks[c3] == ShownMark(MarkKind.LABEL, "x")
    assert marks[Point(8, 8)] == ShownMark(MarkKind.LABEL, "AB")  # on an empty point


def test_sgf_marks_belong_to_their_node_only() -> None:
    record = parse_sgf("(;SZ[9];B[ee]TR[ee]LB[aa:1];W[cc])")[0]
    cursor = RecordCursor(record)
    assert cursor.position().marks == {}
    cursor.forward()
    assert cursor.position().marks == {
        Point(4, 4): ShownMark(MarkKind.TRIANGLE),
        Point(0, 8): ShownMark(MarkKind.LABEL, "1"),
    }
    cursor.forward()
    assert cursor.position().marks == {}


def test_a_label_keeps_the_grid_aligned_whatever_it_holds() -> None:
    """A record is a stranger's file: long, wide or control characters never shift the grid."""
    layout = BoardLayout(5, 2, 1)
    plain = render_board_lines(BoardPicture(5), layout)
    marks = {
        Point(0, 4): PointMark(text="LONGLABEL"),
        Point(2, 4): PointMark(text="漢\x1b[31m"),
        Point(4, 4): PointMark(shape="no such shape"),
    }
    lines = render_board_lines(BoardPicture(5, marks=marks), layout)
    texts = ["".join(s.text for s in line) for line in lines]
    assert [len(t) for t in texts] == [sum(len(s.text) for s in line) for line in plain]
    top = texts[layout.top]
    assert "LO" in top and "LON" not in top  # two cells: the point and its gap
    assert "\x1b" not in top and "漢" not in top and "[3" in top
    assert "?" in top  # an unknown shape is still visibly a mark
