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
        return self.get("Rank", "Rating")

    @property
    def record(self) -> str:
        """``12 wins, 9 losses`` when the server gave both."""
        wins, losses = self.get("Wins"), self.get("Losses")
        return f"{wins} wins, {losses} losses" if wins and losses else ""
