"""An :class:`IgsClient` for tests: a fresh model, the session, the client carrying the
session's changes to the model (as the launcher wires one; the model is ``model_of(client)``:
the session keeps its own view and never holds the model)."""

from __future__ import annotations

from typing import Any
from weakref import WeakKeyDictionary

from igs_tui.backends.igs.net.client import IgsClient
from igs_tui.backends.igs.session import IgsSession
from igs_tui.backends.igs.session.core import WireFactory
from igs_tui.model import ClientModel

_MODELS: WeakKeyDictionary[IgsClient, ClientModel] = WeakKeyDictionary()


def model_of(client: IgsClient) -> ClientModel:
    """The model ``client`` applies its session's changes to."""
    return _MODELS[client]


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
    client = IgsClient(session, model.apply, **options)
    _MODELS[client] = model
    return client
