"""The IGS login handshake, before the command session takes over (like wsproto's handshake).

Spec, "Connection start": the server prints a welcome and ``Login: ``. An unknown name puts
you straight into the command loop as ``guestNNNN``; a known one gets ``Password: `` -- or
``1 1`` if the account was last used in client mode. A wrong password restarts the login
(client mode is remembered, so the second round may use ``1 0``/``1 1``); a right one enters the
command loop, shown by a command prompt (``1 5``.. or the non-client ``#>``). Logging in while
the account is connected elsewhere adds ``9 Throwing other copy out.`` (a parser event).

The handshake consumes parser events plus the raw line (guest names appear in free text) and
returns lines to send and session events. It never sends anything but the name and password.
"""

from __future__ import annotations

import re
from enum import StrEnum

from igs_tui.backends.igs.protocol.events import (
    Error,
    Event,
    Info,
    LoginComplete,
    LoginFailed,
    LoginPrompt,
    PasswordPrompt,
    Prompt,
    PromptState,
    Unknown,
)

_GUEST_RE = re.compile(r"\b(guest\d+)\b", re.IGNORECASE)


class LoginState(StrEnum):
    WAITING = "waiting"
    """Nothing sent yet: waiting for the first login prompt."""
    NAME_SENT = "name_sent"
    PASSWORD_SENT = "password_sent"
    DONE = "done"
    FAILED = "failed"


class LoginHandshake:
    """Answers login/password prompts; ``max_attempts`` passwords are tried before giving up."""

    def __init__(self, username: str, password: str, *, max_attempts: int = 2) -> None:
        if not username or any(ch.isspace() for ch in username):
            raise ValueError(f"username must be one non-empty word, not {username!r}")
        if "\n" in password or "\r" in password:
            raise ValueError("password must be a single line")
        if max_attempts < 1:
            raise ValueError("max_attempts must be at least 1")
        self.username = username
        self._password = password
        self.max_attempts = max_attempts
        self.state = LoginState.WAITING
        self.attempts = 0
        self.logged_in_as: str | None = None
        self.guest = False
        self._guest_name: str | None = None
        self._said: str = ""
        """The server's last message during the login (why it refuses a name)."""

    @property
    def finished(self) -> bool:
        return self.state in (LoginState.DONE, LoginState.FAILED)

    def set_password(self, password: str) -> None:
        """Use a different password for the next attempt (e.g. after :class:`LoginFailed`)."""
        if "\n" in password or "\r" in password:
            raise ValueError("password must be a single line")
        self._password = password

    def is_password(self, line: str) -> bool:
        """True if ``line`` is the password (so recorders can redact it)."""
        return self.state is not LoginState.WAITING and line == self._password

    def receive(self, event: Event, line: str) -> tuple[list[str], list[Event]]:
        """Handle one parser event (and its raw line); return (lines to send, session events)."""
        if self.finished:
            return [], []
        if self.state is LoginState.NAME_SENT:
            guest = _GUEST_RE.search(line)
            if guest is not None:
                self._guest_name = guest.group(1)
            if isinstance(event, Error | Info | Unknown) and event.text.strip():
                self._said = event.text.strip()
        if isinstance(event, LoginPrompt) or (
            isinstance(event, Prompt) and event.state == PromptState.LOGIN
        ):
            return self._on_login_prompt()
        if isinstance(event, PasswordPrompt) or (
            isinstance(event, Prompt) and event.state == PromptState.PASSWORD
        ):
            if self.state is LoginState.NAME_SENT:
                self.state = LoginState.PASSWORD_SENT
                self.attempts += 1
                return [self._password], []
            return [], []
        if isinstance(event, Prompt) and self.state in (
            LoginState.NAME_SENT,
            LoginState.PASSWORD_SENT,
        ):
            # A command-loop prompt: we are in. Without a password prompt it is a guest login.
            self.state = LoginState.DONE
            if self.attempts == 0:
                self.guest = True
                self.logged_in_as = self._guest_name or self.username
            else:
                self.logged_in_as = self.username
            return [], [LoginComplete(self.logged_in_as, self.guest)]
        return [], []

    def _on_login_prompt(self) -> tuple[list[str], list[Event]]:
        if self.state is LoginState.WAITING:
            self.state = LoginState.NAME_SENT
            self._said = ""
            return [self.username], []
        if self.state is LoginState.PASSWORD_SENT:
            final = self.attempts >= self.max_attempts
            failed = LoginFailed(self.username, self.attempts, final)
            if final:
                self.state = LoginState.FAILED
                return [], [failed]
            self.state = LoginState.NAME_SENT
            self._said = ""
            return [self.username], [failed]
        # Login prompt again right after the name: the server refused the name itself, and
        # its message says why (a lockout says how long to wait): that is the reason shown.
        self.state = LoginState.FAILED
        reason = self._said or "the server refused the name"
        return [], [LoginFailed(self.username, self.attempts, True, reason)]
