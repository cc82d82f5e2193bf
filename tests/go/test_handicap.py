"""Fixed handicap placement, checked against the tables of GTP v2 §4.1.1."""

from __future__ import annotations

import pytest

from igs_tui.go import (
    Color,
    Game,
    Setup,
    edge_distance,
    fixed_handicap_points,
    format_point,
    max_fixed_handicap,
)

# "On a 19x19 board, the positions for the handicap stones are given by this table:"
GTP_19 = {
    2: "D4 Q16",
    3: "D4 Q16 D16",
    4: "D4 Q16 D16 Q4",
    5: "D4 Q16 D16 Q4 K10",
    6: "D4 Q16 D16 Q4 D10 Q10",
    7: "D4 Q16 D16 Q4 D10 Q10 K10",
    8: "D4 Q16 D16 Q4 D10 Q10 K4 K16",
    9: "D4 Q16 D16 Q4 D10 Q10 K4 K16 K10",
}

# "board size / max handicap / edge distance" table of §4.1.1.
GTP_MAX_TABLE = {
    25: (9, 4), 24: (4, 4), 23: (9, 4), 22: (4, 4), 21: (9, 4), 20: (4, 4), 19: (9, 4),
    18: (4, 4), 17: (9, 4), 16: (4, 4), 15: (9, 4), 14: (4, 4), 13: (9, 4), 12: (4, 3),
    11: (9, 3), 10: (4, 3), 9: (9, 3), 8: (4, 3), 7: (4, 3),
}  # fmt: skip


def names(size: int, count: int) -> str:
    return " ".join(format_point(p, size) for p in fixed_handicap_points(size, count))


@pytest.mark.parametrize(("count", "vertices"), sorted(GTP_19.items()))
def test_19x19_table_in_order(count: int, vertices: str) -> None:
    assert names(19, count) == vertices


@pytest.mark.parametrize("size", sorted(GTP_MAX_TABLE))
def test_max_handicap_and_edge_distance(size: int) -> None:
    maximum, distance = GTP_MAX_TABLE[size]
    assert max_fixed_handicap(size) == maximum
    assert edge_distance(size) == distance
    assert len(fixed_handicap_points(size, maximum)) == maximum
    with pytest.raises(ValueError, match=rf"2\.\.{maximum} stones"):
        fixed_handicap_points(size, maximum + 1)


@pytest.mark.parametrize("size", [2, 3, 4, 5, 6])
def test_no_handicap_below_7x7(size: int) -> None:
    # "No handicap for boards smaller than 7x7."
    assert max_fixed_handicap(size) == 0
    assert fixed_handicap_points(size, 0) == ()
    with pytest.raises(ValueError, match="no fixed handicap"):
        fixed_handicap_points(size, 2)


@pytest.mark.parametrize(
    ("size", "count", "vertices"),
    [
        # "For boards smaller than 13x13, the edge stones are placed on the third line"
        (9, 9, "C3 G7 C7 G3 C5 G5 E3 E7 E5"),
        (9, 5, "C3 G7 C7 G3 E5"),
        (7, 4, "C3 E5 C5 E3"),
        (13, 9, "D4 K10 D10 K4 D7 K7 G4 G10 G7"),
        (25, 9, "D4 W22 D22 W4 D13 W13 N4 N22 N13"),
        (25, 6, "D4 W22 D22 W4 D13 W13"),
        # "For boards of even size there is no middle line and therefore no handicaps larger
        # than 4."
        (8, 4, "C3 F6 C6 F3"),
        (10, 3, "C3 H8 C8"),
        (18, 4, "D4 P15 D15 P4"),
        (24, 2, "D4 V21"),
    ],
)
def test_other_sizes(size: int, count: int, vertices: str) -> None:
    assert names(size, count) == vertices


@pytest.mark.parametrize(("size", "count"), [(7, 5), (8, 5), (12, 6), (19, 10), (19, 1)])
def test_errors_name_the_allowed_range(size: int, count: int) -> None:
    expected = rf"fixed handicap on {size}x{size} must be 2\.\."
    with pytest.raises(ValueError, match=expected) as info:
        fixed_handicap_points(size, count)
    assert str(count) in str(info.value)


def test_game_with_handicap_lets_white_start() -> None:
    game = Game(19, handicap=4)
    assert game.to_move is Color.WHITE
    assert len(game.history) == 1
    entry = game.history[0]
    assert isinstance(entry, Setup)
    assert entry.black == fixed_handicap_points(19, 4)
    assert game.moves == ()
    assert set(game.stones()) == set(fixed_handicap_points(19, 4))
    assert all(color is Color.BLACK for color in game.stones().values())
    move = game.play(fixed_handicap_points(19, 5)[4])
    assert (move.color, move.number) == (Color.WHITE, 1)


def test_handicap_zero_and_one_place_nothing() -> None:
    for handicap in (0, 1):
        game = Game(19, handicap=handicap)
        assert game.to_move is Color.BLACK
        assert game.history == ()
    with pytest.raises(ValueError, match="negative"):
        Game(19, handicap=-1)
    with pytest.raises(ValueError, match=r"2\.\.4"):
        Game(8, handicap=5)


def test_place_handicap_on_occupied_point_changes_nothing() -> None:
    game = Game(9)
    game.play(fixed_handicap_points(9, 2)[1])
    with pytest.raises(ValueError, match="G7 is occupied"):
        game.place_handicap(2)
    assert len(game.history) == 1
