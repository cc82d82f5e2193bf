"""The engine-free score estimate (``igs_tui.go.estimate``) against GNU Go's own estimate.

Records come from GNU Go playing itself (``gnugo --mode gtp --level 1 --seed N``, komi 6.5)
until two passes in a row: *finished* games, as the estimate is asked for at the end of a
game. For each record GNU Go's ``estimate_score`` is asked on the final position (never
``final_score``: on an unfinished 19x19 board it can take minutes; every command has a
timeout anyway). The games and GNU Go's answers are cached as JSON lines, so a second run
only measures.

Figures: the share of games where our winner agrees with GNU Go's, the share within 5 points
of its margin, the median difference, and the time per estimate (median and 95th percentile;
the goal is 20 ms for 19x19). Human-readable lines first, then one JSON line.

``--midgame 0.6`` adds the same figures on the positions after 60% of each game's moves, where
GNU Go is asked afresh: an unsettled board, which the estimate is not made for (it reads no
fights), shown to say how far to trust ctrl+e in the middle of a game.

Run: ``python benchmarks/bench_estimate.py [--games19 N] [--games9 N] [--midgame SHARE]
[--cache FILE]``.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from igs_tui.go import Color, Game, Point
from igs_tui.go.estimate import estimate_score

GNUGO = "/usr/games/gnugo"
KOMI = 6.5
COLUMNS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"
TIMEOUT = 120.0
"""Seconds allowed for any one GTP answer."""

_SCORE = re.compile(r"^([BW])\+(\d+(?:\.\d+)?)")


class Gtp:
    """A minimal blocking GTP link to one GNU Go process (the benchmark needs nothing more)."""

    def __init__(self, seed: int) -> None:
        self.process = subprocess.Popen(
            [GNUGO, "--mode", "gtp", "--level", "1", "--seed", str(seed)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    def ask(self, command: str) -> str:
        """The answer's text; raises RuntimeError on a ``?`` answer or a timeout."""
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()
        deadline = time.monotonic() + TIMEOUT
        lines: list[str] = []
        while True:
            if time.monotonic() > deadline:
                self.process.kill()
                raise RuntimeError(f"{command}: no answer in {TIMEOUT} s")
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError(f"{command}: GNU Go exited")
            if line.strip() == "" and lines:
                break
            if line.strip():
                lines.append(line.rstrip("\n"))
        text = "\n".join(lines)
        if text.startswith("?"):
            raise RuntimeError(f"{command}: {text}")
        return text[1:].strip()

    def close(self) -> None:
        try:
            self.ask("quit")
        except RuntimeError:
            pass
        self.process.wait(timeout=10)


def vertex(text: str, size: int) -> Point | None:
    text = text.strip().upper()
    if text == "PASS":
        return None
    return Point(COLUMNS.index(text[0]), int(text[1:]) - 1)


def gtp_vertex(point: Point) -> str:
    return f"{COLUMNS[point.col]}{point.row + 1}"


def play_game(size: int, seed: int) -> dict[str, object]:
    """One finished self-play game and GNU Go's estimate of its final position."""
    gtp = Gtp(seed)
    try:
        gtp.ask(f"boardsize {size}")
        gtp.ask("clear_board")
        gtp.ask(f"komi {KOMI}")
        moves: list[str] = []
        color = "b"
        passes = 0
        while passes < 2 and len(moves) < 3 * size * size:
            answer = gtp.ask(f"genmove {color}").upper()
            if answer == "RESIGN":
                break
            moves.append(answer)
            passes = passes + 1 if answer == "PASS" else 0
            color = "w" if color == "b" else "b"
        estimate = gtp.ask("estimate_score")
    finally:
        gtp.close()
    return {"size": size, "seed": seed, "komi": KOMI, "moves": moves, "gnugo": estimate}


def gnugo_midgame(entry: dict[str, object], share: float) -> tuple[list[str], float]:
    """The first ``share`` of the game's moves and GNU Go's estimate after them."""
    moves = entry["moves"]
    assert isinstance(moves, list)
    cut = [str(m) for m in moves[: int(len(moves) * share)]]
    gtp = Gtp(1)
    try:
        gtp.ask(f"boardsize {entry['size']}")
        gtp.ask("clear_board")
        gtp.ask(f"komi {entry['komi']}")
        for number, move in enumerate(cut):
            gtp.ask(f"play {'b' if number % 2 == 0 else 'w'} {move}")
        answer = gtp.ask("estimate_score")
    finally:
        gtp.close()
    return cut, signed(answer)


def signed(score: str) -> float:
    """``"W+9.2 (upper bound…)"`` -> -9.2 (Black's lead); ``"0"`` -> 0."""
    match = _SCORE.match(score.strip())
    if match is None:
        return 0.0
    value = float(match.group(2))
    return value if match.group(1) == "B" else -value


def position(entry: dict[str, object]) -> Game:
    size = int(str(entry["size"]))
    game = Game(size, komi=float(str(entry["komi"])))
    color = Color.BLACK
    for move in entry["moves"]:  # type: ignore[attr-defined]
        point = vertex(str(move), size)
        game.play(point, color)
        color = color.opponent
    return game


