"""Automatch (``seek``), the rooms and the kinds of game, as state of the local server.

IGS pairs two players who seek the same setup on the same board; the game then starts as an
accepted ``nmatch`` does, with the setup's Canadian overtime: nigiri between equals, else the
weaker takes Black (with the rank difference as handicap from two stones), within the handicap
range each seeker accepts. Here a seek that finds no partner wakes a local robot that seeks
the same, so automatch can be tried offline.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from igs_tui.go import Color
from igs_tui.go.handicap import max_fixed_handicap
from igs_tui.localserver import gameflow
from igs_tui.localserver.lines import Line
from igs_tui.localserver.matching import MatchRequest
from igs_tui.localserver.timecontrol import TimeControl

if TYPE_CHECKING:
    from igs_tui.localserver.hub import Hub
    from igs_tui.localserver.users import User

SEEK_SETUPS: tuple[tuple[int, int, int], ...] = (
    (60, 600, 25),
    (60, 420, 25),
    (60, 300, 25),
    (60, 900, 25),
)
"""(main seconds, overtime seconds, overtime stones) by setup number, as IGS offers them."""

ROOMS: tuple[tuple[int, str, str], ...] = (
    (0, "Lobby", "ロビー"),
    (1, "Free chat", "自由対局室"),
    (2, "Tournament", "大会"),
    (3, "Teaching", "指導碁"),
)
"""The rooms of the local server: number, name and the name in the local language, as IGS
gives both (room 0 is where everyone starts)."""

GAME_KIND_FLAGS = {"free": "F", "teach": "T", "unfree": ""}
"""The command that sets a game's kind, and the games list's F column for it."""


@dataclass(frozen=True, slots=True)
class SeekEntry:
    """One player in the automatch queue."""

    user: User
    setup: int
    size: int
    weaker: int = 0
    stronger: int = 0
    rated: int = 0

    def entry_text(self) -> str:
        """``60 600 25 0 0 19 0 0 0``: the setup's times, then the request (``63 ENTRY``)."""
        main, byo, stones = SEEK_SETUPS[self.setup]
        return f"{main} {byo} {stones} 0 0 {self.size} {self.weaker} {self.stronger} {self.rated}"

    def suits(self, other: SeekEntry) -> bool:
        """Same setup and board, and each accepts the handicap their rank difference makes:
        ``weaker``/``stronger`` are the most stones given to a weaker opponent or taken from
        a stronger one (0: even games only). A robot plays at any strength (its rank is
        nominal), and an unranked player's difference is unknown: both pair even."""
        if other.user is self.user or (other.setup, other.size) != (self.setup, self.size):
            return False
        stones = handicap_between(self.user, other.user)
        if stones > 0:  # other is stronger
            return stones <= self.stronger and stones <= other.weaker
        if stones < 0:
            return -stones <= self.weaker and -stones <= other.stronger
        return True


_RANK_RE = re.compile(r"(\d{1,2})([kdp])\*?$")


def strength(rank: str) -> int | None:
    """A rank in stones on one scale (30k = 1, 1k = 30, 1d = 31, 1p = 40); None for NR."""
    m = _RANK_RE.match(rank.strip().lower())
    if m is None:
        return None
    number, kind = int(m.group(1)), m.group(2)
    if kind == "k":
        return 31 - number if 1 <= number <= 30 else None
    if kind == "d":
        return 30 + number if 1 <= number <= 9 else None
    return 39 + number if 1 <= number <= 9 else None


def handicap_between(user: User, other: User) -> int:
    """How many stones ``other`` is stronger than ``user`` (negative: weaker); 0 when either
    is a robot or unranked."""
    if user.bot or other.bot:
        return 0
    mine, theirs = strength(user.rank), strength(other.rank)
    if mine is None or theirs is None:
        return 0
    return theirs - mine


def seekers_block(hub: Hub, viewer: User) -> list[Line]:
    """Who else is in the automatch queue, as IGS lists them (bernds/q5Go
    src/parser.cpp:2094-2100, pzorin/qgo src/network/igsconnection.cpp:4222-4228)::

        63 ENTRY_LIST_START 5
        63 ENTRY_LIST HKL 60 480 25 0 0 19 1 1 0
        63 ENTRY_LIST_END

    a row is the name and the seeker's ``63 ENTRY`` fields. The viewer is left out."""
    others = [e for e in hub.seeks.values() if e.user is not viewer]
    out: list[Line] = [(63, f"ENTRY_LIST_START {len(others)}")]
    out += [(63, f"ENTRY_LIST {e.user.name} {e.entry_text()}") for e in others]
    out.append((63, "ENTRY_LIST_END"))
    return out


def tell_seekers(hub: Hub, *, besides: User | None = None) -> None:
    """The queue changed: each person still in it gets the list anew (when IGS sends the
    list is not known; the local server sends it whenever it changes). ``besides`` was
    already told in its command's answer."""
    for entry in list(hub.seeks.values()):
        if entry.user is not besides and not entry.user.bot:
            hub.send(entry.user, seekers_block(hub, entry.user))


def partner_for(hub: Hub, entry: SeekEntry) -> SeekEntry | None:
    """The first seeker in the queue who wants what ``entry`` wants."""
    return next((e for e in hub.seeks.values() if entry.suits(e)), None)


def pair(hub: Hub, entry: SeekEntry) -> bool:
    """Start a game for ``entry`` with the first seeker who wants the same; True if paired.

    Each player hears ``63 OPPONENT_FOUND`` (bare, as bernds/q5Go src/parser.cpp:2092 and
    pzorin/qgo src/network/igsconnection.cpp:4220 quote IGS) and leaves the queue; the game
    start that follows names the opponent."""
    partner = partner_for(hub, entry)
    if partner is None:
        return False
    for one in (entry, partner):
        hub.seeks.pop(one.user.key, None)
        found: list[Line] = [(63, "OPPONENT_FOUND"), (63, "ENTRY_CANCEL")]
        hub.send(one.user, found, prompt=False)
    tell_seekers(hub)
    main, byo, stones = SEEK_SETUPS[entry.setup]
    difference = handicap_between(partner.user, entry.user)
    # the weaker takes Black; two stones' difference or more is played with that handicap
    color = None if difference == 0 else (Color.BLACK if difference > 0 else Color.WHITE)
    handicap = min(abs(difference), max_fixed_handicap(entry.size))
    handicap = handicap if handicap >= 2 else 0
    request = MatchRequest(
        requester=partner.user,
        target=entry.user,
        color=color,
        size=entry.size,
        control=TimeControl(main, byo, stones),
        handicap=handicap,
        nmatch=True,
    )
    gameflow.start_game(hub, request)
    return True


def wake_seeking_bot(hub: Hub, entry: SeekEntry) -> None:
    """Ask one idle robot to seek what ``entry`` seeks (it enters the queue after its delay)."""
    for user in hub.online:
        agent = hub.agents.get(user.key)
        if (
            agent is None
            or user is entry.user
            or user.key in hub.seeks
            or hub.games_of(user)
            or not user.flag("open")
        ):
            continue
        if agent.on_seek(entry):
            return
