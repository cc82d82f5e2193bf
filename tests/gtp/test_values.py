"""Parsing of typed GTP results (vertices, scores, booleans) from response text."""

from __future__ import annotations

import pytest

from igs_tui.go import Color, Point
from igs_tui.gtp.errors import GtpProtocolError
from igs_tui.gtp.values import (
    parse_bool,
    parse_final_score,
    parse_genmove,
    parse_int,
    parse_vertex,
    parse_vertex_groups,
    parse_vertex_list,
)


def test_vertices_are_case_insensitive_and_pass_is_none() -> None:
    # §3.2.1: "Vertices are not case sensitive. Examples: 'B13', 'j11'."
    assert parse_vertex("B13", 19) == Point(1, 12)
    assert parse_vertex("j11", 19) == Point(8, 10)
    assert parse_vertex("PASS", 19) is None
    with pytest.raises(GtpProtocolError):
        parse_vertex("I5", 19)  # §2.11: letters "excluding I"
    with pytest.raises(GtpProtocolError):
        parse_vertex("T19", 9)


def test_genmove_results() -> None:
    assert parse_genmove("resign", 9) == "resign"
    assert parse_genmove("Pass", 9) == "pass"
    assert parse_genmove("e5", 9) == Point(4, 4)


def test_vertex_lists_and_groups() -> None:
    assert parse_vertex_list("A1 b2", 9) == [Point(0, 0), Point(1, 1)]
    with pytest.raises(GtpProtocolError):
        parse_vertex_list("A1 pass", 9)  # handicap lists must not include "pass"
    # final_status_list answers vertex*&: one line per group (GNU Go), blank lines ignored.
    assert parse_vertex_groups("A1 A2\nJ9\n", 9) == [[Point(0, 0), Point(0, 1)], [Point(8, 8)]]
    assert parse_vertex_groups("", 9) == []


@pytest.mark.parametrize(
    ("text", "winner", "margin", "signed"),
    [
        # §4.3: "W+2.5 if white wins, B+31 if black wins, and just 0 if the game ends in a draw"
        ("W+2.5", Color.WHITE, 2.5, -2.5),
        ("B+31", Color.BLACK, 31.0, 31.0),
        ("0", None, 0.0, 0.0),
        ("B+R", Color.BLACK, None, 0.0),
    ],
)
def test_final_score(text: str, winner: Color | None, margin: float | None, signed: float) -> None:
    score = parse_final_score(text)
    assert (score.winner, score.margin, score.signed_margin, score.text) == (
        winner,
        margin,
        signed,
        text,
    )


@pytest.mark.parametrize("bad", ["", "X+3", "B+three", "W-2", "W+2.5.1"])
def test_bad_final_score(bad: str) -> None:
    with pytest.raises(GtpProtocolError):
        parse_final_score(bad)


def test_booleans_and_ints() -> None:
    # §3.2.1: "A boolean is one of the strings 'false' and 'true'."
    assert parse_bool("true") is True and parse_bool("false") is False
    with pytest.raises(GtpProtocolError):
        parse_bool("yes")
    assert parse_int(" 2 ", "a version") == 2
    with pytest.raises(GtpProtocolError, match="a version"):
        parse_int("two", "a version")
