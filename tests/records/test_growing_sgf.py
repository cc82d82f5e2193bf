"""GrowingSgf: a record grown one node at a time is written exactly as write_sgf writes it."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from igs_tui.go import Color, Point, fixed_handicap_points
from igs_tui.records.model import Comment, GameInfo, GameRecord, Node, Play
from igs_tui.records.sgf import GrowingSgf, write_sgf

SETTINGS = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
TEXT = st.text(st.sampled_from("ab ]\\[:\n漢"), max_size=90)


@st.composite
def move_nodes(draw: st.DrawFn, size: int, number: int, color: Color) -> Node:
    """A move (or pass) node with what autosave puts on one: a clock reading, maybe chat."""
    point = draw(st.none() | st.builds(Point, st.integers(0, size - 1), st.integers(0, size - 1)))
    node = Node(move=Play(color, point, number))
    if draw(st.booleans()):
        seconds = draw(st.integers(0, 3600))
        periods = draw(st.none() | st.integers(0, 25))
        if color is Color.BLACK:
            node.black_time, node.black_periods = seconds, periods
        else:
            node.white_time, node.white_periods = seconds, periods
    if draw(st.integers(0, 5)) == 0:
        node.comments.append(Comment(draw(TEXT)))
    return node


@st.composite
def grown(draw: st.DrawFn) -> tuple[GameRecord, list[Node]]:
    """A record of a few moves (the text is built from it) and the nodes that follow."""
    size = draw(st.sampled_from([9, 13, 19]))
    info = GameInfo(
        black=draw(st.none() | TEXT),
        white=draw(st.none() | TEXT),
        komi=draw(st.sampled_from([None, 0.5, 6.5])),
        result=draw(st.none() | st.sampled_from(["W+R", "B+3.5"])),
        game_name=draw(st.none() | TEXT),
    )
    record = GameRecord(size, info)
    if draw(st.booleans()):
        record.root.add_black = list(fixed_handicap_points(size, 2))
        info.handicap = 2
    number, color, node = 0, Color.BLACK, record.root
    for _ in range(draw(st.integers(0, 6))):
        number += draw(st.sampled_from([1, 1, 1, 2]))  # a gap: the node carries MN
        node = node.add_child(draw(move_nodes(size, number, color)))
        color = color.opponent
    later = []
    for _ in range(draw(st.integers(1, 40))):
        number += draw(st.sampled_from([1, 1, 1, 2]))
        later.append(draw(move_nodes(size, number, color)))
        color = color.opponent
    return record, later


@SETTINGS
@given(grown())
def test_every_step_is_what_write_sgf_writes(case: tuple[GameRecord, list[Node]]) -> None:
    record, later = case
    text = GrowingSgf(record)
    assert text.data() == write_sgf(record)
    for node in later:
        text.append(node)
        assert text.tail is node
        assert text.data() == write_sgf(record)


def test_a_record_with_variations_cannot_grow() -> None:
    record = GameRecord(9)
    record.root.add_child(Node(move=Play(Color.BLACK, Point(2, 2), 1)))
    record.root.add_child(Node(move=Play(Color.BLACK, Point(6, 6), 1)))
    with pytest.raises(ValueError, match="variations"):
        GrowingSgf(record)


def test_an_unwritable_size_is_refused_as_by_write_sgf() -> None:
    with pytest.raises(ValueError):
        write_sgf(GameRecord(26))
    with pytest.raises(ValueError):
        GrowingSgf(GameRecord(26))
