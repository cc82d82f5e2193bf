"""What a container asks of the panes and widgets it holds, as typed protocols.

The main screen shows panes it built without knowing their classes (and without importing
them: each pane's module is imported when the pane is first shown), and a game view lets go
of its children's render caches when its tab is hidden. Each asks through one of these
protocols rather than by looking an attribute up by name.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable


@runtime_checkable
class DrawnWhenShown(Protocol):
    """A pane that only marks itself dirty while hidden (a listing of thousands of players
    is not drawn out of sight)."""

    def refresh_if_dirty(self) -> None:
        """The pane came on screen: ask for what is stale and draw what changed."""


@runtime_checkable
class HoldsBoard(Protocol):
    """A pane whose focus belongs on a board when there is one (the games panel)."""

    def focus_board(self) -> bool:
        """Focus the board shown; False when there is none."""


@runtime_checkable
class ReleasesCaches(Protocol):
    """A widget that can let go of what it rendered while out of sight."""

    def release_caches(self) -> None:
        """Drop the rendered lines; they are drawn again when shown."""
