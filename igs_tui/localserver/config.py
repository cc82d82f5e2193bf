"""Configuration of the local server: accounts, clocks, bots and the broadcast game.

The defaults make ``igs-tui --local`` useful out of the box: a few demo accounts to log in
with, a bot to play, two bot-vs-bot games and a replayed "professional" game to observe.
Tests shrink every delay (``time_scale``, ``bot_delay``, ``broadcast_interval``).

Demo accounts (name / password / rank): ``alice``/``alice`` 5k*, ``bob``/``bob`` 3k*,
``carol``/``carol`` 1d*, ``dave``/``dave`` 12k. Bot accounts cannot be logged into.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from igs_tui.localserver.clock import Clock

if TYPE_CHECKING:
    from igs_tui.localserver.bots import MoveSource


@dataclass(frozen=True, slots=True)
class Account:
    """A registered account. ``rank`` is in IGS notation (``5k*``, ``2d``, ``NR``)."""

    name: str
    password: str
    rank: str = "NR"
    info: str = ""
    country: str = "--"
    won: int = 0
    lost: int = 0


DEMO_ACCOUNTS: tuple[Account, ...] = (
    Account("alice", "alice", "5k*", "Demo account", "USA", 12, 9),
    Account("bob", "bob", "3k*", "Demo account", "Germany", 30, 28),
    Account("carol", "carol", "1d*", "Demo account", "Japan", 101, 87),
    Account("dave", "dave", "12k", "", "Korea", 2, 5),
)

DEFAULT_MOTD = (
    "Welcome to the igs-tui local server.",
    "This is an offline, IGS-compatible server running on your own machine.",
    "Try: who, games, observe <n>, match igsbot, tell <name> <text>, help.",
)


class AccountFileError(ValueError):
    """An accounts file that cannot be used; the message names the file and the entry."""


def load_accounts(path: str | Path) -> tuple[Account, ...]:
    """Read accounts from a JSON file: a list of objects with ``name`` and ``password``.

    Optional keys: ``rank``, ``info``, ``country``, ``won``, ``lost``.
    """
    p = Path(path)
    try:
        data = json.loads(p.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise AccountFileError(f"{p}: cannot read accounts: {exc}") from exc
    if not isinstance(data, list):
        raise AccountFileError(f"{p}: expected a JSON list of accounts")
    accounts = []
    for index, entry in enumerate(data):
        where = f"{p}: entry {index + 1}"
        if not isinstance(entry, dict):
            raise AccountFileError(f"{where}: expected an object")
        name, password = entry.get("name"), entry.get("password")
        if not isinstance(name, str) or not name.isascii() or not name.isalnum():
            raise AccountFileError(f"{where}: 'name' must be ASCII letters and digits")
        if not isinstance(password, str) or not password:
            raise AccountFileError(f"{where}: 'password' must be a non-empty string")
        try:
            accounts.append(
                Account(
                    name=name,
                    password=password,
                    rank=str(entry.get("rank", "NR")),
                    info=str(entry.get("info", "")),
                    country=str(entry.get("country", "--")),
                    won=int(entry.get("won", 0)),
                    lost=int(entry.get("lost", 0)),
                )
            )
        except (TypeError, ValueError) as exc:
            raise AccountFileError(f"{where}: {exc}") from exc
    return tuple(accounts)


DEMO_OPENING_MOVES = 24
"""Moves already played in the demo games of ``igs-tui --local`` when the user logs in."""


@dataclass(slots=True)
class ServerConfig:
    """Everything a :class:`~igs_tui.localserver.server.LocalServer` can be told.

    Times are *game seconds* unless named ``*_delay``/``*_interval`` (real seconds).
    ``time_scale`` makes game time run faster than real time (tests use 50-500); a ``clock``
    object, if given, replaces the scaled clock entirely (see :mod:`.clock`).
    """

    accounts: tuple[Account, ...] = DEMO_ACCOUNTS
    motd: tuple[str, ...] = DEFAULT_MOTD
    time_scale: float = 1.0
    clock: Clock | None = None
    tick_interval: float = 0.1
    greeting_seconds: float | None = 60.0
    bots: tuple[str, ...] = ("igsbot",)
    bot_rank: str = "20k"
    bot_delay: float = 0.5
    bot_seed: int = 7
    bot_max_size: int = 19
    bot_move_source: Callable[[str, int], MoveSource] | None = None
    """Factory ``(bot_name, seed) -> MoveSource``; None uses the built-in greedy player."""
    bot_messages: bool = True
    """The first robot leaves each user a welcome message (read with ``message``) at login."""
    bot_games: int = 2
    bot_game_interval: float = 8.0
    opening_moves: int = 0
    """The bot games and the broadcast start with this many moves already played, as the
    games a user finds on a real server are under way (``igs-tui --local`` asks for some:
    :data:`DEMO_OPENING_MOVES`); tests keep 0, a game that starts empty."""
    broadcast: bool = True
    broadcast_interval: float = 6.0
    broadcast_restart_delay: float = 30.0
    broadcast_record: Path | None = None
    guest_start: int = 1000
    dialect: str = "igs"
    """Which server to imitate: ``igs`` (the protocol spec) or ``nngs`` (see :mod:`.dialect`)."""
    records_dir: Path | None = None
    """Where the server writes the SGF of each finished game (``None``: kept in memory only,
    :attr:`Hub.game_records`)."""
    records_kept: int = 50
    """Records kept in memory."""
    announce_version: bool = True
    """Send the dialect's ``39`` version line at login (tests turn it off to make clients
    learn the server from its refusals instead)."""
