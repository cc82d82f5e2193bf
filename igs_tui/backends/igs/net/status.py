"""The link's state as model changes: what the status bar shows while connecting, logged in,
reconnecting (with the forfeit countdown of an interrupted game) or failed.

Pure: a link-state event and the session's view of the connection in, changes out; the
connection loop (:class:`~igs_tui.backends.igs.net.client.IgsClient`) hands them to the session
(whose view takes them) and applies them.
"""

from __future__ import annotations

from dataclasses import replace

from igs_tui.backends.igs.net.states import (
    Connected,
    Connecting,
    ConnectionEvent,
    Disconnected,
    Failed,
    LagMeasured,
    LoggingIn,
    Reconnecting,
)
from igs_tui.backends.igs.session.view import SessionView
from igs_tui.model import LinkState
from igs_tui.model import changes as ch


def status_changes(event: ConnectionEvent, view: SessionView) -> list[ch.Change]:
    """The changes ``event`` means, from the session's ``view`` of the connection."""
    out: list[ch.Change] = []

    def status(**fields: object) -> None:
        out.append(ch.ConnectionChanged(replace(view.connection, **fields)))  # type: ignore[arg-type]

    if isinstance(event, LagMeasured):
        status(lag_ms=event.seconds * 1000.0)
    elif isinstance(event, Connecting):
        status(state=LinkState.CONNECTING, server=str(event.address), detail="")
    elif isinstance(event, LoggingIn):
        status(state=LinkState.LOGGING_IN, server=str(event.address))
    elif isinstance(event, Connected):
        restoring = "restoring " + ", ".join(event.restoring) if event.restoring else ""
        status(
            state=LinkState.CONNECTED,
            server=str(event.address),
            user=event.name,
            detail=restoring,
            reconnect_attempt=0,
            forfeit_deadline=event.forfeit_deadline,
        )
    elif isinstance(event, Disconnected):
        # The server forgets open match requests with the link: so do we (a stale one
        # would be accepted into nothing after the reconnect).
        out.extend(ch.ChallengeClosed(name, "connection lost") for name in list(view.challenges))
        status(
            state=LinkState.DISCONNECTED,
            detail=event.reason,
            forfeit_deadline=event.forfeit_deadline,
        )
    elif isinstance(event, Reconnecting):
        status(
            state=LinkState.RECONNECTING,
            reconnect_attempt=event.attempt,
            detail=f"reconnecting in {event.delay:.0f}s (attempt {event.attempt})",
            forfeit_deadline=event.forfeit_deadline,
        )
    elif isinstance(event, Failed):
        status(state=LinkState.FAILED, detail=event.reason)
    return out
