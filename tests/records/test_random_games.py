"""Property tests: random legal games (played by our engine) survive SGF and Ishi round trips."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from igs_tui.go import Color, Game, Point, fixed_handicap_points
from igs_tui.records.ishi import parse_ishi, write_ishi
from igs_tui.records.model import GameRecord, Node, Play
from igs_tui.records.replay import (
    REPLAY_RULES,
    captures_by_node,
    captures_if_unannotated,
    replay,
)
from igs_tui.records.sgf import parse_sgf, write_sgf

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def played_games(draw: st.DrawFn) -> tuple[GameRecord, Game]:
    """A record of a legal game: optional handicap setup, moves and passes, maybe a variation."""
    size = draw(st.sampled_from([5, 7, 9, 13, 19]))
    game = Game(size, ruleset=REPLAY_RULES)  # records may hold any number of passes
    record = GameRecord(size=size)
    handicap = draw(st.sampled_from([0, 2, 3, 4])) if size >= 7 else 0
    if handicap:
        stones = fixed_handicap_points(size, handicap)
        game.setup(black=stones, to_move=Color.WHITE)
        record.root.add_black = list(stones)
        record.info.handicap = handicap
    node = record.root
    branch_at: Node | None = None
    color = game.to_move
    for number in range(1, draw(st.integers(0, 40)) + 1):
        empty = [
            Point(c, r)
            for c in range(size)
            for r in range(size)
            if game.get(Point(c, r)) is None and game.is_legal(Point(c, r), color)
        ]
        point = None if not empty or draw(st.integers(0, 9)) == 0 else draw(st.sampled_from(empty))
        move = game.play(point, color)
        node = node.add_child(Node(move=Play(color, move.point, number)))
        if number == 3:
            branch_at = node
        color = color.opponent
    if branch_at is not None and draw(st.booleans()):
        # A one-move variation instead of move 3: a pass is always legal.
        parent = record.root.main_line()[2]
        parent.add_child(Node(move=Play(branch_at.move.color, None, 3)))  # type: ignore[union-attr]
    return record, game


def assert_same_play(a: GameRecord, b: GameRecord) -> None:
    assert a.size == b.size
    assert a.info.handicap == b.info.handicap
    assert a.root.add_black == b.root.add_black and a.root.add_white == b.root.add_white
    assert [[n.move for n in path] for path in a.variations()] == [
        [n.move for n in path] for path in b.variations()
    ]


@SETTINGS
@given(played_games())
def test_sgf_round_trip(played: tuple[GameRecord, Game]) -> None:
    record, game = played
    (back,) = parse_sgf(write_sgf(record)).records
    assert_same_play(record, back)
    assert replay(back).stones() == game.stones()


@SETTINGS
@given(played_games())
def test_ishi_round_trip_with_engine_prisoners(played: tuple[GameRecord, Game]) -> None:
    record, game = played
    (back,) = parse_ishi(write_ishi(record, captures=captures_if_unannotated)).records
    assert_same_play(record, back)
    assert replay(back).stones() == game.stones()
    # Every PRISONER line written is the engine's capture list for that move.
    captures = captures_by_node(record)
    for original, read in zip(record.root.walk(), back.root.walk(), strict=True):
        assert read.prisoners == captures.get(id(original), [])


@SETTINGS
@given(played_games())
def test_ishi_to_sgf_to_ishi_is_stable(played: tuple[GameRecord, Game]) -> None:
    record, _ = played
    ishi = parse_ishi(write_ishi(record, captures=captures_if_unannotated))
    again = parse_ishi(write_ishi(parse_sgf(write_sgf(ishi))))
    assert again == ishi
