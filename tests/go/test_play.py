"""Moves, captures, suicide, ko and passes, driven by ASCII diagrams.

Spec quotes are from specs/igs-rules.txt ("IGS Rules", Robert Jasiek).
"""

from __future__ import annotations

import pytest

from igs_tui.go import (
    CHINESE_RULES,
    IGS_RULES,
    JAPANESE_RULES,
    Color,
    Game,
    IllegalMove,
    IllegalReason,
    Point,
    Ruleset,
    ScoringMethod,
)
from tests.go.diagrams import board_of, norm, pt

B, W = Color.BLACK, Color.WHITE

# "A board play consists of placing a stone on an empty grid point and then removing all units
# of opponent's stones that are connected by grid lines and not adjacent to an empty grid point."
CAPTURE_CASES = [
    pytest.param(
        """
        . . . . .
        . . X . .
        . X O . .
        . . X . .
        . . . . .
        """,
        "D3",
        B,
        """
        . . . . .
        . . X . .
        . X . X .
        . . X . .
        . . . . .
        """,
        1,
        id="single-stone-centre",
    ),
    pytest.param(
        """
        O X . . .
        . . . . .
        . . . . .
        . . . . .
        . . . . .
        """,
        "A4",
        B,
        """
        . X . . .
        X . . . .
        . . . . .
        . . . . .
        . . . . .
        """,
        1,
        id="corner",
    ),
    pytest.param(
        """
        . X X X .
        X O O O X
        . X X . .
        . . . . .
        . . . . .
        """,
        "D3",
        B,
        """
        . X X X .
        X . . . X
        . X X X .
        . . . . .
        . . . . .
        """,
        3,
        id="three-stone-chain",
    ),
    pytest.param(
        """
        . . . . .
        . . . . .
        . . . X .
        . . X O X
        . . X O .
        """,
        "E1",
        B,
        """
        . . . . .
        . . . . .
        . . . X .
        . . X . X
        . . X . X
        """,
        2,
        id="edge-chain",
    ),
    pytest.param(
        """
        . X O . .
        X O . O .
        . X O . .
        . . . . .
        . . . . .
        """,
        "C4",
        W,
        """
        . X O . .
        X O O O .
        . X O . .
        . . . . .
        . . . . .
        """,
        0,
        id="no-capture-when-liberty-remains",
    ),
    pytest.param(
        """
        . O X O .
        O X . X O
        . O X O .
        . . O . .
        . . . . .
        """,
        "C4",
        W,
        """
        . O . O .
        O . O . O
        . O . O .
        . . O . .
        . . . . .
        """,
        4,
        id="four-single-stones-at-once",
    ),
    pytest.param(
        """
        X X X X O
        O O O . O
        . . . . .
        . . . . .
        . . . . .
        """,
        "A3",
        B,
        """
        X X X X O
        O O O . O
        X . . . .
        . . . . .
        . . . . .
        """,
        0,
        id="playing-elsewhere-does-not-capture",
    ),
]


@pytest.mark.parametrize(("before", "vertex", "color", "after", "captured"), CAPTURE_CASES)
def test_captures(before: str, vertex: str, color: Color, after: str, captured: int) -> None:
    game = Game.from_ascii(before)
    move = game.play(pt(vertex, game.size), color)
    assert board_of(game) == norm(after)
    assert len(move.captures) == captured
    assert game.prisoners[color] == captured
    assert game.prisoners[color.opponent] == 0


def test_capture_of_surrounded_edge_group_by_last_liberty() -> None:
    game = Game.from_ascii(
        """
        X X X X .
        O O O O O
        . . . . .
        . . . . .
        . . . . .
        """
    )
    move = game.play(pt("E5", 5), W)
    assert set(move.captures) == {pt(v, 5) for v in ("A5", "B5", "C5", "D5")}
    assert game.get(pt("A5", 5)) is None


# "A board play is prohibited if it leaves a unit of own stones that are connected by grid lines
# and not adjacent to an empty grid point."
SUICIDE_CASES = [
    pytest.param(
        """
        . X . . .
        X . . . .
        . . . . .
        . . . . .
        . . . . .
        """,
        "A5",
        W,
        id="single-stone-corner",
    ),
    pytest.param(
        """
        . . . . .
        . . X . .
        . X . X .
        . . X . .
        . . . . .
        """,
        "C3",
        W,
        id="single-stone-centre",
    ),
    pytest.param(
        """
        O O . X .
        X X X . .
        . . . . .
        . . . . .
        . . . . .
        """,
        "C5",
        W,
        id="multi-stone-suicide",
    ),
    pytest.param(
        """
        . O X . .
        O O X . .
        X X X . .
        . . . . .
        . . . . .
        """,
        "A5",
        W,
        id="filling-own-last-eye",
    ),
]