def load_cache(path: Path) -> list[dict[str, object]]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def finished(entry: dict[str, object]) -> bool:
    """Whether the game ended with two passes (GNU Go may resign instead: such a position
    is still being fought over, and is not what the estimate is measured on)."""
    moves = entry["moves"]
    assert isinstance(moves, list)
    return moves[-2:] == ["PASS", "PASS"]


def generate(path: Path, size: int, wanted: int, first_seed: int) -> None:
    """Add games of ``size`` to the cache until it holds ``wanted`` finished ones (a game
    GNU Go resigned is kept in the cache, so that it is not played again, but not counted)."""
    entries = load_cache(path)
    tried = {int(str(e["seed"])) for e in entries if e["size"] == size}
    done = sum(1 for e in entries if e["size"] == size and finished(e))
    seed = first_seed
    while done < wanted:
        if seed not in tried:
            start = time.monotonic()
            entry = play_game(size, seed)
            with path.open("a") as out:
                out.write(json.dumps(entry) + "\n")
            tried.add(seed)
            done += finished(entry)
            moves = entry["moves"]
            assert isinstance(moves, list)
            end = "two passes" if finished(entry) else "resigned or too long"
            print(
                f"  generated {size}x{size} seed {seed}: {len(moves)} moves, {end} "
                f"({time.monotonic() - start:.0f} s)",
                flush=True,
            )
        seed += 1


@dataclass
class Figures:
    games: int
    winner_agreement: float
    within_5: float
    median_difference: float
    median_ms: float
    p95_ms: float


def measure(
    entries: list[dict[str, object]], size: int, repeat: int, midgame: float | None = None
) -> Figures | None:
    """Agreement and timing on the final positions, or (``midgame``) on the positions after
    that share of each game's moves, where GNU Go is asked afresh."""
    chosen = [e for e in entries if e["size"] == size]
    if not chosen:
        return None
    agree = close = 0
    differences: list[float] = []
    times: list[float] = []
    for entry in chosen:
        if midgame is None:
            theirs = signed(str(entry["gnugo"]))
        else:
            cut, theirs = gnugo_midgame(entry, midgame)
            entry = {**entry, "moves": cut}
        game = position(entry)
        ours = estimate_score(game)
        for _ in range(repeat):
            start = time.perf_counter()
            estimate_score(game)
            times.append(time.perf_counter() - start)
        lead = ours.black - ours.white
        if (lead > 0) == (theirs > 0) and (lead < 0) == (theirs < 0):
            agree += 1
        difference = abs(lead - theirs)
        differences.append(difference)
        if difference <= 5:
            close += 1
    times.sort()
    return Figures(
        games=len(chosen),
        winner_agreement=agree / len(chosen),
        within_5=close / len(chosen),
        median_difference=statistics.median(differences),
        median_ms=1000 * statistics.median(times),
        p95_ms=1000 * times[min(len(times) - 1, int(0.95 * len(times)))],
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games19", type=int, default=30)
    parser.add_argument("--games9", type=int, default=60)
    parser.add_argument("--repeat", type=int, default=5, help="timed estimates per game")
    parser.add_argument(
        "--cache",
        type=Path,
        default=Path(tempfile.gettempdir()) / "igs-tui-bench-estimate.jsonl",
        help="JSON lines of generated games (reused across runs)",
    )
    parser.add_argument(
        "--midgame",
        type=float,
        metavar="SHARE",
        help="also measure after this share of each game's moves (0.6: an unsettled board; "
        "not part of the goal, the estimate is made for finished games)",
    )
    args = parser.parse_args()
    print(f"games cached in {args.cache}")
    generate(args.cache, 9, args.games9, first_seed=1)
    generate(args.cache, 19, args.games19, first_seed=1)
    entries = load_cache(args.cache)
    summary: dict[str, object] = {}
    runs = [(size, wanted, None) for size, wanted in ((9, args.games9), (19, args.games19))]
    if args.midgame is not None:
        runs += [(size, wanted, args.midgame) for size, wanted, _ in runs]
    for size, wanted, midgame in runs:
        kept = [e for e in entries if e["size"] == size and finished(e)][:wanted]
        figures = measure(kept, size, args.repeat, midgame)
        if figures is None:
            continue
        where = "" if midgame is None else f" after {midgame:.0%} of the moves"
        print(
            f"{size}x{size}{where}: {figures.games} games, winner agrees "
            f"{figures.winner_agreement:.0%}, within 5 points {figures.within_5:.0%}, "
            f"median difference {figures.median_difference:.1f}; "
            f"{figures.median_ms:.1f} ms per estimate (95th percentile {figures.p95_ms:.1f})"
        )
        key = f"size{size}" if midgame is None else f"size{size}_midgame"
        summary[key] = {
            "games": figures.games,
            "winner_agreement": round(figures.winner_agreement, 3),
            "within_5_points": round(figures.within_5, 3),
            "median_difference": round(figures.median_difference, 2),
            "median_ms": round(figures.median_ms, 2),
            "p95_ms": round(figures.p95_ms, 2),
        }
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
