"""Users of the local server: accounts, guests and bots, with their toggles.

Toggles belong to the *user*, not the connection, and survive logouts for the server's
lifetime: IGS remembers the client mode of an account, so the next login of that account
gets ``1 1`` instead of ``Password: ``. That is the behaviour clients must cope with (see
pitfalls: "a bare ``toggle X`` flips the setting and the state persists per account").
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from igs_tui.localserver.session import Session

TOGGLE_DEFAULTS: dict[str, bool] = {
    "automail": False,
    "bell": True,
    "open": True,
    "looking": False,
    "quiet": True,
    "verbose": True,
    "client": False,
    "chatter": True,
    "kibitz": True,
    "singlegame": False,
    "shout": True,
    "newundo": False,
    "nmatch": False,
    "pairgo": False,
    "review": False,
    "multiroom": False,
    "newrating": False,
    "seek": False,
}
TOGGLE_ALIASES = {"beep": "bell"}


def parse_toggle_value(text: str) -> bool | None:
    """``true/false/on/off/0/1`` in any case (the spec's valid values); None if invalid."""
    return {"true": True, "on": True, "1": True, "false": False, "off": False, "0": False}.get(
        text.strip().lower()
    )


@dataclass(eq=False)
class User:
    """A name on the server. ``session`` is the live connection (bots have a bot session)."""

    name: str
    password: str | None = None
    rank: str = "NR"
    info: str = ""
    country: str = "--"
    won: int = 0
    lost: int = 0
    guest: bool = False
    bot: bool = False
    toggles: dict[str, bool] = field(default_factory=lambda: dict(TOGGLE_DEFAULTS))
    session: Session | None = None
    last_active: float = 0.0
    channel: int | None = None
    room: int = 0
    """The room (``join N``) the user is in; everyone starts in room 0."""
    dot: str | None = None
    last_teller: str | None = None
    client_name: str = ""
    messages: list[tuple[str, str, str]] = field(default_factory=list)
    """Messages left for this user: (sender, ``MM/DD/YY HH:MM``, text), oldest first."""
    welcomed: bool = False
    results: list[str] = field(default_factory=list)
    """This user's finished games as ``results`` lines, oldest first (the newest kept)."""
    last_seen: float = 0.0
    """Wall-clock time (epoch seconds) of the last logout, for ``stats``' Last Access."""
    """A local robot left this user its welcome message (once per server run)."""

    @property
    def online(self) -> bool:
        return self.session is not None

    @property
    def key(self) -> str:
        return self.name.lower()

    def flag(self, name: str) -> bool:
        return self.toggles.get(TOGGLE_ALIASES.get(name, name), False)

    def user_flags(self) -> str:
        """The two ``Flags`` characters of the ``user`` listing (``QX``, ``-!``, ``--``)."""
        first = "Q" if self.flag("quiet") else ("S" if not self.flag("shout") else "-")
        second = "X" if not self.flag("open") else ("!" if self.flag("looking") else "-")
        return first + second

    def who_flags(self) -> str:
        """Flags for ``who``: Q/S then X or ! (blank when neither applies)."""
        first = "Q" if self.flag("quiet") else ("S" if not self.flag("shout") else " ")
        second = "X" if not self.flag("open") else ("!" if self.flag("looking") else " ")
        return first + second
