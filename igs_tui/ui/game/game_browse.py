"""Which move of a game the view shows, and whether it follows the live game.

Kept apart from the widgets because the rule is easy to get subtly wrong: while *following*,
every new move moves the view to the end; while *browsing*, new moves (or a full move list
arriving late) never move the view, but an undo that removes the shown move pulls it back.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class BrowseState:
    """``index`` is the number of moves shown (0 = empty board, ``total`` = live position)."""

    index: int = 0
    total: int = 0
    following: bool = True

    @property
    def at_live(self) -> bool:
        return self.index >= self.total

    def update_total(self, total: int) -> None:
        """The game now has ``total`` moves (more after a move, fewer after an undo)."""
        self.total = max(0, total)
        if self.following or self.index > self.total:
            self.index = self.total

    def step(self, delta: int) -> None:
        """Move by ``delta`` moves; stepping stops following, reaching the end resumes it."""
        self.index = max(0, min(self.total, self.index + delta))
        self.following = self.index >= self.total and delta > 0

    def first(self) -> None:
        self.index = 0
        self.following = self.total == 0

    def live(self) -> None:
        self.index = self.total
        self.following = True

    def toggle_follow(self) -> None:
        if self.following:
            self.following = False
        else:
            self.live()

    def describe(self) -> str:
        """For the status line: ``move 45/120 (live)`` or ``move 45/120 (browsing)``."""
        mode = "live" if self.following else "browsing"
        return f"move {self.index}/{self.total} ({mode})"
