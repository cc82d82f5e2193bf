"""The backend before any connection (demos, screenshots, a failed login): it can do nothing.

Every capability is absent, so the UI tells the user "not connected" for any intent instead of
sending it nowhere; panes need no special case for it.
"""

from __future__ import annotations

from igs_tui.backends.capabilities import Capabilities

NOT_CONNECTED = Capabilities(absent="not connected")


class OfflineBackend:
    """A :class:`~igs_tui.backends.capabilities.Backend` with no capability at all."""

    @property
    def capabilities(self) -> Capabilities:
        return NOT_CONNECTED

    def close_game(self, game: int) -> None:
        """Nothing is followed on a server, so there is nothing to stop."""

    def quit(self) -> None:
        """Nothing to say goodbye to."""
