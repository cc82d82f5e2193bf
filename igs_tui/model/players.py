"""Players known to the client: what a server's user/who listings and announcements tell us."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace

from igs_tui.model.ranks import rank_value


@dataclass(frozen=True, slots=True)
class Player:
    """One player as last reported by the server; fields a server does not report stay empty."""

    name: str
    rank: str = ""
    info: str = ""
    country: str = ""
    wins: int | None = None
    losses: int | None = None
    playing: int | None = None
    observing: int | None = None
    idle: str = ""
    open_for_matches: bool = True
    looking: bool = False
    quiet: bool = False
    shouts_off: bool = False
    language: str = ""
    online: bool = True

    @property
    def rank_value(self) -> float | None:
        """A number that sorts ranks (30k lowest ... 9p highest); ``None`` for unranked."""
        return rank_value(self.rank)


class PlayerDirectory:
    """Players by name (case-sensitive, as servers treat names), kept in insertion order.

    At most ``cap`` players are kept: a newcomer beyond drops the entry known longest (a
    server that names a million players costs what ``cap`` of them cost)."""

    def __init__(self, cap: int | None = None) -> None:
        self._players: dict[str, Player] = {}
        self.cap = cap

    def _make_room(self, name: str) -> None:
        players = self._players
        if self.cap is not None and name not in players:
            while len(players) >= self.cap:
                del players[next(iter(players))]

    def __len__(self) -> int:
        return len(self._players)

    def __iter__(self) -> Iterator[Player]:
        return iter(self._players.values())

    def __contains__(self, name: object) -> bool:
        return name in self._players

    def get(self, name: str) -> Player | None:
        return self._players.get(name)

    def upsert(self, player: Player) -> None:
        self._make_room(player.name)
        self._players[player.name] = player

    def update(self, name: str, **changes: object) -> Player:
        """Change some fields of a player, creating it if unknown."""
        current = self._players.get(name) or Player(name)
        updated = replace(current, **changes)  # type: ignore[arg-type]
        self._make_room(name)
        self._players[name] = updated
        return updated

    def replace_all(self, players: Iterable[Player]) -> None:
        """A full listing replaces what we knew: players not in it are gone (beyond ``cap``,
        the listing's last ``cap`` are kept)."""
        self._players = {p.name: p for p in players}
        if self.cap is not None and len(self._players) > self.cap:
            excess = len(self._players) - self.cap
            self._players = dict(list(self._players.items())[excess:])

    def keep_only(self, names: frozenset[str]) -> None:
        """Forget every player not in ``names``."""
        gone = [name for name in self._players if name not in names]
        if len(gone) > len(self._players) // 2:
            self._players = {n: p for n, p in self._players.items() if n in names}
        else:
            for name in gone:
                del self._players[name]

    def remove(self, name: str) -> None:
        self._players.pop(name, None)

    def names(self) -> list[str]:
        return list(self._players)
