"""Filtering and sorting the server's game list: pure functions the games pane calls."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from igs_tui.model import GameSummary, rank_value

SORT_KEYS = ("number", "rank", "size", "observers", "moves")


@dataclass(frozen=True)
class GameFilter:
    """``text`` matches player names and titles (case-insensitive); ``size`` 0 means any."""

    text: str = ""
    size: int = 0
    broadcasts_only: bool = False

    def accepts(self, game: GameSummary) -> bool:
        if self.size and game.size != self.size:
            return False
        if self.broadcasts_only and not game.is_broadcast:
            return False
        needle = self.text.strip().casefold()
        if needle:
            haystack = f"{game.white} {game.black} {game.title}".casefold()
            return needle in haystack
        return True


def strongest_rank(game: GameSummary) -> float:
    """The rank value of the stronger player (unranked sorts below 30k)."""
    values = [
        v for v in (rank_value(game.white_rank), rank_value(game.black_rank)) if v is not None
    ]
    return max(values) if values else -100.0


def _sort_value(game: GameSummary, key: str) -> float:
    if key == "rank":
        return strongest_rank(game)
    if key == "size":
        return float(game.size)
    if key == "observers":
        return float(game.observers)
    if key == "moves":
        return float(game.moves)
    return float(game.number)


def select_games(
    games: Iterable[GameSummary],
    flt: GameFilter,
    sort_key: str = "number",
    descending: bool = False,
) -> list[GameSummary]:
    """Games accepted by ``flt``, sorted by ``sort_key`` (ties: lower game number first)."""
    if sort_key not in SORT_KEYS:
        raise ValueError(f"unknown sort key {sort_key!r}; expected one of {SORT_KEYS}")
    chosen = sorted((g for g in games if flt.accepts(g)), key=lambda g: g.number)
    # Python's sort is stable, also with reverse=True: ties stay in game-number order.
    chosen.sort(key=lambda g: _sort_value(g, sort_key), reverse=descending)
    return chosen
