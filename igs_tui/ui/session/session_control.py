"""Logging out and reconnecting at once: what the app needs from whoever holds the link.

The UI never holds a connection: the launcher's connector does (``apps/connector``). Logging
out (to switch account or server without quitting) and "reconnect now" (skip the pause the
client waits between attempts) are the connector's to carry out; the app only asks, through
this small protocol, and says what happened. A launcher without it (a local engine game, a
demo) simply offers neither.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from igs_tui.ui.safe_text import clean

if TYPE_CHECKING:
    # the model's game types bring the rules engine, which the login screen does not need
    from igs_tui.model import ClientModel

LOGOUT_KEY = "alt+l"
RECONNECT_KEY = "alt+c"


class SessionControl(Protocol):
    """The connector as the app sees it (``apps.connector.Connector`` implements it)."""

    async def end_session(self) -> None:
        """Say goodbye to the server and close the link; no reconnect follows."""

    def reconnect_now(self) -> str:
        """Try to reach the server again now if the link is down; what to tell the user."""


def leave_question(
    model: ClientModel, leaving: str = "log out", *, server: bool = True
) -> str | None:
    """The question to ask before logging out (or quitting: ``leaving="quit"``) while we play
    (None: nothing to lose).

    The server keeps a game whose player left: it adjourns it, or the absent player loses on
    time, depending on the server and the game; say so before it happens. Without a server
    (``server=False``: a game against a local engine) the game simply ends unfinished.
    """
    games = model.my_games()
    if not games:
        return None
    names = ", ".join(
        f"game {g.number} against " + clean(g.opponent or "?", max_length=20) for g in games
    )
    if not server:
        return (
            f"You are playing {names}. If you {leaving}, the game stops here, unfinished "
            f"(its record is kept). {leaving.capitalize()} anyway?"
        )
    return (
        f"You are playing {names}. If you {leaving}, the server adjourns it or you lose it "
        f"on time. {leaving.capitalize()} anyway?"
    )
