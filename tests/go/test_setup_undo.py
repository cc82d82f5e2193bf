"""Setup stones, undo back to any point, copies, diagrams and error messages."""

from __future__ import annotations

import pytest

from igs_tui.go import (
    Color,
    CoordinateError,
    Game,
    IllegalMove,
    IllegalReason,
    Move,
    Point,
    Setup,
)
from tests.go.diagrams import board_of, norm, pt

B, W = Color.BLACK, Color.WHITE


def snapshot(game: Game) -> tuple[object, ...]:
    return (
        game.to_ascii(),
        game.position_hash,
        game.to_move,
        game.ko_point,
        game.consecutive_passes,
        game.prisoners,
        game.history,
    )


def test_setup_is_one_entry_and_undo_restores_overwritten_stones() -> None:
    game = Game.from_ascii(
        """
        X . .
        . O .
        . . .
        """
    )
    before = snapshot(game)
    entry = game.setup(black=[pt("B2", 3)], white=[pt("A3", 3)], empty=[pt("C1", 3)])
    assert entry == Setup(black=(pt("B2", 3),), white=(pt("A3", 3),), empty=(pt("C1", 3),))
    assert board_of(game) == norm("O . .\n. X .\n. . .")
    assert game.history[-1] is entry
    assert game.moves == ()
    undone = game.undo()
    assert undone is entry
    assert snapshot(game) == before
    assert board_of(game) == norm("X . .\n. O .\n. . .")


def test_setup_hash_matches_played_position() -> None:
    played = Game(5)
    played.play(pt("C3", 5), B)
    played.play(pt("D4", 5), W)
    placed = Game(5)
    placed.setup(black=[pt("C3", 5)], white=[pt("D4", 5)])
    assert placed.position_hash == played.position_hash
    placed.setup(empty=[pt("C3", 5), pt("D4", 5)])
    assert placed.position_hash == Game(5).position_hash == 0


def test_setup_sets_turn_and_clears_ko_until_undone() -> None:
    game = Game.from_ascii(
        """
        . . . . .
        . X O . .
        X O . O .
        . X O . .
        . . . . .
        """
    )
    game.play(pt("C3", 5), B)
    assert game.ko_point == pt("B3", 5)
    game.setup(black=[pt("E5", 5)], to_move=W)
    assert game.ko_point is None
    assert game.to_move is W
    game.undo()
    assert game.ko_point == pt("B3", 5)


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"black": [Point(5, 0)]}, CoordinateError, r"off the board"),
        ({"black": [Point(0, 0)], "white": [Point(0, 0)]}, ValueError, "A1 more than once"),
        (
            {"black": [Point(0, 0)], "white": [Point(1, 0), Point(0, 1)]},
            ValueError,
            "chain at A1 without liberties",
        ),
    ],
)
def test_bad_setup_changes_nothing(
    kwargs: dict[str, list[Point]], error: type, message: str
) -> None:
    game = Game(5)
    game.play(pt("E5", 5))
    before = snapshot(game)
    with pytest.raises(error, match=message):
        game.setup(**kwargs)  # type: ignore[arg-type]  # keyword lists of points, by name
    assert snapshot(game) == before


def test_undo_to_any_point_and_continue() -> None:
    game = Game(9, handicap=2)
    states = [snapshot(game)]
    for vertex in ("D4", "E5", "D5", "E4", "E6", "F4", "D6"):
        game.play(pt(vertex, 9))
        states.append(snapshot(game))
    game.pass_move()
    states.append(snapshot(game))
    for length in (7, 4, 1):
        game.undo_to(length)
        assert snapshot(game) == states[length - 1]
    with pytest.raises(ValueError, match="cannot undo to 5"):
        game.undo_to(5)
    game.undo_to(0)
    assert game.history == ()
    assert game.stones() == {}
    assert game.to_move is B
    with pytest.raises(ValueError, match="nothing to undo"):
        game.undo()


def test_undo_of_capture_restores_prisoners_and_chains() -> None:
    game = Game.from_ascii(
        """
        . X X X .
        X O O O X
        . X X . .
        . . . . .
        . . . . .
        """
    )
    liberties_before = game.liberties(pt("B5", 5))
    move = game.play(pt("D3", 5), B)
    assert len(move.captures) == 3
    assert game.prisoners[B] == 3
    undone = game.undo()
    assert undone == move
    assert isinstance(undone, Move)
    assert game.prisoners[B] == 0
    assert game.chain(pt("B4", 5)) == {pt("B4", 5), pt("C4", 5), pt("D4", 5)}
    assert game.liberties(pt("B4", 5)) == {pt("D3", 5)}
    assert game.liberties(pt("B5", 5)) == liberties_before
    # and the capture can be replayed identically
    assert game.play(pt("D3", 5), B) == move


def test_from_ascii_errors_name_the_row() -> None:
    with pytest.raises(ValueError, match="row 2: 2 points, expected 3"):
        Game.from_ascii("...\n..\n...")
    with pytest.raises(ValueError, match="row 1, column 2: unknown '#'"):
        Game.from_ascii(".#.\n...\n...")
    with pytest.raises(ValueError, match="board size"):
        Game.from_ascii("")


def test_from_ascii_round_trip_and_options() -> None:
    diagram = "X . O\n. . .\nO . X\n"
    game = Game.from_ascii(diagram, komi=6.5, to_move=W)
    assert board_of(game) == norm(diagram)
    assert Game.from_ascii(game.to_ascii()).position_hash == game.position_hash
    assert game.komi == 6.5
    assert game.to_move is W
    assert game.get(Point(0, 2)) is B
    assert game.get(Point(0, 0)) is W
    assert Game.from_ascii("...\n...\n...").history == ()


@pytest.mark.parametrize(
    ("setup", "vertex", "color", "reason", "message"),
    [
        ("X..\n...\n...", "A3", B, IllegalReason.OCCUPIED, "A3 is occupied"),
        (".X.\nX..\n...", "A3", W, IllegalReason.SUICIDE, "White at A3 would be suicide"),
    ],
)
def test_illegal_move_messages(
    setup: str, vertex: str, color: Color, reason: IllegalReason, message: str
) -> None:
    game = Game.from_ascii(setup)
    with pytest.raises(IllegalMove) as info:
        game.play(pt(vertex, 3), color)
    assert str(info.value) == message
    assert info.value.reason is reason
    assert isinstance(info.value, ValueError)


def test_get_off_board_raises_coordinate_error() -> None:
    game = Game(9)
    with pytest.raises(CoordinateError, match="off the 9x9 board"):
        game.get(Point(9, 9))
    with pytest.raises(CoordinateError):
        game.chain(Point(-1, 0))


def test_repr_mentions_size_and_turn() -> None:
    assert repr(Game(13, komi=6.5)) == "<Game 13x13 igs komi=6.5 moves=0 to_move=BLACK>"


@pytest.mark.parametrize("bad", ["D4", (1, 2, 3), 7, ("a", "b")])
def test_non_points_give_a_clear_type_error(bad: object) -> None:
    game = Game(9)
    with pytest.raises(TypeError, match="Point"):
        game.play(bad)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="Point"):
        game.check(bad)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="Point"):
        game.get(bad)  # type: ignore[arg-type]
    assert game.history == ()
