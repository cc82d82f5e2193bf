"""How much the KGS session keeps of what the server names: every table bounded.

The session keeps rooms, their users and games, followed games, conversations and challenges
by the keys the server sends; a broken or hostile server can name new ones without end, and
one login lasts all day. Each cap is far above what KGS sends (about a hundred rooms, a few
thousand users in the busiest one, a few games followed at once), so only a flood reaches it;
beyond it the oldest entry goes first (a dict keeps the order entries came in), or the
entries that matter least first where some matter more (a finished game before one going on,
a challenge to us before one of ours). The model has its own caps
(:mod:`igs_tui.model.limits`); these keep the session's side as small.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from igs_tui.model.limits import BUFFERS, CHALLENGES, GAMES_LISTED

ROOMS = 2000
"""Rooms known by number (their names and descriptions): KGS has about a hundred."""
JOINED_ROOMS = 100
"""Rooms joined at once (the oldest joined is left for a new one)."""
ROOM_USERS = 20_000
"""Users kept per joined room (for its head count)."""
ROOM_GAMES = GAMES_LISTED
"""Games kept per joined room's listing, and open challenges across the rooms."""
GAMES = 100
"""Game channels followed at once, each with its whole SGF tree."""
CONVERSATIONS = BUFFERS
"""Conversation channels open at once (one chat buffer each in the model)."""
WAITING_TELLS = 100
"""Players with tells waiting for their conversation to open, and lines waiting per player."""
CHALLENGES_KEPT = CHALLENGES
"""Challenges we made or were offered, kept to answer them (the model shows as many)."""
RESYNCED = 1000
"""Games remembered as joined anew after a sync error in this login (once each)."""

K = TypeVar("K")
V = TypeVar("V")


def make_room(
    kept: dict[K, V], key: K, cap: int, *, rank: Callable[[K], int] | None = None
) -> list[tuple[K, V]]:
    """Remove entries of ``kept`` until ``key`` can be added within ``cap`` (none when it is
    there already): the oldest first or, given ``rank`` (0 or more, lowest goes first), the
    oldest of the lowest rank. Returns the entries removed, for the caller to tell the rest
    of the session."""
    if key in kept:
        return []
    gone: list[tuple[K, V]] = []
    while kept and len(kept) >= cap:
        victim = next(iter(kept)) if rank is None else _lowest(kept, rank)
        gone.append((victim, kept.pop(victim)))
    return gone


def _lowest(kept: dict[K, V], rank: Callable[[K], int]) -> K:
    """The oldest key of the lowest rank; the scan stops at the first of rank 0, so a table
    whose entries of higher rank are few (rooms joined among rooms known) costs little."""
    best, best_rank = next(iter(kept)), None
    for key in kept:
        value = rank(key)
        if value <= 0:
            return key
        if best_rank is None or value < best_rank:
            best, best_rank = key, value
    return best
