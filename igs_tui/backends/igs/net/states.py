"""Connection-state notifications from :class:`~igs_tui.backends.igs.net.client.IgsClient`.

These sit beside the protocol's events in the client's event stream: protocol events say what
the *server* said, these say what happened to the *link* (so the status bar can show
"reconnecting in 4 s, attempt 2" and a forfeit countdown). Each has a class-level ``type`` like
the protocol events, for logs and JSON.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from igs_tui.backends.igs.net.servers import ServerAddress

__all__ = [
    "Connected",
    "Connecting",
    "ConnectionEvent",
    "Disconnected",
    "Failed",
    "LagMeasured",
    "LoggingIn",
    "Reconnecting",
]


@dataclass(frozen=True, slots=True)
class ConnectionEvent:
    """Base class of the link-state notifications."""

    type: ClassVar[str] = "connection"


@dataclass(frozen=True, slots=True)
class Connecting(ConnectionEvent):
    """Opening a TCP connection to ``address`` (``attempt`` 0 is the first connection)."""

    type: ClassVar[str] = "connecting"
    address: ServerAddress
    attempt: int


@dataclass(frozen=True, slots=True)
class LoggingIn(ConnectionEvent):
    """Connected at TCP level; the login handshake runs."""

    type: ClassVar[str] = "logging_in"
    address: ServerAddress


@dataclass(frozen=True, slots=True)
class Connected(ConnectionEvent):
    """Logged in as ``name``; ``restoring`` lists the commands sent to restore the last session.

    ``forfeit_deadline`` is still set while an interrupted own game is being reloaded: the
    ``load`` can fail (the opponent is away), so the countdown only ends when the game's
    heading arrives (``IgsClient.forfeit_deadline`` becomes None).
    """

    type: ClassVar[str] = "connected"
    address: ServerAddress
    name: str
    guest: bool
    restoring: tuple[str, ...] = ()
    forfeit_deadline: float | None = None


@dataclass(frozen=True, slots=True)
class Disconnected(ConnectionEvent):
    """The link is gone. ``forfeit_deadline`` (monotonic seconds) is set when an own game is
    interrupted and must be reloaded before then or it is lost."""

    type: ClassVar[str] = "disconnected"
    reason: str
    forfeit_deadline: float | None = None


@dataclass(frozen=True, slots=True)
class Reconnecting(ConnectionEvent):
    """Waiting ``delay`` seconds before reconnect ``attempt`` (1-based)."""

    type: ClassVar[str] = "reconnecting"
    attempt: int
    delay: float
    forfeit_deadline: float | None = None


@dataclass(frozen=True, slots=True)
class Failed(ConnectionEvent):
    """The client gave up (bad password, attempts exhausted, or reconnecting disabled)."""

    type: ClassVar[str] = "failed"
    reason: str


@dataclass(frozen=True, slots=True)
class LagMeasured(ConnectionEvent):
    """Round trip of a keepalive ``ayt`` in seconds (for the status bar; not a state change)."""

    type: ClassVar[str] = "lag"
    seconds: float
