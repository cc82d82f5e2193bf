"""Rules engine speed: replaying random legal 19×19 games, checked, versus sgfmill unchecked.

Our engine replays every move through ``Game.play`` (occupied, ko and suicide checks, captures,
Zobrist hash, undo record, history entry); sgfmill's ``Board.play`` only does captures. The same
move lists are fed to both, prepared beforehand so that only the ``play`` calls are timed. Each
measurement is the best of a few repeats, which filters out scheduler noise.

Run: ``python benchmarks/bench_rules.py [--games N] [--moves M] [--repeat R]``. The last line
is JSON: ``{"ratio_vs_sgfmill": ..., "score_19_ms": ...}``.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sgfmill import boards

from igs_tui.go import Color, Game, Point, ScoringSession

Moves = list[tuple[Point, Color]]


def random_games(count: int, length: int, seed: int, size: int = 19) -> list[Moves]:
    """``count`` random legal games of up to ``length`` moves (no passes), reproducibly."""
    rng = random.Random(seed)
    games = []
    points = [Point(c, r) for c in range(size) for r in range(size)]
    for _ in range(count):
        game = Game(size)
        moves: Moves = []
        while len(moves) < length:
            rng.shuffle(points)
            for p in points:
                if game.check(p).legal:
                    moves.append((p, game.play(p).color))
                    break
            else:
                break
        games.append(moves)
    return games


def playout_to_the_end(seed: int, size: int = 19) -> Game:
    """A finished game: random moves that never fill a one-point own eye, until both pass.

    This is the classic random-playout end position: the board is full of living groups with
    small eyes, so every empty region is small and bordered, as in a real counted game. A move
    limit stops the rare endless cycles.
    """
    rng = random.Random(seed)
    game = Game(size, komi=6.5)
    points = [Point(c, r) for c in range(size) for r in range(size)]
    # Random play can cycle (throw-ins captured and replayed), so stop after a long game.
    limit = 2 * size * size
    while not game.play_ended:
        if game.move_count >= limit:
            game.pass_move()
            continue
        rng.shuffle(points)
        color = game.to_move
        for p in points:
            if game.get(p) is None and not is_own_eye(game, p, color) and game.check(p).legal:
                game.play(p)
                break
        else:
            game.pass_move()
    return game


def is_own_eye(game: Game, point: Point, color: Color) -> bool:
    size = game.size
    col, row = point
    for c, r in ((col - 1, row), (col + 1, row), (col, row - 1), (col, row + 1)):
        if 0 <= c < size and 0 <= r < size and game.get(Point(c, r)) is not color:
            return False
    return True


def time_ours(games: list[Moves], size: int) -> float:
    start = time.perf_counter()
    for moves in games:
        play = Game(size).play
        for point, color in moves:
            play(point, color)
    return time.perf_counter() - start


def time_sgfmill(games: list[tuple[tuple[int, int, str], ...]], size: int) -> float:
    start = time.perf_counter()
    for moves in games:
        play = boards.Board(size).play
        for row, col, colour in moves:
            play(row, col, colour)
    return time.perf_counter() - start


def time_scoring(game: Game, repeat: int) -> float:
    """Milliseconds per ``ScoringSession(game).score()`` (best of ``repeat`` batches)."""
    best = float("inf")
    batch = 50
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(batch):
            ScoringSession(game).score()
        best = min(best, (time.perf_counter() - start) / batch)
    return best * 1000


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--moves", type=int, default=250)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=20261122)
    args = parser.parse_args(argv)
    size = 19

    games = random_games(args.games, args.moves, args.seed, size)
    total = sum(len(g) for g in games)
    sgf_games = [tuple((p.row, p.col, c.value.lower()) for p, c in g) for g in games]

    # Interleave the repeats so that both sides see the same machine load.
    ours = theirs = float("inf")
    for _ in range(args.repeat):
        ours = min(ours, time_ours(games, size))
        theirs = min(theirs, time_sgfmill(sgf_games, size))
    ours_rate = total / ours
    theirs_rate = total / theirs
    ratio = ours_rate / theirs_rate
    print(f"{args.games} random legal {size}x{size} games, {total} moves, best of {args.repeat}")
    print(f"  igs_tui Game.play (checked):    {ours_rate:10,.0f} moves/s")
    print(f"  sgfmill Board.play (unchecked): {theirs_rate:10,.0f} moves/s")
    print(f"  ratio ours/sgfmill: {ratio:.2f}x (target >= 1.5x)")

    final = playout_to_the_end(args.seed, size)
    score = ScoringSession(final).score()
    score_ms = time_scoring(final, args.repeat)
    empty_ms = time_scoring(Game(size), args.repeat)
    print(
        f"  ScoringSession(game).score() on a finished {size}x{size} game "
        f"({final.move_count} moves, {score.result}): {score_ms:.3f} ms (target < 0.5 ms)"
    )
    print(f"  ... on the empty {size}x{size} board (one 361-point region): {empty_ms:.3f} ms")
    print(json.dumps({"ratio_vs_sgfmill": round(ratio, 3), "score_19_ms": round(score_ms, 4)}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
