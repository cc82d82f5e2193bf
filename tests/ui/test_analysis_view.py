"""The analysis as drawn: candidate letters, panel lines, sparkline, positions of records."""

from __future__ import annotations

from igs_tui.go import Color, Point, parse_point
from igs_tui.model import FollowedGame, MoveRecord
from igs_tui.model.analysis import AnalysisState, Candidate, PositionAnalysis
from igs_tui.records import parse_sgf
from igs_tui.records.cursor import RecordCursor
from igs_tui.ui.game.analysis_view import (
    LABELS,
    candidate_labels,
    game_line_keys,
    game_position,
    review_keys,
    review_position,
    sparkline,
    summary_lines,
)


def test_letters_skip_stones_passes_and_the_ascii_stone_letters() -> None:
    assert "O" not in LABELS and "X" not in LABELS and "I" not in LABELS
    candidates = (*(Candidate(Point(c, 0)) for c in range(19)), Candidate(None))
    analysis = PositionAnalysis(candidates)
    labels = candidate_labels(analysis, {Point(1, 0): Color.BLACK}, limit=30)
    assert labels[Point(0, 0)] == "A" and Point(1, 0) not in labels
    assert labels[Point(2, 0)] == "B" and len(labels) == 18
    assert len(candidate_labels(analysis, {})) == 9
    assert candidate_labels(None, {}) == {}


def test_summary_lines() -> None:
    state = AnalysisState(on=True)
    assert summary_lines("GNU Go", state, {}, 9) == ["Analysis (GNU Go): thinking…"]
    pv = (Point(2, 2), Point(6, 6), None, *[Point(0, r) for r in range(7)])
    best = Candidate(Point(2, 2), visits=12, winrate=0.61, score_lead=-1.25, pv=pv)
    state.latest = PositionAnalysis((best, Candidate(None)), winrate=0.61, score_lead=-1.25)
    lines = summary_lines("kata", state, {Point(2, 2): "A"}, 9, [None, 1.0, -1.0], True, 20)
    assert lines == [
        "Analysis (kata): Black 61.0%, W+1.2 …",
        "  A C3 61% W+1.2 12v",
        "  pass",
        "  then G7 pass A1 A2 A3 A4 A5 …",
        "Black's lead by move:",
        "·█▁",
    ]
    # GNU Go: a move value and how often it would choose the move, named as such (a bare
    # "100%" beside the top move read as a sure win)
    gnugo = (
        Candidate(Point(4, 4), value=25.3, probability=1.0),
        Candidate(Point(2, 2), value=8.0, probability=0.0),
    )
    state.latest = PositionAnalysis(gnugo, final=True)
    assert summary_lines("GNU Go", state, {Point(4, 4): "A"}, 9) == [
        "Analysis (GNU Go)",
        "  A E5 value 25.3 chosen 100%",
        "  C3 value 8 chosen 0%",
    ]
    state.latest = PositionAnalysis(final=True, note="kata failed: gone")
    assert summary_lines("kata", state, {}, 9) == ["kata failed: gone"]
    assert summary_lines("kata", AnalysisState(), {}, 9) == []


def test_sparkline_centres_an_even_game_and_squeezes_long_games() -> None:
    assert sparkline([0.0, 10.0, -10.0, None], 10) == "▅█▁·"
    assert sparkline([0.5, 1.0, 0.0], 10, centre=0.5) == "▅█▁"
    squeezed = sparkline([float(v) for v in range(100)], 10)
    assert len(squeezed) == 10 and squeezed[-1] == "█"
    assert sparkline([None] * 5, 3) == "···"


def test_game_position_with_a_server_handicap_record() -> None:
    game = FollowedGame(3, size=9, komi=0.5, handicap=2)
    game.moves = [
        MoveRecord(1, Color.BLACK, None, handicap=2),
        MoveRecord(2, Color.WHITE, parse_point("E5", 9)),
    ]
    position = game_position(game, 2)
    assert position.handicap == 2 and position.moves == ((Color.WHITE, Point(4, 4)),)
    assert position.to_move is Color.BLACK
    assert game_position(game, 1).to_move is Color.WHITE
    assert game_line_keys(game, 2)[-1] == position.key


def test_review_position_with_setup_stones_and_a_removal() -> None:
    record = parse_sgf("(;SZ[9]KM[0.5]HA[2]AB[cc][gg];W[ee];AE[cc]AW[aa];B[bb])")[0]
    cursor = RecordCursor(record)
    cursor.forward(1)
    position = review_position(record, cursor.path, cursor.position().stones, 0.5)
    assert position.moves == (
        (Color.BLACK, Point(2, 6)),
        (Color.BLACK, Point(6, 2)),
        (Color.WHITE, Point(4, 4)),
    )
    assert position.to_move is Color.BLACK
    assert review_keys(record, cursor.line, 0.5)[1] == position.key
    root = review_position(record, cursor.path[:1], {}, 0.5)
    assert root.to_move is Color.WHITE  # handicap stones: White plays first
    cursor.forward(2)
    stones = cursor.position().stones
    after = review_position(record, cursor.path, stones, 0.5)
    # after AE the stones themselves are sent, Black's first
    assert after.moves == (
        (Color.BLACK, Point(1, 7)),
        (Color.BLACK, Point(6, 2)),
        (Color.WHITE, Point(0, 8)),
        (Color.WHITE, Point(4, 4)),
    )
    assert after.to_move is Color.WHITE
