"""What a server tells about one player when asked (IGS ``stats``): a player card.

Servers word it differently, so the card keeps the server's labels and values in order, as
plain text for the card view, and offers the few fields every server has under common names.
"""

from __future__ import annotations

from dataclasses import dataclass

CARDS_KEPT = 50
"""Cards kept in the model (the newest; a card is asked for again when opened)."""


@dataclass(frozen=True, slots=True)
class PlayerCard:
    """One player's details. ``error`` is set when the server could not say (no such player)."""

    name: str
    details: tuple[tuple[str, str], ...] = ()
    """(label, value) pairs in the server's order, e.g. ``("Rating", "5k*")``."""
    error: str = ""

    def get(self, *labels: str) -> str:
        """The value of the first of ``labels`` the card has (any case), else ``""``."""
        wanted = [label.casefold() for label in labels]
        for want in wanted:
            for label, value in self.details:
                if label.casefold() == want:
                    return value
        return ""

    @property
    def rank(self) -> str:
        """``6k*`` (IGS words it ``Rating: 6k*  23``: rank, then rating points)."""
        words = self.get("Rating", "Rank").split()
        return words[0] if words else ""

    @property
    def wins(self) -> str:
        return self.get("Wins")

    @property
    def losses(self) -> str:
        return self.get("Losses")

    @property
    def record(self) -> str:
        """``12 wins, 9 losses`` when the server gave both."""
        wins, losses = self.wins, self.losses
        return f"{wins} wins, {losses} losses" if wins and losses else ""

    @property
    def info(self) -> str:
        """The player's own info line (``""`` for none; IGS says ``<None>``)."""
        info = self.get("Info")
        return "" if info.casefold() == "<none>" else info

    @property
    def last_access(self) -> str:
        """``(On server) 0s`` while online (the idle time), else when last seen."""
        return self.get("Idle Time", "Last Access(GMT)", "Last Access")

    @property
    def online(self) -> bool:
        return bool(self.get("Idle Time"))

    @property
    def playing(self) -> int | None:
        """The game the player is in, if the card says."""
        return _game_number(self.get("Playing in game", "Playing"))

    @property
    def observing(self) -> int | None:
        return _game_number(self.get("Observing game", "Observing"))


def _game_number(text: str) -> int | None:
    word = text.split()[0] if text.split() else ""
    return int(word) if word.isascii() and word.isdigit() and len(word) <= 9 else None


RESULTS_KEPT = 50
"""Games kept per player's results (the newest), and players whose results are kept."""


@dataclass(frozen=True, slots=True)
class PlayedGame:
    """One finished game in a player's results (IGS/NNGS ``results``), seen from that player.

    Every field is the server's text (ranks as ``5k*``, ``result`` as ``W+Resign`` or
    ``B+3.5``), kept for showing; ``won`` and ``handicap`` are what a list needs to mark.
    """

    opponent: str
    won: bool
    color: str
    """``B`` or ``W``: the colour the player had."""
    rank: str
    """The player's rank when the game was played."""
    opponent_rank: str
    result: str
    handicap: int = 0
    komi: str = ""
    size: int = 19
    when: str = ""
    """The server's stamp of the game (IGS ``26-00-34``: day-hour-minute; NNGS a number)."""


@dataclass(frozen=True, slots=True)
class PlayerResults:
    """A player's recent games as the server lists them, oldest first."""

    name: str
    games: tuple[PlayedGame, ...] = ()
    error: str = ""

    @property
    def recent(self) -> tuple[PlayedGame, ...]:
        """Newest first (what a card lists)."""
        return tuple(reversed(self.games))

    @property
    def rank_history(self) -> tuple[str, ...]:
        """The player's rank game after game, oldest first, each change once: the rating
        history the results show (``12k*``, ``11k*``, ``10k*``)."""
        out: list[str] = []
        for game in self.games:
            if game.rank and (not out or out[-1] != game.rank):
                out.append(game.rank)
        return tuple(out)

    @property
    def record(self) -> tuple[int, int]:
        """(wins, losses) among the listed games."""
        wins = sum(1 for g in self.games if g.won)
        return wins, len(self.games) - wins
