"""The IGS link's states as the status bar shows them: each :class:`ConnectionEvent` of the
client becomes the model's connection status (server, lag, reconnect attempt, forfeit
countdown)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from igs_tui.model import LinkState

if TYPE_CHECKING:
    from igs_tui.backends.igs.net.client import IgsClient
    from igs_tui.backends.igs.net.states import ConnectionEvent
    from igs_tui.model import ClientModel


def show_link_event(model: ClientModel, event: ConnectionEvent) -> None:
    """Set the model's connection status from one link event."""
    from igs_tui.backends.igs.net.states import (
        Connected,
        Connecting,
        Disconnected,
        Failed,
        LagMeasured,
        LoggingIn,
        Reconnecting,
    )

    set_connection = model.set_connection
    if isinstance(event, LagMeasured):
        set_connection(lag_ms=event.seconds * 1000.0)
    elif isinstance(event, Connecting):
        set_connection(state=LinkState.CONNECTING, server=str(event.address), detail="")
    elif isinstance(event, LoggingIn):
        set_connection(state=LinkState.LOGGING_IN, server=str(event.address))
    elif isinstance(event, Connected):
        set_connection(
            state=LinkState.CONNECTED,
            server=str(event.address),
            user=event.name,
            detail="restoring " + ", ".join(event.restoring) if event.restoring else "",
            reconnect_attempt=0,
            forfeit_deadline=event.forfeit_deadline,
        )
    elif isinstance(event, Disconnected):
        # The server forgets open match requests with the link: so do we (a stale one
        # would be accepted into nothing after the reconnect).
        for opponent in list(model.challenges):
            model.close_challenge(opponent, "connection lost")
        set_connection(
            state=LinkState.DISCONNECTED,
            detail=event.reason,
            forfeit_deadline=event.forfeit_deadline,
        )
    elif isinstance(event, Reconnecting):
        set_connection(
            state=LinkState.RECONNECTING,
            reconnect_attempt=event.attempt,
            detail=f"reconnecting in {event.delay:.0f}s (attempt {event.attempt})",
            forfeit_deadline=event.forfeit_deadline,
        )
    elif isinstance(event, Failed):
        set_connection(state=LinkState.FAILED, detail=event.reason)


def sync_forfeit(model: ClientModel, client: IgsClient) -> None:
    """End the forfeit countdown once the client knows the interrupted game is back.

    The link comes back before the game does (``load`` may wait for the opponent), so the
    deadline stays on screen after ``Connected`` until the game's heading arrives, which is
    when the client's session memory clears it.
    """
    shown = model.connection.forfeit_deadline
    if shown is not None and client.forfeit_deadline is None:
        model.set_connection(forfeit_deadline=None, detail="")
