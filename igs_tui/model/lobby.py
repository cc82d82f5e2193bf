"""Ways into a game besides a challenge, and the server's rooms: automatch setups and the
seek in progress, our stored (adjourned) games, the rooms and the one we are in.

Server-neutral: IGS offers automatch as numbered setups (``seek config_list``) with Canadian
overtime; a KGS backend would fill the same values from its own automatch preferences and
rooms. Everything here is plain data the views read; names come from the server and are shown
as plain text.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class SeekSetup:
    """One automatch setup: its number on the server, main time and overtime (``stones``
    moves in ``byo_seconds``; 0 stones means none)."""

    index: int
    main_seconds: int
    byo_seconds: int
    byo_stones: int

    @property
    def label(self) -> str:
        """``1 min + 10 min / 25 stones``, as the official client words it."""
        main = _minutes(self.main_seconds)
        if not self.byo_stones:
            return f"{main} absolute"
        return f"{main} + {_minutes(self.byo_seconds)} / {self.byo_stones} stones"


def _minutes(seconds: int) -> str:
    if seconds % 60:
        return f"{seconds} s"
    return f"{seconds // 60} min"


@dataclass(frozen=True, slots=True)
class Seeker:
    """Another player in the automatch queue (IGS lists them on ``seek entry_list``)."""

    name: str
    main_seconds: int
    byo_seconds: int
    byo_stones: int
    size: int = 19

    def describe(self) -> str:
        """``HKL  19x19  1 min + 8 min / 25 stones``."""
        setup = SeekSetup(-1, self.main_seconds, self.byo_seconds, self.byo_stones)
        return f"{self.name}  {self.size}x{self.size}  {setup.label}"


@dataclass(frozen=True, slots=True)
class Seek:
    """Our request in the automatch queue: the setup, board size and accepted handicap."""

    setup: SeekSetup
    size: int = 19
    handicap: int = 0
    """Most handicap stones accepted either way (0: even games only)."""


@dataclass(frozen=True, slots=True)
class Room:
    """One room on the server; ``users`` None where the server did not say. IGS also gives
    a room its name in the local language and marks closed/private rooms (``locked``)."""

    number: int
    name: str
    users: int | None = None
    local_name: str = ""
    locked: bool = False
