"""The review cursor: a line through a record's tree, a place on it, and variation choices."""

from __future__ import annotations

from itertools import pairwise

from hypothesis import given, settings
from hypothesis import strategies as st

from igs_tui.go import Color, Point
from igs_tui.records import GameRecord, Node, Play, parse_sgf
from igs_tui.records.cursor import RecordCursor, line_numbers

# Main line: B D4 (C[first]), W Q16, B D16 (capture-free), then W Q4.
# At move 2 there is a variation W C3 (with its own continuation B C4), and another W R3.
TREE = (
    b"(;GM[1]FF[4]SZ[19]PB[Black]PW[White]KM[6.5]RE[B+R]"
    b";B[dp]C[first move]"
    b"(;W[pd];B[dd];W[pp]C[main line end])"
    b"(;W[cq]C[variation two];B[cp])"
    b"(;W[qr]))"
)


def record() -> GameRecord:
    return parse_sgf(TREE)[0]


def test_starts_at_the_root_of_the_main_line() -> None:
    cursor = RecordCursor(record())
    assert cursor.at_start and cursor.move_number == 0
    assert len(cursor.line) == 5
    assert cursor.on_main_line
    position = cursor.position()
    assert position.stones == {} and position.last_move is None
    assert position.last_number == 4


def test_forward_back_first_last() -> None:
    cursor = RecordCursor(record())
    assert cursor.forward()
    assert cursor.move_number == 1
    assert cursor.node.comment == "first move"
    cursor.last()
    assert cursor.at_end and cursor.move_number == 4
    assert not cursor.forward()
    assert cursor.back(2) and cursor.move_number == 2
    cursor.first()
    assert cursor.at_start and not cursor.back()


def test_choices_at_a_branch_and_choosing_one() -> None:
    cursor = RecordCursor(record())
    cursor.forward()
    choices = cursor.choices()
    assert [c.index for c in choices] == [0, 1, 2]
    assert [c.move.point if c.move else None for c in choices] == [
        Point(15, 15),
        Point(2, 2),
        Point(16, 1),
    ]
    assert cursor.selected == 0
    assert cursor.select_next(1)
    assert cursor.selected == 1 and cursor.move_number == 1  # choosing does not move
    assert cursor.position().last_number == 3
    cursor.forward()
    assert cursor.node.comment == "variation two"
    assert not cursor.on_main_line
    assert cursor.alternative() == (2, 3)
    cursor.last()
    assert cursor.move_number == 3
    # back and forward again retraces the variation, not the main line
    cursor.first()
    cursor.last()
    assert cursor.node.move == Play(Color.BLACK, Point(2, 3), 3)
    assert not cursor.select_next(7)


def test_cycle_and_switch_sibling_wrap() -> None:
    cursor = RecordCursor(record())
    cursor.forward()
    assert cursor.cycle_next(-1) and cursor.selected == 2
    assert cursor.cycle_next(1) and cursor.selected == 0
    cursor.forward()
    assert cursor.alternative() == (1, 3)
    assert cursor.switch_sibling(1)
    assert cursor.alternative() == (2, 3) and cursor.move_number == 2
    assert cursor.node.comment == "variation two"
    assert cursor.switch_sibling(2)  # 2 -> 1 (wraps)
    assert cursor.alternative() == (1, 3)
    cursor.first()
    assert not cursor.switch_sibling(1)  # the root has no siblings
    assert not cursor.cycle_next(1) or cursor.choices() == ()  # the root does not branch


def test_go_to_move() -> None:
    cursor = RecordCursor(record())
    assert cursor.go_to_move(3) == 3
    assert cursor.node.move is not None and cursor.node.move.point == Point(3, 15)
    assert cursor.go_to_move(0) == 0 and cursor.at_start
    assert cursor.go_to_move(99) == 4 and cursor.at_end


def test_position_has_stones_captures_last_move_and_comment() -> None:
    # B captures a white stone at A1 (corner): W A1, B B1, W pass, B A2 takes it.
    data = b"(;SZ[9];W[ai];B[bi];W[];B[ah]C[captured!])"
    cursor = RecordCursor(parse_sgf(data)[0])
    cursor.last()
    position = cursor.position()
    assert position.captures == {Color.BLACK: 1, Color.WHITE: 0}
    assert position.last_move == Play(Color.BLACK, Point(0, 1), 4)
    assert Point(0, 0) not in position.stones
    assert position.stones[Point(1, 0)] is Color.BLACK
    assert position.comment == "captured!"
    assert position.error == ""
    cursor.back()  # a pass: the last move is the pass
    assert cursor.position().last_move == Play(Color.WHITE, None, 3)


def test_illegal_record_gives_an_error_not_an_exception() -> None:
    data = b"(;SZ[9];B[ee];W[ee])"  # unchecked: the second move is on an occupied point
    cursor = RecordCursor(parse_sgf(data)[0])
    cursor.last()
    position = cursor.position()
    assert "illegal" in position.error
    assert position.stones == {}


def test_move_numbers_follow_the_record() -> None:
    root = Node()
    a = root.add_child(Node(Play(Color.BLACK, Point(0, 0), 101)))
    b = a.add_child(Node())  # a comment-only node keeps the number
    b.add_child(Node(Play(Color.WHITE, Point(1, 1))))
    assert line_numbers(root.main_line()) == [0, 101, 101, 102]
    cursor = RecordCursor(GameRecord(9, root=root))
    assert cursor.go_to_move(50) == 101 and cursor.node is a


# --- properties over random trees ---------------------------------------------------------


@st.composite
def trees(draw: st.DrawFn) -> GameRecord:
    """Random tree shapes (moves are irrelevant to the cursor's structure)."""
    root = Node()
    nodes = [root]
    for _ in range(draw(st.integers(0, 30))):
        parent = nodes[draw(st.integers(0, len(nodes) - 1))]
        nodes.append(parent.add_child(Node(Play(Color.BLACK, None))))
    return GameRecord(9, root=root)


OPS = st.lists(
    st.tuples(
        st.sampled_from(["fwd", "back", "first", "last", "cycle", "switch", "goto", "select"]),
        st.integers(-3, 3),
    ),
    max_size=40,
)


@settings(max_examples=150, deadline=None)
@given(trees(), OPS)
def test_any_key_sequence_keeps_a_valid_line(
    record: GameRecord, ops: list[tuple[str, int]]
) -> None:
    cursor = RecordCursor(record)
    for op, arg in ops:
        before = cursor.node
        if op == "fwd":
            cursor.forward()
        elif op == "back":
            if cursor.back():
                cursor.forward()
                assert cursor.node is before  # back then forward comes back
        elif op == "first":
            cursor.first()
        elif op == "last":
            cursor.last()
        elif op == "cycle":
            cursor.cycle_next(arg)
            assert cursor.node is before  # choosing the next move does not move
        elif op == "switch":
            depth = cursor.index
            cursor.switch_sibling(arg)
            assert cursor.index == depth
        elif op == "goto":
            cursor.go_to_move(arg)
        else:
            cursor.select_next(arg)
            assert cursor.node is before
        line = cursor.line
        assert line[0] is record.root
        assert not line[-1].children  # a line always runs to a leaf
        for parent, child in pairwise(line):
            assert any(child is c for c in parent.children)
        assert 0 <= cursor.index < len(line)
        assert cursor.move_number == cursor.index  # one move per node in these trees
        choices = cursor.choices()
        assert len(choices) in (0, *range(2, 100))
        if choices and not cursor.at_end:
            assert cursor.node.children[cursor.selected] is line[cursor.index + 1]
