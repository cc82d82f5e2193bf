"""An :class:`IgsClient` for tests: a fresh model, the session over it, the client carrying it
(as the launcher wires one; the model is ``client.session.view``)."""

from __future__ import annotations

from typing import Any

from igs_tui.backends.igs.net.client import IgsClient
from igs_tui.backends.igs.session import IgsSession
from igs_tui.backends.igs.session.core import WireFactory
from igs_tui.model import ClientModel


def igs_client(
    username: str,
    password: str,
    *,
    model: ClientModel | None = None,
    rate: float = 1000.0,
    burst: float = 50.0,
    wire: WireFactory | None = None,
    session_class: type[IgsSession] = IgsSession,
    **options: Any,
) -> IgsClient:
    """``options`` are :class:`IgsClient`'s (config, on_event, connector, clock...)."""
    model = model if model is not None else ClientModel()
    session = session_class(
        username, password, rate=rate, burst=burst, wire=wire, clock=model.clock
    )
    for change in session.take_changes():
        model.apply(change)
    return IgsClient(session, model.apply, **options)