@pytest.mark.parametrize(("before", "vertex", "color"), SUICIDE_CASES)
def test_suicide_is_illegal_and_changes_nothing(before: str, vertex: str, color: Color) -> None:
    game = Game.from_ascii(before)
    point = pt(vertex, game.size)
    snapshot = (game.to_ascii(), game.position_hash, game.to_move, len(game.history))
    check = game.check(point, color)
    assert not check.legal
    assert check.reason is IllegalReason.SUICIDE
    with pytest.raises(IllegalMove) as info:
        game.play(point, color)
    assert info.value.reason is IllegalReason.SUICIDE
    assert info.value.point == point
    assert info.value.color is color
    assert "suicide" in str(info.value)
    assert vertex in str(info.value)
    assert (game.to_ascii(), game.position_hash, game.to_move, len(game.history)) == snapshot


def test_capture_that_looks_like_suicide_is_legal() -> None:
    # White at A5 has no empty neighbour but takes the black stone at B5 first.
    game = Game.from_ascii(
        """
        . X O . .
        X O . . .
        O . . . .
        . . . . .
        . . . . .
        """
    )
    check = game.check(pt("A5", 5), W)
    assert check.legal
    # Both black stones had A5 as their last liberty: the move takes them both.
    assert set(check.captures) == {pt("B5", 5), pt("A4", 5)}
    move = game.play(pt("A5", 5), W)
    assert set(move.captures) == {pt("B5", 5), pt("A4", 5)}


def test_occupied_and_off_board() -> None:
    game = Game(9)
    game.play(pt("E5", 9))
    with pytest.raises(IllegalMove, match="E5 is occupied") as info:
        game.play(pt("E5", 9))
    assert info.value.reason is IllegalReason.OCCUPIED
    assert game.check(Point(9, 0)).reason is IllegalReason.OFF_BOARD
    assert game.check(Point(-1, 3)).reason is IllegalReason.OFF_BOARD
    with pytest.raises(IllegalMove, match="off the 9x9 board"):
        game.play(Point(0, 9))
    assert str(IllegalReason.OFF_BOARD) == "off the board"
    assert IllegalReason.GAME_OVER.value == "play has ended"


KO_POSITION = """
. . . . .
. X O . .
X O . O .
. X O . .
. . . . .
"""


def test_basic_ko_forbids_immediate_retake() -> None:
    # "If a single stone removes a single stone, then no single stone may remove it
    # immediately."
    game = Game.from_ascii(KO_POSITION)
    move = game.play(pt("C3", 5), B)
    assert move.captures == (pt("B3", 5),)
    assert game.to_move is W
    assert game.ko_point == pt("B3", 5)
    check = game.check(pt("B3", 5))
    assert check == type(check)(False, IllegalReason.KO, ())
    with pytest.raises(IllegalMove, match="ko at B3") as info:
        game.play(pt("B3", 5))
    assert info.value.reason is IllegalReason.KO


def test_ko_retake_allowed_after_intervening_moves() -> None:
    game = Game.from_ascii(KO_POSITION)
    game.play(pt("C3", 5), B)
    game.play(pt("E5", 5), W)  # ko threat
    assert game.ko_point is None  # black to move: nothing forbidden for black
    game.play(pt("E4", 5), B)  # answer
    assert game.ko_point is None
    move = game.play(pt("B3", 5), W)
    assert move.captures == (pt("C3", 5),)
    assert game.ko_point == pt("C3", 5)  # now black may not retake at once


def test_ko_retake_allowed_after_a_pass() -> None:
    game = Game.from_ascii(KO_POSITION)
    game.play(pt("C3", 5), B)
    game.pass_move()  # white passes
    game.pass_move()  # black passes
    assert game.check(pt("B3", 5)).legal


def test_ko_point_is_only_for_the_opponent() -> None:
    game = Game.from_ascii(KO_POSITION)
    game.play(pt("C3", 5), B)
    # Black may play there again with an explicit colour (it would even be self-atari-free).
    assert game.ko_point == pt("B3", 5)
    assert game.check(pt("B3", 5), B).legal


def test_snapback_is_not_ko() -> None:
    # Black throws in at B1; white takes it with A1, but the capturing stone joins the white
    # chain, which is left with one liberty: black retakes at once and captures five stones.
    # "single stone removes single stone" does not hold, so this is no ko.
    game = Game.from_ascii(
        """
        . . . . .
        . . . . .
        X X X X .
        O O O X .
        . . O X .
        """
    )
    move = game.play(pt("B1", 5), B)
    assert move.captures == ()
    move = game.play(pt("A1", 5), W)
    assert move.captures == (pt("B1", 5),)
    assert game.ko_point is None
    move = game.play(pt("B1", 5), B)
    assert set(move.captures) == {pt(v, 5) for v in ("A1", "A2", "B2", "C2", "C1")}


def test_single_stone_capture_with_two_liberties_is_not_ko() -> None:
    # The capturing stone keeps an extra liberty, so retaking would not be "single stone
    # removes single stone" in a ko shape and must stay legal.
    game = Game.from_ascii(
        """
        . . . . .
        . X O . .
        X O . . .
        . X O . .
        . . . . .
        """
    )
    move = game.play(pt("C3", 5), B)
    assert move.captures == (pt("B3", 5),)
    assert game.ko_point is None


