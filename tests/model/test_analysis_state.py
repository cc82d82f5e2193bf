"""The analysis state of a view: positions and their keys, stale answers, the graph's values."""

from __future__ import annotations

from igs_tui.go import Color, Point
from igs_tui.model.analysis import (
    AnalysisPosition,
    AnalysisState,
    PositionAnalysis,
    prefix_keys,
)

B, W = Color.BLACK, Color.WHITE
MOVES = ((B, Point(2, 2)), (W, Point(4, 4)), (B, None))


def test_positions_are_equal_by_content_and_keyed_along_their_line() -> None:
    keys = prefix_keys(9, 6.5, 0, MOVES)
    assert len(keys) == 4 and len(set(keys)) == 4
    two = AnalysisPosition.make(9, 6.5, MOVES[:2])
    assert two == AnalysisPosition.make(9, 6.5, MOVES[:2], keys=keys)
    assert two.key == keys[2] and two.to_move is B
    assert AnalysisPosition.make(9, 6.5, MOVES).to_move is W  # after Black's pass
    assert AnalysisPosition.make(9, 0.5, (), handicap=3).to_move is W
    assert AnalysisPosition.make(9, 0.5, (), handicap=3).handicap_points()
    assert AnalysisPosition.make(9, 0.5, (), handicap=99).handicap == 0  # impossible: none
    assert AnalysisPosition.make(9, 6.5, (), next_color=W).to_move is W
    assert prefix_keys(9, 7.5, 0, MOVES) != keys  # another komi is another position


def test_an_answer_for_a_position_left_behind_is_dropped() -> None:
    state = AnalysisState(on=True)
    old = AnalysisPosition.make(9, 6.5, MOVES[:1])
    new = AnalysisPosition.make(9, 6.5, MOVES[:2])
    assert state.show(old) and not state.show(old)
    assert state.show(new)
    assert not state.accept(old, PositionAnalysis(score_lead=5.0))
    assert state.latest is None and state.leads == {}
    assert state.accept(new, PositionAnalysis(score_lead=-2.0, winrate=0.4))
    assert state.latest is not None and state.leads == {new.key: -2.0}
    state.turn_off()
    assert not state.accept(new, PositionAnalysis(score_lead=1.0))
    assert state.leads == {new.key: -2.0}  # the graph keeps what was learnt


def test_history_prefers_score_leads_and_falls_back_to_winrates() -> None:
    keys = prefix_keys(9, 6.5, 0, MOVES)
    state = AnalysisState(on=True, winrates={keys[1]: 0.6})
    assert state.history(keys) == ([None, 0.6, None, None], False)
    state.leads[keys[3]] = 1.5
    assert state.history(keys) == ([None, None, None, 1.5], True)


def test_graph_gaps_are_filled_nearest_first_and_tried_once() -> None:
    keys = prefix_keys(9, 6.5, 0, MOVES)
    state = AnalysisState(on=True, leads={keys[2]: 1.0})
    assert state.next_gap(keys, 2) == 1
    state.record(AnalysisPosition.make(9, 6.5, MOVES[:1]), PositionAnalysis(score_lead=0.5))
    assert state.leads[keys[1]] == 0.5 and state.latest is None
    assert state.next_gap(keys, 2) == 0
    state.record(AnalysisPosition.make(9, 6.5, ()), PositionAnalysis(final=True))  # no score
    assert state.next_gap(keys, 2) == 3  # then forward; the one without a score is not asked again
    state.leads[keys[3]] = 2.0
    assert state.next_gap(keys, 2) is None
    assert state.next_gap(keys, 99) is None  # a shown index past the line is clamped
