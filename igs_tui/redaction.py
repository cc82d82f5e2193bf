"""Keeping a password out of everything written to disk (session transcripts, chat logs).

One rule for every writer: the password never appears. A short password is redacted only as a
whole word (so ``bob`` does not eat ``bobcat``); a long one anywhere. When the password equals
the login name, redacting it would mask the user's own name everywhere (``alice`` on the demo
server) while protecting nothing (the name is public, and so is a password equal to it), so
such a password is left as the name it is; the transcript still blanks the answer to the
password prompt.
"""

from __future__ import annotations

import re

REDACTED = "********"
ANYWHERE_LENGTH = 6
"""Passwords at least this long are redacted inside words too."""


class Redactor:
    """Replaces a password with :data:`REDACTED` in text."""

    def __init__(self, password: str | None = None, username: str = "") -> None:
        self._pattern: re.Pattern[str] | None = None
        if password and password.casefold() != username.casefold():
            escaped = re.escape(password)
            if len(password) >= ANYWHERE_LENGTH:
                self._pattern = re.compile(escaped)
            else:
                self._pattern = re.compile(rf"(?<!\w){escaped}(?!\w)")

    def __call__(self, text: str) -> str:
        if self._pattern is None:
            return text
        return self._pattern.sub(REDACTED, text)
