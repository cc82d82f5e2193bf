"""Messages the server kept for us while we were away (IGS ``message``), and how many wait.

Server-neutral: a backend tells how many messages wait (a notice at login) and, when asked,
what they are. The messages view reads them here; they are plain server text.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class ServerMessage:
    """One message left for us. ``author``/``when`` are ``""`` where the server did not say."""

    author: str
    when: str
    text: str
