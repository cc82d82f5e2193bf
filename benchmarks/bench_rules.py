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

    final = Game(size, komi=6.5)
    for point, color in games[0]:
        final.play(point, color)
    score_ms = time_scoring(final, args.repeat)
    print(f"  ScoringSession(game).score() on a {size}x{size} end position: {score_ms:.3f} ms")
    print(json.dumps({"ratio_vs_sgfmill": round(ratio, 3), "score_19_ms": round(score_ms, 4)}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
