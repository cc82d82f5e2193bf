"""The channels that are not games: rooms, private conversations, user details, and the
fixed channel ids of the room categories and global game lists."""

from __future__ import annotations

from dataclasses import dataclass, field

from igs_tui.localkgs.games import GameChannel
from igs_tui.localkgs.proposals import Challenge

CATEGORIES = {
    "MAIN": 1,
    "NATIONAL": 2,
    "CLUBS": 3,
    "LESSONS": 4,
    "TOURNAMENT": 5,
    "FRIENDLY": 6,
    "TEMPORARY": 7,
}
GLOBAL_LISTS = {"CHALLENGES": 8, "ACTIVES": 9, "FANS": 10}
FIRST_DYNAMIC_CHANNEL = 100


@dataclass
class Room:
    channel_id: int
    name: str
    category: str
    description: str
    members: set[str] = field(default_factory=set)
    games: list[int] = field(default_factory=list)
    """Game and challenge channel ids listed in the room, oldest first."""


@dataclass
class Convo:
    channel_id: int
    users: tuple[str, str]
    members: set[str] = field(default_factory=set)


@dataclass
class Details:
    channel_id: int
    name: str
    members: set[str] = field(default_factory=set)


Channel = Room | GameChannel | Challenge | Convo | Details
