"""Benchmark the IGS line parser.

1. A generated 100k-line mixed session (moves with headings, user/games listings, tells, says,
   kibitz, shouts, TIME lines, prompts, infos) through :class:`IgsParser`, in lines per second,
   against a baseline measured in the same run: a plain ``line.split()`` loop over the same
   lines (the cheapest thing that still looks at every line).
2. Parsing a 1000-user ``user`` listing plus a 300-game ``games`` listing, in milliseconds.

Times are CPU time of this process (``time.process_time``), best of several repeats: on a
shared machine wall-clock time mostly measures how long other processes held the cores.
The last line is JSON:
``{"lines_per_s": ..., "listing_ms": ...}``.
"""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run from a checkout

from igs_tui.backends.igs.protocol.parser import IgsParser
from igs_tui.go.coords import COLUMN_LETTERS
from igs_tui.go.types import Color
from igs_tui.localserver import lines as L
from igs_tui.localserver.lines import Line

RANKS = ["NR", "2k", "9k*", "11k*", "30k", "1d", "5d*", "3p"]


def _point(rng: random.Random) -> str:
    return f"{rng.choice(COLUMN_LETTERS[:19])}{rng.randint(1, 19)}"


def user_listing(n: int, rng: random.Random) -> list[Line]:
    out: list[Line] = [(42, L.USER_HEADER)]
    for i in range(n):
        out.append(
            (
                42,
                L.format_user_entry(
                    f"user{i}",
                    rng.choice(["<None>", "", "Fair play", "hi"]),
                    "Japan",
                    rng.choice(RANKS),
                    rng.randint(0, 3000),
                    rng.randint(0, 3000),
                    rng.choice([None, rng.randint(1, 500)]),
                    rng.choice([None, rng.randint(1, 500)]),
                    rng.choice([1, 25, 180]),
                    rng.choice(["QX", "--", "-!"]),
                ),
            )
        )
    out.append(L.players_footer(n, 300))
    out.append(L.prompt(5))
    return out


def games_listing(n: int, rng: random.Random) -> list[Line]:
    out: list[Line] = [(7, L.GAMES_HEADER)]
    for g in range(1, n + 1):
        out.append(
            (
                7,
                L.format_games_entry(
                    g,
                    f"w{g}",
                    rng.choice(RANKS),
                    f"b{g}",
                    rng.choice(RANKS),
                    rng.randint(0, 300),
                    19,
                    rng.randint(0, 9),
                    6.5,
                    10,
                    "I",
                    rng.randint(0, 99),
                ),
            )
        )
    out.append(L.prompt(5))
    return out


def mixed_session(total: int, rng: random.Random) -> list[str]:
    out: list[Line] = []
    move = 0
    while len(out) < total:
        r = rng.random()
        if r < 0.55:  # a move broadcast: heading, maybe TIME lines, move, prompt
            game = rng.randint(1, 400)
            out.append((15, L.format_heading(game, "alpha", (0, 600, -1), "beta", (1, 590, -1))))
            if rng.random() < 0.3:
                time_line = L.format_time_line(
                    game, "alpha", Color.WHITE, 0, 600, 1800, 0, 300, 25, 25, 0, 0, 0, 0
                )
                out.append((15, time_line))
            for _ in range(rng.randint(1, 4)):
                move += 1
                out.append((15, L.format_move_line(move % 300, Color.BLACK, _point(rng))))
            out.append(L.prompt(8))
        elif r < 0.65:
            out.extend(user_listing(rng.randint(5, 40), rng))
        elif r < 0.72:
            out.extend(games_listing(rng.randint(5, 30), rng))
        elif r < 0.82:
            out += [L.tell("amy", "hello there, nice game"), L.prompt(5)]
        elif r < 0.88:
            out += [*L.say(12, "bob", "good luck"), L.prompt(6)]
        elif r < 0.93:
            out += [*L.kibitz(12, "kib", "3k*", "alpha", "beta", "what a move"), L.prompt(8)]
        elif r < 0.97:
            out += [L.shout("zed", "anyone for a game?"), L.prompt(5)]
        else:
            out += [L.info("Set client to be True."), L.prompt(5)]
    return L.client_lines(out[:total])


def best_of(repeats: int, fn: object) -> float:
    best = float("inf")
    for _ in range(repeats):
        t0 = time.process_time()
        fn()  # type: ignore[operator]
        best = min(best, time.process_time() - t0)
    return best


def main() -> None:
    rng = random.Random(42)
    session = mixed_session(100_000, rng)

    def run_parser() -> None:
        parser = IgsParser()
        feed = parser.feed_line
        for line in session:
            feed(line)
        parser.flush()

    def run_baseline() -> None:
        for line in session:
            line.split()

    t_parser = best_of(5, run_parser)
    t_base = best_of(5, run_baseline)
    lines_per_s = len(session) / t_parser
    base_per_s = len(session) / t_base
    print(f"mixed session: {len(session)} lines")
    print(f"  IgsParser:           {lines_per_s:12,.0f} lines/s  ({t_parser * 1000:.1f} ms)")
    print(f"  baseline line.split: {base_per_s:12,.0f} lines/s  ({t_base * 1000:.1f} ms)")
    print(f"  parser costs {t_parser / t_base:.1f}x a bare split per line (target >= 250k lines/s)")

    listing = L.client_lines(user_listing(1000, rng) + games_listing(300, rng))

    def run_listing() -> None:
        parser = IgsParser()
        for line in listing:
            parser.feed_line(line)

    def run_listing_baseline() -> None:
        for line in listing:
            line.split()

    t_listing = best_of(20, run_listing)
    t_listing_base = best_of(20, run_listing_baseline)
    print(f"user (1000) + games (300) listing: {len(listing)} lines")
    print(
        f"  IgsParser: {t_listing * 1000:.2f} ms; baseline split: {t_listing_base * 1000:.2f} ms"
        f" ({t_listing / t_listing_base:.1f}x; target < 10 ms)"
    )
    print(json.dumps({"lines_per_s": round(lines_per_s), "listing_ms": round(t_listing * 1000, 2)}))


if __name__ == "__main__":
    main()
