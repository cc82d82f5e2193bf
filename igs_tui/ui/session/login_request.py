"""What the login form asks for: where and as whom to log in (no Textual: the launcher's
connector and the accessible mode build and read it too)."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class LoginRequest:
    """Where and as whom to log in; the password is kept out of ``repr`` (logs, tracebacks)."""

    server: str
    host: str
    port: int
    user: str
    password: str = field(default="", repr=False)
    guest: bool = False
    encoding: str = ""
    """The legacy codec chosen for this server's non-UTF-8 text (``cp932``, ``euc_kr``,
    ``gb18030``, ``big5``, ``none``); ``""`` keeps the program's default."""
    record: bool = True
    """Write a transcript of the session (sessions/ in the data dir)."""
