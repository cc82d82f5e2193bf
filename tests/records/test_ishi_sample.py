"""The Ishi spec's own sample data (§7, "Sample Valid-Format Data") read through our reader.

About the fixture ``data/ishi_spec_sample.go``: our copy of the spec lost the sample's line
breaks, and Ishi has no comment syntax other than REMARK (which the reader keeps as data), so
the reconstruction is documented here instead of in the file. Each keyword line was put on a
line of its own exactly as the keyword definitions imply: ``B 1 R16`` / ``W 2 D17`` (a move is
keyword, number, location), ``PRISONER B8 #17 C7`` (a list up to the next keyword), header lines
such as ``Source Page 164 of "Basic Techniques of Go"`` (free text to the end of the line),
``SETUP``/``MARK`` lists. Text after ``COM`` on the same line is the block's title
(``COM \\D \\c``, ``COM Yose Problem 7.``, ``COM Problem 1``); the commentary follows on its own
lines up to ``ENDCOM``, re-wrapped below 80 columns. A ``USER`` line's text is its title
(``User Print-Diagram 1 of 10``); the block's lines run to ``ENDUSER`` (``MARK All``,
``numbase -22``, ... are user data there, not keywords). The lines of event 1 were generated
from the flattened text mechanically; nothing was added or dropped.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from igs_tui.go.coords import parse_point
from igs_tui.go.types import Color, Point
from igs_tui.records.ishi import parse_ishi
from igs_tui.records.model import (
    ALL,
    Collection,
    Comment,
    Diagram,
    GameRecord,
    Mark,
    MarkAction,
    MarkKind,
    MoveRange,
    Node,
    Play,
    UserBlock,
)
from igs_tui.records.replay import captures_by_node

SAMPLE = Path(__file__).parent / "data" / "ishi_spec_sample.go"


def p(text: str, size: int = 19) -> Point:
    return parse_point(text, size)


@pytest.fixture(scope="module")
def sample() -> Collection:
    return parse_ishi(SAMPLE.read_text())


def move_nodes(record: GameRecord) -> list[Node]:
    return [n for n in record.main_line() if n.move is not None]


def test_three_events(sample: Collection) -> None:
    # The spec calls it a "Three-event SF file for illustration and testing".
    assert len(sample) == 3
    assert [r.info.event for r in sample] == [None, "Yose Problem 7", "Problem 1 from Ishigure"]


def test_event1_moves(sample: Collection) -> None:
    event = sample[0]
    moves = event.main_moves()
    assert len(moves) == 58
    assert moves[0] == Play(Color.BLACK, p("R16"), 1)
    assert moves[1] == Play(Color.WHITE, p("D17"), 2)
    assert moves[-1] == Play(Color.WHITE, p("G5"), 58)
    assert [m.number for m in moves] == list(range(1, 59))
    assert event.size == 19  # "If no boardsize is indicated for an event, 19x19 is assumed."


def test_event1_remarks_attach_to_the_event(sample: Collection) -> None:
    # "Each remark applies to the next EVENT, SETUP, B or W move, or DIAGRAM in the file."
    assert sample[0].root.remarks == [
        "testspec.go",
        "Three-event SF file for illustration and testing",
    ]
    assert sample.trailing_remarks == []


def test_event1_prisoners(sample: Collection) -> None:
    by_number = {n.move.number: n for n in move_nodes(sample[0]) if n.move}
    assert by_number[44].move == Play(Color.WHITE, p("A12"), 44)
    assert by_number[44].prisoners == [p("B12")]
    assert by_number[47].prisoners == [p("C12")]
    # "W 56 A7 PRISONER B8 #17 C7": both indicator forms, kept in order.
    assert by_number[56].prisoners == [p("B8"), MoveRange(17, 17), p("C7")]
    with_prisoners = [n for n, node in by_number.items() if node.prisoners]
    assert with_prisoners == [44, 47, 50, 56, 57]


def resolve(ref: Point | MoveRange, path: list[Node]) -> list[Point]:
    """#n is the "most recent move with this number" on the path (spec, MARK)."""
    if isinstance(ref, Point):
        return [ref]
    found = []
    for number in range(ref.first, ref.last + 1):
        for node in reversed(path):
            if node.move and node.move.number == number and node.move.point:
                found.append(node.move.point)
                break
    return found


@pytest.mark.parametrize("index", [0, 1])
def test_engine_replay_agrees_with_prisoner_lines(sample: Collection, index: int) -> None:
    """Events 1 and 2 list every capture: the engine must find exactly those stones."""
    record = sample[index]
    captures = captures_by_node(record)
    path = record.main_line()
    checked = 0
    for i, node in enumerate(path):
        if node.move is None:
            continue
        expected = {q for ref in node.prisoners for q in resolve(ref, path[:i])}
        assert set(captures.get(id(node), [])) == expected, node.move
        checked += bool(expected)
    assert checked == (5 if index == 0 else 10)


def test_event2_headers(sample: Collection) -> None:
    event = sample[1]
    info = event.info
    # "In the case of generally textual data such as source, place, analysis, etc., the total
    # data is the sum from all the repeated lines."
    assert info.source == (
        'Page 164 of "Basic Techniques of Go"\nBy Haruyama and Nagahara\n'
        "Ishi Press, Berkeley-Tokyo, 1969"
    )
    assert info.black == "Haruyama 6-dan"
    assert info.white == "Nagahara 4-dan"
    assert info.komi == 0.0
    assert event.size == 10
    assert info.time_limit == "30 minutes each"
    assert info.handicap == 1
    assert info.result == "Black wins by 1"
    assert info.rules == "Japanese"
    assert info.annotator == "The authors"
    assert info.recorder == "W. Lobb"
    assert info.date == "8 March 1990"
    assert info.place == "Concord MA"


