"""The engine-free estimate: dead stones in diagrams, records GNU Go finished, the CLI.

The four records in ``tests/go/data`` are GNU Go 3.8 playing itself
(``gnugo --mode gtp --level 1 --seed N``, komi 6.5, to two passes); each root comment quotes
GNU Go's ``estimate_score`` answer on the final position, which the estimate must match.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from igs_tui.cli import main
from igs_tui.go import Color, Game, Point
from igs_tui.go.estimate import dead_stones, estimate_score
from igs_tui.records import read_record_file
from igs_tui.records.replay import replay
from tests.go.diagrams import pt

B, W = Color.BLACK, Color.WHITE
DATA = Path(__file__).with_name("data")
RECORDS = sorted(DATA.glob("gnugo-selfplay-*.sgf"))

# A black stone left inside White's closed corner: dead, and White's corner is territory.
DEAD_INSIDE = """
. . . . X O . . .
. . . . X O . X .
. . . . X O . . .
. . . . X O . . .
. . . . X O O O O
. . . . X X X X X
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
"""

# Both sides alive with two clean eyes each: nothing is dead.
ALIVE = """
. X . X O . O
X X X X O O O
O O O O O . O
. . . . . . .
. . . . . . .
. . . . . . .
. . . . . . .
"""


def test_a_stone_inside_closed_territory_is_dead_and_counted() -> None:
    game = Game.from_ascii(DEAD_INSIDE, komi=0.5)
    assert dead_stones(game) == {pt("H8", 9)}
    score = estimate_score(game)
    # White's corner: 3x4 points less its own stones... counted by the rules' count
    assert pt("H8", 9) in score.territory[W]
    assert score.prisoners[W] == 1
    assert score.result.startswith("B+")  # Black's open lower part is nearer to Black


def test_nothing_dies_in_the_opening_or_with_two_eyes() -> None:
    opening = Game(19)
    for point, colour in ((pt("D4", 19), B), (pt("Q16", 19), W), (pt("C3", 19), B)):
        opening.play(point, colour)
    assert dead_stones(opening) == frozenset()
    assert dead_stones(Game.from_ascii(ALIVE)) == frozenset()


def test_an_empty_board_is_komi_for_white() -> None:
    score = estimate_score(Game(9, komi=6.5))
    assert (score.black, score.white, score.result) == (0, 6.5, "W+6.5")
    assert score.dead == frozenset()


def test_open_space_counts_for_the_nearer_colour_within_reach() -> None:
    game = Game(9)
    game.play(pt("C3", 9), B)
    game.play(pt("G7", 9), W)
    score = estimate_score(game)
    assert pt("C4", 9) in score.territory[B] and pt("G6", 9) in score.territory[W]
    assert pt("E5", 9) not in score.territory[B] | score.territory[W]  # as far from both
    assert score.black == score.white  # a symmetric position


def gnugo_estimate(path: Path) -> float:
    """Black's lead in GNU Go's answer quoted in the record's root comment."""
    comment = read_record_file(path)[0].root.comment
    match = re.search(r"estimate_score at the end: ([BW])\+([\d.]+)", comment)
    assert match is not None, comment
    value = float(match.group(2))
    return value if match.group(1) == "B" else -value


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_finished_gnugo_games_agree_with_gnugo(path: Path) -> None:
    game = replay(read_record_file(path)[0])
    score = estimate_score(game)
    theirs = gnugo_estimate(path)
    assert score.black - score.white == pytest.approx(theirs, abs=2)


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_estimate_cli_prints_one_json_line(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["estimate", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1
    answer = json.loads(out)
    assert set(answer) >= {"black", "white", "result", "dead"}
    lead = answer["black"] - answer["white"]
    assert answer["result"] == ("B+" if lead > 0 else "W+") + f"{abs(lead):g}"
    assert all(re.fullmatch(r"[A-HJ-T]\d{1,2}", v) for v in answer["dead"])


def test_estimate_cli_at_a_move_and_with_komi(capsys: pytest.CaptureFixture[str]) -> None:
    path = DATA / "gnugo-selfplay-9x9-seed4.sgf"
    assert main(["estimate", str(path), "--move", "0", "--komi", "7"]) == 0
    assert json.loads(capsys.readouterr().out) == {
        "black": 0,
        "white": 7.0,
        "result": "W+7",
        "dead": [],
        "move": 0,
        "komi": 7.0,
    }


def test_estimate_cli_reports_a_bad_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.sgf"
    bad.write_text("(;GM[1]SZ[9];B[ee];W[ee])")  # a stone on an occupied point
    assert main(["estimate", str(bad)]) == 1
    captured = capsys.readouterr()
    assert captured.out == "" and "cannot estimate" in captured.err
    assert main(["estimate", str(tmp_path / "missing.sgf")]) == 1


def swapped(game: Game) -> Game:
    stones = game.stones()
    black = [p for p, c in stones.items() if c is W]
    white = [p for p, c in stones.items() if c is B]
    copy = Game(game.size)
    if black or white:
        copy.setup(black, white)
    return copy


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 8), st.integers(0, 8)), max_size=60))
def test_swapping_the_colours_swaps_the_estimate(points: list[tuple[int, int]]) -> None:
    """Nothing in the estimate favours a colour: the colour-swapped position (no komi, no
    prisoners) gets the mirrored totals and the same dead stones."""
    game = Game(9)
    colour = B
    for col, row in points:
        point = Point(col, row)
        if game.is_legal(point, colour):
            game.play(point, colour)
            colour = colour.opponent
    flat = Game(9)
    stones = game.stones()
    if stones:
        flat.setup(
            [p for p, c in stones.items() if c is B], [p for p, c in stones.items() if c is W]
        )
    mirror = swapped(flat)
    ours, theirs = estimate_score(flat), estimate_score(mirror)
    assert (ours.black, ours.white) == (theirs.white, theirs.black)
    assert ours.dead == theirs.dead
    assert ours.territory[B] == theirs.territory[W]
