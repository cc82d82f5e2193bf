"""The analysis parsers and the choice of commands: exact readings, and no crash on any text."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from igs_tui.go import Color, Point
from igs_tui.gtp.analysis import (
    AnalysisPlan,
    parse_analysis_line,
    parse_estimate_score,
    parse_move_probabilities,
    parse_top_moves,
    plan_analysis,
    stream_command,
)
from igs_tui.gtp.framing import ResponseParser

KATA = (
    "info move D4 visits 120 edgeVisits 120 utility 0.1 winrate 0.6 scoreMean 2.1 "
    "scoreLead 1.5 order 0 pv D4 Q16 pass info move Q16 visits 30 winrate 0.45 order 1 "
    "pv Q16 pvVisits 30 ownership 0.1 -0.2"
)


def test_plan_prefers_streaming_then_per_colour_top_moves() -> None:
    assert plan_analysis(["lz-analyze", "kata-analyze", "top_moves"]).stream == "kata-analyze"
    assert plan_analysis(["lz-analyze", "estimate_score"]) == AnalysisPlan(stream="lz-analyze")
    gnugo = plan_analysis(
        ["top_moves", "top_moves_black", "top_moves_white", "estimate_score", "move_probabilities"]
    )
    assert gnugo == AnalysisPlan(None, "top_moves_", True, True)
    assert gnugo.top_moves_command(Color.WHITE) == "top_moves_white"
    assert plan_analysis(["top_moves"]).top_moves_command(Color.BLACK) == "top_moves"
    assert not plan_analysis(["play", "genmove", "final_score"]).usable
    assert plan_analysis(["estimate_score"]).usable


def test_stream_command_names_the_colour_then_the_interval() -> None:
    assert stream_command("kata-analyze", Color.WHITE, 50) == "kata-analyze w 50"
    assert stream_command("lz-analyze", Color.BLACK, 0) == "lz-analyze b 1"


def test_kata_line_gives_every_candidate_from_blacks_point_of_view() -> None:
    black = parse_analysis_line(KATA, 19, Color.BLACK)
    assert [c.point for c in black] == [Point(3, 3), Point(15, 15)]
    assert black[0].visits == 120 and black[0].winrate == 0.6 and black[0].score_lead == 1.5
    assert black[0].pv == (Point(3, 3), Point(15, 15), None)
    assert black[1].pv == (Point(15, 15),)  # pvVisits and ownership are not moves
    white = parse_analysis_line(KATA, 19, Color.WHITE)
    assert white[0].winrate == pytest.approx(0.4) and white[0].score_lead == -1.5


def test_lz_line_winrate_is_in_hundredths_of_a_percent() -> None:
    line = "info move D16 visits 8 winrate 4723 prior 1212 lcb 4390 order 0 pv D16 Q4"
    (only,) = parse_analysis_line(line, 19, Color.BLACK, lz=True)
    assert only.winrate == pytest.approx(0.4723) and only.score_lead is None


def test_gnugo_answers() -> None:
    top = parse_top_moves("G7 75.00 C5 74.01 xx 3 F3 74.01 G7 1", 9)
    assert [(c.point, c.value) for c in top] == [
        (Point(6, 6), 75.0),
        (Point(2, 4), 74.01),
        (Point(5, 2), 74.01),
    ]
    assert parse_estimate_score("W+10.3 (upper bound: 10.3, lower: 10.3)") == -10.3
    assert parse_estimate_score("B+2") == 2.0
    assert parse_estimate_score("0") == 0.0
    assert parse_estimate_score("cannot score") is None
    assert parse_move_probabilities("G7 0.7500\nC5 0.25\nZ99 1\nC4 7\n", 9) == {
        Point(6, 6): 0.75,
        Point(2, 4): 0.25,
    }


def test_bad_numbers_are_left_out() -> None:
    line = "info move D4 visits 99999999999999 winrate nan scoreLead inf pv D4"
    (only,) = parse_analysis_line(line, 19, Color.BLACK)
    assert (only.visits, only.winrate, only.score_lead) == (None, None, None)
    assert parse_analysis_line("info visits 3 info move Z1 visits 2 pv", 19, Color.BLACK) == []


def test_streamed_lines_come_one_by_one_then_the_next_response() -> None:
    parser = ResponseParser()
    parser.feed(b"=5\ninfo move D4 vis")
    assert parser.next_line() == "=5"
    assert parser.next_line() is None
    parser.feed(b"its 1\n\n=6 fake\n\n")
    assert parser.next_line() == "info move D4 visits 1"
    assert parser.next_line() == ""
    assert parser.next_response() == (True, 6, "fake")


ENGINE_WORDS = [
    "info",
    "move",
    "visits",
    "winrate",
    "scoreLead",
    "scoreMean",
    "pv",
    "pvVisits",
    "pass",
    "D4",
    "ownership",
    "-1e309",
    "1e5",
    "0.5",
    "10000",
    "12",
    "-3",
    "Q16",
    "T19",
    "Z25",
    "=",
    "\x00",
]
engine_words = st.lists(
    st.one_of(st.sampled_from(ENGINE_WORDS), st.text(max_size=8)),
    max_size=40,
)


@given(engine_words, st.sampled_from([Color.BLACK, Color.WHITE]), st.booleans())
def test_no_analysis_line_crashes_the_reader(words: list[str], color: Color, lz: bool) -> None:
    for candidate in parse_analysis_line(" ".join(words), 19, color, lz=lz):
        if candidate.winrate is not None:
            assert 0.0 <= candidate.winrate <= 1.0
        if candidate.point is not None:
            assert 0 <= candidate.point.col < 19 and 0 <= candidate.point.row < 19


@given(st.text(max_size=200), st.integers(min_value=2, max_value=25))
def test_no_gnugo_answer_crashes_the_readers(text: str, size: int) -> None:
    parse_top_moves(text, size)
    parse_estimate_score(text)
    for probability in parse_move_probabilities(text, size).values():
        assert 0.0 <= probability <= 1.0