def test_event2_setup_and_comment(sample: Collection) -> None:
    root = sample[1].root
    # Four SETUP lines, mixed case ("Setup w e10 ..."): one generalised move on the event.
    assert len(root.add_white) == 13 + 18
    assert len(root.add_black) == 17 + 14
    assert root.add_white[0] == p("E10", 10)
    assert p("B2", 10) in root.add_white
    assert root.add_black[-1] == p("H2", 10)
    assert root.comments == [
        Comment("How should Black play so as to win by one point?", "Yose Problem 7.")
    ]
    assert root.children[0].move == Play(Color.BLACK, p("H9", 10), 1)


def test_event2_annotations(sample: Collection) -> None:
    nodes = {n.move.number: n for n in move_nodes(sample[1]) if n.move}
    assert len(nodes) == 31
    assert nodes[3].marks == [Mark(MoveRange(1, 2))]
    assert nodes[3].comments[0].text.startswith("Black 1 and 3 are kiri (cut)")
    assert nodes[4].prisoners == [MoveRange(3, 3)]
    assert nodes[5].comments[0].title == "\\d"
    # "USER ... This line, and all lines after it and up to and including the next ENDUSER
    # line, define a block of user data": "MARK All" inside is data, not a keyword.
    assert nodes[25].users == [
        UserBlock(
            "Print-Diagram 1 of 10",
            ("MARK All", "numbase -22", "partial c1 k8", "show 12 28", "Ko information goes here"),
        )
    ]
    assert nodes[25].marks == []
    assert nodes[31].comments[0].text.endswith("having 15 points against White's 14.")


def test_event3_event_comment_and_setup_node(sample: Collection) -> None:
    event = sample[2]
    root = event.root
    # The COM before any setup applies "to the event as a whole"; the one after the SETUP
    # lines belongs to the setup stones, so the setup is a node of its own.
    assert root.comments[0].text.startswith('Adapted from page 111 of "In the Beginning"')
    assert not root.has_setup
    setup = root.children[0]
    assert setup.move is None
    assert len(setup.add_black) == 12 and len(setup.add_white) == 12
    assert setup.add_black[0] == p("R16") and setup.add_white[0] == p("E17")
    assert setup.comments == [Comment("Black to play.", "Problem 1")]


def test_event3_variations(sample: Collection) -> None:
    setup = sample[2].root.children[0]
    firsts = [(c.move, c.var_label) for c in setup.children]
    assert firsts == [
        (Play(Color.BLACK, p("Q12"), 1), None),
        (Play(Color.BLACK, p("M7"), 1), "8"),
        (Play(Color.BLACK, p("D5"), 1), "8"),
        (Play(Color.BLACK, p("Q9"), 1), "7"),
    ]
    m7 = setup.children[1]
    # The nested VAR is an alternative to W 2 R13 inside the first variation.
    assert [c.move for c in m7.children] == [
        Play(Color.WHITE, p("R13"), 2),
        Play(Color.WHITE, p("P7"), 2),
    ]
    nested = m7.children[1]
    assert nested.marks == [Mark(p("M7"))]
    assert nested.users == [
        UserBlock("", ("Some user data here.", "More user data.", "Last line of user data."))
    ]
    main = setup.children[0]
    assert [c.move for c in main.children] == [
        Play(Color.WHITE, p("M6"), 2),
        Play(Color.WHITE, p("P9"), 2),
    ]
    assert len(sample[2].main_moves()) == 6
    # Leaves: main line, the diagram, W 2 P9, M7 + R13, M7 + P7, D5, Q9.
    assert sum(1 for _ in sample[2].variations()) == 7


def test_event3_mark_sequences_in_order(sample: Collection) -> None:
    setup = sample[2].root.children[0]
    q12 = setup.children[0]
    assert len(q12.marks) == 13
    assert q12.marks[0] == Mark(p("R12"), MarkKind.LABEL, "10")
    # "\S@q10": special characters are case-insensitive; "\t@Q8" starts the second line.
    assert q12.marks[6:8] == [Mark(p("Q10"), MarkKind.SQUARE), Mark(p("Q8"), MarkKind.TRIANGLE)]
    assert q12.comments[0].title == "\\D \\c"
    assert "marked \\T and\n\\s while" in q12.comments[0].text  # case kept in commentary
    d5_line = setup.children[2].main_line()
    assert d5_line[-1].marks == [
        Mark(ALL),
        Mark(MoveRange(6, 6), action=MarkAction.UNMARK),
        Mark(p("L8"), MarkKind.TRIANGLE),
    ]
    q9_line = setup.children[3].main_line()
    assert q9_line[-1].marks == [
        Mark(MoveRange(1, 1)),
        Mark(p("R9")),
        Mark(p("P9")),
        Mark(p("R10"), MarkKind.LABEL, "X"),
    ]


def test_event3_diagram_with_hide(sample: Collection) -> None:
    main = sample[2].main_line()
    b5 = main[-2]
    w6, diagram = b5.children
    assert w6.move == Play(Color.WHITE, p("L8"), 6)
    assert w6.marks == [Mark(ALL), Mark(p("K6"), MarkKind.LABEL, "a")]
    assert diagram.move is None
    assert diagram.diagram == Diagram()
    assert diagram.diagram.region(19) == (Point(0, 0), Point(18, 18))
    assert diagram.hide[:3] == [p("Q12"), p("R16"), p("P17")]
    assert len(diagram.hide) == 10
    assert [m.label for m in diagram.marks] == [str(i) for i in range(1, 18)]
    assert diagram.marks[0] == Mark(p("Q8"), MarkKind.LABEL, "1")
    assert diagram.comments[0].text.startswith("For your reference")
