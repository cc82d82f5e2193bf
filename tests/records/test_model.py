"""The format-neutral record model: tree helpers, equality, engine replay."""

from __future__ import annotations

import pytest

from igs_tui.go.coords import parse_point
from igs_tui.go.types import Color, Point
from igs_tui.records import (
    Collection,
    Comment,
    GameRecord,
    MoveRange,
    Node,
    Play,
    RecordError,
    parse_sgf,
    replay,
    write_ishi,
    write_sgf,
)
from igs_tui.records.ishi import parse_ishi
from igs_tui.records.replay import replay_path


def p(text: str, size: int = 9) -> Point:
    return parse_point(text, size)


def tree() -> GameRecord:
    record = GameRecord(size=9)
    b1 = record.root.add_child(Node(move=Play(Color.BLACK, p("E5"), 1)))
    w2 = b1.add_child(Node(move=Play(Color.WHITE, p("C3"), 2)))
    b1.add_child(Node(move=Play(Color.WHITE, p("G7"), 2)))
    w2.add_child(Node(move=Play(Color.BLACK, None, 3)))
    return record


def test_main_line_and_variations() -> None:
    record = tree()
    assert [m.point for m in record.main_moves()] == [p("E5"), p("C3"), None]
    lines = [[n.move.point for n in path if n.move] for path in record.variations()]
    assert lines == [[p("E5"), p("C3"), None], [p("E5"), p("G7")]]
    assert [n.move.number for n in record.root.walk() if n.move] == [1, 2, 3, 2]


def test_equality_is_structural_and_deep() -> None:
    assert tree() == tree()
    other = tree()
    other.root.children[0].children[1].comments.append(Comment("x"))
    assert other != tree()
    # 5 000 nested nodes (5x the recursion limit): comparison and walks must not recurse.
    a, b = GameRecord(size=19), GameRecord(size=19)
    for record in (a, b):
        node = record.root
        for i in range(5_000):
            node = node.add_child(Node(move=Play(Color.BLACK, None, i + 1)))
    assert a == b
    assert len(a.main_line()) == 5_001
    b.main_line()[-1].remarks.append("differs at the very end")
    assert a != b


def test_long_game_through_both_formats() -> None:
    record = GameRecord(size=19)
    node = record.root
    for i in range(3000):  # passes: always legal
        node = node.add_child(
            Node(move=Play(Color.BLACK if i % 2 == 0 else Color.WHITE, None, i + 1))
        )
    assert parse_sgf(write_sgf(record))[0].main_moves() == record.main_moves()
    assert parse_ishi(write_ishi(record))[0].main_moves() == record.main_moves()


def test_replay_main_line_and_path() -> None:
    record = tree()
    game = replay(record)
    assert game.stones() == {p("E5"): Color.BLACK, p("C3"): Color.WHITE}
    variation = list(record.variations())[1]
    assert replay_path(record, variation).get(p("G7")) is Color.WHITE


def test_replay_reports_illegal_moves() -> None:
    record = GameRecord(size=9)
    b1 = record.root.add_child(Node(move=Play(Color.BLACK, p("E5"), 1)))
    b1.add_child(Node(move=Play(Color.WHITE, p("E5"), 2)))
    with pytest.raises(RecordError, match="move 2 \\(W\\) is illegal"):
        replay(record)


def test_replay_applies_setup_and_skips_diagrams() -> None:
    (record,) = parse_ishi(
        "BOARDSIZE 9\nSETUP B C3 W D4\nB 1 E5\nVAR\nDIAGRAM\nSETUP W E5\nENDVAR\n"
    ).records
    game = replay(record)
    assert game.stones() == {p("C3"): Color.BLACK, p("D4"): Color.WHITE, p("E5"): Color.BLACK}
    diagram_path = list(record.variations())[1]
    assert replay_path(record, diagram_path).get(p("E5")) is None


def test_move_range() -> None:
    assert 5 in MoveRange(3, 9) and 10 not in MoveRange(3, 9)
    with pytest.raises(ValueError):
        MoveRange(4, 2)


def test_writers_number_unnumbered_moves() -> None:
    # A live game's record may lack numbers; Ishi needs one on every B/W line.
    record = GameRecord(size=9)
    node = record.root.add_child(Node(move=Play(Color.BLACK, p("E5"))))
    node.add_child(Node(move=Play(Color.WHITE, p("C3"))))
    text = write_ishi(Collection([record]))
    assert "B 1 E5\nW 2 C3\n" in text
    assert [m.number for m in parse_sgf(write_sgf(record))[0].main_moves()] == [1, 2]
