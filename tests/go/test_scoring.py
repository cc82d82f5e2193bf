"""Counting: dead stones, territory, dame, seki, area vs territory, result strings.

IGS rules: "Territory includes connected units of empty grid points that are not adjacent to an
opponent's stone, with each grid point being worth one point, and removed opponent's stones,
with each stone being worth one point. The komi is added to the white territory."
"""

from __future__ import annotations

import pytest

from igs_tui.go import (
    CHINESE_RULES,
    Color,
    Game,
    ScoringMethod,
    ScoringSession,
    count_result,
    format_margin,
    result_string,
)
from tests.go.diagrams import pt

B, W = Color.BLACK, Color.WHITE

# Black owns the left, white the right; the two walls touch, so there is no dame.
SPLIT = """
. . X O .
. . X O .
. . X O .
. . X O .
. . X O .
"""


def test_simple_territory_count() -> None:
    game = Game.from_ascii(SPLIT, komi=0.5)
    score = ScoringSession(game).score()
    assert score.territory[B] == {pt(f"{c}{r}", 5) for c in "AB" for r in range(1, 6)}
    assert score.territory[W] == {pt(f"E{r}", 5) for r in range(1, 6)}
    assert score.dame == frozenset()
    assert (score.black, score.white) == (10, 5.5)
    assert score.result == "B+4.5"
    assert score.winner is B
    assert score.margin == 4.5
    assert score.method is ScoringMethod.TERRITORY


def test_area_scoring_counts_stones() -> None:
    game = Game.from_ascii(SPLIT, komi=7.5, ruleset=CHINESE_RULES)
    score = ScoringSession(game).score()
    assert score.method is ScoringMethod.AREA
    assert (score.black, score.white) == (15, 17.5)
    assert score.result == "W+2.5"
    territory = ScoringSession(game).score(ScoringMethod.TERRITORY, komi=0)
    assert (territory.black, territory.white, territory.result) == (10, 5, "B+5")


def test_dame_counts_for_nobody() -> None:
    game = Game.from_ascii(
        """
        . X . O .
        . X . O .
        . X . O .
        . X . O .
        . X . O .
        """
    )
    score = ScoringSession(game).score()
    assert score.dame == {pt(f"C{r}", 5) for r in range(1, 6)}
    assert (score.black, score.white, score.result) == (5, 5, "0")
    assert score.winner is None


def test_dead_stones_become_prisoners_and_territory() -> None:
    game = Game.from_ascii(
        """
        . . X O .
        . . X O .
        . O X O .
        . . X O X
        . . X O .
        """
    )
    session = ScoringSession(game)
    assert session.toggle(pt("B3", 5)) == {pt("B3", 5)}
    assert session.toggle(pt("E2", 5)) == {pt("E2", 5)}
    assert session.is_dead(pt("B3", 5))
    assert not session.is_dead(pt("C3", 5))
    score = session.score()
    assert score.dead == {pt("B3", 5), pt("E2", 5)}
    assert score.prisoners == {B: 1, W: 1}
    # black: 10 points of territory + 1 prisoner; white 5 + 1
    assert (score.black, score.white) == (11, 6)
    # toggling again brings the stone back to life: the left area is no longer black's
    session.toggle(pt("B3", 5))
    again = session.score()
    assert pt("A1", 5) in again.dame
    assert again.black == 0 + 0  # all of the left touches the white stone at B3
    session.restore()
    assert session.dead == frozenset()


def test_toggle_marks_whole_chain_and_empty_point_is_noop() -> None:
    game = Game.from_ascii(
        """
        . . . . .
        . O O . .
        . . O . .
        . . . . .
        X . . . .
        """
    )
    session = ScoringSession(game)
    chain = session.toggle(pt("C3", 5))
    assert chain == {pt("B4", 5), pt("C4", 5), pt("C3", 5)}
    assert session.dead == chain
    assert session.toggle(pt("E5", 5)) == frozenset()
    assert session.mark_dead(pt("B4", 5)) == chain
    assert session.dead == chain
    with pytest.raises(ValueError, match="off the 5x5 board"):
        session.toggle(pt("A1", 5)._replace(col=7))


