"""Coordinates: GTP v2 §2.11 — "A vertex is a board coordinate consisting of one letter and one
number ... The letter "I" is excluded"; SGF FF[4] points are two letters from the top left."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from igs_tui.go import (
    Color,
    CoordinateError,
    Point,
    format_point,
    format_sgf_point,
    parse_point,
    parse_sgf_point,
)


@pytest.mark.parametrize(
    ("text", "size", "point"),
    [
        ("A1", 19, Point(0, 0)),
        ("a1", 19, Point(0, 0)),
        ("T19", 19, Point(18, 18)),
        ("J10", 19, Point(8, 9)),
        ("H8", 19, Point(7, 7)),
        ("Z25", 25, Point(24, 24)),
        (" q16 ", 19, Point(15, 15)),
    ],
)
def test_parse_point(text: str, size: int, point: Point) -> None:
    assert parse_point(text, size) == point


@pytest.mark.parametrize(
    ("text", "size", "fragment"),
    [
        ("Z99", 19, "off the 19x19"),
        ("I5", 19, "letter I"),
        ("", 19, "empty"),
        ("T20", 19, "off the"),
        ("K1", 9, "off the 9x9"),
        ("A0", 19, "row"),
        ("A01", 19, "row"),
        ("5A", 19, "column"),
        ("A-1", 19, "row"),
    ],
)
def test_bad_points_are_clear_errors(text: str, size: int, fragment: str) -> None:
    with pytest.raises(CoordinateError, match=fragment):
        parse_point(text, size)


def test_sgf_orientation() -> None:
    # SGF "aa" is the upper left corner, i.e. A19 on 19x19 and A9 on 9x9.
    assert parse_sgf_point("aa", 19) == parse_point("A19", 19)
    assert parse_sgf_point("aa", 9) == parse_point("A9", 9)
    assert parse_sgf_point("pd", 19) == parse_point("Q16", 19)
    assert parse_sgf_point("", 19) is None
    assert parse_sgf_point("tt", 19) is None
    assert parse_sgf_point("tt", 21) == Point(19, 1)
    assert format_sgf_point(None, 19) == ""
    with pytest.raises(CoordinateError):
        parse_sgf_point("zz", 19)


@given(
    st.integers(2, 25).flatmap(
        lambda n: st.tuples(st.just(n), st.integers(0, n - 1), st.integers(0, n - 1))
    )
)
def test_round_trips(args: tuple[int, int, int]) -> None:
    size, col, row = args
    p = Point(col, row)
    assert parse_point(format_point(p, size), size) == p
    assert parse_sgf_point(format_sgf_point(p, size), size) == p


def test_color() -> None:
    assert Color.BLACK.opponent is Color.WHITE
    assert Color.parse("white") is Color.WHITE
    assert Color.parse("B") is Color.BLACK
    with pytest.raises(ValueError):
        Color.parse("x")
