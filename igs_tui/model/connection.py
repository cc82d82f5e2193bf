"""The state of the connection to a server, as the status bar shows it."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class LinkState(StrEnum):
    DISCONNECTED = "disconnected"
    CONNECTING = "connecting"
    LOGGING_IN = "logging in"
    CONNECTED = "connected"
    RECONNECTING = "reconnecting"
    FAILED = "failed"


@dataclass(frozen=True, slots=True)
class ConnectionStatus:
    state: LinkState = LinkState.DISCONNECTED
    server: str = ""
    user: str = ""
    lag_ms: float | None = None
    detail: str = ""
    """A reason for a disconnect, or what a reconnect attempt is doing."""
    reconnect_attempt: int = 0
    forfeit_deadline: float | None = None
    """Monotonic time by which an interrupted own game must be reloaded (server forfeit limit)."""