def test_seki_liberties_are_dame() -> None:
    # Seki: the white chain (B7-B5, A5, C4-E4, E7-E5) and the black chains C7-C5/D5 share
    # the liberties D7 and D6; neither side can fill them. Those points touch both colours,
    # so neither side gets them, while the corner A7/A6 enclosed by white is white's.
    game = Game.from_ascii(
        """
        . O X . O X .
        . O X . O X .
        O O X X O X .
        X X O O O X .
        . X X X X X .
        . . . . . . .
        . . . . . . .
        """
    )
    score = ScoringSession(game).score()
    assert pt("D7", 7) in score.dame and pt("D6", 7) in score.dame
    assert pt("A7", 7) in score.territory[W] and pt("A6", 7) in score.territory[W]
    assert pt("A3", 7) in score.territory[B]


def test_captures_during_play_count() -> None:
    game = Game.from_ascii(
        """
        . X O .
        X O . .
        . . . .
        . . . .
        """
    )
    game.play(pt("C3", 4), B)
    game.play(pt("D4", 4), B)  # captures C4
    session = ScoringSession(game)
    game.play(pt("A1", 4), W)  # later changes do not leak into the session
    score = session.score()
    assert score.prisoners == {B: 1, W: 0}


@pytest.mark.parametrize(
    ("winner", "margin", "text"),
    [
        (B, 3.5, "B+3.5"),
        (W, 0.5, "W+0.5"),
        (W, 12.0, "W+12"),
        (B, 12, "B+12"),
        (W, "R", "W+R"),
        (B, "Resign", "B+R"),
        (W, "T", "W+T"),
        (B, "F", "B+F"),
        (None, 0, "0"),
        (None, 0.0, "0"),
        # a zero margin is a draw whoever is named: SGF writes jigo as "0", never "B+0"
        (B, 0, "0"),
        (W, "0", "0"),
        (B, "2.5", "B+2.5"),
    ],
)
def test_result_string(winner: Color | None, margin: float | str, text: str) -> None:
    assert result_string(winner, margin) == text


@pytest.mark.parametrize(("margin", "message"), [(-1, "negative"), ("X", "unknown")])
def test_result_string_errors(margin: float | str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        result_string(B, margin)
    with pytest.raises(ValueError, match="needs a winner"):
        result_string(None, "R")


def test_format_margin() -> None:
    assert [format_margin(m) for m in (0, 1.0, 6.5, 0.25, 100.0)] == [
        "0",
        "1",
        "6.5",
        "0.25",
        "100",
    ]


def test_empty_board_is_all_dame() -> None:
    score = ScoringSession(Game(9, komi=6.5)).score()
    assert len(score.dame) == 81
    assert score.result == "W+6.5"


def test_matches_igs_count_of_a_game_with_two_stones() -> None:
    # specs/igs-protocol.md, end of a 19x19 game with one stone each and komi 6.5: every other
    # point is encoded 3 (neutral), and the score line is
    #   "20 OmegaGo1 (W:O):  6.5 to Soothie (B:g):  0.0"
    game = Game(19, komi=6.5)
    game.play(pt("B2", 19), B)
    game.play(pt("C2", 19), W)
    for _ in range(3):
        game.pass_move()
    assert game.play_ended
    score = ScoringSession(game).score()
    assert (score.white, score.black) == (6.5, 0.0)
    assert len(score.dame) == 361 - 2
    assert score.result == "W+6.5"


@pytest.mark.parametrize(
    ("black", "white", "result"),
    [(10, 6.5, "B+3.5"), (6, 6.5, "W+0.5"), (7.5, 7.5, "0"), (0, 0, "0"), (81, 0, "B+81")],
)
def test_a_counts_result_names_the_larger_total_and_the_margin(
    black: float, white: float, result: str
) -> None:
    assert count_result(black, white) == result
