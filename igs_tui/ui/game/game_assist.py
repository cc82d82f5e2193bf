"""Engine help in the game view: what to send when the player accepts a dead-stone suggestion.

The engine names dead *stones*; the server removes a whole chain for one coordinate, and a
second coordinate in the same chain would toggle it back on some servers. So a suggestion is
reduced to one representative point per chain, skipping chains the players already marked.
Pure functions, so the rule is tested without an engine or an app.
"""

from __future__ import annotations

from collections.abc import Iterable

from igs_tui.go import Point
from igs_tui.model import FollowedGame


def _on_board(point: Point, size: int) -> bool:
    return 0 <= point.col < size and 0 <= point.row < size


def suggested_chains(game: FollowedGame, stones: Iterable[Point]) -> list[frozenset[Point]]:
    """The chains on the live board that contain a suggested stone, in a stable order."""
    board = game.board
    chains: list[frozenset[Point]] = []
    covered: set[Point] = set()
    for point in sorted(stones):
        if point in covered or not _on_board(point, game.size) or board.get(point) is None:
            continue
        chain = board.chain(point)
        covered |= chain
        chains.append(chain)
    return chains


def removals_to_send(game: FollowedGame, stones: Iterable[Point]) -> list[Point]:
    """One point per suggested chain not yet marked dead (the smallest, for determinism)."""
    return [min(chain) for chain in suggested_chains(game, stones) if not chain & game.dead]


def suggestion_points(game: FollowedGame, stones: Iterable[Point]) -> frozenset[Point]:
    """Every stone of every suggested chain: what the board marks while the player decides."""
    points: set[Point] = set()
    for chain in suggested_chains(game, stones):
        points |= chain
    return frozenset(points)
