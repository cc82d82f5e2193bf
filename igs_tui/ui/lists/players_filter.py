"""Filtering and sorting the player directory: pure functions the user list pane calls.

Kept free of Textual so the 10 000-player case can be tested and timed without a screen.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from igs_tui.model import Player, parse_rank_range

SORT_KEYS = ("name", "rank")


@dataclass(frozen=True)
class PlayerFilter:
    """All set criteria must hold; flags set to True require that flag on the player."""

    name: str = ""
    rank_low: float | None = None
    rank_high: float | None = None
    open_only: bool = False
    looking_only: bool = False
    quiet_only: bool = False
    country: str = ""

    @classmethod
    def build(
        cls,
        *,
        name: str = "",
        ranks: str = "",
        open_only: bool = False,
        looking_only: bool = False,
        quiet_only: bool = False,
        country: str = "",
    ) -> PlayerFilter:
        """Build from what the user typed; raises ValueError for an unreadable rank range."""
        low, high = parse_rank_range(ranks)
        return cls(name, low, high, open_only, looking_only, quiet_only, country)

    @property
    def is_empty(self) -> bool:
        """No criterion is set: every player is accepted."""
        return self == EVERYONE

    def accepts(self, player: Player) -> bool:
        if self.name and self.name.casefold() not in player.name.casefold():
            return False
        if self.open_only and not player.open_for_matches:
            return False
        if self.looking_only and not player.looking:
            return False
        if self.quiet_only and not player.quiet:
            return False
        if self.country and self.country.casefold() not in player.country.casefold():
            return False
        if self.rank_low is not None or self.rank_high is not None:
            value = player.rank_value
            if value is None:
                return False
            if self.rank_low is not None and value < self.rank_low:
                return False
            if self.rank_high is not None and value > self.rank_high:
                return False
        return True


EVERYONE = PlayerFilter()


def select_players(
    players: Iterable[Player], flt: PlayerFilter, sort_key: str = "name", descending: bool = False
) -> list[Player]:
    """Players accepted by ``flt`` sorted by name (case-insensitive) or rank (then name)."""
    if sort_key not in SORT_KEYS:
        raise ValueError(f"unknown sort key {sort_key!r}; expected one of {SORT_KEYS}")
    chosen = list(players) if flt.is_empty else [p for p in players if flt.accepts(p)]
    if sort_key == "rank":
        chosen.sort(key=lambda p: p.name.casefold())
        chosen.sort(
            key=lambda p: p.rank_value if p.rank_value is not None else -100.0,
            reverse=descending,
        )
    else:
        chosen.sort(key=lambda p: p.name.casefold(), reverse=descending)
    return chosen
