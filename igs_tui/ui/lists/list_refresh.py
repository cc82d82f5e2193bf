"""Keeping the games and user lists fresh without ctrl+r.

The server's notices (a game starts or ends, a player logs on or off) keep most of a list
right; what they miss (ranks, move counts of games nobody follows, who is observing what)
drifts. So a list that is on screen asks the server again now and then, and a list shown after
a while out of sight asks at once. A list nobody looks at asks for nothing: on IGS a `who` or
`games` listing of a busy evening is a few hundred lines.
"""

from __future__ import annotations

from collections.abc import Callable

from igs_tui.backends.capabilities import Backend, Listing

CHECK_SECONDS = 30.0
"""How often a list looks whether it is due."""
SHOWN_EVERY_SECONDS = 300.0
"""A list on screen is asked for again after this long."""
STALE_SECONDS = 60.0
"""A list shown again after this long out of date is asked for at once."""


class ListRefresher:
    """When a list asks the server again; ``ask`` sends the listing command."""

    def __init__(
        self, now: Callable[[], float], ask: Callable[[Listing], object], backend: Backend
    ) -> None:
        self._now = now
        self._ask = ask
        self.backend = backend
        self._asked = now()
        """The login asks for both lists: they count as fresh when the session starts."""

    def asked(self) -> None:
        """The list was just asked for (ctrl+r, or by the refresher)."""
        self._asked = self._now()

    def _refresh(self, older_than: float) -> bool:
        listing = self.backend.capabilities.listing
        if listing is None:
            return False
        now = self._now()
        if now - self._asked < older_than:
            return False
        self._asked = now
        self._ask(listing)
        return True

    def tick(self, shown: bool) -> bool:
        """The periodic check: a list on screen is asked for again every
        :data:`SHOWN_EVERY_SECONDS`. True if it was."""
        return shown and self._refresh(SHOWN_EVERY_SECONDS)

    def shown(self) -> bool:
        """The list came on screen: asked for if it is :data:`STALE_SECONDS` old."""
        return self._refresh(STALE_SECONDS)