@pytest.mark.parametrize(
    ("ruleset", "passes"), [(IGS_RULES, 3), (JAPANESE_RULES, 2), (CHINESE_RULES, 2)]
)
def test_consecutive_passes_end_play(ruleset: Ruleset, passes: int) -> None:
    # IGS: "Three consecutive passes stop alternating play for confirmation of life and death."
    game = Game(9, ruleset=ruleset)
    game.play(pt("E5", 9))
    for n in range(passes):
        assert not game.play_ended
        game.pass_move()
        assert game.consecutive_passes == n + 1
    assert game.play_ended
    for point in (None, pt("A1", 9)):
        check = game.check(point)
        assert check.reason is IllegalReason.GAME_OVER
        with pytest.raises(IllegalMove, match="play has ended") as info:
            game.play(point)
        assert info.value.reason is IllegalReason.GAME_OVER
    game.undo()
    assert not game.play_ended
    assert game.check(pt("A1", 9)).legal


def test_a_stone_resets_the_pass_count() -> None:
    game = Game(9)
    game.pass_move()
    game.pass_move()
    game.play(pt("C3", 9))
    assert game.consecutive_passes == 0
    game.pass_move()
    game.pass_move()
    assert not game.play_ended


def test_custom_ruleset() -> None:
    game = Game(5, ruleset=Ruleset("one-pass", 1, ScoringMethod.AREA))
    game.pass_move()
    assert game.play_ended


def test_turn_tracking_and_explicit_colour() -> None:
    game = Game(9)
    assert game.to_move is B
    m1 = game.play(pt("C3", 9))
    assert (m1.color, m1.number) == (B, 1)
    assert game.to_move is W
    # "Successive moves of one player" are allowed by the engine when the colour is given
    # (the IGS server itself announces them; GTP controllers may send them).
    m2 = game.play(pt("D3", 9), B)
    assert (m2.color, m2.number) == (B, 2)
    assert game.to_move is W
    assert game.check(pt("E3", 9), B, enforce_turn=True).reason is IllegalReason.NOT_YOUR_TURN
    assert game.check(pt("E3", 9), W, enforce_turn=True).legal
    assert game.check(None, B, enforce_turn=True).reason is IllegalReason.NOT_YOUR_TURN
    m3 = game.pass_move()
    assert (m3.color, m3.point, m3.number, m3.is_pass) == (W, None, 3, True)
    assert game.last_move == m3
    assert game.moves == (m1, m2, m3)
    assert game.to_move is B


def test_colour_given_as_text() -> None:
    game = Game(9)
    move = game.play(pt("C3", 9), "white")  # type: ignore[arg-type]
    assert move.color is W
    with pytest.raises(ValueError, match="not a colour"):
        game.play(pt("C4", 9), "green")  # type: ignore[arg-type]


def test_position_hash_depends_only_on_stones() -> None:
    a = Game(9)
    b = Game(9)
    a.play(pt("C3", 9), B)
    a.play(pt("D4", 9), W)
    b.play(pt("D4", 9), W)
    b.play(pt("C3", 9), B)
    assert a.position_hash == b.position_hash != Game(9).position_hash
    assert Game(9).position_hash == 0
    c = Game(9)
    c.play(pt("C3", 9), W)
    c.play(pt("D4", 9), B)
    assert c.position_hash != a.position_hash


def test_smallest_board() -> None:
    game = Game(2)
    game.play(Point(0, 0), B)
    game.play(Point(1, 1), W)
    game.play(Point(1, 0), B)  # white at B2 still has A2
    move = game.play(Point(0, 1), B)  # captures white B2
    assert move.captures == (Point(1, 1),)
    # Black's three stones now have B2 as their only liberty: white may play there and take
    # them all, but black may not fill it (suicide of the whole board).
    assert game.check(Point(1, 1), B).reason is IllegalReason.SUICIDE
    assert set(game.play(Point(1, 1), W).captures) == {Point(0, 0), Point(1, 0), Point(0, 1)}
    assert Game(25).check(Point(24, 24)).legal
    with pytest.raises(ValueError, match="board size"):
        Game(26)
    with pytest.raises(ValueError, match="board size"):
        Game(1)


def test_chain_and_liberties() -> None:
    game = Game.from_ascii(
        """
        . . . . .
        . X X . .
        . X O . .
        . . . . .
        . . . . .
        """
    )
    chain = game.chain(pt("B4", 5))
    assert chain == {pt(v, 5) for v in ("B4", "C4", "B3")}
    assert game.liberties(pt("C4", 5)) == {pt(v, 5) for v in ("B5", "C5", "D4", "A4", "A3", "B2")}
    assert game.liberties(pt("C3", 5)) == {pt("D3", 5), pt("C2", 5)}
    assert game.chain(pt("A1", 5)) == frozenset()
    assert game.liberties(pt("A1", 5)) == frozenset()
    assert game.get(pt("C3", 5)) is W
    assert game.stones() == {
        pt("B4", 5): B,
        pt("C4", 5): B,
        pt("B3", 5): B,
        pt("C3", 5): W,
    }
